import type { Ratio, Side } from '../core/curves/Curve.js'
import { PoolMathError } from '../core/errors/PoolMathError.js'
import { swap } from '../core/ops/swap.js'
import { FEE_DIVIDER, MAX_COINS, type PoolState } from '../core/pool/PoolState.js'
import { spotPrice } from '../core/quote/spotPrice.js'

/** The swap an arbitrage trader makes: offer `amountIn` of token `side`. */
export type ArbitrageTrade = { readonly side: Side; readonly amountIn: bigint }

/**
 * The arbitrage rule of the demo's traders: when the pool's marginal price (core's
 * `spotPrice`, token1 raw units per token0 raw unit, before fees) is off the `target` by more
 * than the pool's own fees (`lpFee + protocolFee` basis points — the gap a real arbitrage trade
 * must beat), the trade that brings it back to the target: the largest input of the cheap side
 * whose swap (core's `swap`, exactly as the contract runs it, LP fee left in the pool) does not
 * carry the price past the target. Any pool kind: the input is found by bisection over the
 * exact swap, so the price after the trade is the target to within one raw unit of input.
 * `undefined` when the price is within the band (or the pool cannot trade). `bandBps` widens
 * the band (a patient trader); it is never narrower than the pool's fees.
 *
 * @example
 * ```ts
 * // v2 constant product, 100 000 TON against 300 000 USDT (3.0), target 3.2 USDT per TON
 * arbitrageTrade(pool, { numerator: 3_200_000n, denominator: 1_000_000_000n })
 * // { side: 1, amountIn: 9_848_516_369n }: buy TON with 9 848.52 USDT
 * ```
 */
export function arbitrageTrade(
  pool: PoolState,
  target: Ratio,
  options: { readonly bandBps?: bigint | undefined } = {},
): ArbitrageTrade | undefined {
  if (pool.reserve0 <= 0n || pool.reserve1 <= 0n || pool.totalSupply <= 0n) return undefined
  const price = spotPrice(pool, 0)
  // Compare price and target through their cross products: exact, no division.
  const p = price.numerator * target.denominator
  const t = target.numerator * price.denominator
  const fees = pool.lpFee + pool.protocolFee
  const band = options.bandBps === undefined || options.bandBps < fees ? fees : options.bandBps
  // |p − t| ≤ t · band / FEE_DIVIDER ⇔ |p − t| · FEE_DIVIDER ≤ t · band
  const gap = p > t ? p - t : t - p
  if (gap * FEE_DIVIDER <= t * band) return undefined
  // token0 dear in the pool (price above the target): sell token0; else sell token1.
  const side: Side = p > t ? 0 : 1
  /** Whether offering `amountIn` leaves the price on this side of the target (or at it). */
  const short = (amountIn: bigint): boolean => {
    let after: PoolState
    try {
      after = swap(pool, { side, amountIn }).pool
    } catch (error) {
      if (error instanceof PoolMathError) return false // the pool would refund: too far
      throw error
    }
    const q = spotPrice(after, 0)
    const pa = q.numerator * target.denominator
    const ta = target.numerator * q.denominator
    return side === 0 ? pa >= ta : pa <= ta
  }
  // Bracket: `lo` stays short of the target, `hi` reaches or passes it.
  let lo = 0n
  let hi = side === 0 ? pool.reserve0 : pool.reserve1
  while (short(hi)) {
    lo = hi
    if (hi >= MAX_COINS) return { side, amountIn: MAX_COINS }
    hi = hi * 2n > MAX_COINS ? MAX_COINS : hi * 2n
  }
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n // floor: positive operands
    if (short(mid)) lo = mid
    else hi = mid
  }
  return lo === 0n ? undefined : { side, amountIn: lo }
}
