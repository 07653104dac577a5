import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz } from '../../test/_support/fuzz.js'
import { PoolMathError } from '../errors/PoolMathError.js'
import { swap } from '../ops/swap.js'
import { createPoolState, FEE_DIVIDER } from '../pool/PoolState.js'
import {
  accepted,
  expectFeesAddUp,
  grossOutNeverDecreases,
  inputOf,
  provideBurnWithinPowError,
  reserveIn,
  reverseSwapIsMinimal,
} from './_support/curveProperties.js'
import type { Side } from './Curve.js'
import { weightedConstProductCurve, weightedConstProductInvariant } from './weightedConstProduct.js'

const ONE = 10n ** 18n

/** Weighted pools: w0 from 2 % to 98 %, independent reserves 1e6 .. 1e24, any fees. */
const weightedPool = fc
  .record({
    w0: fc.bigInt({ min: ONE / 50n, max: ONE - ONE / 50n }),
    reserve0: fc.bigInt({ min: 10n ** 6n, max: 10n ** 24n }),
    reserve1: fc.bigInt({ min: 10n ** 6n, max: 10n ** 24n }),
    totalSupply: fc.bigInt({ min: 10n ** 6n, max: 10n ** 24n }),
    lpFee: fc.bigInt({ min: 0n, max: 100n }),
    protocolFee: fc.bigInt({ min: 0n, max: 100n }),
  })
  .map((fields) => createPoolState({ dex: 'v2', kind: 'weighted_const_product', ...fields }))

const trade = fc.record({
  pool: weightedPool,
  side: fc.constantFrom<Side>(0, 1),
  /** Input as a fraction (1e-9 .. 0.35) of the input reserve: some past the 30 % cap. */
  share: fc.bigInt({ min: 1n, max: 350_000_000n }),
  referralBps: fc.bigInt({ min: 0n, max: 100n }),
})

describe('weighted constant product properties', () => {
  test('property: error 97 exactly when the input after the LP fee exceeds 30 % of the reserve', () => {
    fc.assert(
      fc.property(trade, ({ pool, side, share }) => {
        const amountIn = inputOf(pool, side, share)
        const netIn = (amountIn * (FEE_DIVIDER - pool.lpFee)) / FEE_DIVIDER // floor, as the pool
        const overCap = netIn * 10n > reserveIn(pool, side) * 3n
        let exitCode: number | undefined
        try {
          weightedConstProductCurve.grossOut(pool, side, amountIn)
        } catch (error) {
          if (!(error instanceof PoolMathError)) throw error
          exitCode = error.exitCode
        }
        expect(exitCode === 97).toBe(overCap)
      }),
      fuzz({ numRuns: 300 }),
    )
  })

  test('property: the 18-decimal invariant does not decrease through a swap', () => {
    fc.assert(
      fc.property(trade, ({ pool, side, share, referralBps }) => {
        const result = accepted(() =>
          swap(pool, { side, amountIn: inputOf(pool, side, share), referralBps }),
        )
        fc.pre(result !== undefined)
        const before = weightedConstProductInvariant(pool.reserve0, pool.reserve1, pool.w0)
        const after = weightedConstProductInvariant(
          result.pool.reserve0,
          result.pool.reserve1,
          pool.w0,
        )
        expect(after).toBeGreaterThanOrEqual(before)
      }),
      fuzz({ numRuns: 300 }),
    )
  })

  test('property: the gross output never decreases as the input grows', () => {
    fc.assert(grossOutNeverDecreases(weightedConstProductCurve, trade), fuzz({ numRuns: 300 }))
  })

  test('property: fees are bounded and add up to the gross output', () => {
    fc.assert(
      fc.property(trade, ({ pool, side, share, referralBps }) => {
        const amountIn = inputOf(pool, side, share)
        const gross = expectFeesAddUp(weightedConstProductCurve, {
          pool,
          side,
          amountIn,
          referralBps,
        })
        // Without the LP fee the input may pass the 30 % cap (97): nothing to compare then.
        const noLpFee = accepted(() =>
          weightedConstProductCurve.grossOut({ ...pool, lpFee: 0n }, side, amountIn),
        )
        if (noLpFee !== undefined) expect(gross).toBeLessThanOrEqual(noLpFee)
        // Never better than the marginal price: B·(R_in·w_out) ≤ a·(R_out·w_in).
        const spot = weightedConstProductCurve.spotPrice(pool, side)
        expect(gross * spot.denominator).toBeLessThanOrEqual(amountIn * spot.numerator)
      }),
      fuzz({ numRuns: 300 }),
    )
  })

  test('property: reverse swap is minimal: forward(r) ≥ X > forward(r − 1)', () => {
    fc.assert(reverseSwapIsMinimal(weightedPool, 500_000_000n), fuzz({ numRuns: 200 }))
  })

  test('property: provide then burn creates no value (I per LP unit within pow’s 1e-14)', () => {
    fc.assert(
      fc.property(
        weightedPool,
        fc.bigInt({ min: 0n, max: 1_000_000_000n }),
        fc.bigInt({ min: 0n, max: 1_000_000_000n }),
        provideBurnWithinPowError(weightedConstProductCurve),
      ),
      fuzz({ numRuns: 300 }),
    )
  })
})
