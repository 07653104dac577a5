import { describe, expect, test } from 'vitest'
import { swap } from '../ops/swap.js'
import { externalPoolState } from './externalPoolState.js'

describe('externalPoolState', () => {
  test('default: a constant-product pool on the DEX v2 pipeline with the caller fees', () => {
    const pool = externalPoolState({ reserve0: 10n ** 12n, reserve1: 2n * 10n ** 12n, lpFee: 25n })
    expect(pool).toMatchObject({
      dex: 'v2',
      kind: 'constant_product',
      lpFee: 25n,
      protocolFee: 0n,
      refFee: 0n,
    })
    expect(pool.totalSupply).toBe(1_414_213_562_373n) // isqrt(2e24)
    const r = swap(pool, { side: 0, amountIn: 10n ** 9n, referralBps: 30n })
    // aif = 1e9 · 9975; B = floor(aif · 2e12 / (1e12 · 1e4 + aif)) = 1993011970; referral ceil(B·30/10000) = 5979036.
    expect(r.amountOut + r.protocolFeeOut + r.referralFeeOut).toBe(1_993_011_970n)
    expect([r.amountOut, r.protocolFeeOut, r.referralFeeOut]).toEqual([
      1_987_032_934n,
      0n,
      5_979_036n,
    ])
  })

  test('behavior: other kinds and a protocol fee; an empty pool has no supply', () => {
    const stable = externalPoolState({
      reserve0: 10n ** 12n,
      reserve1: 10n ** 12n,
      lpFee: 4n,
      protocolFee: 1n,
      kind: 'stableswap',
      amp: 200n,
    })
    expect(stable).toMatchObject({ kind: 'stableswap', amp: 200n, protocolFee: 1n })
    expect(externalPoolState({ reserve0: 0n, reserve1: 5n, lpFee: 0n }).totalSupply).toBe(0n)
    expect(() => externalPoolState({ reserve0: 1n, reserve1: 1n, lpFee: 101n })).toThrow(/lpFee/)
  })
})
