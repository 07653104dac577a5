import { floorDiv, int257 } from '../mulDiv.js'
import { FIXED_POINT, LOG_EXP_TABLE } from './constants.js'
import { mathError } from './mathError.js'

const { ONE_18, ONE_20, ONE_36 } = FIXED_POINT
const { x0, a0, x1, a1, a0Scaled, a1Scaled, xN, aN } = LOG_EXP_TABLE
/** `ln` reduces with a2..a11 (all ten table entries). */
const LN_TABLE_SIZE = 10
/** The odd divisors 3, 5, …, 15 of the ln36 series (created once). */
const LN36_SERIES_DIVISORS: readonly bigint[] = [3n, 5n, 7n, 9n, 11n, 13n, 15n]

/**
 * Natural logarithm of an 18-decimal number, 18 decimals out (FB `__fp_math::ln`, the routine
 * `pow` uses; `contracts.md` §2.7). Below 1 it returns −ln(floor(1e36 / a)). From 1 up it
 * divides out e^128 and e^64 (no decimals), moves to 20 decimals, divides out e^(2^k) for
 * k = 5..−4 with `muldiv`, then sums 6 terms of the atanh series 2·Σ z^(2i+1)/(2i+1) with
 * z = (a − 1)/(a + 1), every step floored, and finally floors (sum)/100.
 *
 * Unlike FB's public `math::fp::ln` this has no exact shortcuts for 1 and e and does not switch
 * to {@link ln36} near 1; it rejects non-positive input as that wrapper does.
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
  int257(a)
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
 * ln36(1_050_000_000_000_000_000n) // 48790164169432003065374404178136230n (ln 1.05, 36 decimals)
 * ln36(950_000_000_000_000_000n) // -51293294387550533426196144149312070n (ln 0.95)
 * ```
 * @throws {PoolMathError} `INTEGER_OVERFLOW` (4) when x = −1 (division by zero) or an
 *   intermediate leaves 257 bits.
 */
export function ln36(x: bigint): bigint {
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
