import { Decimal } from 'decimal.js'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz } from '../../../test/_support/fuzz.js'
import { floorDiv } from '../mulDiv.js'
import { exp } from './exp.js'
import { ln, ln36 } from './ln.js'
import { pow, powDown, powUp } from './pow.js'

/** An 80-digit reference: far more precise than the 18/20/36-decimal routines under test. */
const Exact = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_EVEN })
const SCALE_18 = new Exact(10).pow(18)
const SCALE_36 = new Exact(10).pow(36)
const ONE = 10n ** 18n

const real18 = (x: bigint) => new Exact(x.toString()).div(SCALE_18)
const units18 = (x: Decimal) => x.times(SCALE_18)

/** FB `__fp_math::ln_36` transcribed literally: floor division everywhere, no sign split. */
function literalLn36(x: bigint): bigint {
  const ONE_36 = 10n ** 36n
  const scaled = x * ONE
  const z = floorDiv((scaled - ONE_36) * ONE_36, scaled + ONE_36)
  const zSquared = floorDiv(z * z, ONE_36)
  let num = z
  let sum = z
  for (const k of [3n, 5n, 7n, 9n, 11n, 13n, 15n]) {
    num = floorDiv(num * zSquared, ONE_36)
    sum += floorDiv(num, k)
  }
  return sum * 2n
}

describe('ln36 against the literal contract transcription', () => {
  test('property: identical on both sides of 1 (the sign-split ceilings are exact floors)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 3n * ONE }), (x) => {
        expect(ln36(x)).toBe(literalLn36(x))
      }),
      fuzz({ numRuns: 1000 }),
    )
    for (const x of [ONE - 1n, ONE, ONE + 1n, 9n * (ONE / 10n) + 1n, 11n * (ONE / 10n) - 1n]) {
      expect(ln36(x)).toBe(literalLn36(x))
    }
  })
})

describe('fixed-point ln / exp / pow against an 80-digit reference', () => {
  test('property: |ln(a) − ln a| ≤ 3e-18 over the whole positive 256-bit range', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: (1n << 256n) - 1n }), (a) => {
        const error = units18(real18(ln(a)).minus(real18(a).ln())).abs()
        expect(error.lte(3)).toBe(true)
      }),
      fuzz({ numRuns: 300 }),
    )
  })

  test('property: |ln36(x) − ln x| ≤ 1e-22 for 0.9 < x < 1.1 (the range pow uses it on)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 9n * 10n ** 17n + 1n, max: 11n * 10n ** 17n - 1n }), (x) => {
        const value = new Exact(ln36(x).toString()).div(SCALE_36)
        expect(value.minus(real18(x).ln()).abs().lte('1e-22')).toBe(true)
      }),
      fuzz({ numRuns: 300 }),
    )
  })

  test('property: exp(x) is within 5e-18 relative plus one unit of e^x on [−41, 130]', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -41n * ONE, max: 130n * ONE }), (x) => {
        const truth = real18(x).exp()
        const error = real18(exp(x)).minus(truth).abs()
        expect(error.lte(truth.times('5e-18').plus('1e-18'))).toBe(true)
      }),
      fuzz({ numRuns: 300 }),
    )
  })

  test('property: exp(ln(a)) returns a within 1e-17 relative plus one unit', () => {
    fc.assert(
      // From 2e-18 up: ln(1e-18) = −41.4 is below exp's domain.
      fc.property(fc.bigInt({ min: 2n, max: 10n ** 70n }), (a) => {
        const back = exp(ln(a))
        const error = back > a ? back - a : a - back
        expect(error * 10n ** 17n).toBeLessThanOrEqual(a + 10n ** 17n)
      }),
      fuzz({ numRuns: 300 }),
    )
  })

  test('property: powDown ≤ x^y ≤ powUp (the 1e-14 margin covers pow’s error)', () => {
    fc.assert(
      fc.property(
        // Bases 1e-5 .. 1e8 and exponents −2 .. 3 keep y·ln x inside exp's [−41, 130].
        fc.bigInt({ min: 10n ** 13n, max: 10n ** 26n }),
        fc.bigInt({ min: -2n * ONE, max: 3n * ONE }),
        (x, y) => {
          const truth = real18(x).pow(real18(y))
          expect(real18(powDown(x, y)).lte(truth)).toBe(true)
          expect(real18(powUp(x, y)).gte(truth)).toBe(true)
        },
      ),
      fuzz({ numRuns: 300 }),
    )
  })

  test('property: |pow(x, y) − x^y| ≤ 3e-17·x^y + 1e-18, and pow(x, 1) = x within that', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 10n ** 13n, max: 10n ** 26n }),
        fc.bigInt({ min: -2n * ONE, max: 3n * ONE }),
        (x, y) => {
          for (const [base, exponent] of [
            [x, y],
            [x, ONE],
          ] as const) {
            const truth = real18(base).pow(real18(exponent))
            const error = real18(pow(base, exponent)).minus(truth).abs()
            expect(error.lte(truth.times('3e-17').plus('1e-18'))).toBe(true)
          }
        },
      ),
      fuzz({ numRuns: 300 }),
    )
  })
})
