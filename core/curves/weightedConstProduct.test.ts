import { describe, expect, test } from 'vitest'
import { failureOf } from '../../test/_support/thrown.js'
import { UnreachableOutputError } from '../errors/UnreachableOutputError.js'
import { provide } from '../ops/provide.js'
import { reverseSwap } from '../ops/reverseSwap.js'
import { swap } from '../ops/swap.js'
import { createPoolState } from '../pool/PoolState.js'
import { priceImpact } from '../quote/priceImpact.js'
import {
  weightedConstProductCurve,
  weightedConstProductGrossOut,
  weightedConstProductInvariant,
} from './weightedConstProduct.js'

const T = 10n ** 12n
const ONE = 10n ** 18n
const W08 = 800_000_000_000_000_000n

const weighted = (
  fields: Partial<Record<'w0' | 'lpFee' | 'protocolFee' | 'reserve1', bigint>> = {},
) =>
  createPoolState({
    dex: 'v2',
    kind: 'weighted_const_product',
    w0: W08,
    reserve0: T,
    reserve1: 2n * T,
    totalSupply: T,
    ...fields,
  })

describe('weighted constant product: docs/contracts.md §6 vectors through the public API', () => {
  test('w0 = 0.8, R = (1e12, 2e12), a = 1e9, 0→1 → (7956155491, 7964120, 0)', () => {
    const r = swap(weighted(), { side: 0, amountIn: 1_000_000_000n })
    expect([r.amountOut, r.protocolFeeOut, r.referralFeeOut]).toEqual([
      7_956_155_491n,
      7_964_120n,
      0n,
    ])
    expect(r.pool.reserve1).toBe(2n * T - 7_964_119_611n)
  })

  test('same pool, 1→0 with ref 10 → (124461684, 124712, 124712)', () => {
    const r = swap(weighted(), { side: 1, amountIn: 1_000_000_000n, referralBps: 10n })
    expect([r.amountOut, r.protocolFeeOut, r.referralFeeOut]).toEqual([
      124_461_684n,
      124_712n,
      124_712n,
    ])
  })

  test('initial LP (1e12, 2e12) → 1148698354997', () => {
    const r = provide(createPoolState({ dex: 'v2', kind: 'weighted_const_product', w0: W08 }), {
      amount0: T,
      amount1: 2n * T,
    })
    expect(r.lpMinted).toBe(1_148_698_354_997n)
    expect(r.lpOut).toBe(1_148_698_354_997n - 1001n)
  })

  test('single-sided (1e9, 0) with S = 1e12 → liq 799439857, pf0 200079', () => {
    const r = provide(weighted(), { amount0: 1_000_000_000n, amount1: 0n })
    expect([r.lpOut, r.protocolFee0, r.protocolFee1]).toEqual([799_439_857n, 200_079n, 0n])
  })

  test('w0 = 0.5, L = P = 0, R0 = 1e12, a = 300000000001 (just over 30 %) → throws 97', () => {
    const pool = weighted({ w0: ONE / 2n, lpFee: 0n, protocolFee: 0n, reserve1: T })
    expect(failureOf(() => swap(pool, { side: 0, amountIn: 300_000_000_001n }))).toEqual({
      code: 'MAX_IN_RATIO',
      exitCode: 97,
    })
    // Exactly 30 % is accepted.
    expect(swap(pool, { side: 0, amountIn: 300_000_000_000n }).amountOut).toBe(230_769_230_769n)
  })
})

describe('weighted constant product math', () => {
  test('pinned invariant (18 decimals) and gross output', () => {
    expect(weightedConstProductInvariant(T, 2n * T, W08)).toBe(
      1_148_698_354_997_057_979_384_445_914_123n,
    )
    expect(weightedConstProductGrossOut(1_000_000_000n, T, 2n * T, W08, 20n, 0)).toBe(
      7_964_119_611n,
    )
  })

  test('behavior: the 30 % cap applies to the input after the LP fee', () => {
    // floor(300601202405 · 0.998) = 3e11 is exactly 30 % of R0 = 1e12; one more unit is not.
    const pool = weighted({ w0: ONE / 2n, reserve1: T })
    expect(swap(pool, { side: 0, amountIn: 300_601_202_405n }).amountOut).toBe(230_538_461_538n)
    expect(failureOf(() => swap(pool, { side: 0, amountIn: 300_601_202_406n })).exitCode).toBe(97)
  })

  test('behavior: an unset weight (w0 = 0) fails like the contract: 51002 or 50008', () => {
    const pool = weighted({ w0: 0n })
    // token0 in: exponent 0 → powUp = 1 + margin > 1 → complement throws.
    expect(failureOf(() => swap(pool, { side: 0, amountIn: 1_000_000_000n })).exitCode).toBe(51002)
    // token1 in: w_out = 0 → fdiv by zero.
    expect(failureOf(() => swap(pool, { side: 1, amountIn: 1_000_000_000n })).exitCode).toBe(50008)
  })

  test('behavior: an extreme weight pushes pow out of exp’s domain (50003)', () => {
    const pool = weighted({ w0: ONE - 10n ** 15n })
    expect(failureOf(() => swap(pool, { side: 0, amountIn: 200_000_000_000n })).exitCode).toBe(
      50003,
    )
  })

  test('spot price and price impact', () => {
    // (R1 / w1) / (R0 / w0) = (2e12 / 0.2) / (1e12 / 0.8) = 8 token1 per token0
    const spot = weightedConstProductCurve.spotPrice(weighted(), 0)
    expect(spot.numerator / spot.denominator).toBe(8n)
    expect(priceImpact(weighted(), { side: 0, amountIn: 1_000_000_000n })).toBe('0.002490028')
    expect(priceImpact(weighted(), { side: 1, amountIn: 1_000_000_000n })).toBe('0.000311759')
  })
})

describe('weighted constant product reverse swap', () => {
  test('inverts the §6 vectors', () => {
    expect(reverseSwap(weighted(), { side: 0, amountOut: 7_956_155_491n }).amountIn).toBe(
      1_000_000_000n,
    )
    // 999999999 already pays 124461684: the reverse is minimal, not the vector's input.
    const r = reverseSwap(weighted(), { side: 1, amountOut: 124_461_684n, referralBps: 10n })
    expect(r.amountIn).toBe(999_999_999n)
    const below = swap(weighted(), { side: 1, amountIn: 999_999_998n, referralBps: 10n })
    expect(below.amountOut).toBeLessThan(124_461_684n)
  })

  test('behavior: outputs beyond the 30 % input cap are unreachable', () => {
    const pool = weighted({ w0: ONE / 2n, lpFee: 0n, protocolFee: 0n, reserve1: T })
    expect(reverseSwap(pool, { side: 0, amountOut: 230_769_230_769n }).amountIn).toBe(
      300_000_000_000n,
    )
    expect(() => reverseSwap(pool, { side: 0, amountOut: 230_769_230_770n })).toThrow(
      UnreachableOutputError,
    )
  })
})
