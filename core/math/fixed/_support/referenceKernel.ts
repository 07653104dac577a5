import { floorDiv, int257 } from '../../mulDiv.js'
import { fmul } from '../arithmetic.js'
import { FIXED_POINT, LOG_EXP_TABLE } from '../constants.js'
import { mathError } from '../mathError.js'

/*
 * The fixed-point kernel as it was before the fast kernel (ln.ts, exp.ts, pow.ts): a literal,
 * slower transcription of the contract's floor chain, kept unchanged as the oracle the tests and
 * `bench:core` compare the fast kernel with. Not exported from `core/index.ts`, nothing in the
 * library calls it, and `_support` folders are left out of the build.
 */

const {
  ONE_18,
  ONE_20,
  ONE_36,
  E_18,
  LN_36_LOWER_BOUND,
  LN_36_UPPER_BOUND,
  MILD_EXPONENT_BOUND,
  MIN_NATURAL_EXPONENT,
  MAX_NATURAL_EXPONENT,
  MAX_POW_RELATIVE_ERROR,
} = FIXED_POINT
const { x0, a0, x1, a1, a0Scaled, a1Scaled, xN, aN, expSeriesDivisors } = LOG_EXP_TABLE

/** `ln` reduces with a2..a11 (all ten table entries). */
const LN_TABLE_SIZE = 10
/** The odd divisors 3, 5, …, 15 of the ln36 series (created once). */
const LN36_SERIES_DIVISORS: readonly bigint[] = [3n, 5n, 7n, 9n, 11n, 13n, 15n]

/**
 * Natural logarithm of an 18-decimal number, 18 decimals out (FB `__fp_math::ln`, the routine
 * `pow` uses; `docs/contracts.md` §2.7). Below 1 it returns −referenceLn(floor(1e36 / a)). From 1 up it
 * divides out e^128 and e^64 (no decimals), moves to 20 decimals, divides out e^(2^k) for
 * k = 5..−4 with `muldiv`, then sums 6 terms of the atanh series 2·Σ z^(2i+1)/(2i+1) with
 * z = (a − 1)/(a + 1), every step floored, and finally floors (sum)/100.
 *
 * Unlike FB's public `math::fp::ln` this has no exact shortcuts for 1 and e and does not switch
 * to {@link ln36} near 1; it rejects non-positive input as that wrapper does.
 *
 * @example
 * ```ts
 * referenceLn(2_000_000_000_000_000_000n) // 693147180559945309n (ln 2 = 0.693147180559945309417…)
 * referenceLn(500_000_000_000_000_000n) // -693147180559945309n
 * ```
 * @throws {PoolMathError} `LN_OUT_OF_BOUNDS` (50005) when `a ≤ 0`; `INTEGER_OVERFLOW` (4)
 *   above 2^256 − 1.
 */
export function referenceLn(a: bigint): bigint {
  if (a <= 0n) throw mathError('ln_out_of_bounds', `ln(${a}) needs a > 0`)
  int257(a)
  // floor: positive operands.
  return a < ONE_18 ? -referenceLnAtLeastOne(ONE_36 / a) : referenceLnAtLeastOne(a)
}

/** `__fp_math::ln` for a ≥ 1e18: every intermediate is non-negative, so `/` is the floor. */
function referenceLnAtLeastOne(a: bigint): bigint {
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
  for (let n = 0; n < LN_TABLE_SIZE; n++) {
    const an = aN[n] as bigint
    if (a >= an) {
      a = (a * ONE_20) / an // floor: positive operands (muldiv)
      sum += xN[n] as bigint
    }
  }
  // a ≥ 1e20 here, so z ≥ 0 and every division below is a floor of non-negative operands.
  const z = ((a - ONE_20) * ONE_20) / (a + ONE_20)
  const zSquared = (z * z) / ONE_20
  let num = z
  let seriesSum = z
  num = (num * zSquared) / ONE_20
  seriesSum += num / 3n
  num = (num * zSquared) / ONE_20
  seriesSum += num / 5n
  num = (num * zSquared) / ONE_20
  seriesSum += num / 7n
  num = (num * zSquared) / ONE_20
  seriesSum += num / 9n
  num = (num * zSquared) / ONE_20
  seriesSum += num / 11n
  seriesSum *= 2n
  return (sum + seriesSum) / 100n // floor: non-negative operands
}

/**
 * Natural logarithm with 36 decimals out, for an 18-decimal `x` near 1 (FB `__fp_math::ln_36`;
 * `pow` uses it for 0.9 < x < 1.1): X = x·1e18, z = floor((X − 1e36)·1e36 / (X + 1e36)),
 * then 2·Σ z^(2i+1)/(2i+1) for i = 0..7. Below 1 the terms are negative and every division
 * floors toward −∞ as the TVM does.
 *
 * @example
 * ```ts
 * referenceLn36(1_050_000_000_000_000_000n) // 48790164169432003065374404178136230n (ln 1.05, 36 decimals)
 * referenceLn36(950_000_000_000_000_000n) // -51293294387550533426196144149312070n (ln 0.95)
 * ```
 * @throws {PoolMathError} `INTEGER_OVERFLOW` (4) when x = −1 (division by zero) or an
 *   intermediate leaves 257 bits.
 */
