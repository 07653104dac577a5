import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz } from '../../test/_support/fuzz.js'
import { PoolMathError } from '../errors/PoolMathError.js'
import { fdiv, fixedTo } from '../math/fixed/arithmetic.js'
import { reverseSwap } from '../ops/reverseSwap.js'
import { swap } from '../ops/swap.js'
import { createPoolState, FEE_DIVIDER, type PoolState } from '../pool/PoolState.js'
import {
  accepted,
  expectFeesAddUp,
  inputOf,
  provideBurnWithinPowError,
  reserveOut,
} from './_support/curveProperties.js'
import type { Side } from './Curve.js'
import {
  weightedStableswapCurve,
  weightedStableswapDerivativeX,
  weightedStableswapDerivativeY,
  weightedStableswapInvariant,
} from './weightedStableswap.js'

const ONE = 10n ** 18n
/** The solver's tolerance on |K(x', y) − K| (docs/contracts.md §2.5). */
const TOLERANCE = 10n ** 24n

/**
 * Weighted stable pools: amp 0.1 .. 2000, w0 2 % .. 98 %, reserves 1e10 .. 1e16 within 1:100
 * and the rate their first provision would set. Far larger reserves hit 50003; far smaller
 * ones make K comparable to the 1e24 tolerance (see the invariant property).
 */
const wstablePool = fc
  .record({
    amp: fc.bigInt({ min: ONE / 10n, max: 2000n * ONE }),
    w0: fc.bigInt({ min: ONE / 50n, max: ONE - ONE / 50n }),
    reserve0: fc.bigInt({ min: 10n ** 10n, max: 10n ** 16n }),
    ratioPercent: fc.bigInt({ min: 1n, max: 10_000n }),
    totalSupply: fc.bigInt({ min: 10n ** 9n, max: 10n ** 18n }),
    lpFee: fc.bigInt({ min: 0n, max: 100n }),
    protocolFee: fc.bigInt({ min: 0n, max: 100n }),
  })
  .map(({ ratioPercent, ...fields }) => {
    const reserve1 = (fields.reserve0 * ratioPercent) / 100n
    return createPoolState({
      dex: 'v2',
      kind: 'weighted_stableswap',
      ...fields,
      reserve1,
      rate: (fields.reserve0 * ONE) / reserve1,
    })
  })

const trade = fc.record({
  pool: wstablePool,
  side: fc.constantFrom<Side>(0, 1),
  /** Input as a fraction (1e-9 .. 0.1) of the input reserve. */
  share: fc.bigInt({ min: 1n, max: 100_000_000n }),
  referralBps: fc.bigInt({ min: 0n, max: 100n }),
})

/**
 * The contract's Newton loop transcribed literally from the exported K and ∂K (recomputing every
 * power each step), to check the solver's cached powers change nothing.
 */
function referenceGrossOut(pool: PoolState, side: Side, amountIn: bigint): bigint {
  const netIn = (amountIn * (FEE_DIVIDER - pool.lpFee)) / FEE_DIVIDER // floor, as the pool
  const k = weightedStableswapInvariant(pool, pool.reserve0, pool.reserve1)
  let balance = side === 0 ? pool.reserve1 : pool.reserve0
  for (let step = 1; ; step++) {
    const [x, y] = side === 0 ? [pool.reserve0 + netIn, balance] : [balance, pool.reserve1 + netIn]
    const df = weightedStableswapInvariant(pool, x, y) - k
    const d =
      side === 0
        ? weightedStableswapDerivativeY(pool, x, y)
        : weightedStableswapDerivativeX(pool, x, y)
    if (d === 0n) throw new PoolMathError({ reason: 'zero_derivative', operation: 'reference' })
    balance -= fixedTo(fdiv(df, d))
    if (step > 255) throw new PoolMathError({ reason: 'not_converged', operation: 'reference' })
    if (df <= TOLERANCE && -df <= TOLERANCE) break
  }
  return reserveOut(pool, side) - balance
}

