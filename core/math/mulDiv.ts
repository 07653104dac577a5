import { PoolMathError } from '../errors/PoolMathError.js'

/** Lower bound of a TVM integer: -2^256. */
export const INT257_MIN = -(1n << 256n)
/** Upper bound of a TVM integer: 2^256 - 1. */
export const INT257_MAX = (1n << 256n) - 1n

/**
 * TVM division `a / b`: the quotient rounded toward minus infinity (floor), also for negative
 * operands — unlike JavaScript's `/`, which truncates toward zero. Division by zero raises
 * the TVM's integer overflow (exit code 4).
 *
 * @example
 * ```ts
 * floorDiv(7n, 2n) // 3n
 * floorDiv(-7n, 2n) // -4n (JavaScript's -7n / 2n is -3n)
 * ```
 */
export function floorDiv(a: bigint, b: bigint): bigint {
  if (b === 0n) throw divisionByZero()
  // Non-negative operands: truncation is floor.
  if (a >= 0n && b > 0n) return a / b
  const q = a / b
  // Truncation rounded up when the exact quotient is negative and inexact.
  return a < 0n !== b < 0n && q * b !== a ? q - 1n : q
}

/**
 * TVM `divc` / `^/`: the quotient rounded toward plus infinity (ceil). Division by zero raises
 * exit code 4.
 *
 * @example
 * ```ts
 * ceilDiv(7n, 2n) // 4n
 * ceilDiv(-7n, 2n) // -3n
 * ```
 */
export function ceilDiv(a: bigint, b: bigint): bigint {
  // Non-negative numerator, positive divisor (the usual case): (a + b − 1) / b truncates to the
  // ceiling in one division, with no multiply-back.
  if (a >= 0n && b > 0n) return (a + b - 1n) / b
  return -floorDiv(-a, b)
}

/**
 * TVM `muldiv(a, b, c)`: floor(a·b / c) with an unbounded intermediate.
 *
 * @example
 * ```ts
 * mulDivFloor(1_000_000_000n, 9_980n, 10_000n) // 998000000n
 * ```
 */
export function mulDivFloor(a: bigint, b: bigint, c: bigint): bigint {
  return floorDiv(a * b, c)
}

/**
 * TVM `muldivc(a, b, c)`: ceil(a·b / c) with an unbounded intermediate.
 *
 * @example
 * ```ts
 * mulDivCeil(1_992_015_968n, 10n, 10_000n) // 1992016n
 * ```
 */
export function mulDivCeil(a: bigint, b: bigint, c: bigint): bigint {
  return ceilDiv(a * b, c)
}

/**
 * Range-checks a value the way the TVM checks every arithmetic result: outside the signed
 * 257-bit range it raises integer overflow (exit code 4).
 *
 * @example
 * ```ts
 * int257(1n << 255n) // 57896044618658097711785492504343953926634992332820282019728792003956564819968n
 * int257(1n << 256n) // throws PoolMathError { code: 'INTEGER_OVERFLOW', exitCode: 4 }
 * ```
 */
export function int257(value: bigint): bigint {
  if (value > INT257_MAX || value < INT257_MIN) {
    throw new PoolMathError({
      reason: 'integer_overflow',
      operation: 'computation',
      details: 'an intermediate value left the signed 257-bit range',
    })
  }
  return value
}

function divisionByZero(): PoolMathError {
  return new PoolMathError({
    reason: 'integer_overflow',
    operation: 'computation',
    details: 'division by zero',
  })
}
