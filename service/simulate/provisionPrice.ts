import type { Ratio, Side } from '../../core/curves/Curve.js'
import { InvalidInputError } from '../../core/errors/InvalidInputError.js'
import { PoolMathError } from '../../core/errors/PoolMathError.js'
import type { PoolState } from '../../core/pool/PoolState.js'
import { formatRatio } from '../../core/quote/decimal.js'
import { spotPrice } from '../../core/quote/spotPrice.js'

/**
 * The pool's marginal price in whole tokens — asked tokens per offered token, fees excluded —
 * as a provision preview reports it (`estimated_token_a_rate` / `_b_rate`). The exact ratio is
 * core's `spotPrice` for the pool's kind (weights, amplification and rate included) times
 * 10^decimalsOffered / 10^decimalsAsked; the decimal string has 9 fraction digits, rounded
 * DOWN (floor), trailing zeros removed. `'0'` when the pool has no price (an empty reserve,
 * or a weighted-stableswap rate of 0, where swaps fail with 5104 too).
 *
 * @example
 * ```ts
 * // weighted pool, w0 = 0.2, R = (1e12, 304.76e12), both 9 decimals
 * wholeSpotRate(pool, 0, 9, 9) // '76.19' (the reserve ratio would say 304.76)
 * wholeSpotRate(pool, 1, 9, 9) // '0.013125082'
 * ```
 */
export function wholeSpotRate(
  pool: PoolState,
  offered: Side,
  decimalsOffered: number,
  decimalsAsked: number,
): string {
  const price = priceOf(pool, offered)
  if (price === undefined) return '0'
  return formatRatio({
    numerator: price.numerator * 10n ** BigInt(decimalsOffered),
    denominator: price.denominator * 10n ** BigInt(decimalsAsked),
  })
}

/**
 * How far a provision moves the pool's marginal price: |p′ − p| / p with p the spot price of
 * token0 in token1 before and p′ after (core's `spotPrice`, exact ratios), as a decimal
 * fraction string with 9 digits rounded down. The relative move is the same whichever token
 * prices the other up to rounding. `'0'` when either state has no price.
 *
 * @example
 * ```ts
 * // v2 constant product R = (1e12, 2e12), then provide (1e9, 0): R′ = (1000999499876, 2e12)
 * priceMove(before, after) // '0.000998501' (p = 2 → p′ = 1.998003)
 * ```
 */
export function priceMove(before: PoolState, after: PoolState): string {
  const p = priceOf(before, 0)
  const next = priceOf(after, 0)
  if (p === undefined || next === undefined) return '0'
  // |n′/d′ − n/d| / (n/d) = |n′·d − n·d′| / (n·d′)
  const left = next.numerator * p.denominator
  const right = p.numerator * next.denominator
  return formatRatio({
    numerator: left > right ? left - right : right - left,
    denominator: p.numerator * next.denominator,
  })
}

function priceOf(pool: PoolState, side: Side): Ratio | undefined {
  try {
    return spotPrice(pool, side)
  } catch (error) {
    if (error instanceof PoolMathError || error instanceof InvalidInputError) return undefined
    throw error
  }
}
