import { InvalidInputError } from '../errors/InvalidInputError.js'
import { assertCoins } from '../pool/PoolState.js'
import { formatRatio } from './decimal.js'

/** Parameters of {@link swapRate}. */
export type SwapRateParameters = {
  readonly amountIn: bigint
  readonly amountOut: bigint
  /** Decimals of the offered asset (e.g. 9 for the native coin). */
  readonly decimalsIn: number
  /** Decimals of the asked asset. */
  readonly decimalsOut: number
}

/**
 * Ask units per offer unit in human units (each amount divided by 10^decimals), as the API's
 * `swap_rate`: a decimal string with 9 fraction digits, rounded DOWN.
 *
 * @example
 * ```ts
 * swapRate({ amountIn: 5_000_000_000n, amountOut: 19_948_369_245n, decimalsIn: 9, decimalsOut: 9 })
 * // '3.989673849'
 * ```
 * @throws {InvalidInputError} for a non-positive input, negative output or bad decimals.
 */
export function swapRate({
  amountIn,
  amountOut,
  decimalsIn,
  decimalsOut,
}: SwapRateParameters): string {
  assertCoins(amountIn, 'amountIn', { allowZero: false })
  assertCoins(amountOut, 'amountOut')
  assertDecimals(decimalsIn, 'decimalsIn')
  assertDecimals(decimalsOut, 'decimalsOut')
  return formatRatio({
    numerator: amountOut * 10n ** BigInt(decimalsIn),
    denominator: amountIn * 10n ** BigInt(decimalsOut),
  })
}

function assertDecimals(value: number, field: string): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > 255) {
    throw new InvalidInputError({ field, reason: 'must be an integer from 0 to 255', value })
  }
}
