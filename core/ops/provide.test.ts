import { describe, expect, test } from 'vitest'
import { referenceCpPool } from '../../test/_support/pools.js'
import { sqrtV1 } from '../math/sqrtV1.js'
import { createPoolState } from '../pool/PoolState.js'
import { burn } from './burn.js'
import { provide } from './provide.js'

const emptyV2 = createPoolState({ dex: 'v2', kind: 'constant_product' })
const emptyV1 = createPoolState({ dex: 'v1', kind: 'constant_product' })

describe('provide: DEX v2 reference vectors (contracts.md §6)', () => {
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

  test('behavior: imbalance fees larger than the other side mint nothing (found by the emulator)', () => {
    const pool = createPoolState({
      dex: 'v2',
      kind: 'constant_product',
      reserve0: 1_000_000n,
      reserve1: 1_000_000n,
      totalSupply: 1_000_000n,
      lpFee: 100n,
      protocolFee: 100n,
    })
    for (const amount0 of [100_000_000_000n, 1_000_000_000_000n]) {
      expect(() => provide(pool, { amount0, amount1: 0n })).toThrowError(/zero_liquidity/)
    }
  })

  test('behavior: reserves past 2^120 − 1 fail', () => {
    const max = (1n << 120n) - 5n
    const pool = { ...referenceCpPool(), reserve0: max, reserve1: max, totalSupply: max }
    expect(() => provide(pool, { amount0: 1_000_000n, amount1: 1_000_000n })).toThrowError(
      /reserve_overflow/,
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

  test('behavior: zero outputs and bad amounts', () => {
    expect(() => burn(referenceCpPool(), { lp: 1n })).toThrowError(/zero_output/)
    expect(() => burn(referenceCpPool(), { lp: 0n })).toThrowError(/lp: must be positive/)
    expect(() => burn(referenceCpPool(), { lp: 1n << 60n })).toThrowError(
      /must not exceed the LP supply/,
    )
  })
})
