import { Address } from '@ton/core'

/** Addresses remembered before the text cache starts over (a bound on memory, not a tuning knob). */
const TEXT_CAPACITY = 65_536
const texts = new Map<string, string>()

const RAW = /^(-1|0):[0-9a-fA-F]{64}$/
const FRIENDLY = /^[A-Za-z0-9+/_-]{48}$/
const CACHE_LIMIT = 10_000
const cache = new Map<string, string>()

/**
 * The canonical text of a TON address — bounceable, URL-safe, mainnet user-friendly (`EQ…`):
 * the form the REST API answers with, the store keys by and the indexer writes — and `''` for
 * addr_none. The one place that form is chosen; every layer formats addresses through it. The
 * text costs a CRC-16 and a base64 encoding and the same few wallets and pools come back over
 * and over, so it is remembered by workchain and account id (at most 65 536, then the memory
 * starts over).
 *
 * @example
 * ```ts
 * addressText(Address.parseRaw('0:' + '0'.repeat(64)))
 * // 'EQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAM9c'
 * addressText(null) // ''
 * ```
 */
export function addressText(address: Address | null | undefined): string {
  if (address === null || address === undefined) return ''
  const key = `${address.workChain}${address.hash.toString('latin1')}`
  let text = texts.get(key)
  if (text === undefined) {
    if (texts.size >= TEXT_CAPACITY) texts.clear()
    text = address.toString({ bounceable: true, urlSafe: true, testOnly: false })
    texts.set(key, text)
  }
  return text
}

/**
 * The canonical text ({@link addressText}) of an address written in any accepted form, or
 * `undefined` when `input` is not an address. Accepts raw (`0:` + 64 hex digits, workchains 0
 * and -1) and user-friendly forms (standard or URL-safe base64, bounceable or not, test-only or
 * not; the checksum must hold). Answers are cached (up to 10 000 inputs).
 *
 * @example
 * ```ts
 * canonicalAddressText('0:0000000000000000000000000000000000000000000000000000000000000000')
 * // 'EQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAM9c'
 * canonicalAddressText('UQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAJKZ') // same
 * canonicalAddressText('hello') // undefined
 * ```
 */
export function canonicalAddressText(input: string): string | undefined {
  const cached = cache.get(input)
  if (cached !== undefined) return cached
  let address: Address
  try {
    if (RAW.test(input)) {
      address = Address.parseRaw(input)
    } else if (FRIENDLY.test(input)) {
      address = Address.parseFriendly(input).address
      if (address.workChain !== 0 && address.workChain !== -1) return undefined
    } else {
      return undefined
    }
  } catch {
    // @ton/core throws Errors and, for an unknown tag, a bare string.
    return undefined
  }
  const canonical = addressText(address)
  if (cache.size >= CACHE_LIMIT) cache.clear()
  cache.set(input, canonical)
  return canonical
}
