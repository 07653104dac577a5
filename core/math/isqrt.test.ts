import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz } from '../../test/_support/fuzz.js'
import { isqrt } from './isqrt.js'

describe('isqrt', () => {
  test('pinned values', () => {
    expect(isqrt(0n)).toBe(0n)
    expect(isqrt(1n)).toBe(1n)
    expect(isqrt(3n)).toBe(1n)
    expect(isqrt(4n)).toBe(2n)
    expect(isqrt(4_000_000_000_000_000_000n)).toBe(2_000_000_000n)
    // The float shortcut that broke a well-known SDK: k² − 1 just above 2^52.
    expect(isqrt(4_503_599_761_588_224n)).toBe(67_108_864n)
    expect(isqrt((1n << 256n) - 1n)).toBe((1n << 128n) - 1n)
  })

  test('behavior: negative input is rejected', () => {
    expect(() => isqrt(-1n)).toThrowErrorMatchingInlineSnapshot(`
      [InvalidInputError: Invalid n: must not be negative.

      value: -1n]
    `)
  })

  test('property: exact for k² and k² − 1 up to 2^250', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 1n << 125n }), (k) => {
        expect(isqrt(k * k)).toBe(k)
        expect(isqrt(k * k - 1n)).toBe(k - 1n)
      }),
      fuzz({ numRuns: 2000 }),
    )
  })

  test('property: r² ≤ n < (r + 1)² for any n', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 1n << 257n }), (n) => {
        const r = isqrt(n)
        expect(r * r).toBeLessThanOrEqual(n)
        expect(n).toBeLessThan((r + 1n) * (r + 1n))
      }),
      fuzz({ numRuns: 2000 }),
    )
  })

  test('every square and its neighbours around each power of two', () => {
    for (let bits = 1n; bits <= 250n; bits++) {
      const k = 1n << (bits / 2n)
      for (const n of [k * k - 1n, k * k, k * k + 1n, (1n << bits) - 1n, 1n << bits]) {
        const r = isqrt(n)
        expect(r * r).toBeLessThanOrEqual(n)
        expect(n).toBeLessThan((r + 1n) * (r + 1n))
      }
    }
  })
})
