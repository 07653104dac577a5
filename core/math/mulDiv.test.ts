import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz } from '../../test/_support/fuzz.js'
import { exitCodeOf } from '../../test/_support/thrown.js'
import { ceilDiv, floorDiv, mulDivCeil, mulDivFloor } from './mulDiv.js'

describe('floorDiv and ceilDiv', () => {
  test('pinned values, every sign', () => {
    expect([floorDiv(7n, 2n), floorDiv(-7n, 2n), floorDiv(7n, -2n), floorDiv(-7n, -2n)]).toEqual([
      3n,
      -4n,
      -4n,
      3n,
    ])
    expect([ceilDiv(7n, 2n), ceilDiv(-7n, 2n), ceilDiv(7n, -2n), ceilDiv(-7n, -2n)]).toEqual([
      4n,
      -3n,
      -3n,
      4n,
    ])
    expect([ceilDiv(0n, 5n), ceilDiv(6n, 3n), floorDiv(-6n, 3n)]).toEqual([0n, 2n, -2n])
    expect(mulDivFloor(1_000_000_000n, 9_980n, 10_000n)).toBe(998_000_000n)
    expect(mulDivCeil(1_992_015_968n, 10n, 10_000n)).toBe(1_992_016n)
  })

  test('behavior: a zero divisor is the TVM integer overflow (exit code 4)', () => {
    expect(exitCodeOf(() => floorDiv(1n, 0n))).toBe(4)
    expect(exitCodeOf(() => ceilDiv(1n, 0n))).toBe(4)
    expect(exitCodeOf(() => ceilDiv(0n, 0n))).toBe(4)
  })

  test('property: q = floorDiv(a, b) and c = ceilDiv(a, b) bracket a / b', () => {
    const big = fc.bigInt({ min: -(1n << 260n), max: 1n << 260n })
    fc.assert(
      fc.property(
        big,
        big.filter((b) => b !== 0n),
        (a, b) => {
          const q = floorDiv(a, b)
          const c = ceilDiv(a, b)
          // b > 0: q·b ≤ a < (q + 1)·b and (c − 1)·b < a ≤ c·b; b < 0 flips every inequality.
          const s = b > 0n ? 1n : -1n
          expect(s * q * b).toBeLessThanOrEqual(s * a)
          expect(s * a).toBeLessThan(s * (q + 1n) * b)
          expect(s * (c - 1n) * b).toBeLessThan(s * a)
          expect(s * a).toBeLessThanOrEqual(s * c * b)
          expect(c - q).toBe(q * b === a ? 0n : 1n)
        },
      ),
      fuzz({ numRuns: 500 }),
    )
  })
})
