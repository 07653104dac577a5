import { canonicalAddressText } from '../../protocol/addressText.js'
import { InvalidParameterError } from '../errors/InvalidParameterError.js'

/**
 * `canonicalAddressText` (`protocol/addressText.ts`) for a request parameter: the canonical form, or a 400 naming `field`.
 *
 * @example
 * ```ts
 * canonicalAddress('EQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAM9c', 'offer_address') // same string
 * canonicalAddress('EQ123', 'offer_address') // throws InvalidParameterError { code: 'INVALID_ADDRESS' }
 * ```
 * @throws {InvalidParameterError} `INVALID_ADDRESS` naming `field`.
 */
export function canonicalAddress(input: unknown, field: string): string {
  const canonical = typeof input === 'string' ? canonicalAddressText(input) : undefined
  if (canonical === undefined) {
    throw new InvalidParameterError({
      code: 'INVALID_ADDRESS',
      field,
      reason: 'must be a TON address, raw (0:<64 hex>) or user-friendly (EQ…/UQ…)',
    })
  }
  return canonical
}
