import { describe, expect, test } from 'vitest'
import { referenceCpPool } from '../../test/_support/pools.js'
import { failureOf, thrown } from '../../test/_support/thrown.js'
import { PoolMathError } from '../errors/PoolMathError.js'
import { sqrtV1 } from '../math/sqrtV1.js'
import { createPoolState } from '../pool/PoolState.js'
import { burn } from './burn.js'
import { provide } from './provide.js'

const emptyV2 = createPoolState({ dex: 'v2', kind: 'constant_product' })
const emptyV1 = createPoolState({ dex: 'v1', kind: 'constant_product' })

describe('provide: DEX v2 reference vectors (docs/contracts.md §6)', () => {
  test('initial (1e9, 4e9) mints 2e9 of which 1001 stay locked', () => {
    const r = provide(emptyV2, { amount0: 1_000_000_000n, amount1: 4_000_000_000n })
    expect([r.lpMinted, r.lpOut]).toEqual([2_000_000_000n, 1_999_998_999n])
    expect([r.pool.reserve0, r.pool.reserve1, r.pool.totalSupply]).toEqual([
      1_000_000_000n,
      4_000_000_000n,
      2_000_000_000n,
    ])
  })

  test('balanced (1e9, 2e9) into R = (1e12, 2e12), S = 1414213562373', () => {
    const r = provide(referenceCpPool(), { amount0: 1_000_000_000n, amount1: 2_000_000_000n })
    expect([r.lpOut, r.protocolFee0, r.protocolFee1]).toEqual([1_414_213_562n, 0n, 0n])
  })

  test('single-sided (1e9, 0): imbalance fees, protocol fee on token0', () => {
    const pool = referenceCpPool()
    const r = provide(pool, { amount0: 1_000_000_000n, amount1: 0n })
    expect([r.lpOut, r.protocolFee0, r.protocolFee1]).toEqual([705_869_522n, 500_124n, 0n])
    expect(r.pool.reserve0).toBe(pool.reserve0 + 1_000_000_000n - 500_124n)
    expect(r.pool.collectedProtocolFee0).toBe(500_124n)
    expect(r.pool.totalSupply).toBe(pool.totalSupply + 705_869_522n)
  })
})

describe('provide: DEX v1', () => {
  test('first provision mints floor(sqrtV1(a0·a1)/1000) to no one', () => {
    const amount0 = 123_456_789_012n
    const amount1 = 987_654_321_098n
    const r = provide(emptyV1, { amount0, amount1 })
    expect(r.lpOut).toBe(0n)
    expect(r.lpMinted).toBe(sqrtV1(amount0 * amount1) / 1000n)
    expect(r.lpMinted).toBe(349_188_532n)
    expect(r.pool.totalSupply).toBe(349_188_532n)
  })

  test('later provisions mint the smaller ratio and keep the excess in the pool', () => {
    const pool = referenceCpPool('v1')
    const r = provide(pool, { amount0: 1_000_000_000n, amount1: 5_000_000_000n })
    expect(r.lpOut).toBe((1_000_000_000n * pool.totalSupply) / pool.reserve0)
    expect(r.pool.reserve1).toBe(pool.reserve1 + 5_000_000_000n)
  })

  test('behavior: each side must exceed 1000 units', () => {
    expect(() => provide(emptyV1, { amount0: 1000n, amount1: 5000n })).toThrowError(
      /amount0: must exceed 1000 units/,
    )
  })
})

