import type { Side } from '../curves/Curve.js'
import { curveOf } from '../curves/curveOf.js'
import { InvalidInputError } from '../errors/InvalidInputError.js'
import { assertCoins, FEE_DIVIDER, type PoolState } from '../pool/PoolState.js'
import { formatRatio } from './decimal.js'
import { spotPrice } from './spotPrice.js'

/** Parameters of {@link priceImpact}. */
export type PriceImpactParameters = {
  readonly side: Side
  readonly amountIn: bigint
}

/**
 * How far a swap moves the price against the trader, fees excluded (the API's fee_percent
 * reports fees separately): 1 − (executed curve price / spot price), where the executed price
 * is the gross output B over the input after the LP fee, a·(D − L)/D, and the spot price is
 * the curve's marginal price at the current reserves ({@link spotPrice}). For constant product this is
 * 1 − B·Ri·D / (a·(D − L)·Ro) ≈ a' / (Ri + a'). Returned as a decimal fraction string
 * ("0.000332708" = 0.033 %), 9 digits, rounded down, never negative.
 *
 * @example
 * ```ts
 * // v2 constant product, R = (1e12, 2e12), L = 20
 * priceImpact(pool, { side: 0, amountIn: 1_000_000_000n }) // '0.000997005'
 * ```
 * @throws {InvalidInputError} for a bad side or amount, or an empty pool.
 * @throws {PoolMathError} where the curve itself rejects the input.
 */
export function priceImpact(pool: PoolState, { side, amountIn }: PriceImpactParameters): string {
  if (side !== 0 && side !== 1) {
    throw new InvalidInputError({ field: 'side', reason: 'must be 0 or 1', value: side })
  }
  assertCoins(amountIn, 'amountIn', { allowZero: false })
  const spot = spotPrice(pool, side)
  const grossOut = curveOf(pool).grossOut(pool, side, amountIn)
  // executed / spot = B·D·spot.den / (a·(D − L)·spot.num)
  const executed = grossOut * FEE_DIVIDER * spot.denominator
  const ideal = amountIn * (FEE_DIVIDER - pool.lpFee) * spot.numerator
  if (executed >= ideal) return '0'
  return formatRatio({ numerator: ideal - executed, denominator: ideal })
}
