import { certifiedQuotient, NUMBER_LIMIT } from './certifiedQuotient.js'
import { FIXED_POINT, LOG_EXP_TABLE } from './constants.js'
import { mathError } from './mathError.js'

const { ONE_18, ONE_20, ONE_36, E_18, MIN_NATURAL_EXPONENT, MAX_NATURAL_EXPONENT } = FIXED_POINT
const { x0, a0, x1, a1, xN, aN } = LOG_EXP_TABLE
/** `exp` reduces with a2..a9 only (the first eight table entries). */
const EXP_TABLE_SIZE = 8
/** floor(1e36 / e): exp(−1), returned without the series as FB does. */
const INVERSE_E_18 = ONE_36 / E_18
/** x9 = 0.25 (20 decimals), the smallest table entry exp uses: below it none applies. */
const SMALLEST_XN = xN[EXP_TABLE_SIZE - 1] as bigint
/** 1e20 = 2^20·5^20 with 5^20 below 2^64. */
const FIVE_20 = 5n ** 20n
/** 5^20·k for k = 2..12: floor(t / (1e20·k)) = floor((t >> 20) / (5^20·k)), one machine word. */
const SERIES_DIVISORS: readonly bigint[] = Array.from(
  { length: 11 },
  (_, i) => FIVE_20 * BigInt(i + 2),
)

/**
 * The table product for every set of a2..a9 the reduction can take out. The entries x2..x9 are
 * 32, 16, …, 1/4 (20 decimals), so on x < 64 the contract's greedy "subtract x_n when x ≥ x_n"
 * takes out exactly the binary digits of q = floor(x / (1/4)): x_n applies when bit 7 − n of q
 * is set, and x − q/4 remains. Entry q is the contract's chain product = 1e20, then
 * product = floor(product·a_n / 1e20) for each applying n in increasing n: the chain depends
 * only on which entries apply, so looking it up gives exactly the floors the loop would take
 * (256 values computed once at load).
 */
const TABLE_PRODUCTS: readonly bigint[] = Array.from({ length: 1 << EXP_TABLE_SIZE }, (_, q) => {
  let product = ONE_20
  for (let n = 0; n < EXP_TABLE_SIZE; n++) {
    // floor: positive operands (muldiv).
    if ((q >> (EXP_TABLE_SIZE - 1 - n)) & 1) product = (product * (aN[n] as bigint)) / ONE_20
  }
  return product
})

/**
 * e^x for an 18-decimal `x` in [−41, 130], 18 decimals out (FB `math::fp::exp`;
 * `docs/contracts.md` §2.7). exp(1) is exactly 2718281828459045235. A negative argument returns
 * floor(1e36 / e^−x). Otherwise it takes out e^128 or e^64 (no decimals), moves to 20
 * decimals, multiplies in e^(2^k) for k = 5..−2 with floored `muldiv`s, adds the Taylor
 * series up to the 12th term (each term floored), and floors the product back to 18 decimals.
 * Every floor is the contract's, computed by cheaper exact equivalents
 * (`docs/math-v2-kinds.md`, "The fixed-point kernel").
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
    const minusX = -x
    return minusX === ONE_18 ? INVERSE_E_18 : ONE_36 / expNonNegative(minusX)
  }
  return expNonNegative(x)
}

/** FB `exp` for 0 ≤ x ≤ 130e18: every intermediate is non-negative, so `/` is the floor. */
function expNonNegative(x: bigint): bigint {
  let firstAn = 1n
  if (x >= x0) {
    x -= x0
    firstAn = a0
  } else if (x >= x1) {
    x -= x1
    firstAn = a1
  }
  x *= 100n // x < 64e18 here: no range check needed
  // The greedy reduction by 32, 16, …, 1/4 is the binary expansion of floor(x / (1/4)) (see
  // TABLE_PRODUCTS); one division by 0.25e20 (a machine word) finds it.
  let mask = 0
  if (x >= SMALLEST_XN) {
    const quarters = x / SMALLEST_XN // floor: positive operands; below 256 as x < 64e20
    x -= quarters * SMALLEST_XN
    mask = Number(quarters)
  }
  let seriesSum = ONE_20 + x
  let term = x
  let k = 0
  for (; k < 11; k++) {
    if (term < NUMBER_LIMIT) break
    // floor(term·x / (1e20·(k + 2))), nested floors through 2^20 then 5^20·(k + 2).
    term = ((term * x) >> 20n) / (SERIES_DIVISORS[k] as bigint)
    seriesSum += term
  }
  // Terms only shrink (x < 0.25e20); once one is below 2^44 the rest run on numbers.
  if (k < 11 && term !== 0n) seriesSum += seriesTail(term, x, k)
  // floor: positive operands (two muldivs); floor(n / 1e20) through 2^20 and 5^20. With no
  // table entry the product is 1e20 and floor(1e20·sum / 1e20) is the sum itself.
  const scaled =
    mask === 0 ? seriesSum : (((TABLE_PRODUCTS[mask] as bigint) * seriesSum) >> 20n) / FIVE_20
  return firstAn === 1n ? scaled / 100n : (scaled * firstAn) / 100n
}

/** 1e20·k for k = 2..12 as numbers (exact: 5^20·12 < 2^53). */
const SERIES_NUMBER_DIVISORS: readonly number[] = Array.from(
  { length: 11 },
  (_, i) => 1e20 * (i + 2),
)

/**
 * The exp series terms from index `k` on (term < 2^44): the sum of term_(j+1) =
 * floor(term_j·x / (1e20·(j + 2))) for j = k..10, each exact by {@link certifiedQuotient}, or by
 * bigints from the first one numbers cannot decide.
 */
function seriesTail(term: bigint, x: bigint, k: number): bigint {
  let small = Number(term)
  const xNumber = Number(x)
  let tail = 0
  for (; k < 11; k++) {
    const next = certifiedQuotient(small, xNumber, SERIES_NUMBER_DIVISORS[k] as number, false)
    if (next < 0) {
      let rest = BigInt(small)
      let sum = 0n
      for (; k < 11; k++) {
        rest = ((rest * x) >> 20n) / (SERIES_DIVISORS[k] as bigint)
        sum += rest
      }
      return BigInt(tail) + sum
    }
    if (next === 0) break
    small = next
    tail += small // each below 2^44, at most 11 of them: exact
  }
  return BigInt(tail)
}
