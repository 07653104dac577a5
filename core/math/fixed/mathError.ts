import { PoolMathError, type PoolMathErrorReason } from '../../errors/PoolMathError.js'

/**
 * The {@link PoolMathError} a contract math routine throws with `reason`'s exit code (e.g.
 * `x_out_of_bounds` → 50001). Built only on the failure path, never on a hot path.
 *
 * @example
 * ```ts
 * throw mathError('zero_division', 'fdiv by 0')
 * // PoolMathError { code: 'ZERO_DIVISION', exitCode: 50008 }
 * ```
 */
export function mathError(reason: PoolMathErrorReason, details: string): PoolMathError {
  return new PoolMathError({ reason, operation: 'computation', details })
}
