import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz } from '../../../test/_support/fuzz.js'
import { exitCodeOf } from '../../../test/_support/thrown.js'
import { complement, fdiv, fdivUp, fixedFrom, fixedTo, fmul } from './arithmetic.js'

const ONE = 10n ** 18n

describe('fmul', () => {
  test('pinned values', () => {
    expect(fmul(2_500_000_000_000_000_000n, 400_000_000_000_000_000n)).toBe(ONE)
    expect(fmul(ONE / 3n, 3n * ONE)).toBe(999_999_999_999_999_999n)
    expect(fmul(0n, 5n)).toBe(0n)
  })

  test('behavior: floors toward minus infinity for a negative product', () => {
    expect(fmul(-1n, 1n)).toBe(-1n)
    expect(fmul(-3n, ONE / 2n)).toBe(-2n) // −1.5e-18 → −2e-18 (JavaScript's / would give −1)
  })

  test('behavior: a result outside 257 bits is the TVM integer overflow (exit code 4)', () => {
    expect(exitCodeOf(() => fmul(1n << 200n, 1n << 200n))).toBe(4)
    // The intermediate may exceed 257 bits (muldiv), only the quotient must fit.
    expect(fmul(1n << 250n, ONE)).toBe(1n << 250n)
  })

  test('property: floor(a·b / 1e18) for any signed operands', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(1n << 120n), max: 1n << 120n }),
        fc.bigInt({ min: -(1n << 120n), max: 1n << 120n }),
        (a, b) => {
          const r = fmul(a, b)
          expect(r * ONE).toBeLessThanOrEqual(a * b)
          expect(a * b).toBeLessThan((r + 1n) * ONE)
        },
      ),
      fuzz({ numRuns: 500 }),
    )
  })
})

describe('fdiv and fdivUp', () => {
  test('pinned values', () => {
    expect(fdiv(800_000_000_000_000_000n, 200_000_000_000_000_000n)).toBe(4n * ONE)
    expect(fdiv(ONE, 3n * ONE)).toBe(333_333_333_333_333_333n)
    expect(fdivUp(ONE, 3n * ONE)).toBe(333_333_333_333_333_334n)
    expect(fdivUp(0n, 7n)).toBe(0n)
    expect(fdivUp(6n * ONE, 3n * ONE)).toBe(2n * ONE) // exact: no rounding up
  })

  test('behavior: negative quotients floor (TVM), fdivUp keeps its "(a·1e18 − 1)/b + 1" form', () => {
    expect(fdiv(-ONE, 3n * ONE)).toBe(-333_333_333_333_333_334n)
    expect(fdivUp(-ONE, 3n * ONE)).toBe(-333_333_333_333_333_333n)
  })

  test('behavior: division by zero is error 50008, overflow is exit code 4', () => {
    expect(exitCodeOf(() => fdiv(1n, 0n))).toBe(50008)
    expect(exitCodeOf(() => fdivUp(1n, 0n))).toBe(50008)
    expect(exitCodeOf(() => fdivUp(0n, 0n))).toBe(50008)
    expect(exitCodeOf(() => fdiv(1n << 250n, 1n))).toBe(4)
    expect(exitCodeOf(() => fdivUp(1n << 250n, 1n << 250n))).toBe(4) // a·1e18 is a plain product
  })

  test('property: fdiv is the floor and fdivUp the ceiling of a·1e18 / b for a ≥ 0, b > 0', () => {
    fc.assert(
      fc.property(
        // a·1e18 / b must fit 257 bits: a < 2^190 does for any b ≥ 1.
        fc.bigInt({ min: 0n, max: 1n << 190n }),
        fc.bigInt({ min: 1n, max: 1n << 200n }),
        (a, b) => {
          const down = fdiv(a, b)
          const up = fdivUp(a, b)
          expect(down * b).toBeLessThanOrEqual(a * ONE)
          expect(a * ONE).toBeLessThan((down + 1n) * b)
          expect(up * b).toBeGreaterThanOrEqual(a * ONE)
          expect((up - 1n) * b).toBeLessThan(a * ONE)
        },
      ),
      fuzz({ numRuns: 500 }),
    )
  })
})

describe('complement, fixedFrom, fixedTo', () => {
  test('pinned values', () => {
    expect(complement(800_000_000_000_000_000n)).toBe(200_000_000_000_000_000n)
    expect(complement(0n)).toBe(ONE)
    expect(complement(ONE)).toBe(0n)
    expect(fixedFrom(5n)).toBe(5n * ONE)
    expect(fixedTo(2_999_999_999_999_999_999n)).toBe(2n)
    expect(fixedTo(-1n)).toBe(-1n)
    expect(fixedTo(-3n * (ONE / 2n))).toBe(-2n)
  })

  test('behavior: complement outside 0..1e18 is error 51002', () => {
    expect(exitCodeOf(() => complement(ONE + 1n))).toBe(51002)
    expect(exitCodeOf(() => complement(-1n))).toBe(51002)
    expect(() => complement(-1n)).toThrowErrorMatchingInlineSnapshot(`
      [PoolMathError: The pool rejects this computation: complement_out_of_range.

      exit code: 51002

      Details: complement(-1) needs 0 <= x <= 1e18]
    `)
  })

  test('behavior: fixedFrom overflows like the TVM', () => {
    expect(exitCodeOf(() => fixedFrom(1n << 250n))).toBe(4)
  })
})
