import { BaseError } from '../core/errors/BaseError.js'

/**
 * Why a local exchange helper failed.
 *
 * @example
 * ```ts
 * error.reason // 'invalid_request'
 * ```
 */
export type LocalDexErrorReason =
  /** A transaction of the flow failed where the exchange never fails (e.g. out of gas). */
  | 'unexpected_failure'
  /** The flow finished without the message that reports its outcome. */
  | 'no_outcome'
  /** The request does not fit the router (e.g. a DEX v1 router with pTON v2). */
  | 'invalid_request'
  /** A get-method threw. */
  | 'get_method_failed'

/**
 * A `createLocalDex` helper could not complete or interpret a flow. Refunds and other outcomes
 * the real contracts produce are NOT errors: they come back in the receipt with their exit code.
 * `cause` keeps the underlying error (for `get_method_failed`, the sandbox's `GetMethodError`,
 * whose TVM exit code is also copied to `exitCode`).
 *
 * @example
 * ```ts
 * await dex.swap(routerV1, { from: alice, offer: ton, ask: usdt, amount: 1n, ptonV2 })
 * // throws LocalDexError { code: 'LOCAL_DEX_INVALID_REQUEST' }
 * await dex.poolState(missingPool) // a getter that throws:
 * // LocalDexError { code: 'LOCAL_DEX_GET_METHOD_FAILED', exitCode: 11, cause: GetMethodError }
 * ```
 */
export class LocalDexError extends BaseError {
  override readonly name = 'LocalDexError'
  readonly code: `LOCAL_DEX_${Uppercase<LocalDexErrorReason>}`
  readonly reason: LocalDexErrorReason
  /** The TVM exit code of a failed get-method (`get_method_failed`), when it ran. */
  readonly exitCode: number | undefined

  constructor({
    reason,
    message,
    details,
    cause,
    exitCode,
  }: {
    reason: LocalDexErrorReason
    message: string
    details?: string
    cause?: unknown
    exitCode?: number | undefined
  }) {
    super(message, {
      details,
      cause,
      meta: exitCode === undefined ? undefined : [`exit code: ${exitCode}`],
    })
    this.reason = reason
    this.exitCode = exitCode
    this.code = `LOCAL_DEX_${reason.toUpperCase() as Uppercase<LocalDexErrorReason>}`
  }
}
