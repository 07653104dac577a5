import { describe, expect, test } from 'vitest'
import { referenceCpPool } from '../../test/_support/pools.js'
import { PoolMathError } from '../errors/PoolMathError.js'
import { createPoolState } from '../pool/PoolState.js'
import { swap } from './swap.js'

function tuple(r: { amountOut: bigint; protocolFeeOut: bigint; referralFeeOut: bigint }) {
  return [r.amountOut, r.protocolFeeOut, r.referralFeeOut]
}

describe('swap: reference vectors (docs/contracts.md §6)', () => {
  test('CPI v2, R = (1e12, 2e12), L 20, P 10, a = 1e9, 0→1, no referral', () => {
    const r = swap(referenceCpPool(), { side: 0, amountIn: 1_000_000_000n })
    expect(tuple(r)).toEqual([1_992_015_968n, 1_994_010n, 0n])
  })

  test('CPI v2, same pool, 1→0, referral 10 bps', () => {
    const r = swap(referenceCpPool(), { side: 1, amountIn: 1_000_000_000n, referralBps: 10 })
    expect(tuple(r)).toEqual([497_753_619n, 498_752n, 498_752n])
  })

  test('CPI v2, R = (987654321987, 123456789123), L 30, P 5, referral 100, a = 123456789, 0→1', () => {
    const pool = createPoolState({
      dex: 'v2',
      kind: 'constant_product',
      reserve0: 987_654_321_987n,
      reserve1: 123_456_789_123n,
      totalSupply: 1n,
      lpFee: 30n,
      protocolFee: 5n,
    })
    const r = swap(pool, { side: 0, amountIn: 123_456_789n, referralBps: 100n })
    expect(tuple(r)).toEqual([15_222_353n, 7_692n, 153_839n])
  })

  test('v1, R_in 1e12, R_out 2e12, L 20, P 10, F 10, a 1e9: without and with referral', () => {
    const pool = referenceCpPool('v1')
    expect(tuple(swap(pool, { side: 0, amountIn: 1_000_000_000n }))).toEqual([
      1_992_015_968n,
      1_994_010n,
      0n,
    ])
    expect(tuple(swap(pool, { side: 0, amountIn: 1_000_000_000n, hasReferral: true }))).toEqual([
      1_990_021_958n,
      1_994_010n,
      1_994_010n,
    ])
  })
})

describe('swap: state transition', () => {
  test('full input joins the reserve, gross output leaves, protocol fee is collected in the ask token', () => {
    const pool = referenceCpPool()
    const r = swap(pool, { side: 0, amountIn: 1_000_000_000n, referralBps: 10 })
    const gross = r.amountOut + r.protocolFeeOut + r.referralFeeOut
    expect(r.pool.reserve0).toBe(1_001_000_000_000n)
    expect(r.pool.reserve1).toBe(2_000_000_000_000n - gross)
    expect(r.pool.collectedProtocolFee1).toBe(r.protocolFeeOut)
    expect(r.pool.collectedProtocolFee0).toBe(0n)
    expect(pool.reserve0).toBe(1_000_000_000_000n) // input untouched
  })

  test('side 1 collects the protocol fee in token0', () => {
    const r = swap(referenceCpPool(), { side: 1, amountIn: 1_000_000_000n })
    expect(r.pool.collectedProtocolFee0).toBe(r.protocolFeeOut)
    expect(r.pool.reserve1).toBe(2_001_000_000_000n)
  })
})

