import type { Address } from '@ton/core'

/** Addresses remembered before the cache starts over (a bound on memory, not a tuning knob). */
const CAPACITY = 65_536
const texts = new Map<string, string>()

/**
 * The canonical text of an address (bounceable, URL-safe base64, as everywhere in the store),
 * `''` for addr_none. The text costs a CRC-16 and a base64 encoding; an indexer meets the same
 * few wallets and pools over and over, so the text is remembered by workchain and account id
 * (at most 65 536 of them, then the memory starts over).
 *
 * @example
 * ```ts
 * addressText(Address.parseRaw('0:' + '00'.repeat(32)))
 * // 'EQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAM9c'
 * ```
 */
export function addressText(address: Address | null | undefined): string {
  if (address === null || address === undefined) return ''
  const key = `${address.workChain}${address.hash.toString('latin1')}`
  let text = texts.get(key)
  if (text === undefined) {
    if (texts.size >= CAPACITY) texts.clear()
    text = address.toString()
    texts.set(key, text)
  }
  return text
}
