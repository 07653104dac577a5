import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz, reachedCases } from '../../../test/_support/fuzz.js'
import { referencePow, referencePowDown } from './_support/referenceKernel.js'
import { fmul } from './arithmetic.js'
import { FIXED_POINT } from './constants.js'
import {
  exactBounds,
  fmulBounds,
  powDownBounds,
  powLogEstimate,
  powRelativeError,
} from './powEstimate.js'

/**
 * The number estimates the weighted curves certify their results with, against the previous
 * literal kernel (_support/referenceKernel.ts) over pow's whole domain: wherever the estimate
 * exists, pow succeeds and lies within the stated bound — and within a quarter of it, the
 * margin `docs/math-v2-kinds.md` claims — and the bounds contain the exact values. A floor on
 * the runs that had an estimate keeps the properties from passing on `NaN` alone.
 */

const ONE = FIXED_POINT.ONE_18
const MAX_EXPONENT = 1000n * ONE

/** Any magnitude: a random bit length, then a random value of that length. */
const anyBits = (maxBits: number) =>
  fc
    .integer({ min: 1, max: maxBits })
    .chain((bits) => fc.bigInt({ min: 1n << BigInt(bits - 1), max: (1n << BigInt(bits)) - 1n }))

const near = (center: bigint, bits = 40) =>
  fc.oneof(
    fc.constantFrom(center - 1n, center, center + 1n),
    fc.bigInt({ min: center - (1n << BigInt(bits)), max: center + (1n << BigInt(bits)) }),
  )

/** Bases of every magnitude, around 1 and ln36's bounds, and both edges of 2^256. */
const base = fc.oneof(
  anyBits(257),
  fc.bigInt({ min: 0n, max: 2n * ONE }),
  near(ONE, 50),
  fc
    .constantFrom(FIXED_POINT.LN_36_LOWER_BOUND, FIXED_POINT.LN_36_UPPER_BOUND, (1n << 256n) - 1n)
    .chain((b) => near(b)),
  fc.constantFrom(-1n, 0n, 1n, ONE, 1n << 256n),
)

/** Weights, weight ratios, p − 1 and q − 1, the 2 and 4 shortcuts, and the ±1000 edges. */
const exponent = fc.oneof(
  fc.bigInt({ min: -3n * ONE, max: 5n * ONE }),
  fc.bigInt({ min: -MAX_EXPONENT - ONE, max: MAX_EXPONENT + ONE }),
  fc.constantFrom(0n, ONE, 2n * ONE, 4n * ONE, ONE / 4n, -ONE / 5n),
  fc.constantFrom(MAX_EXPONENT, -MAX_EXPONENT).chain((b) => near(b)),
  anyBits(80).map((v) => -v),
)

describe('pow estimates against the previous kernel', () => {
  test('property: where an estimate exists, pow succeeds within a quarter of the bound', () => {
    const runs = fuzz({ numRuns: 4000 })
    const cases = reachedCases(runs, 0.3)
    fc.assert(
      fc.property(base, exponent, (x, y) => {
        const t = powLogEstimate(x, y)
        if (Number.isNaN(t)) return
        cases.reached()
        const raw = referencePow(x, y) // throws (failing the property) if pow would
        const power = 1e18 * Math.exp(t)
        const error = Math.abs(Number(raw) - power) - 3
        // Number(raw) rounds by at most 1.2e-16 of it: far inside the quarter of ρ ≥ 4e-15.
        expect(error).toBeLessThanOrEqual((powRelativeError(y, t) / 4) * power)
        const bounds = powDownBounds(x, y)
        const exact = Number(referencePowDown(x, y))
        expect(bounds?.low).toBeLessThanOrEqual(exact)
        expect(bounds?.high).toBeGreaterThanOrEqual(exact)
      }),
      runs,
    )
    cases.check()
  })

  test('property: no estimate where pow takes a shortcut or may fail', () => {
    const parameters = fuzz({ numRuns: 2000 })
    const cases = reachedCases(parameters, 0.05)
    fc.assert(
      fc.property(base, exponent, (x, y) => {
        if (
          y === 0n ||
          y === 2n * ONE ||
          y === 4n * ONE ||
          x <= 0n ||
          x === ONE ||
          x >= 1n << 256n ||
          y > MAX_EXPONENT ||
          y < -MAX_EXPONENT
        ) {
          cases.reached()
          expect(powLogEstimate(x, y)).toBeNaN()
        }
      }),
      parameters,
    )
    cases.check()
  })

  test('property: fmul bounds contain fmul of any values within the operand bounds', () => {
    fc.assert(
      fc.property(anyBits(150), anyBits(150), (a, b) => {
        const bounds = fmulBounds(exactBounds(a), exactBounds(b))
        const exact = Number(fmul(a, b))
        expect(bounds.low).toBeLessThanOrEqual(exact)
        expect(bounds.high).toBeGreaterThanOrEqual(exact)
      }),
      fuzz({ numRuns: 2000 }),
    )
  })

  test('the estimate stays inside [−40, 128], away from pow’s 50003 at −41 and 130', () => {
    // ln(1e57) = 131.2: to the 1e18 base, 131.2·0.97 = 127.3 is estimated, 131.2 is not.
    expect(powLogEstimate(10n ** 75n, 970_000_000_000_000_000n)).toBeCloseTo(127.27, 1)
    expect(powLogEstimate(10n ** 75n, ONE)).toBeNaN()
    expect(powLogEstimate(10n ** 75n, -300_000_000_000_000_000n)).toBeCloseTo(-39.37, 1)
    expect(powLogEstimate(10n ** 75n, -310_000_000_000_000_000n)).toBeNaN()
  })
})