describe('provide: failures', () => {
  test('behavior: too little LP is a zero_liquidity failure without an exit code', () => {
    expect(() =>
      provide(referenceCpPool(), {
        amount0: 1_000_000_000n,
        amount1: 2_000_000_000n,
        minLpOut: 1_414_213_563n,
      }),
    ).toThrowError(/zero_liquidity/)
    expect(() => provide(emptyV2, { amount0: 1000n, amount1: 1000n })).toThrowError(
      /zero_liquidity/,
    )
  })

  test('behavior: the first v2 provision needs both sides; v2 refuses an empty provision', () => {
    expect(() => provide(emptyV2, { amount0: 1_000_000n, amount1: 0n })).toThrowError(/amount1/)
    expect(() => provide(referenceCpPool(), { amount0: 0n, amount1: 0n })).toThrowError(/amount0/)
  })

  test('behavior: reserves past 2^120 − 1 fail', () => {
    const max = (1n << 120n) - 5n
    const pool = { ...referenceCpPool(), reserve0: max, reserve1: max, totalSupply: max }
    expect(() => provide(pool, { amount0: 1_000_000n, amount1: 1_000_000n })).toThrowError(
      /reserve_overflow/,
    )
  })

  test('behavior: a weighted-stableswap first provision whose rate does not fit uint128 fails with 5', () => {
    const E18 = 10n ** 18n
    const empty = createPoolState({
      dex: 'v2',
      kind: 'weighted_stableswap',
      amp: E18,
      w0: E18 / 2n,
    })
    // rate = floor(1e27·1e18 / 1000) = 1e42 ≥ 2^128 ≈ 3.4e38; the emulated pool keeps the
    // amounts in the LP account (test/emulator/localDexV2Kinds.test.ts).
    const error = thrown(() => provide(empty, { amount0: 10n ** 27n, amount1: 1000n }))
    expect(error).toBeInstanceOf(PoolMathError)
    expect([(error as PoolMathError).code, (error as PoolMathError).exitCode]).toEqual([
      'INTEGER_OUT_OF_RANGE',
      5,
    ])
    // The largest rate below 2^128 that a provision of (a0, 1000) sets still mints.
    const a0 = ((1n << 128n) - 1n) / (E18 / 1000n) // floor: positive operands
    const fits = provide(empty, { amount0: a0, amount1: 1000n })
    expect(fits.pool.rate).toBeLessThan(1n << 128n)
    expect(thrown(() => provide(empty, { amount0: a0 + 1n, amount1: 1000n }))).toBeInstanceOf(
      PoolMathError,
    )
  })
})

describe('provide: a balance driven below zero by the imbalance fee', () => {
  // One pool per kind, so lopsided a provision that the under-supplied side's half LP fee on
  // its whole shortfall (1e11-fold over-supply of the other side) exceeds its new balance.
  const tiny = {
    dex: 'v2' as const,
    reserve0: 1_000_000n,
    reserve1: 1_000_000n,
    totalSupply: 1_000_000n,
  }
  const fees = { lpFee: 100n, protocolFee: 100n }
  const cause = (run: () => unknown) => {
    const error = thrown(run)
    expect(error).toBeInstanceOf(PoolMathError)
    const { code, cause } = error as PoolMathError
    const inner = cause instanceof PoolMathError ? cause.exitCode : undefined
    return { code, cause: inner }
  }

  test('stableswap evaluates D with the negative balance, converges and mints (real pool)', () => {
    // A vector from the real stableswap pool's execution: token1's fee-reduced balance is
    // −1924140565150570541117062197, D still converges (2759941101591457296572485395).
    const pool = createPoolState({
      dex: 'v2',
      kind: 'stableswap',
      amp: 445n,
      reserve0: 48_824_290_046_952n,
      reserve1: 488_242_900_469_520_000_000_000_000n,
      totalSupply: 2_021_132_276_449_744_395_515_164_954n,
      lpFee: 64n,
      protocolFee: 71n,
    })
    const amount0 = 1_326_208_823_120_508_312_846_714n
    const amount1 = 142_338_770_861_210_341n
    const r = provide(pool, { amount0, amount1 })
    expect([r.lpOut, r.lpMinted, r.protocolFee0, r.protocolFee1]).toEqual([
      20_312_185_799_230_597_737_566_992_691_728n,
      20_312_185_799_230_597_737_566_992_691_728n,
      9_416_082_108_908_027_555_071n,
      0n,
    ])
    expect([r.pool.reserve0, r.pool.reserve1, r.pool.totalSupply]).toEqual([
      pool.reserve0 + amount0 - 9_416_082_108_908_027_555_071n,
      pool.reserve1 + amount1,
      pool.totalSupply + 20_312_185_799_230_597_737_566_992_691_728n,
    ])
  })

  test('constant product mints nothing: the square root of a negative product is below 0', () => {
    // Kept from the emulator differential that first met this case (its expectation stands:
    // min(r, floor(x/r)) < 0 for x < 0, so inv2 ≤ inv0).
    const pool = createPoolState({ ...tiny, kind: 'constant_product', ...fees })
    for (const amount0 of [100_000_000_000n, 1_000_000_000_000n]) {
      expect(cause(() => provide(pool, { amount0, amount1: 0n }))).toEqual({
        code: 'ZERO_LIQUIDITY',
        cause: undefined,
      })
    }
  })

  test('weighted constant product mints nothing: pow of a negative base throws 50001', () => {
    // The over-supplied side needs the larger weight for the shortfall to be large enough.
    for (const [w0, amount0, amount1] of [
      [8n * 10n ** 17n, 100_000_000_000n, 0n],
      [2n * 10n ** 17n, 0n, 100_000_000_000n],
    ] as const) {
      const pool = createPoolState({ ...tiny, kind: 'weighted_const_product', w0, ...fees })
      expect(cause(() => provide(pool, { amount0, amount1 }))).toEqual({
        code: 'ZERO_LIQUIDITY',
        cause: 50_001,
      })
    }
  })

  test('weighted stableswap mints nothing (50001), unless rate 0 zeroes the negative token1 first', () => {
    const weighted = { ...tiny, kind: 'weighted_stableswap', w0: 5n * 10n ** 17n, ...fees } as const
    const pool = createPoolState({ ...weighted, rate: 10n ** 18n })
    for (const [amount0, amount1] of [
      [100_000_000_000n, 0n],
      [0n, 100_000_000_000n],
    ] as const) {
      expect(cause(() => provide(pool, { amount0, amount1 }))).toEqual({
        code: 'ZERO_LIQUIDITY',
        cause: 50_001,
      })
    }
    // rate 0 (a first provision with a0·1e18 < a1 stores it): fmul(0, Y) = 0 before any pow,
    // so K = fmul(X, amp) is computed and the negative token1 balance does not matter.
    const rateZero = createPoolState({ ...weighted, rate: 0n })
    expect(provide(rateZero, { amount0: 100_000_000_000n, amount1: 0n }).lpOut).toBe(
      100_000_000_000n,
    )
  })
})