export function referenceLn36(x: bigint): bigint {
  const scaled = int257(x * ONE_18)
  // floor toward −∞: negative below 1 (TVM muldiv).
  const z = floorDiv((scaled - ONE_36) * ONE_36, scaled + ONE_36)
  // Every term z^(2i+1)/(2i+1) has the sign of z. Below 1 the series runs on |z| with CEILING
  // divisions, since floor(−m / d) = −ceil(m / d): the same floors as the TVM's, without the
  // slow negative path of a general floor division.
  const magnitude = z < 0n ? -z : z
  const zSquared = (magnitude * magnitude) / ONE_36 // floor: non-negative operands
  const round = z < 0n ? ONE_36 - 1n : 0n // add d − 1 before dividing: a ceiling
  let num = magnitude
  let seriesSum = magnitude
  for (let i = 0; i < LN36_SERIES_DIVISORS.length; i++) {
    const divisor = LN36_SERIES_DIVISORS[i] as bigint
    num = (num * zSquared + round) / ONE_36
    seriesSum += z < 0n ? (num + divisor - 1n) / divisor : num / divisor
  }
  return int257(z < 0n ? -2n * seriesSum : 2n * seriesSum)
}

/** `exp` reduces with a2..a9 only (the first eight table entries). */
const EXP_TABLE_SIZE = 8
/** floor(1e36 / e): referenceExp(−1), returned without the series as FB does. */
const INVERSE_E_18 = ONE_36 / E_18

/**
 * e^x for an 18-decimal `x` in [−41, 130], 18 decimals out (FB `math::fp::exp`;
 * `docs/contracts.md` §2.7). referenceExp(1) is exactly 2718281828459045235. A negative argument returns
 * floor(1e36 / e^−x). Otherwise it takes out e^128 or e^64 (no decimals), moves to 20
 * decimals, multiplies in e^(2^k) for k = 5..−2 with floored `muldiv`s, adds the Taylor
 * series up to the 12th term (each term floored), and floors the product back to 18 decimals.
 *
 * @example
 * ```ts
 * referenceExp(1_000_000_000_000_000_000n) // 2718281828459045235n
 * referenceExp(2_000_000_000_000_000_000n) // 7389056098930650227n (e² = 7.389056098930650227…)
 * referenceExp(-1_000_000_000_000_000_000n) // 367879441171442321n
 * ```
 * @throws {PoolMathError} `INVALID_EXPONENT` (50004) outside [−41e18, 130e18].
 */
export function referenceExp(x: bigint): bigint {
  if (x === ONE_18) return E_18
  if (x < MIN_NATURAL_EXPONENT || x > MAX_NATURAL_EXPONENT) {
    throw mathError('invalid_exponent', `exp(${x}) needs -41e18 <= x <= 130e18`)
  }
  if (x < 0n) {
    // floor: positive operands; −x ≤ 41e18 is inside the range FB checks again here.
    return -x === ONE_18 ? INVERSE_E_18 : ONE_36 / referenceExpNonNegative(-x)
  }
  return referenceExpNonNegative(x)
}

/** FB `exp` for 0 ≤ x ≤ 130e18: every intermediate is non-negative, so `/` is the floor. */
function referenceExpNonNegative(x: bigint): bigint {
  let firstAn: bigint
  if (x >= x0) {
    x -= x0
    firstAn = a0
  } else if (x >= x1) {
    x -= x1
    firstAn = a1
  } else {
    firstAn = 1n
  }
  x *= 100n // x < 64e18 here: no range check needed
  let product = ONE_20
  for (let n = 0; n < EXP_TABLE_SIZE; n++) {
    const xn = xN[n] as bigint
    if (x >= xn) {
      x -= xn
      product = (product * (aN[n] as bigint)) / ONE_20 // floor: positive operands (muldiv)
    }
  }
  let seriesSum = ONE_20 + x
  let term = x
  for (let k = 0; k < 11; k++) {
    term = (term * x) / (expSeriesDivisors[k] as bigint) // floor: term·x / (1e20·(k + 2))
    seriesSum += term
  }
  // floor: positive operands (two muldivs).
  return (((product * seriesSum) / ONE_20) * firstAn) / 100n
}

const TWO_18 = 2n * ONE_18
const FOUR_18 = 4n * ONE_18

