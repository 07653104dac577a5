import { floorDiv, INT257_MAX, int257 } from '../mulDiv.js'
import { certifiedQuotient, NUMBER_LIMIT } from './certifiedQuotient.js'
import { FIXED_POINT, LOG_EXP_TABLE } from './constants.js'
import { mathError } from './mathError.js'

const { ONE_18, ONE_20, ONE_36 } = FIXED_POINT
const { x0, a0, x1, a1, a0Scaled, a1Scaled, xN, aN } = LOG_EXP_TABLE
/**
 * One reduction step of `ln`'s table, a ← floor(a·1e20 / a_n), done as a multiplication by a
 * reciprocal: floor(a·m >> s) with m = floor(2^s·1e20 / a_n) + 1 equals floor(a·1e20 / a_n)
 * whenever a·a_n < 2^s (the reciprocal's excess a·(m·a_n − 2^s·1e20)/(a_n·2^s) is below
 * a/2^s < 1/a_n, less than the gap between a·1e20/a_n and the next integer). `limit` is 2^b
 * with s = b + bitLength(a_n); an `a` at or above it takes the plain division instead.
 */
type LnStep = {
  readonly an: bigint
  readonly xn: bigint
  readonly limit: bigint
  readonly m: bigint
  readonly s: bigint
}

const bitLength = (value: bigint): number => value.toString(2).length

const LN_STEPS: readonly LnStep[] = aN.map((an, n) => {
  // Entering step 0, a < a1·1e18·100 < 2^160 once e^64 is out; entering step n ≥ 1 a is below
  // a_(n−1) or a quotient by it, so 2^(bitLength(a_(n−1)) + 1) bounds it. The bound is checked.
  const bits = n === 0 ? 160 : bitLength(aN[n - 1] as bigint) + 1
  const s = BigInt(bits + bitLength(an))
  return {
    an,
    xn: xN[n] as bigint,
    limit: 1n << BigInt(bits),
    m: ((1n << s) * ONE_20) / an + 1n,
    s,
  }
})

/**
 * Natural logarithm of an 18-decimal number, 18 decimals out (FB `__fp_math::ln`, the routine
 * `pow` uses; `docs/contracts.md` §2.7). Below 1 it returns −ln(floor(1e36 / a)). From 1 up it
 * divides out e^128 and e^64 (no decimals), moves to 20 decimals, divides out e^(2^k) for
 * k = 5..−4 with `muldiv`, then sums 6 terms of the atanh series 2·Σ z^(2i+1)/(2i+1) with
 * z = (a − 1)/(a + 1), every step floored, and finally floors (sum)/100.
 *
 * Unlike FB's public `math::fp::ln` this has no exact shortcuts for 1 and e and does not switch
 * to {@link ln36} near 1; it rejects non-positive input as that wrapper does. Every floor is the
 * contract's; the divisions by constants are done as cheaper exact equivalents
 * (`docs/math-v2-kinds.md`, "The fixed-point kernel").
 *
 * @example
 * ```ts
 * ln(2_000_000_000_000_000_000n) // 693147180559945309n (ln 2 = 0.693147180559945309417…)
 * ln(500_000_000_000_000_000n) // -693147180559945309n
 * ```
 * @throws {PoolMathError} `LN_OUT_OF_BOUNDS` (50005) when `a ≤ 0`; `INTEGER_OVERFLOW` (4)
 *   above 2^256 − 1.
 */
export function ln(a: bigint): bigint {
  if (a <= 0n) throw mathError('ln_out_of_bounds', `ln(${a}) needs a > 0`)
  if (a > INT257_MAX) int257(a)
  // floor: positive operands.
  return a < ONE_18 ? -lnAtLeastOne(ONE_36 / a) : lnAtLeastOne(a)
}

/** `__fp_math::ln` for a ≥ 1e18: every intermediate is non-negative, so `/` is the floor. */
function lnAtLeastOne(a: bigint): bigint {
  let sum = 0n
  if (a >= a0Scaled) {
    a /= a0 // floor: positive operands
    sum += x0
  }
  if (a >= a1Scaled) {
    a /= a1 // floor: positive operands
    sum += x1
  }
  // Plain TVM multiplications; a < a0·1e18 here, so a·100 < 2^256 and needs no range check.
  sum *= 100n
  a *= 100n
  let applied = 0 // bit n: x_(n+2) was added to the sum (looked up once below)
  for (let n = 0; n < LN_STEPS.length; n++) {
    const step = LN_STEPS[n] as LnStep
    if (a >= step.an) {
      // floor(a·1e20 / a_n) (muldiv, positive operands), by the exact reciprocal below `limit`.
      a = a < step.limit ? (a * step.m) >> step.s : (a * ONE_20) / step.an
      applied |= 1 << n
    }
  }
  // a ≥ 1e20 here, so z ≥ 0 and every division below is a floor of non-negative operands.
  const z = ((a - ONE_20) * ONE_20) / (a + ONE_20)
  const tableSum = TABLE_SUMS[applied] as bigint
  // floor: non-negative operands.
  return ((sum === 0n ? tableSum : sum + tableSum) + 2n * lnSeries(z)) / 100n
}

