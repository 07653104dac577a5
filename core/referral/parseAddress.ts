import { Address } from '@ton/core'
import { InvalidAddressError } from './errors/InvalidAddressError.js'

/**
 * Parses a TON address given as an `Address`, a raw string (`0:<64 hex>`) or a user-friendly
 * base64 string (checksum verified).
 *
 * @example
 * ```ts
 * parseAddress('EQCXSs2xZ2dhk9TAxzGzXra2EbG_S2SqyN8Tfi6fJ82EYiVj', 'referrer').toRawString()
 * // '0:974acdb167676193d4c0c731b35eb6b611b1bf4b64aac8df137e2e9f27cd8462'
 * parseAddress('nope', 'referrer') // throws InvalidAddressError { field: 'referrer' }
 * ```
 * @throws {InvalidAddressError} naming `field`.
 */
export function parseAddress(value: unknown, field: string): Address {
  if (Address.isAddress(value)) return value
  if (typeof value !== 'string') throw new InvalidAddressError({ field, value })
  try {
    return Address.parse(value)
  } catch (cause) {
    throw new InvalidAddressError({ field, value, cause })
  }
}