/**
 * x^y for 18-decimal `x ≥ 0` and `y` (FB `math::fp::pow`; `docs/contracts.md` §2.7), computed as
 * referenceExp(y·ln x): y = 0 gives 1, x = 0 gives 0, x = 1 gives 1. For 0.9 < x < 1.1 it uses the
 * 36-decimal {@link ln36} split into floor(l / 1e18)·y + floor((l mod 1e18)·y / 1e18) (floor
 * division and floor modulo, as the TVM does for negative l); otherwise referenceLn(x)·y. The product is
 * floored to 18 decimals, must lie in [−41, 130], and goes through {@link exp}.
 *
 * @example
 * ```ts
 * referencePow(2_000_000_000_000_000_000n, 500_000_000_000_000_000n) // 1414213562373095047n (√2)
 * referencePow(4_000_000_000_000_000_000n, -500_000_000_000_000_000n) // 500000000000000000n
 * ```
 * @throws {PoolMathError} `X_OUT_OF_BOUNDS` (50001) for a negative `x` (or one ≥ 2^256),
 *   `Y_OUT_OF_BOUNDS` (50002) for y ≥ floor(2^254 / 1e20), `PRODUCT_OUT_OF_BOUNDS` (50003)
 *   when y·ln x leaves [−41, 130], `INTEGER_OVERFLOW` (4) when referenceLn(x)·y leaves 257 bits.
 */
export function referencePow(x: bigint, y: bigint): bigint {
  if (y === 0n) return ONE_18
  if (x === 0n) return 0n
  if (x === ONE_18) return ONE_18
  // TVM `x >> 256 == 0`: false for any negative x (the arithmetic shift gives −1).
  if (x >> 256n !== 0n) throw mathError('x_out_of_bounds', `pow base ${x} is outside 0..2^256-1`)
  if (y >= MILD_EXPONENT_BOUND) {
    throw mathError('y_out_of_bounds', `pow exponent ${y} is at least 2^254 / 1e20`)
  }
  let logTimesY: bigint
  if (LN_36_LOWER_BOUND < x && x < LN_36_UPPER_BOUND) {
    const l = referenceLn36(x)
    // floor division and floor modulo toward −∞ (l is negative below 1).
    const whole = floorDiv(l, ONE_18)
    const fraction = l - whole * ONE_18
    logTimesY = int257(whole * y) + floorDiv(fraction * y, ONE_18)
  } else {
    logTimesY = int257(referenceLn(x) * y)
  }
  logTimesY = floorDiv(logTimesY, ONE_18) // floor toward −∞ (TVM `/=`)
  if (logTimesY < MIN_NATURAL_EXPONENT || logTimesY > MAX_NATURAL_EXPONENT) {
    throw mathError('product_out_of_bounds', `pow(${x}, ${y}): y·ln(x) is outside [-41, 130]`)
  }
  return referenceExp(logTimesY)
}

/**
 * x^y rounded UP for weighted math (FB `math::fp::ow_pow_up`): exponent 2 → fmul(x, x),
 * exponent 4 → fmul(x², x²) (no error margin), else referencePow(x, y) + fmul(referencePow(x, y), 10000) + 1.
 *
 * @example
 * ```ts
 * referencePowUp(2_000_000_000_000_000_000n, 500_000_000_000_000_000n) // 1414213562373109190n
 * referencePowUp(3_000_000_000_000_000_000n, 2_000_000_000_000_000_000n) // 9000000000000000000n
 * ```
 * @throws {PoolMathError} as {@link pow}.
 */
export function referencePowUp(x: bigint, y: bigint): bigint {
  if (y === TWO_18) return fmul(x, x)
  if (y === FOUR_18) {
    const square = fmul(x, x)
    return fmul(square, square)
  }
  const raw = referencePow(x, y)
  return raw + fmul(raw, MAX_POW_RELATIVE_ERROR) + 1n
}

/**
 * x^y rounded DOWN for weighted math (FB `math::fp::ow_pow`): exponent 2 → fmul(x, x),
 * exponent 4 → fmul(x², x²), else referencePow(x, y) − (fmul(referencePow(x, y), 10000) + 1), or 0 when that
 * margin exceeds the raw power.
 *
 * @example
 * ```ts
 * referencePowDown(2_000_000_000_000_000_000n, 500_000_000_000_000_000n) // 1414213562373080904n
 * referencePowDown(1n, 989_000_000_000_000_000n) // 0n (raw 1 minus its margin 1)
 * ```
 * @throws {PoolMathError} as {@link pow}.
 */
export function referencePowDown(x: bigint, y: bigint): bigint {
  if (y === TWO_18) return fmul(x, x)
  if (y === FOUR_18) {
    const square = fmul(x, x)
    return fmul(square, square)
  }
  const raw = referencePow(x, y)
  const maxError = fmul(raw, MAX_POW_RELATIVE_ERROR) + 1n
  return raw < maxError ? 0n : raw - maxError
}
