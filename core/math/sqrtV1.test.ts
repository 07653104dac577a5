import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz } from '../../test/_support/fuzz.js'
import { isqrt } from './isqrt.js'
import { sqrtV1 } from './sqrtV1.js'

/**
 * A second, independent transcription of the documented routine (docs/contracts.md §1.3), written
 * as a table walk instead of unrolled branches, to catch a slip in either.
 */
function documentedRoutine(x: bigint): bigint {
  if (x === 0n) return 0n
  let r = 181n
  let xx = x
  for (const [threshold, shift] of [
    [128n, 64n],
    [64n, 32n],
    [32n, 16n],
    [16n, 8n],
  ] as const) {
    if (xx >= 2n ** threshold) {
      xx = xx / 2n ** threshold
      r = r * 2n ** shift
    }
  }
  r = (r * (xx + 65_536n)) / 262_144n
  for (let i = 0; i < 7; i++) r = (r + x / r) / 2n
  return r < x / r ? r : x / r
}

describe('sqrtV1', () => {
  test('reference vectors (docs/contracts.md §6)', () => {
    expect(sqrtV1(4_000_000_000_000_000_000n)).toBe(2_000_000_000n)
    expect(sqrtV1(123_456_789_012n * 987_654_321_098n)).toBe(349_188_532_366n)
    expect(sqrtV1((1n << 128n) + 12_345n)).toBe(18_318_489_842_763_292_071n)
    expect(isqrt((1n << 128n) + 12_345n)).toBe(18_446_744_073_709_551_616n)
    expect(sqrtV1(0n)).toBe(0n)
  })

  test('exact below 2^16', () => {
    for (let x = 0n; x < 1n << 16n; x++) expect(sqrtV1(x)).toBe(isqrt(x))
  })

  test('property: equals the documented routine and never exceeds the true root', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: (1n << 240n) - 1n }), (x) => {
        const r = sqrtV1(x)
        expect(r).toBe(documentedRoutine(x))
        expect(r).toBeLessThanOrEqual(isqrt(x))
      }),
      fuzz({ numRuns: 3000 }),
    )
  })

  test('it is inexact for many realistic products (why v1 supplies need it)', () => {
    let differs = 0
    for (let i = 1n; i <= 200n; i++) {
      const x = i * 7_919_000_000_000n * (i * 104_729_000_000n)
      if (sqrtV1(x) !== isqrt(x)) differs++
    }
    expect(differs).toBeGreaterThan(0)
  })
})
