import { describe, expect, test } from 'vitest'
import { failureOf } from '../../test/_support/thrown.js'
import { provide } from '../ops/provide.js'
import { reverseSwap } from '../ops/reverseSwap.js'
import { swap } from '../ops/swap.js'
import { createPoolState, type PoolState } from '../pool/PoolState.js'
import { priceImpact } from '../quote/priceImpact.js'
import {
  weightedStableswapCurve,
  weightedStableswapDerivativeX,
  weightedStableswapDerivativeY,
  weightedStableswapGrossOut,
  weightedStableswapInitialRate,
  weightedStableswapInvariant,
} from './weightedStableswap.js'

const T = 10n ** 12n
const ONE = 10n ** 18n

const wstable = (fields: Partial<PoolState>): PoolState =>
  createPoolState({
    dex: 'v2',
    kind: 'weighted_stableswap',
    amp: ONE,
    rate: ONE,
    w0: ONE / 2n,
    reserve0: T,
    reserve1: T,
    totalSupply: T,
    ...fields,
  })

describe('weighted stableswap: docs/contracts.md §6 vectors through the public API', () => {
  test('amp 1, rate 1, w0 0.5, R = (1e12, 1e12), a = 1e9, 0→1 → (996670440, 997669, 0)', () => {
    const r = swap(wstable({}), { side: 0, amountIn: 1_000_000_000n })
    expect([r.amountOut, r.protocolFeeOut, r.referralFeeOut]).toEqual([996_670_440n, 997_669n, 0n])
    expect(r.pool.reserve1).toBe(T - 997_668_109n)
  })

  test('same with R = (1e24, 1e24) → (996995444, 997994, 0)', () => {
    const r = swap(wstable({ reserve0: 10n ** 24n, reserve1: 10n ** 24n }), {
      side: 0,
      amountIn: 1_000_000_000n,
    })
    expect([r.amountOut, r.protocolFeeOut, r.referralFeeOut]).toEqual([996_995_444n, 997_994n, 0n])
  })

  test('amp 100, rate 0.5, w0 0.8, R = (1e12, 2e12), a = 1e9, 1→0, ref 10 → (495036918, 496029, 496029)', () => {
    const pool = wstable({
      amp: 100n * ONE,
      rate: ONE / 2n,
      w0: 8n * (ONE / 10n),
      reserve1: 2n * T,
    })
    const r = swap(pool, { side: 1, amountIn: 1_000_000_000n, referralBps: 10n })
    expect([r.amountOut, r.protocolFeeOut, r.referralFeeOut]).toEqual([
      495_036_918n,
      496_029n,
      496_029n,
    ])
  })

  test('initial (1e12, 2e12), amp 1, w0 0.8 → LP 2999999999999, rate set to 5e17', () => {
    const empty = createPoolState({ dex: 'v2', kind: 'weighted_stableswap', w0: 8n * (ONE / 10n) })
    const r = provide(empty, { amount0: T, amount1: 2n * T })
    expect(r.lpMinted).toBe(2_999_999_999_999n)
    expect(r.lpOut).toBe(2_999_999_999_999n - 1001n)
    expect(r.pool.rate).toBe(500_000_000_000_000_000n)
  })
})

