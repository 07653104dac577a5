import fc from 'fast-check'
import { expect } from 'vitest'
import { PoolMathError } from '../../errors/PoolMathError.js'
import { UnreachableOutputError } from '../../errors/UnreachableOutputError.js'
import { type BurnResult, burn } from '../../ops/burn.js'
import { provide } from '../../ops/provide.js'
import { reverseSwap } from '../../ops/reverseSwap.js'
import { swap } from '../../ops/swap.js'
import { FEE_DIVIDER, type PoolState } from '../../pool/PoolState.js'
import type { Curve, Side } from '../Curve.js'

/** One swap case of a curve's properties: an input of `share` billionths of the offered reserve. */
export type Trade = {
  readonly pool: PoolState
  readonly side: Side
  readonly share: bigint
  readonly referralBps: bigint
}

/** Reserve of the offered token. */
export const reserveIn = (pool: PoolState, side: Side) =>
  side === 0 ? pool.reserve0 : pool.reserve1

/** Reserve of the asked token. */
export const reserveOut = (pool: PoolState, side: Side) =>
  side === 0 ? pool.reserve1 : pool.reserve0

/** An input of `share` billionths of the offered reserve (at least 1). */
export const inputOf = (pool: PoolState, side: Side, share: bigint) => {
  const amount = (reserveIn(pool, side) * share) / 1_000_000_000n // floor: a share
  return amount > 0n ? amount : 1n
}

/** Runs `body`; a contract refusal (PoolMathError) discards the case instead of failing it. */
export function accepted<T>(body: () => T): T | undefined {
  try {
    return body()
  } catch (error) {
    if (error instanceof PoolMathError || error instanceof UnreachableOutputError) return undefined
    throw error
  }
}

/**
 * The reverse-swap minimality property for pools of one kind: for an output of up to
 * `maxShare` billionths of the ask reserve, forward(r) ≥ X and forward(r − 1) < X.
 */
export function reverseSwapIsMinimal(pools: fc.Arbitrary<PoolState>, maxShare: bigint) {
  return fc.property(
    pools,
    fc.constantFrom<Side>(0, 1),
    fc.bigInt({ min: 1n, max: maxShare }),
    fc.bigInt({ min: 0n, max: 100n }),
    (pool, side, share, referralBps) => {
      const amountOut = (reserveOut(pool, side) * share) / 1_000_000_000n + 1n // floor: a share
      const r = accepted(() => reverseSwap(pool, { side, amountOut, referralBps }))
      fc.pre(r !== undefined)
      expect(swap(pool, { side, amountIn: r.amountIn, referralBps }).amountOut).toBe(r.amountOut)
      expect(r.amountOut).toBeGreaterThanOrEqual(amountOut)
      if (r.amountIn > 1n) {
        const below = accepted(() => swap(pool, { side, amountIn: r.amountIn - 1n, referralBps }))
        if (below !== undefined) expect(below.amountOut).toBeLessThan(amountOut)
      }
    },
  )
}

/**
 * The monotonicity property: the curve's gross output for a trade's input is at most that for
 * one unit more and for up to 1e12 units more (inputs the curve refuses are discarded).
 */
export function grossOutNeverDecreases(curve: Curve, trades: fc.Arbitrary<Trade>) {
  return fc.property(trades, fc.bigInt({ min: 1n, max: 10n ** 12n }), (t, extra) => {
    const amountIn = inputOf(t.pool, t.side, t.share)
    const [a, b, c] = [amountIn, amountIn + 1n, amountIn + extra].map((x) =>
      accepted(() => curve.grossOut(t.pool, t.side, x)),
    )
    fc.pre(a !== undefined && b !== undefined && c !== undefined)
    expect(a).toBeLessThanOrEqual(b)
    expect(a).toBeLessThanOrEqual(c)
  })
}

/**
 * Swaps `amountIn` (a refused swap discards the case) and checks its fee split against the
 * curve's gross output B: output and fees add up to B, B stays below the ask reserve, the
 * protocol fee is ceil(B·P/D) (at least the exact fee, less than one unit above it) and the
 * referral fee less than one unit above B·R/D. Returns B.
 */
export function expectFeesAddUp(
  curve: Curve,
  { pool, side, amountIn, referralBps }: Omit<Trade, 'share'> & { readonly amountIn: bigint },
): bigint {
  const result = accepted(() => swap(pool, { side, amountIn, referralBps }))
  fc.pre(result !== undefined)
  const gross = curve.grossOut(pool, side, amountIn)
  const { amountOut, protocolFeeOut, referralFeeOut } = result
  expect(amountOut + protocolFeeOut + referralFeeOut).toBe(gross)
  expect(gross).toBeLessThan(reserveOut(pool, side))
  expect(protocolFeeOut * FEE_DIVIDER).toBeGreaterThanOrEqual(gross * pool.protocolFee)
  expect((protocolFeeOut - 1n) * FEE_DIVIDER).toBeLessThan(gross * pool.protocolFee)
  expect((referralFeeOut - 1n) * FEE_DIVIDER).toBeLessThan(gross * referralBps)
  return gross
}

/**
 * Provides `share0` and `share1` billionths of the reserves, then burns the LP units received.
 * Discards the case when nothing is provided or either step is refused (a burn paying 0 of one
 * token is refused with 81).
 */
export function provideThenBurn(
  pool: PoolState,
  share0: bigint,
  share1: bigint,
): { readonly amount0: bigint; readonly amount1: bigint; readonly burned: BurnResult } {
  const amount0 = (pool.reserve0 * share0) / 1_000_000_000n // floor: a share
  const amount1 = (pool.reserve1 * share1) / 1_000_000_000n // floor: a share
  fc.pre(amount0 + amount1 > 0n)
  const provided = accepted(() => provide(pool, { amount0, amount1 }))
  fc.pre(provided !== undefined)
  const burned = accepted(() => burn(provided.pool, { lp: provided.lpOut }))
  fc.pre(burned !== undefined)
  return { amount0, amount1, burned }
}

/**
 * The provide-then-burn check of the weighted kinds, whose invariant I carries pow's error: for
 * the provision and burn of {@link provideThenBurn}, I per LP unit falls by at most 1e-14, and
 * the two tokens never both come back in excess beyond the invariant's noise: I carries pow's
 * ~1e-17 relative error, so inv1 − inv0 (and the LP minted from it) can be off by that fraction
 * of the whole pool (seen: +967370 units on a 5.9e23 reserve).
 */
export function provideBurnWithinPowError(curve: Curve) {
  return (pool: PoolState, share0: bigint, share1: bigint): void => {
    const { amount0, amount1, burned } = provideThenBurn(pool, share0, share1)
    const before = curve.invariant(pool, pool.reserve0, pool.reserve1)
    const after = curve.invariant(pool, burned.pool.reserve0, burned.pool.reserve1)
    // after / S ≥ before / S · (1 − 1e-14)
    expect(
      after * pool.totalSupply * 10n ** 14n >= before * burned.pool.totalSupply * (10n ** 14n - 1n),
    ).toBe(true)
    const excess = (back: bigint, put: bigint, reserve: bigint) =>
      back > put + reserve / 10n ** 15n + 1n // floor: a tolerance
    expect(
      excess(burned.amount0, amount0, pool.reserve0) &&
        excess(burned.amount1, amount1, pool.reserve1),
    ).toBe(false)
  }
}
