import { Address, type Transaction } from '@ton/core'
import { addressText } from '../../protocol/addressText.js'

/**
 * The transaction's account (raw-form text): the inbound message's destination, else basechain
 * + `address`.
 *
 * @example
 * ```ts
 * accountOf(tx) // '0:9c1d…'
 * ```
 */
export function accountOf(tx: Transaction): string {
  const dest = tx.inMessage?.info.dest
  if (dest instanceof Address) return addressText(dest)
  return addressText(new Address(0, Buffer.from(tx.address.toString(16).padStart(64, '0'), 'hex')))
}