describe('burn', () => {
  test('reference vector: 1e9 LP of R = (1e12, 2e12), S = 1414213562373', () => {
    const r = burn(referenceCpPool(), { lp: 1_000_000_000n })
    expect([r.amount0, r.amount1]).toEqual([707_106_781n, 1_414_213_562n])
    expect(r.pool.totalSupply).toBe(1_414_213_562_373n - 1_000_000_000n)
  })

  test('behavior: v2 keeps the last units; v1 lets everything go', () => {
    const pool = referenceCpPool()
    expect(() => burn(pool, { lp: pool.totalSupply })).toThrowError(/invalid_amount/)
    const v1 = burn(referenceCpPool('v1'), { lp: 1_414_213_562_373n })
    expect([v1.pool.reserve0, v1.pool.reserve1, v1.pool.totalSupply]).toEqual([0n, 0n, 0n])
  })

  test("behavior: amounts a burn can carry fail with the pool's exit codes", () => {
    const v2 = referenceCpPool()
    const v1 = referenceCpPool('v1')
    const max = (1n << 120n) - 1n
    expect(failureOf(() => burn(v2, { lp: 1n }))).toEqual({ code: 'ZERO_OUTPUT', exitCode: 81 })
    expect(failureOf(() => burn(v2, { lp: 0n }))).toEqual({ code: 'ZERO_OUTPUT', exitCode: 81 })
    expect(failureOf(() => burn(v1, { lp: 0n }))).toEqual({ code: 'ZERO_OUTPUT', exitCode: 81 })
    for (const lp of [v2.totalSupply, v2.totalSupply + 1n, 1n << 60n, max]) {
      expect(failureOf(() => burn(v2, { lp }))).toEqual({ code: 'INVALID_AMOUNT', exitCode: 92 })
    }
    // v1 empties the pool at the supply; past it the supply would be stored negative.
    for (const lp of [v1.totalSupply + 1n, max]) {
      expect(failureOf(() => burn(v1, { lp }))).toEqual({
        code: 'INTEGER_OUT_OF_RANGE',
        exitCode: 5,
      })
    }
    // A reserve of 0 pays nothing on that side before any supply check.
    const oneSided = { ...v2, reserve1: 0n }
    expect(failureOf(() => burn(oneSided, { lp: v2.totalSupply }))).toEqual({
      code: 'ZERO_OUTPUT',
      exitCode: 81,
    })
    // An empty pool divides by its zero supply (v2 refuses lp = 0 before dividing).
    const empty = createPoolState({ dex: 'v2', kind: 'constant_product' })
    expect(failureOf(() => burn(empty, { lp: 5n }))).toEqual({
      code: 'INTEGER_OVERFLOW',
      exitCode: 4,
    })
    expect(failureOf(() => burn(empty, { lp: 0n }))).toEqual({ code: 'ZERO_OUTPUT', exitCode: 81 })
    expect(failureOf(() => burn({ ...empty, dex: 'v1' }, { lp: 0n }))).toEqual({
      code: 'INTEGER_OVERFLOW',
      exitCode: 4,
    })
  })

  test('behavior: values no burn notification can carry are invalid input', () => {
    for (const lp of [-1n, 1n << 120n]) {
      expect(thrown(() => burn(referenceCpPool(), { lp }))).toMatchObject({
        code: 'INVALID_INPUT',
        field: 'lp',
      })
    }
  })
})