describe('weighted stableswap properties', () => {
  test('property: the solver equals a literal transcription of the contract loop', () => {
    fc.assert(
      fc.property(trade, ({ pool, side, share }) => {
        const amountIn = inputOf(pool, side, share)
        const fast = accepted(() => weightedStableswapCurve.grossOut(pool, side, amountIn))
        const literal = accepted(() => referenceGrossOut(pool, side, amountIn))
        expect(fast).toBe(literal)
      }),
      fuzz({ numRuns: 100 }),
    )
  })

  test('property: K does not decrease through a swap by more than the 1e24 tolerance', () => {
    fc.assert(
      fc.property(trade, ({ pool, side, share, referralBps }) => {
        const result = accepted(() =>
          swap(pool, { side, amountIn: inputOf(pool, side, share), referralBps }),
        )
        fc.pre(result !== undefined)
        const before = weightedStableswapInvariant(pool, pool.reserve0, pool.reserve1)
        const after = weightedStableswapInvariant(pool, result.pool.reserve0, result.pool.reserve1)
        expect(after).toBeGreaterThanOrEqual(before - TOLERANCE)
      }),
      fuzz({ numRuns: 150 }),
    )
  })

  test('property: the gross output never drops by more than the solver jitter 2 + R/1e16', () => {
    // Newton stops on an absolute K tolerance and K carries pow's ~1e-17 relative noise, so B
    // is monotone only up to about R·1e-17 (measured worst: 0.99·(1 + R/1e17) over 1.9M pairs).
    const largePool = fc
      .tuple(wstablePool, fc.bigInt({ min: 1n, max: 100n }))
      .map(([pool, scale]) => ({
        ...pool,
        reserve0: pool.reserve0 * scale,
        reserve1: pool.reserve1 * scale,
      }))
    fc.assert(
      fc.property(
        largePool,
        fc.constantFrom<Side>(0, 1),
        fc.bigInt({ min: 1n, max: 100_000_000n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        (pool, side, share, extra) => {
          const amountIn = inputOf(pool, side, share)
          const [a, b, c] = [amountIn, amountIn + 1n, amountIn + extra].map((x) =>
            accepted(() => weightedStableswapCurve.grossOut(pool, side, x)),
          )
          fc.pre(a !== undefined && b !== undefined && c !== undefined)
          const largest = pool.reserve0 > pool.reserve1 ? pool.reserve0 : pool.reserve1
          const jitter = 2n + largest / 10n ** 16n
          expect(a).toBeLessThanOrEqual(b + jitter)
          expect(a).toBeLessThanOrEqual(c + jitter)
        },
      ),
      fuzz({ numRuns: 100 }),
    )
  })

  test('property: fees are bounded and add up to the gross output', () => {
    fc.assert(
      fc.property(trade, ({ pool, side, share, referralBps }) => {
        const amountIn = inputOf(pool, side, share)
        const gross = expectFeesAddUp(weightedStableswapCurve, {
          pool,
          side,
          amountIn,
          referralBps,
        })
        const noLpFee = accepted(() =>
          weightedStableswapCurve.grossOut({ ...pool, lpFee: 0n }, side, amountIn),
        )
        if (noLpFee !== undefined) expect(gross).toBeLessThanOrEqual(noLpFee)
      }),
      fuzz({ numRuns: 150 }),
    )
  })

  test('property: reverse swap pays X and no input in the 32 below it does', () => {
    fc.assert(
      fc.property(
        wstablePool,
        fc.constantFrom<Side>(0, 1),
        fc.bigInt({ min: 1n, max: 50_000_000n }),
        fc.bigInt({ min: 0n, max: 100n }),
        (pool, side, share, referralBps) => {
          const amountOut = (reserveOut(pool, side) * share) / 1_000_000_000n + 1n
          const r = accepted(() => reverseSwap(pool, { side, amountOut, referralBps }))
          fc.pre(r !== undefined)
          expect(swap(pool, { side, amountIn: r.amountIn, referralBps }).amountOut).toBe(
            r.amountOut,
          )
          expect(r.amountOut).toBeGreaterThanOrEqual(amountOut)
          for (let below = r.amountIn - 32n; below < r.amountIn; below++) {
            if (below < 1n) continue
            const result = accepted(() => swap(pool, { side, amountIn: below, referralBps }))
            if (result !== undefined) expect(result.amountOut).toBeLessThan(amountOut)
          }
        },
      ),
      fuzz({ numRuns: 40 }),
    )
  })

  test('property: provide then burn creates no value (K per LP unit within pow’s 1e-14)', () => {
    fc.assert(
      fc.property(
        wstablePool,
        fc.bigInt({ min: 0n, max: 1_000_000_000n }),
        fc.bigInt({ min: 0n, max: 1_000_000_000n }),
        provideBurnWithinPowError(weightedStableswapCurve),
      ),
      fuzz({ numRuns: 150 }),
    )
  })
})
