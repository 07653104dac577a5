import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz } from '../../test/_support/fuzz.js'
import { swap } from '../ops/swap.js'
import { createPoolState } from '../pool/PoolState.js'
import {
  accepted,
  expectFeesAddUp,
  grossOutNeverDecreases,
  inputOf,
  provideThenBurn,
  reverseSwapIsMinimal,
} from './_support/curveProperties.js'
import type { Side } from './Curve.js'
import { stableswapCurve, stableswapInvariant } from './stableswap.js'

/**
 * Stable pools as they exist: A from 1 to 2000, reserves 1e6 .. 1e20 within a 1:50 imbalance
 * (far more lopsided pools legitimately fail with 5103 or exit code 4), any fees.
 */
const stablePool = fc
  .record({
    amp: fc.bigInt({ min: 1n, max: 2000n }),
    reserve0: fc.bigInt({ min: 10n ** 6n, max: 10n ** 20n }),
    ratioPercent: fc.bigInt({ min: 2n, max: 5000n }),
    totalSupply: fc.bigInt({ min: 10n ** 6n, max: 10n ** 20n }),
    lpFee: fc.bigInt({ min: 0n, max: 100n }),
    protocolFee: fc.bigInt({ min: 0n, max: 100n }),
  })
  .map(({ ratioPercent, ...fields }) =>
    createPoolState({
      dex: 'v2',
      kind: 'stableswap',
      ...fields,
      reserve1: (fields.reserve0 * ratioPercent) / 100n,
    }),
  )

const trade = fc.record({
  pool: stablePool,
  side: fc.constantFrom<Side>(0, 1),
  /** Input as a fraction (1e-9 .. 2) of the input reserve. */
  share: fc.bigInt({ min: 1n, max: 2_000_000_000n }),
  referralBps: fc.bigInt({ min: 0n, max: 100n }),
})

describe('stableswap properties', () => {
  test('property: D does not decrease through a swap (beyond its ±1 convergence)', () => {
    fc.assert(
      fc.property(trade, ({ pool, side, share, referralBps }) => {
        const result = accepted(() =>
          swap(pool, { side, amountIn: inputOf(pool, side, share), referralBps }),
        )
        fc.pre(result !== undefined)
        const before = stableswapInvariant(pool.amp, pool.reserve0, pool.reserve1)
        // A swap may leave a pool so lopsided that D no longer converges (the next swap then
        // fails with 5103, as on chain): nothing to compare.
        const after = accepted(() =>
          stableswapInvariant(pool.amp, result.pool.reserve0, result.pool.reserve1),
        )
        fc.pre(after !== undefined)
        expect(after).toBeGreaterThanOrEqual(before - 1n)
      }),
      fuzz({ numRuns: 300 }),
    )
  })

  test('property: the gross output never decreases as the input grows', () => {
    fc.assert(grossOutNeverDecreases(stableswapCurve, trade), fuzz({ numRuns: 300 }))
  })

  test('property: fees are bounded and add up to the gross output', () => {
    fc.assert(
      fc.property(trade, ({ pool, side, share, referralBps }) => {
        const amountIn = inputOf(pool, side, share)
        const gross = expectFeesAddUp(stableswapCurve, { pool, side, amountIn, referralBps })
        // The LP fee only ever lowers the output.
        const noLpFee = accepted(() =>
          stableswapCurve.grossOut({ ...pool, lpFee: 0n }, side, amountIn),
        )
        fc.pre(noLpFee !== undefined)
        expect(gross).toBeLessThanOrEqual(noLpFee)
      }),
      fuzz({ numRuns: 300 }),
    )
  })

  test('property: reverse swap is minimal: forward(r) ≥ X > forward(r − 1)', () => {
    fc.assert(reverseSwapIsMinimal(stablePool, 900_000_000n), fuzz({ numRuns: 200 }))
  })

  test('property: provide then burn creates no value (D per LP unit never drops by more than 1)', () => {
    fc.assert(
      fc.property(
        stablePool,
        fc.bigInt({ min: 0n, max: 1_000_000_000n }),
        fc.bigInt({ min: 0n, max: 1_000_000_000n }),
        (pool, share0, share1) => {
          const { amount0, amount1, burned } = provideThenBurn(pool, share0, share1)
          const before = stableswapInvariant(pool.amp, pool.reserve0, pool.reserve1)
          const after = accepted(() =>
            stableswapInvariant(pool.amp, burned.pool.reserve0, burned.pool.reserve1),
          )
          fc.pre(after !== undefined)
          // The remaining LPs are not diluted: D/S does not fall (D is exact to ±1).
          expect((after + 1n) * pool.totalSupply).toBeGreaterThanOrEqual(
            before * burned.pool.totalSupply,
          )
          expect(burned.pool.totalSupply).toBe(pool.totalSupply)
          // Never both tokens back in excess beyond one unit of D: D is exact to ±1, which can
          // mint up to S/D extra LP units, worth R_i/D of each token.
          const excess = (back: bigint, put: bigint, reserve: bigint) =>
            back > put + reserve / before + 1n // floor: a tolerance
          expect(
            excess(burned.amount0, amount0, pool.reserve0) &&
              excess(burned.amount1, amount1, pool.reserve1),
          ).toBe(false)
        },
      ),
      fuzz({ numRuns: 300 }),
    )
  })
})
