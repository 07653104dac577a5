import { floorDiv, int257 } from '../mulDiv.js'
import { FIXED_POINT } from './constants.js'
import { mathError } from './mathError.js'

const { ONE_18 } = FIXED_POINT

/**
 * Fixed-point product `floor(a·b / 1e18)` (FB `math::fp::mul`, a TVM `muldiv`: the 513-bit
 * intermediate cannot overflow, the quotient must fit 257 bits). Rounds DOWN (toward −∞ for a
 * negative product), never up — unlike Balancer's `mulUp` (`docs/contracts.md` §2.7).
 *
 * @example
 * ```ts
 * fmul(2_500_000_000_000_000_000n, 400_000_000_000_000_000n) // 1000000000000000000n (2.5 × 0.4)
 * fmul(-1n, 1n) // -1n (floor of −1e-18)
 * ```
 * @throws {PoolMathError} `INTEGER_OVERFLOW` (exit code 4) when the result leaves 257 bits.
 */
export function fmul(a: bigint, b: bigint): bigint {
  // floor, also for a negative product (TVM muldiv).
  return int257(floorDiv(a * b, ONE_18))
}

/**
 * Fixed-point quotient `floor(a·1e18 / b)` (FB `math::fp::div`, a TVM `muldiv`). Rounds DOWN.
 *
 * @example
 * ```ts
 * fdiv(800_000_000_000_000_000n, 200_000_000_000_000_000n) // 4000000000000000000n (0.8 / 0.2)
 * fdiv(1n, 0n) // throws PoolMathError { code: 'ZERO_DIVISION', exitCode: 50008 }
 * ```
 * @throws {PoolMathError} `ZERO_DIVISION` (50008) when `b` is 0; `INTEGER_OVERFLOW` (4) when
 *   the result leaves 257 bits.
 */
export function fdiv(a: bigint, b: bigint): bigint {
  if (b === 0n) throw mathError('zero_division', 'fdiv by zero')
  // floor, also for negative operands (TVM muldiv).
  return int257(floorDiv(a * ONE_18, b))
}

/**
 * Fixed-point quotient rounded UP for a positive numerator (FB `math::fp::div_up`):
 * 0 when `a` is 0, else `floor((a·1e18 − 1) / b) + 1`. `a·1e18` is a plain TVM multiplication,
 * range-checked.
 *
 * @example
 * ```ts
 * fdivUp(1_000_000_000_000_000_000n, 3_000_000_000_000_000_000n) // 333333333333333334n
 * fdivUp(0n, 7n) // 0n
 * ```
 * @throws {PoolMathError} `ZERO_DIVISION` (50008) when `b` is 0; `INTEGER_OVERFLOW` (4) when
 *   `a·1e18` leaves 257 bits.
 */
export function fdivUp(a: bigint, b: bigint): bigint {
  if (b === 0n) throw mathError('zero_division', 'fdivUp by zero')
  if (a === 0n) return 0n
  // floor (TVM `/`), also for negative operands; the +1 makes it a ceiling for a > 0.
  return floorDiv(int257(a * ONE_18) - 1n, b) + 1n
}

/**
 * `1e18 − x` for a fraction `0 ≤ x ≤ 1e18` (FB `math::fp::complement`).
 *
 * @example
 * ```ts
 * complement(800_000_000_000_000_000n) // 200000000000000000n
 * complement(1_000_000_000_000_000_001n) // throws PoolMathError { exitCode: 51002 }
 * ```
 * @throws {PoolMathError} `COMPLEMENT_OUT_OF_RANGE` (51002) outside 0..1e18.
 */
export function complement(x: bigint): bigint {
  if (x < 0n || x > ONE_18) {
    throw mathError('complement_out_of_range', `complement(${x}) needs 0 <= x <= 1e18`)
  }
  return ONE_18 - x
}

/**
 * Adds 18 decimals: `x·1e18` (FB `math::fp::from`), a plain TVM multiplication, range-checked.
 *
 * @example
 * ```ts
 * fixedFrom(5n) // 5000000000000000000n
 * ```
 * @throws {PoolMathError} `INTEGER_OVERFLOW` (4) when the product leaves 257 bits.
 */
export function fixedFrom(x: bigint): bigint {
  return int257(x * ONE_18)
}

/**
 * Removes 18 decimals rounding DOWN, toward −∞ also for negatives (FB `math::fp::to`, TVM `/`).
 *
 * @example
 * ```ts
 * fixedTo(2_999_999_999_999_999_999n) // 2n
 * fixedTo(-1n) // -1n (JavaScript's -1n / 10n ** 18n is 0n)
 * ```
 */
export function fixedTo(x: bigint): bigint {
  // floor toward −∞ (TVM `/`).
  return floorDiv(x, ONE_18)
}
