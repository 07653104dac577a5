import { FIXED_POINT, LOG_EXP_TABLE } from './constants.js'
import { mathError } from './mathError.js'

const { ONE_18, ONE_20, ONE_36, E_18, MIN_NATURAL_EXPONENT, MAX_NATURAL_EXPONENT } = FIXED_POINT
const { x0, a0, x1, a1, xN, aN, expSeriesDivisors } = LOG_EXP_TABLE
/** `exp` reduces with a2..a9 only (the first eight table entries). */
const EXP_TABLE_SIZE = 8
/** floor(1e36 / e): exp(−1), returned without the series as FB does. */
const INVERSE_E_18 = ONE_36 / E_18

/**
 * e^x for an 18-decimal `x` in [−41, 130], 18 decimals out (FB `math::fp::exp`;
 * `contracts.md` §2.7). exp(1) is exactly 2718281828459045235. A negative argument returns
 * floor(1e36 / e^−x). Otherwise it takes out e^128 or e^64 (no decimals), moves to 20
 * decimals, multiplies in e^(2^k) for k = 5..−2 with floored `muldiv`s, adds the Taylor
 * series up to the 12th term (each term floored), and floors the product back to 18 decimals.
 *
 * @example
 * ```ts
 * exp(1_000_000_000_000_000_000n) // 2718281828459045235n
 * exp(2_000_000_000_000_000_000n) // 7389056098930650227n (e² = 7.389056098930650227…)
 * exp(-1_000_000_000_000_000_000n) // 367879441171442321n
 * ```
 * @throws {PoolMathError} `INVALID_EXPONENT` (50004) outside [−41e18, 130e18].
 */
export function exp(x: bigint): bigint {
  if (x === ONE_18) return E_18
  if (x < MIN_NATURAL_EXPONENT || x > MAX_NATURAL_EXPONENT) {
    throw mathError('invalid_exponent', `exp(${x}) needs -41e18 <= x <= 130e18`)
  }
  if (x < 0n) {
    // floor: positive operands; −x ≤ 41e18 is inside the range FB checks again here.
    return -x === ONE_18 ? INVERSE_E_18 : ONE_36 / expNonNegative(-x)
  }
  return expNonNegative(x)
}

/** FB `exp` for 0 ≤ x ≤ 130e18: every intermediate is non-negative, so `/` is the floor. */
function expNonNegative(x: bigint): bigint {
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
