import type { Ratio, Side } from '../curves/Curve.js'
import { curveOf } from '../curves/curveOf.js'
import { InvalidInputError } from '../errors/InvalidInputError.js'
import { assertPoolState, type PoolState } from '../pool/PoolState.js'

/**
 * The pool's marginal price before fees — ask units per offer unit for offering `side` — as
 * an exact ratio, from its kind's curve: constant product (DEX v1 and v2) R_out / R_in;
 * stableswap the slope of D's curve; weighted constant product R_out·w_in / (R_in·w_out);
 * weighted stableswap ∂K/∂x over ∂K/∂y. It is the limit of the swap rate B / a of a tiny
 * input without LP fee, the price a provision keeps or moves, and the reference of
 * `priceImpact`. Raw units: scale by 10^(decimals_in − decimals_out) for whole tokens.
 *
 * @example
 * ```ts
 * // v2 weighted constant product, w0 = 0.2, R = (1e12, 304.76e12)
 * spotPrice(pool, 0) // numerator / denominator = 76.19 token1 per token0 (not 304.76)
 * // v2 constant product, R = (1e12, 2e12)
 * spotPrice(pool, 1) // { numerator: 1000000000000n, denominator: 2000000000000n }
 * ```
 * @throws {InvalidInputError} for a bad pool or side, or a pool without a price (an empty
 *   reserve, a zero weight).
 * @throws {PoolMathError} where the kind's math fails (e.g. weighted stableswap with rate 0:
 *   5104, as its swaps).
 * @throws {UnsupportedPoolKindError} for a kind core does not implement.
 */
export function spotPrice(pool: PoolState, side: Side): Ratio {
  assertPoolState(pool)
  if (side !== 0 && side !== 1) {
    throw new InvalidInputError({ field: 'side', reason: 'must be 0 or 1', value: side })
  }
  const price = curveOf(pool).spotPrice(pool, side)
  if (price.numerator <= 0n || price.denominator <= 0n) {
    throw new InvalidInputError({
      field: 'pool',
      reason: 'has no price: a reserve (or a weight) is empty',
    })
  }
  return price
}
