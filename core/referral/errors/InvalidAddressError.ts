import { BaseError } from '../../errors/BaseError.js'

/**
 * A value that must be a TON address (raw `0:…` or user-friendly base64) does not parse.
 * `field` names the input, e.g. `'referrerAddress.address'` or `'market.pools[2].asset0'`.
 *
 * @example
 * ```ts
 * parseQuoteRequest({ offerAsset: 'native', askAsset: 'not-an-address', amountIn: 1n })
 * // throws InvalidAddressError { code: 'INVALID_ADDRESS', field: 'askAsset' }
 * ```
 */
export class InvalidAddressError extends BaseError {
  override readonly name = 'InvalidAddressError'
  readonly code = 'INVALID_ADDRESS'
  /** The input at fault. */
  readonly field: string
  /** The value as given. */
  readonly value: unknown

  constructor({ field, value, cause }: { field: string; value: unknown; cause?: unknown }) {
    super(`Invalid ${field}: not a TON address.`, {
      meta: [`value: ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`],
      cause,
    })
    this.field = field
    this.value = value
  }
}
