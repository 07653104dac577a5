import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz } from '../../test/_support/fuzz.js'
import { failureOf, thrown } from '../../test/_support/thrown.js'
import { constantProductSpotPrice } from '../curves/constantProduct.js'
import { curveOf } from '../curves/curveOf.js'
import { stableswapSpotPrice } from '../curves/stableswap.js'
import { weightedConstProductSpotPrice } from '../curves/weightedConstProduct.js'
import { weightedStableswapSpotPrice } from '../curves/weightedStableswap.js'
import { PoolMathError } from '../errors/PoolMathError.js'
import { createPoolState, FIXED_ONE as ONE, type PoolState } from '../pool/PoolState.js'
import { poolStateArbitrary } from '../testing/poolStateArbitrary.js'
import { formatRatio } from './decimal.js'
import { spotPrice } from './spotPrice.js'

const T = 10n ** 12n

describe('spot price per curve', () => {
  test('constant product: R_out / R_in, on both DEX versions', () => {
    expect(constantProductSpotPrice(T, 2n * T, 0)).toEqual({ numerator: 2n * T, denominator: T })
    for (const dex of ['v1', 'v2'] as const) {
      const pool = createPoolState({ dex, kind: 'constant_product', reserve0: T, reserve1: 2n * T })
      expect(formatRatio(spotPrice(pool, 1))).toBe('0.5')
    }
  })

  test('weighted constant product: the weights scale the reserve ratio (20/80 pool)', () => {
    // 304.76 token1 per token0 in reserves, w0 = 0.2: 304.76 · 0.2 / 0.8 = 76.19.
    const reserve1 = 30_476n * 10n ** 10n
    expect(formatRatio(weightedConstProductSpotPrice(T, reserve1, ONE / 5n, 0))).toBe('76.19')
    expect(formatRatio(weightedConstProductSpotPrice(T, reserve1, ONE / 5n, 1))).toBe('0.013125082')
    expect(failureOf(() => weightedConstProductSpotPrice(T, T, ONE + 1n, 0)).exitCode).toBe(51002)
  })

  test('stableswap: 1:1 when balanced', () => {
    const price = stableswapSpotPrice(100n, T, T, 0)
    expect(price.numerator).toBe(price.denominator)
  })

  test('weighted stableswap: the weights and the rate both move it; rate 0 has no price (5104)', () => {
    const parameters = { amp: ONE, rate: ONE / 2n, w0: (8n * ONE) / 10n }
    // X = rY: (amp + p) / (rate·(amp + q)) = 1.8 / 0.6 = 3 (pow's error below 1e-14).
    expect(formatRatio(weightedStableswapSpotPrice(parameters, T, 2n * T, 0), 12)).toBe(
      '2.999999999999',
    )
    expect(
      failureOf(() => weightedStableswapSpotPrice({ ...parameters, rate: 0n }, T, T, 0)),
    ).toEqual({ code: 'ZERO_DERIVATIVE', exitCode: 5104 })
  })

  test('behavior: a pool without a price, or a bad side, is invalid input', () => {
    const empty = createPoolState({ dex: 'v2', kind: 'constant_product' })
    expect(thrown(() => spotPrice(empty, 0))).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'pool',
    })
    const pool = createPoolState({ dex: 'v2', kind: 'constant_product', reserve0: T, reserve1: T })
    expect(thrown(() => spotPrice(pool, 2 as 0))).toMatchObject({ field: 'side' })
  })
})

describe('spot price properties', () => {
  test('property: the marginal price of every kind is the rate of a tiny fee-free swap', () => {
    // An input of 1e-7 of the offered reserve on a pool with no LP fee: its gross rate B / a
    // lies within 2e-6 of the spot price plus 10 units of B. The price moves by at most
    // (1 + w_in/w_out)/2 · a/R ≤ 1e-6 over the input (weights 5 %..95 %); B's floor,
    // stableswap's −1, its ceilings and D's ±1 are a few units (3.5 seen); pow's noise is ~1e-17.
    let compared = 0
    fc.assert(
      fc.property(
        poolStateArbitrary({ minReserve: 10n ** 12n, maxReserve: 10n ** 20n }),
        fc.constantFrom<0 | 1>(0, 1),
        (pool, side) => {
          const feeless: PoolState = { ...pool, lpFee: 0n }
          const amountIn = (side === 0 ? pool.reserve0 : pool.reserve1) / 10_000_000n // floor
          let gross: bigint
          try {
            gross = curveOf(feeless).grossOut(feeless, side, amountIn)
          } catch (error) {
            if (error instanceof PoolMathError) return // the pool refuses the swap
            throw error
          }
          const { numerator, denominator } = spotPrice(feeless, side)
          compared++
          // |B·den − a·num| ≤ 2e-6 · a·num + 10·den
          const ideal = amountIn * numerator
          const diff = gross * denominator - ideal
          expect(
            (diff < 0n ? -diff : diff) * 1_000_000n <= 2n * ideal + 10_000_000n * denominator,
          ).toBe(true)
        },
      ),
      fuzz({ numRuns: 400 }),
    )
    expect(compared).toBeGreaterThan(0)
  })
})
