import { beginCell, type Cell, loadMessage } from '@ton/core'

/**
 * The hashes of an external-in message: `hash`, the hash of the message cell as sent, and
 * `normalizedHash`, the hash TON Connect users and explorers track a message by (TEP-467):
 * the message rebuilt with no source, zero import fee, no state init and the body in a
 * reference, so it does not change when a wallet adds `init` or a relay re-serialises it.
 *
 * @example
 * ```ts
 * const { hash, normalizedHash } = externalMessageHash(Cell.fromBase64(boc))
 * normalizedHash.toString('hex') // '4b1c…' as tonapi.io and toncenter v3 show it
 * ```
 */
export function externalMessageHash(message: Cell): { hash: Buffer; normalizedHash: Buffer } {
  const parsed = loadMessage(message.beginParse())
  if (parsed.info.type !== 'external-in') {
    throw new Error(`expected an external-in message, got ${parsed.info.type}`)
  }
  const normalized = beginCell()
    .storeUint(0b10, 2) // ext_in_msg_info$10
    .storeUint(0, 2) // src: addr_none
    .storeAddress(parsed.info.dest)
    .storeCoins(0) // import_fee
    .storeBit(false) // init: nothing
    .storeBit(true) // body: in a reference
    .storeRef(parsed.body)
    .endCell()
  return { hash: message.hash(), normalizedHash: normalized.hash() }
}
