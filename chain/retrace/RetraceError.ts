import { BaseError } from '../../core/errors/BaseError.js'

/**
 * Stable codes of {@link RetraceError}.
 *
 * @example
 * ```ts
 * const code: RetraceErrorCode = 'RETRACE_NOT_FOUND'
 * ```
 */
export type RetraceErrorCode =
  /** The transaction named is malformed (a hash of the wrong length, an address that does not parse). */
  | 'RETRACE_BAD_INPUT'
  /** The upstream does not have the transaction named (an unknown hash, an address without that lt). */
  | 'RETRACE_NOT_FOUND'
  /** The upstream refused a method retrace needs (a method it lacks, history or archive state it does not keep). */
  | 'RETRACE_UPSTREAM_REJECTED'
  /** The upstream did not answer after the retries (rate limits, 5xx, timeouts): try later. */
  | 'RETRACE_UPSTREAM_UNAVAILABLE'
  /** The upstream answered something that fails its own checks (a BoC that is not its hash). */
  | 'RETRACE_INVALID_DATA'

/**
 * A transaction could not be retraced: bad input, or an upstream that cannot answer (the CLI's
 * exit status 2). `field` names the input at fault, `method` the upstream method.
 *
 * @example
 * ```ts
 * throw new RetraceError({ code: 'RETRACE_BAD_INPUT', field: 'tx', message: "tx: 'abc' is neither a 64-hex / 44-base64 hash nor <address>:<lt>" })
 * ```
 */
export class RetraceError extends BaseError {
  override readonly name = 'RetraceError'
  readonly code: RetraceErrorCode
  /** The input at fault (`tx`, `lt`, `address`), when one is. */
  readonly field: string | undefined
  /** The upstream method that refused or did not answer, when one did. */
  readonly method: string | undefined
  /** True for `RETRACE_UPSTREAM_UNAVAILABLE`: asking later may help. */
  readonly retryable: boolean

  constructor(p: {
    code: RetraceErrorCode
    message: string
    field?: string | undefined
    method?: string | undefined
    cause?: unknown
  }) {
    super(p.message, { cause: p.cause })
    this.code = p.code
    this.field = p.field
    this.method = p.method
    this.retryable = p.code === 'RETRACE_UPSTREAM_UNAVAILABLE'
  }
}
