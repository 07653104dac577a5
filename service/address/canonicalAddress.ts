import { Address } from '@ton/core'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import { InvalidParameterError } from '../errors/InvalidParameterError.js'

// The service names the native coin as the protocol does (one home: protocol/nativeAddress.ts).
export { NATIVE_ADDRESS }

const RAW = /^(-1|0):[0-9a-fA-F]{64}$/
const FRIENDLY = /^[A-Za-z0-9+/_-]{48}$/
const CACHE_LIMIT = 10_000
const cache = new Map<string, string>()

/**
 * The canonical form of a TON address — bounceable, URL-safe, mainnet user-friendly (`EQ…`),
 * the form the API answers with and the store keys by — or `undefined` when `input` is not an
 * address. Accepts raw (`0:` + 64 hex digits, workchains 0 and -1) and user-friendly forms
 * (standard or URL-safe base64, bounceable or not, test-only or not; the checksum must hold).
 *
 * @example
 * ```ts
 * parseAddress('0:0000000000000000000000000000000000000000000000000000000000000000')
 * // 'EQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAM9c'
 * parseAddress('UQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAJKZ') // same
 * parseAddress('hello') // undefined
 * ```
 */
export function parseAddress(input: string): string | undefined {
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
  const canonical = address.toString({ bounceable: true, urlSafe: true, testOnly: false })
  if (cache.size >= CACHE_LIMIT) cache.clear()
  cache.set(input, canonical)
  return canonical
}

/**
 * {@link parseAddress} for a request parameter: the canonical form, or a 400 naming `field`.
 *
 * @example
 * ```ts
 * canonicalAddress('EQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAM9c', 'offer_address') // same string
 * canonicalAddress('EQ123', 'offer_address') // throws InvalidParameterError { code: 'INVALID_ADDRESS' }
 * ```
 * @throws {InvalidParameterError} `INVALID_ADDRESS` naming `field`.
 */
export function canonicalAddress(input: unknown, field: string): string {
  const canonical = typeof input === 'string' ? parseAddress(input) : undefined
  if (canonical === undefined) {
    throw new InvalidParameterError({
      code: 'INVALID_ADDRESS',
      field,
      reason: 'must be a TON address, raw (0:<64 hex>) or user-friendly (EQ…/UQ…)',
    })
  }
  return canonical
}
