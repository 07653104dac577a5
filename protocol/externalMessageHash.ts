import { type Address, beginCell, type Cell, loadMessage } from '@ton/core'

/**
 * The hash TON Connect users and explorers track an external-in message by (TEP-467): the
 * message rebuilt with no source, zero import fee, no state init and the body in a reference,
 * so it does not change when a wallet adds `init` or a relay re-serialises it.
 *
 * @example
 * ```ts
 * normalizedExternalHash(wallet.address, signedBody).toString('hex') // '4b1c…' as explorers show it
 * ```
 */
export function normalizedExternalHash(dest: Address, body: Cell): Buffer {
  return beginCell()
    .storeUint(0b10, 2) // ext_in_msg_info$10
    .storeUint(0, 2) // src: addr_none
    .storeAddress(dest)
    .storeCoins(0) // import_fee
    .storeBit(false) // init: nothing
    .storeBit(true) // body: in a reference
    .storeRef(body)
    .endCell()
    .hash()
}

/**
 * The hashes of an external-in message: `hash`, the hash of the message cell as sent, and
 * `normalizedHash`, its {@link normalizedExternalHash} (TEP-467).
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
  return {
    hash: message.hash(),
    normalizedHash: normalizedExternalHash(parsed.info.dest, parsed.body),
  }
}