/** Σ x_(n+2) over the bits n of the index: the table part of ln's sum (1024 values, at load). */
const TABLE_SUMS: readonly bigint[] = Array.from({ length: 1 << LN_STEPS.length }, (_, applied) => {
  let sum = 0n
  for (let n = 0; n < LN_STEPS.length; n++) if ((applied >> n) & 1) sum += xN[n] as bigint
  return sum
})

/** The odd divisors 3, 5, …, 11 of the ln series, as bigints and as numbers. */
const LN_DIVISORS: readonly bigint[] = [3n, 5n, 7n, 9n, 11n]
const LN_NUMBER_DIVISORS: readonly number[] = [3, 5, 7, 9, 11]
/** floor(n / 1e20) = (n·R20) >> 200 for 0 ≤ n < 1e40 (n·1e20 < 2^200); z < 1e20 keeps z², num·z² there. */
const SHIFT_20 = 200n
const RECIPROCAL_20 = (1n << SHIFT_20) / ONE_20 + 1n

/**
 * z + Σ floor(num_i / (2i+1)) for i = 1..5 with num_i = floor(num_(i−1)·z² / 1e20), the atanh
 * series of `ln` at 20 decimals (0 ≤ z < 1e20). Terms only shrink; once one is below 2^44 the
 * rest run on numbers with {@link certifiedQuotient}.
 */
function lnSeries(z: bigint): bigint {
  const zSquared = (z * z * RECIPROCAL_20) >> SHIFT_20
  const weight = zSquared * RECIPROCAL_20 // num·weight >> 200 = floor(num·z² / 1e20)
  let num = z
  let seriesSum = z
  let i = 0
  for (; i < 5; i++) {
    if (num < NUMBER_LIMIT) break
    num = (num * weight) >> SHIFT_20
    seriesSum += num / (LN_DIVISORS[i] as bigint)
  }
  if (i === 5 || num === 0n) return seriesSum
  let small = Number(num)
  const squareNumber = Number(zSquared)
  let tail = 0
  for (; i < 5; i++) {
    const next = certifiedQuotient(small, squareNumber, 1e20, false)
    if (next < 0) {
      num = BigInt(small)
      for (; i < 5; i++) {
        num = (num * weight) >> SHIFT_20
        seriesSum += num / (LN_DIVISORS[i] as bigint)
      }
      break
    }
    small = next
    if (small === 0) break
    // Exact: small < 2^44, divisor ≤ 11 (as in ln36Series).
    tail += Math.floor(small / (LN_NUMBER_DIVISORS[i] as number))
  }
  return seriesSum + BigInt(tail)
}

const ONE_36_LESS_ONE = ONE_36 - 1n
const CEILING_NUMERATOR = ONE_36 * ONE_18 + ONE_18 - 1n
/** Largest x whose x·1e18 stays inside 257 bits (ln36's only range check before dividing). */
const LN36_FAST_MAX = INT257_MAX / ONE_18
/** The odd divisors 3, 5, …, 15 of the ln36 series, as bigints and as numbers. */
const LN36_DIVISORS: readonly bigint[] = [3n, 5n, 7n, 9n, 11n, 13n, 15n]
const LN36_DIVISORS_LESS_ONE: readonly bigint[] = [2n, 4n, 6n, 8n, 10n, 12n, 14n]
const LN36_NUMBER_DIVISORS: readonly number[] = [3, 5, 7, 9, 11, 13, 15]
/**
 * floor(n / 1e36) = (n·R36) >> 360 for 0 ≤ n < 2^240 (n·1e36 < 2^360, the reciprocal bound of
 * {@link LnStep}); ln36's products num·z² stay below 1e72 < 2^240 since |z| < 1e36.
 */
const SHIFT_36 = 360n
const RECIPROCAL_36 = (1n << SHIFT_36) / ONE_36 + 1n
/** (1e36 − 1)·R36: adding it before the shift turns the floor into a ceiling (n + 1e36 − 1 < 2^240). */
const CEILING_36 = (ONE_36 - 1n) * RECIPROCAL_36

