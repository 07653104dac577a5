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
 *
 * @example
 * ```ts
 * await dex.swap(routerV1, { from: alice, offer: ton, ask: usdt, amount: 1n, ptonV2 })
 * // throws LocalDexError { code: 'LOCAL_DEX_INVALID_REQUEST' }
 * ```
 */
export class LocalDexError extends BaseError {
  override readonly name = 'LocalDexError'
  readonly code: `LOCAL_DEX_${Uppercase<LocalDexErrorReason>}`
  readonly reason: LocalDexErrorReason

  constructor({
    reason,
    message,
    details,
  }: {
    reason: LocalDexErrorReason
    message: string
    details?: string
  }) {
    super(message, { details })
    this.reason = reason
    this.code = `LOCAL_DEX_${reason.toUpperCase() as Uppercase<LocalDexErrorReason>}`
  }
}
