import { describe, expect, test } from 'vitest'
import { referenceCpPool } from '../../test/_support/pools.js'
import { reverseSwap } from './reverseSwap.js'
import { swap } from './swap.js'

describe('reverseSwap (constant product)', () => {
  test('inverts the reference vectors exactly', () => {
    const pool = referenceCpPool()
    const r = reverseSwap(pool, { side: 0, amountOut: 1_992_015_968n })
    expect([r.amountIn, r.amountOut, r.protocolFeeOut]).toEqual([
      1_000_000_000n,
      1_992_015_968n,
      1_994_010n,
    ])
    expect(swap(pool, { side: 0, amountIn: r.amountIn - 1n }).amountOut).toBeLessThan(
      1_992_015_968n,
    )

    const withRef = reverseSwap(pool, { side: 1, amountOut: 497_753_619n, referralBps: 10 })
    expect(withRef.amountIn).toBeLessThanOrEqual(1_000_000_000n)
    expect(withRef.amountOut).toBeGreaterThanOrEqual(497_753_619n)
    expect(
      swap(pool, { side: 1, amountIn: withRef.amountIn - 1n, referralBps: 10 }).amountOut <
        497_753_619n,
    ).toBe(true)
  })

  test('v1 with referral uses the pool fee', () => {
    const pool = referenceCpPool('v1')
    const r = reverseSwap(pool, { side: 0, amountOut: 1_990_021_958n, hasReferral: true })
    expect(r.amountIn).toBe(1_000_000_000n)
    expect(r.referralFeeOut).toBe(1_994_010n)
  })

  test('one unit of output: one unit in pays nothing once the protocol fee is rounded up', () => {
    const pool = referenceCpPool()
    const r = reverseSwap(pool, { side: 0, amountOut: 1n })
    expect([r.amountIn, r.amountOut, r.protocolFeeOut]).toEqual([2n, 2n, 1n])
    expect(() => swap(pool, { side: 0, amountIn: 1n })).toThrowError(/swap_refund_0_out/)
  })

  test('behavior: the whole reserve is unreachable', () => {
    const pool = referenceCpPool()
    expect(() =>
      reverseSwap(pool, { side: 0, amountOut: pool.reserve1 }),
    ).toThrowErrorMatchingInlineSnapshot(
      `[UnreachableOutputError: Output 2000000000000 cannot be reached: the pool does not hold that much.]`,
    )
    expect(() => reverseSwap(pool, { side: 0, amountOut: 1_999_999_999_999n })).toThrowError(
      /cannot be reached/,
    )
  })

  test('behavior: an input past 2^120 − 1 is unreachable', () => {
    const pool = { ...referenceCpPool(), reserve0: 1n << 119n, reserve1: 1_000_000n }
    expect(() => reverseSwap(pool, { side: 0, amountOut: 999_000n })).toThrowError(
      /cannot be reached/,
    )
  })

  test('behavior: bad inputs name their field', () => {
    expect(() => reverseSwap(referenceCpPool(), { side: 0, amountOut: 0n })).toThrowError(
      /amountOut/,
    )
    expect(() =>
      reverseSwap(referenceCpPool(), { side: 1, amountOut: 5n, referralBps: 500 }),
    ).toThrowError(/swap_fee_out_of_bounds/)
  })
})
