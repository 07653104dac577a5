import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz } from '../../../test/_support/fuzz.js'
import { PoolMathError } from '../../errors/PoolMathError.js'
import {
  referenceExp,
  referenceLn,
  referenceLn36,
  referencePow,
  referencePowDown,
  referencePowUp,
} from './_support/referenceKernel.js'
import { certifiedQuotient } from './certifiedQuotient.js'
import { FIXED_POINT, LOG_EXP_TABLE } from './constants.js'
import { exp } from './exp.js'
import { ln, ln36 } from './ln.js'
import { pow, powDown, powDownOfBase, powUp } from './pow.js'

/**
 * The fast kernel against the previous one (_support/referenceKernel.ts, a literal transcription of the
 * contract's floor chain) on random inputs over the whole domain, boundaries included: the same
 * value, or the same error code and exit code. Each property counts how many runs produced a
 * value (not an error) and fails below a floor, so a generator drifting into error-only inputs
 * cannot pass silently.
 */

const ONE = FIXED_POINT.ONE_18
const UINT256_MAX = (1n << 256n) - 1n

type Outcome = { value: bigint } | { code: string; exitCode: number | undefined }

function outcome(run: () => bigint): Outcome {
  try {
    return { value: run() }
  } catch (error) {
    if (error instanceof PoolMathError) return { code: error.code, exitCode: error.exitCode }
    throw error
  }
}

/** Asserts both kernels agree; returns whether they produced a value. */
function agree(current: () => bigint, previous: () => bigint): boolean {
  const expected = outcome(previous)
  expect(outcome(current)).toEqual(expected)
  return 'value' in expected
}

/** A value near `center`: exactly it, ±1, or within ±2^bits. */
const near = (center: bigint, bits = 40) =>
  fc.oneof(
    fc.constantFrom(center - 1n, center, center + 1n),
    fc.bigInt({ min: center - (1n << BigInt(bits)), max: center + (1n << BigInt(bits)) }),
  )

/** Any magnitude: a random bit length, then a random value of that length. */
const anyBits = (maxBits: number) =>
  fc
    .integer({ min: 1, max: maxBits })
    .chain((bits) => fc.bigInt({ min: 1n << BigInt(bits - 1), max: (1n << BigInt(bits)) - 1n }))

/** ln's boundaries at 18 decimals: e^128, e^64 (no decimals, ×1e18) and each a_n / 100. */
const lnBoundaries = [
  LOG_EXP_TABLE.a0Scaled,
  LOG_EXP_TABLE.a1Scaled,
  ...LOG_EXP_TABLE.aN.map((an) => an / 100n),
  ONE,
  ONE_36_OVER(2n),
  UINT256_MAX,
]
function ONE_36_OVER(d: bigint): bigint {
  return FIXED_POINT.ONE_36 / d
}

const lnArgument = fc.oneof(
  anyBits(257),
  fc.constantFrom(...lnBoundaries).chain((b) => near(b)),
  fc.bigInt({ min: 1n, max: 3n * ONE }),
  fc.bigInt({ min: -ONE, max: 0n }),
)

/** exp's boundaries: ±1, 0, the domain's ends, 128 and 64, and every x_n (2^k, k = 5..−2). */
const expBoundaries = [
  0n,
  ONE,
  -ONE,
  FIXED_POINT.MAX_NATURAL_EXPONENT,
  FIXED_POINT.MIN_NATURAL_EXPONENT,
  LOG_EXP_TABLE.x0,
  LOG_EXP_TABLE.x1,
  ...LOG_EXP_TABLE.xN.map((xn) => xn / 100n),
]
const expArgument = fc.oneof(
  fc.bigInt({ min: FIXED_POINT.MIN_NATURAL_EXPONENT, max: FIXED_POINT.MAX_NATURAL_EXPONENT }),
  fc.bigInt({ min: -ONE, max: ONE }),
  fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
  fc.constantFrom(...expBoundaries).chain((b) => near(b)),
  fc.constantFrom(...expBoundaries).chain((b) => near(-b)),
)

/** pow's bases: every magnitude, around 1 and ln36's bounds 0.9 and 1.1, and the 2^256 edge. */
const powBase = fc.oneof(
  anyBits(257),
  fc.bigInt({ min: 0n, max: 2n * ONE }),
  fc
    .constantFrom(ONE, FIXED_POINT.LN_36_LOWER_BOUND, FIXED_POINT.LN_36_UPPER_BOUND, UINT256_MAX)
    .chain((b) => near(b)),
  fc.constantFrom(-1n, 0n, 1n, UINT256_MAX + 1n),
)

/**
 * pow's exponents: weights and weight ratios, their negatives minus 1 (the solver's p − 1), the
 * 2 and 4 shortcuts of powUp/powDown, huge values and both sides of the 50002 bound and of the
 * fast kernel's own 2^198 switch.
 */
const powExponent = fc.oneof(
  fc.bigInt({ min: -3n * ONE, max: 5n * ONE }),
  fc.bigInt({ min: -ONE, max: 0n }),
  fc.constantFrom(0n, ONE, 2n * ONE, 4n * ONE, ONE / 4n, -ONE / 5n),
  fc.constantFrom(FIXED_POINT.MILD_EXPONENT_BOUND, 1n << 198n, -(1n << 198n)).chain((b) => near(b)),
  anyBits(256).map((v) => -v),
  anyBits(254),
)

