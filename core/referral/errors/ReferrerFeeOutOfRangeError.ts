import { BaseError } from '../../errors/BaseError.js'

/**
 * A quote request's `referrerFeeBps` is an integer outside 0..100 bps. 100 bps (1 %) is the
 * largest referral fee any venue accepts (`docs/referral.md`, "Limits"); 0 means no referral fee.
 *
 * @example
 * ```ts
 * parseQuoteRequest({ offerAsset: 'native', askAsset: usdt, amountIn: 10n ** 9n,
 *   referrerAddress: { blockchain: 607, address: referrer }, referrerFeeBps: 150 })
 * // throws ReferrerFeeOutOfRangeError { code: 'REFERRER_FEE_OUT_OF_RANGE',
 * //   field: 'referrerFeeBps', value: 150n, min: 0n, max: 100n }
 * ```
 */
export class ReferrerFeeOutOfRangeError extends BaseError {
  override readonly name = 'ReferrerFeeOutOfRangeError'
  readonly code = 'REFERRER_FEE_OUT_OF_RANGE'
  /** Always `'referrerFeeBps'`. */
  readonly field = 'referrerFeeBps'
  /** The fee given, in bps. */
  readonly value: bigint
  /** Smallest accepted value, in bps. */
  readonly min: bigint
  /** Largest accepted value, in bps. */
  readonly max: bigint

  constructor({ value, min, max }: { value: bigint; min: bigint; max: bigint }) {
    super(`Invalid referrerFeeBps: must be from ${min} to ${max} basis points.`, {
      meta: [`value: ${value}`],
    })
    this.value = value
    this.min = min
    this.max = max
  }
}
