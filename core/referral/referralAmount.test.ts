import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz } from '../../test/_support/fuzz.js'
import { swap } from '../ops/swap.js'
import { createPoolState } from '../pool/PoolState.js'
import { referralAmount } from './referralAmount.js'

describe('referralAmount', () => {
  test('pinned: the reference vectors of docs/contracts.md §6', () => {
    // v1, R_in 1e12, R_out 2e12, L 20, P 10, F 10, a 1e9 with ref: gross 1994009978.
    expect(referralAmount(1_994_009_978n, 10n)).toBe(1_994_010n)
    // CPI v2, same pool, 1→0, ref 10: out 497753619, protocol 498752, ref 498752.
    expect(referralAmount(497_753_619n + 498_752n + 498_752n, 10n)).toBe(498_752n)
    // CPI v2, R0 987654321987, R1 123456789123, L 30, P 5, ref 100, a 123456789 → ref 153839.
    expect(referralAmount(15_222_353n + 7_692n + 153_839n, 100n)).toBe(153_839n)
  })

  test('pinned: rounding up, exact multiples, zero', () => {
    expect(referralAmount(10_000n, 25n)).toBe(25n) // exact
    expect(referralAmount(10_001n, 25n)).toBe(26n) // 25.0025 → 26
    expect(referralAmount(1n, 1n)).toBe(1n) // 0.0001 → 1: the referrer never gets 0 from a fee
    expect(referralAmount(0n, 100n)).toBe(0n)
    expect(referralAmount(123_456n, 0n)).toBe(0n)
  })

  test('behavior: inputs outside the contract ranges are rejected', () => {
    expect(() => referralAmount(-1n, 10n)).toThrow(/grossOut/)
    expect(() => referralAmount(1n, 101n)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidInputError: Invalid referralBps: must be a bigint from 0 to 100.

      value: 101n]
    `)
    expect(() => referralAmount(1n, 10 as unknown as bigint)).toThrow(/referralBps/)
  })

  test('property: the smallest f with f · 10000 ≥ B · R, and what swap charges', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: (1n << 120n) - 1n }),
        fc.bigInt({ min: 0n, max: 100n }),
        (gross, bps) => {
          const f = referralAmount(gross, bps)
          expect(f * 10_000n).toBeGreaterThanOrEqual(gross * bps)
          if (f > 0n) expect((f - 1n) * 10_000n).toBeLessThan(gross * bps)
        },
      ),
      fuzz({ numRuns: 1000 }),
    )
    fc.assert(
      fc.property(
        fc.bigInt({ min: 10n ** 6n, max: 10n ** 18n }),
        fc.bigInt({ min: 10n ** 6n, max: 10n ** 18n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 0n, max: 100n }),
        (reserve0, reserve1, amountIn, referralBps) => {
          const pool = createPoolState({
            dex: 'v2',
            kind: 'constant_product',
            reserve0,
            reserve1,
            totalSupply: 1n,
          })
          let r: ReturnType<typeof swap>
          try {
            r = swap(pool, { side: 0, amountIn, referralBps })
          } catch {
            return // a refund: nothing to compare
          }
          expect(r.referralFeeOut).toBe(
            referralAmount(r.amountOut + r.protocolFeeOut + r.referralFeeOut, referralBps),
          )
        },
      ),
      fuzz({ numRuns: 500 }),
    )
  })
})