describe('swap: refunds and input errors', () => {
  const code = (f: () => unknown) => {
    try {
      f()
    } catch (e) {
      return e instanceof PoolMathError ? [e.code, e.exitCode] : (e as { code?: string }).code
    }
    return 'no error'
  }

  test('behavior: v2 slippage is inclusive, v1 strict', () => {
    const v2 = referenceCpPool('v2')
    const v1 = referenceCpPool('v1')
    expect(
      swap(v2, { side: 0, amountIn: 1_000_000_000n, minAmountOut: 1_992_015_968n }).amountOut,
    ).toBe(1_992_015_968n)
    expect(
      code(() => swap(v2, { side: 0, amountIn: 1_000_000_000n, minAmountOut: 1_992_015_969n })),
    ).toEqual(['SWAP_REFUND_SLIPPAGE', 0x39603190])
    expect(
      code(() => swap(v1, { side: 0, amountIn: 1_000_000_000n, minAmountOut: 1_992_015_968n })),
    ).toEqual(['SWAP_REFUND_NO_LIQ', 0x5ffe1295])
    expect(
      swap(v1, { side: 0, amountIn: 1_000_000_000n, minAmountOut: 1_992_015_967n }).amountOut,
    ).toBe(1_992_015_968n)
  })

  test('behavior: zero output refunds (v2 0_out, v1 no_liq)', () => {
    expect(code(() => swap(referenceCpPool('v2'), { side: 1, amountIn: 1n }))).toEqual([
      'SWAP_REFUND_0_OUT',
      0x5f954434,
    ])
    expect(code(() => swap(referenceCpPool('v1'), { side: 1, amountIn: 1n }))).toEqual([
      'SWAP_REFUND_NO_LIQ',
      0x5ffe1295,
    ])
  })

  test('behavior: a pool without LP supply refunds', () => {
    const pool = { ...referenceCpPool(), totalSupply: 0n }
    expect(code(() => swap(pool, { side: 0, amountIn: 1_000n }))).toEqual([
      'SWAP_REFUND_NO_LIQ',
      0x5ffe1295,
    ])
  })

  test('behavior: a reserve past 2^120 − 1 refunds with reserve_err', () => {
    const pool = {
      ...referenceCpPool(),
      reserve0: (1n << 120n) - 10n,
      reserve1: (1n << 120n) - 10n,
    }
    expect(code(() => swap(pool, { side: 0, amountIn: 100_000n }))).toEqual([
      'SWAP_REFUND_RESERVE_ERR',
      0x38976e9b,
    ])
  })

  test('behavior: v2 referral above 100 bps refunds with swap_fee_out_of_bounds', () => {
    expect(
      code(() => swap(referenceCpPool(), { side: 0, amountIn: 1_000n, referralBps: 101 })),
    ).toEqual(['SWAP_FEE_OUT_OF_BOUNDS', 0xa768c0d1])
  })

  test('behavior: malformed inputs name their field', () => {
    const pool = referenceCpPool()
    expect(() => swap(pool, { side: 0, amountIn: 0n })).toThrowErrorMatchingInlineSnapshot(`
      [InvalidInputError: Invalid amountIn: must be positive.

      value: 0n]
    `)
    expect(() => swap(pool, { side: 0, amountIn: -1n })).toThrowError(
      /amountIn: must not be negative/,
    )
    expect(() => swap(pool, { side: 0, amountIn: 1n << 120n })).toThrowError(
      /amountIn: must not exceed/,
    )
    expect(() => swap(pool, { side: 2 as 0, amountIn: 1n })).toThrowError(/side: must be 0 or 1/)
    expect(() => swap(pool, { side: 0, amountIn: 1n, referralBps: 1.5 })).toThrowError(
      /referralBps/,
    )
    expect(() => swap(pool, { side: 0, amountIn: 1n, referralBps: -1 })).toThrowError(/referralBps/)
    expect(() => swap(pool, { side: 0, amountIn: 1n, hasReferral: true })).toThrowError(
      /hasReferral/,
    )
    expect(() =>
      swap(referenceCpPool('v1'), { side: 0, amountIn: 1n, referralBps: 10 }),
    ).toThrowError(/referralBps/)
    expect(() => swap({ ...pool, reserve0: -5n }, { side: 0, amountIn: 1n })).toThrowError(
      /pool.reserve0: must not be negative/,
    )
    expect(() => swap({ ...pool, lpFee: 500n }, { side: 0, amountIn: 1n })).toThrowError(
      /pool.lpFee/,
    )
  })

  test('behavior: kinds DEX v1 does not have are rejected', () => {
    expect(() =>
      swap({ ...referenceCpPool('v1'), kind: 'stableswap' }, { side: 0, amountIn: 1n }),
    ).toThrowError(/not supported on DEX v1/)
  })
})