/**
 * Natural logarithm with 36 decimals out, for an 18-decimal `x` near 1 (FB `__fp_math::ln_36`;
 * `pow` uses it for 0.9 < x < 1.1): X = x·1e18, z = floor((X − 1e36)·1e36 / (X + 1e36)),
 * then 2·Σ z^(2i+1)/(2i+1) for i = 0..7. Below 1 the terms are negative and every division
 * floors toward −∞ as the TVM does.
 *
 * @example
 * ```ts
 * ln36(1_050_000_000_000_000_000n) // 48790164169432003065374404178136230n (ln 1.05, 36 decimals)
 * ln36(950_000_000_000_000_000n) // -51293294387550533426196144149312070n (ln 0.95)
 * ```
 * @throws {PoolMathError} `INTEGER_OVERFLOW` (4) when x = −1 (division by zero) or an
 *   intermediate leaves 257 bits.
 */
export function ln36(x: bigint): bigint {
  if (x <= 0n || x > LN36_FAST_MAX) return ln36General(x)
  // (X − 1e36)/(X + 1e36) with X = x·1e18 is (x − 1e18)/(x + 1e18): the same fraction, so the
  // same floor, with a divisor of one machine word for x < 1.8e19. Below 1 the floor of the
  // negative quotient is minus the ceiling of its magnitude.
  const divisor = x + ONE_18
  if (x >= ONE_18) return 2n * ln36Series(((x - ONE_18) * ONE_36) / divisor, false)
  // ceil((1e18 − x)·1e36 / d) = floor(((1e18 − x)·1e36 + d − 1) / d) with d = x + 1e18, whose
  // numerator is (1e54 + 1e18 − 1) − x·(1e36 − 1).
  const magnitude = (CEILING_NUMERATOR - x * ONE_36_LESS_ONE) / divisor
  return -2n * ln36Series(magnitude, true)
}

/**
 * Σ |z|^(2i+1)/(2i+1) with the contract's floors for z = ±magnitude: floors for z ≥ 0, and for
 * z < 0 ceilings of the magnitudes (floor(−m / d) = −ceil(m / d)). |z| < 1e36, so the sum is
 * below 2^256 and twice it stays inside 257 bits. Once a term is below 2^44 the rest of the
 * series runs on numbers with {@link certifiedQuotient}.
 */
function ln36Series(magnitude: bigint, ceil: boolean): bigint {
  const zSquared = (magnitude * magnitude * RECIPROCAL_36) >> SHIFT_36 // floor(z² / 1e36)
  // num·(z²·R36) >> 360 = floor(num·z² / 1e36): one product per term; + CEILING_36 for ceilings.
  const weight = zSquared * RECIPROCAL_36
  const round = ceil ? CEILING_36 : 0n
  let num = magnitude
  let seriesSum = magnitude
  let i = 0
  for (; i < 7; i++) {
    if (num < NUMBER_LIMIT) break
    num = (num * weight + round) >> SHIFT_36
    const divisor = LN36_DIVISORS[i] as bigint
    seriesSum += ceil ? (num + (LN36_DIVISORS_LESS_ONE[i] as bigint)) / divisor : num / divisor
  }
  if (i === 7 || num === 0n) return seriesSum
  // num < 2^44: the remaining terms, each a floor (ceiling) of num·z² / 1e36 below 2^44.
  let small = Number(num)
  const squareNumber = Number(zSquared)
  let tail = 0
  for (; i < 7; i++) {
    const next = certifiedQuotient(small, squareNumber, 1e36, ceil)
    if (next < 0) {
      // Too close to an integer to decide with numbers: finish with bigints from here.
      num = BigInt(small)
      for (; i < 7; i++) {
        num = (num * weight + round) >> SHIFT_36
        const divisor = LN36_DIVISORS[i] as bigint
        seriesSum += ceil ? (num + (LN36_DIVISORS_LESS_ONE[i] as bigint)) / divisor : num / divisor
      }
      break
    }
    small = next
    if (small === 0) break
    const divisor = LN36_NUMBER_DIVISORS[i] as number
    // small < 2^44 and divisor ≤ 15: the quotient's rounding error (below 2^-10) is less than
    // its distance 1/divisor to the next integer, so Math.floor/ceil are exact.
    tail += ceil ? Math.ceil(small / divisor) : Math.floor(small / divisor)
  }
  return seriesSum + BigInt(tail)
}

/** FB `__fp_math::ln_36` for any x (x ≤ 0 or x·1e18 past 257 bits): floors toward −∞. */
function ln36General(x: bigint): bigint {
  const scaled = int257(x * ONE_18)
  const z = floorDiv((scaled - ONE_36) * ONE_36, scaled + ONE_36)
  const zSquared = floorDiv(z * z, ONE_36)
  let num = z
  let seriesSum = z
  for (const divisor of LN36_DIVISORS) {
    num = floorDiv(num * zSquared, ONE_36)
    seriesSum += floorDiv(num, divisor)
  }
  return int257(2n * seriesSum)
}
