import { BaseError } from './BaseError.js'
import { EXIT_CODES, type ExitCodeName } from './exitCodes.js'

/**
 * Why a pool operation fails without a contract exit code: the contract refunds or keeps the
 * tokens, but no number is thrown.
 */
export type PoolFailureWithoutExitCode =
  /** A provision would mint no LP tokens (below `min_lp_out`, which is at least 1). */
  | 'zero_liquidity'
  /** A provision would push a reserve or the LP supply over 2^120 - 1. */
  | 'reserve_overflow'

/** Every reason a {@link PoolMathError} can carry. */
export type PoolMathErrorReason = ExitCodeName | PoolFailureWithoutExitCode

/**
 * A pool operation that the contract would reject: it throws (e.g. `97` max in ratio, `4`
 * integer overflow) or refunds (e.g. `swap_refund_slippage`). `code` is the upper-case reason,
 * stable across releases; `exitCode` is the contract's number where one exists.
 *
 * @example
 * ```ts
 * try { swap(pool, { side: 0, amountIn: 1n }) } catch (e) {
 *   if (e instanceof PoolMathError) console.log(e.code, e.exitCode)
 *   // 'SWAP_REFUND_0_OUT' 1603617844
 * }
 * ```
 */
export class PoolMathError extends BaseError {
  override readonly name = 'PoolMathError'
  /** Upper-case form of {@link PoolMathError.reason}, e.g. `'MAX_IN_RATIO'`. */
  readonly code: Uppercase<PoolMathErrorReason>
  /** The contract's reason name, e.g. `'max_in_ratio'`. */
  readonly reason: PoolMathErrorReason
  /** The contract's exit code (thrown or carried in the refund), when one exists. */
  readonly exitCode: number | undefined

  constructor({
    reason,
    operation,
    details,
    cause,
  }: {
    reason: PoolMathErrorReason
    operation: string
    details?: string
    cause?: unknown
  }) {
    const exitCode = reason in EXIT_CODES ? EXIT_CODES[reason as ExitCodeName] : undefined
    super(`The pool rejects this ${operation}: ${reason}.`, {
      meta: exitCode === undefined ? [] : [`exit code: ${exitCode}`],
      details,
      cause,
    })
    this.reason = reason
    this.code = reason.toUpperCase() as Uppercase<PoolMathErrorReason>
    this.exitCode = exitCode
  }
}