describe('fast kernel against the previous kernel', () => {
  test('property: ln agrees over (−1e18, 2^257), boundaries included', () => {
    let values = 0
    const runs = fuzz({ numRuns: 3000 })
    fc.assert(
      fc.property(lnArgument, (a) => {
        if (
          agree(
            () => ln(a),
            () => referenceLn(a),
          )
        )
          values++
      }),
      runs,
    )
    expect(values).toBeGreaterThan((runs.numRuns ?? 0) * 0.6)
  })

  test('property: ln36 agrees, near 1 and everywhere else', () => {
    let values = 0
    const runs = fuzz({ numRuns: 3000 })
    fc.assert(
      fc.property(
        fc.oneof(
          fc.bigInt({ min: FIXED_POINT.LN_36_LOWER_BOUND, max: FIXED_POINT.LN_36_UPPER_BOUND }),
          near(ONE, 50),
          near(ONE, 20),
          anyBits(200),
          fc.bigInt({ min: -3n * ONE, max: 0n }),
          fc.constantFrom(-ONE, (1n << 256n) / ONE, (1n << 256n) / ONE + 1n),
        ),
        (x) => {
          if (
            agree(
              () => ln36(x),
              () => referenceLn36(x),
            )
          )
            values++
        },
      ),
      runs,
    )
    expect(values).toBeGreaterThan((runs.numRuns ?? 0) * 0.6)
  })

  test('property: exp agrees over [−41, 130] and just outside it', () => {
    let values = 0
    const runs = fuzz({ numRuns: 3000 })
    fc.assert(
      fc.property(expArgument, (x) => {
        if (
          agree(
            () => exp(x),
            () => referenceExp(x),
          )
        )
          values++
      }),
      runs,
    )
    expect(values).toBeGreaterThan((runs.numRuns ?? 0) * 0.8)
  })

  test('property: pow, powUp and powDown agree, values and error codes', () => {
    let values = 0
    const runs = fuzz({ numRuns: 3000 })
    fc.assert(
      fc.property(powBase, powExponent, (x, y) => {
        if (
          agree(
            () => pow(x, y),
            () => referencePow(x, y),
          )
        )
          values++
        agree(
          () => powUp(x, y),
          () => referencePowUp(x, y),
        )
        agree(
          () => powDown(x, y),
          () => referencePowDown(x, y),
        )
      }),
      runs,
    )
    expect(values).toBeGreaterThan((runs.numRuns ?? 0) * 0.25)
  })

  test('property: powers of one base sharing a logarithm agree with separate powDowns', () => {
    let values = 0
    const runs = fuzz({ numRuns: 1500 })
    fc.assert(
      fc.property(powBase, powExponent, powExponent, (x, y1, y2) => {
        const base = { x, log: undefined }
        if (
          agree(
            () => powDownOfBase(base, y1),
            () => referencePowDown(x, y1),
          )
        )
          values++
        agree(
          () => powDownOfBase(base, y2),
          () => referencePowDown(x, y2),
        )
      }),
      runs,
    )
    expect(values).toBeGreaterThan((runs.numRuns ?? 0) * 0.25)
  })

  test('pool-sized arguments: the bases and exponents weighted pools raise', () => {
    let values = 0
    const runs = fuzz({ numRuns: 2000 })
    fc.assert(
      fc.property(
        // Balances 1e-6 .. 1e22 tokens with 18 decimals, weights 1 % .. 99 % and their ratios.
        fc.bigInt({ min: 10n ** 12n, max: 10n ** 40n }),
        fc.bigInt({ min: ONE / 100n, max: ONE - ONE / 100n }),
        (x, w) => {
          for (const y of [w, w - ONE, (w * ONE) / (ONE - w)]) {
            if (
              agree(
                () => powDown(x, y),
                () => referencePowDown(x, y),
              )
            )
              values++
            agree(
              () => powUp(x, y),
              () => referencePowUp(x, y),
            )
          }
        },
      ),
      runs,
    )
    expect(values).toBeGreaterThan((runs.numRuns ?? 0) * 2)
  })
})

describe('certifiedQuotient', () => {
  test('pinned: decides clear cases, declines exact integers', () => {
    expect(certifiedQuotient(7, 5e19, 1e20, false)).toBe(3)
    expect(certifiedQuotient(7, 5e19, 1e20, true)).toBe(4)
    expect(certifiedQuotient(3, 1e20, 1e20, false)).toBe(-1)
    expect(certifiedQuotient(3, 1e20, 1e20, true)).toBe(-1)
    expect(certifiedQuotient(0, 1e20, 1e20, false)).toBe(0)
  })

  test('property: a decided quotient is the exact floor (ceiling) of a·B / D', () => {
    let decided = 0
    const runs = fuzz({ numRuns: 3000 })
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: (1n << 44n) - 1n }),
        fc.bigInt({ min: 0n, max: 10n ** 36n }),
        fc.constantFrom(10n ** 36n, 10n ** 20n, 3n * 10n ** 20n, 12n * 10n ** 20n),
        fc.boolean(),
        (a, b, d, ceil) => {
          fc.pre((a * b) / d < 1n << 44n)
          const result = certifiedQuotient(Number(a), Number(b), Number(d), ceil)
          if (result < 0) {
            // Declined only within 2e-15 relative of an integer.
            const q = Number(a * b) / Number(d)
            expect(Math.abs(q - Math.round(q))).toBeLessThanOrEqual(q * 3e-15 + 1e-300)
            return
          }
          decided++
          const exact = ceil ? (a * b + d - 1n) / d : (a * b) / d
          expect(BigInt(result)).toBe(exact)
        },
      ),
      runs,
    )
    expect(decided).toBeGreaterThan((runs.numRuns ?? 0) * 0.5)
  })
})