describe('weighted stableswap math', () => {
  const parameters = { amp: ONE, rate: ONE, w0: ONE / 2n }

  test('pinned invariant, derivatives, gross output and rate', () => {
    expect(
      weightedStableswapInvariant({ amp: ONE, rate: ONE / 2n, w0: 8n * (ONE / 10n) }, T, 2n * T),
    ).toBe(2_999_999_999_999_979_998_698_775_098_499n)
    expect(weightedStableswapDerivativeY(parameters, T, T)).toBe(1_499_999_999_997_994_999n)
    expect(weightedStableswapDerivativeX(parameters, T, T)).toBe(1_499_999_999_997_994_999n)
    expect(weightedStableswapGrossOut(parameters, 1_000_000_000n, T, T, 20n, 0)).toBe(997_668_109n)
    expect(weightedStableswapInitialRate(T, 2n * T)).toBe(ONE / 2n)
  })

  test('behavior: the first provision overwrites any stored rate', () => {
    const empty = createPoolState({
      dex: 'v2',
      kind: 'weighted_stableswap',
      w0: 8n * (ONE / 10n),
      rate: 7n * ONE,
    })
    const r = provide(empty, { amount0: 3n * T, amount1: T })
    expect(r.pool.rate).toBe(3n * ONE)
    expect(r.lpMinted).toBe(8_999_999_999_999n)
  })

  test('generic provision with the 18-decimal K', () => {
    const pool = wstable({
      amp: 100n * ONE,
      rate: ONE / 2n,
      w0: 8n * (ONE / 10n),
      reserve1: 2n * T,
    })
    const single = provide(pool, { amount0: 1_000_000_000n, amount1: 0n })
    expect([single.lpOut, single.protocolFee0, single.protocolFee1]).toEqual([
      500_742_147n,
      498_507n,
      0n,
    ])
    const balanced = provide(wstable({}), { amount0: 1_000_000_000n, amount1: 1_000_000_000n })
    expect([balanced.lpOut, balanced.protocolFee0, balanced.protocolFee1]).toEqual([
      999_999_999n,
      0n,
      0n,
    ])
  })

  test('behavior: an unset rate (0) zeroes ∂K/∂y: error 5104', () => {
    expect(
      failureOf(() => swap(wstable({ rate: 0n }), { side: 0, amountIn: 1_000_000_000n })),
    ).toEqual({
      code: 'ZERO_DERIVATIVE',
      exitCode: 5104,
    })
  })

  test('behavior: a Newton step below zero reaches pow with a negative base: 50001', () => {
    const pool = wstable({ amp: ONE / 10n, reserve0: 1_000_000n, reserve1: 1_000_000n })
    expect(failureOf(() => swap(pool, { side: 0, amountIn: 5_000_000n })).exitCode).toBe(50001)
    expect(swap(pool, { side: 0, amountIn: 2_000_000n }).amountOut).toBe(962_832n)
  })

  test('behavior: large reserves push y^(q−1) out of exp’s domain: 50003', () => {
    // w0 = 0.98: ln(1e24)·0.98 = 54 > 41 in ∂K/∂y; the other direction still works.
    const pool = wstable({ w0: 98n * (ONE / 100n), reserve0: 10n ** 24n, reserve1: 10n ** 24n })
    expect(failureOf(() => swap(pool, { side: 0, amountIn: 1_000_000_000n })).exitCode).toBe(50003)
    expect(swap(pool, { side: 1, amountIn: 1_000_000_000n }).amountOut).toBe(513_452_239n)
  })

  test('behavior: 255 Newton steps without convergence: 5103', () => {
    const pool = wstable({
      amp: 10n,
      rate: 1_333_333_333_333_333_333n,
      w0: 999_999_999_999_999_983n,
      reserve0: 843_774_649_708_393_826_429_641_945n,
      reserve1: 632_830_987_281_295_369_822_231_459n,
    })
    expect(
      failureOf(() => swap(pool, { side: 1, amountIn: 612_529_607_966_821_424_032_585_490n })),
    ).toEqual({ code: 'NOT_CONVERGED', exitCode: 5103 })
  })

  test('behavior: a weight above 1 fails in complement: 51002', () => {
    expect(
      failureOf(() => swap(wstable({ w0: ONE + 1n }), { side: 0, amountIn: 1_000n })).exitCode,
    ).toBe(51002)
  })

  test('spot price and price impact', () => {
    const spot = weightedStableswapCurve.spotPrice(wstable({}), 0)
    expect(spot.numerator).toBe(spot.denominator) // balanced pool: 1:1
    expect(priceImpact(wstable({}), { side: 0, amountIn: 1_000_000_000n })).toBe('0.000332556')
  })
})

describe('weighted stableswap reverse swap', () => {
  test('inverts the §6 vectors', () => {
    expect(reverseSwap(wstable({}), { side: 0, amountOut: 996_670_440n }).amountIn).toBe(
      1_000_000_000n,
    )
    const pool = wstable({
      amp: 100n * ONE,
      rate: ONE / 2n,
      w0: 8n * (ONE / 10n),
      reserve1: 2n * T,
    })
    const r = reverseSwap(pool, { side: 1, amountOut: 495_036_918n, referralBps: 10n })
    expect(r.amountIn).toBe(1_000_000_000n)
  })

  test('behavior: the output dips with large reserves; the reverse stays minimal through the dip', () => {
    const pool = wstable({
      amp: 100_000_000_000_000_001n,
      rate: 3_499_999_999_999_999_996n,
      reserve0: 3_844_791_000_000_000_001n,
      reserve1: 1_098_511_714_285_714_287n,
      lpFee: 3n,
      protocolFee: 0n,
    })
    const base = 366_170_571_428_571_415n
    const gross = [0n, 1n, 2n, 3n, 4n, 5n, 6n, 7n].map((i) =>
      weightedStableswapCurve.grossOut(pool, 1, base + i),
    )
    // +2 → …828, +3 → …827 (a dip), +4 → …828; +5 → …834, +6 → …835, +7 → …834 (another dip).
    expect(gross.map((g) => g - 1_002_621_797_265_385_800n)).toEqual([
      21n,
      24n,
      28n,
      27n,
      28n,
      34n,
      35n,
      34n,
    ])
    for (const [amountOut, minimal] of [
      [1_002_621_797_265_385_827n, base + 2n],
      [1_002_621_797_265_385_834n, base + 5n],
    ] as const) {
      const r = reverseSwap(pool, { side: 1, amountOut })
      expect(r.amountIn).toBe(minimal)
      for (let below = minimal - 40n; below < minimal; below++) {
        expect(swap(pool, { side: 1, amountIn: below }).amountOut).toBeLessThan(amountOut)
      }
    }
  })
})
