import { BaseError } from '../core/errors/BaseError.js'

/** Stable codes of {@link RetryableSourceError}: the source may answer later. */
export type RetryableSourceErrorCode =
  /** The upstream could not be reached, or answered 5xx. */
  | 'SOURCE_UNAVAILABLE'
  /** The upstream refused for its rate limit (HTTP 429). */
  | 'SOURCE_RATE_LIMITED'
  /** No answer within the request timeout. */
  | 'SOURCE_TIMEOUT'
  /** The block (or transaction) asked for is not final at the upstream yet. */
  | 'SOURCE_NOT_READY'
  /** An answer left out a transaction (its account's next transaction links to it). */
  | 'SOURCE_INCOMPLETE'

/**
 * A chain source could not deliver now but may later: a network failure, a 5xx, a timeout, a
 * rate limit, a block that is not final yet, a head that went backwards (a load balancer's
 * lagging replica). The follower backs off and asks again for the same range — a range is
 * never skipped.
 *
 * @example
 * ```ts
 * throw new RetryableSourceError({ code: 'SOURCE_RATE_LIMITED', message: 'getBlockHeader: 429 Ratelimit exceed', retryAfterMs: 1000 })
 * ```
 */
export class RetryableSourceError extends BaseError {
  override readonly name = 'RetryableSourceError'
  readonly code: RetryableSourceErrorCode
  /** Always true: ask again after a backoff. */
  readonly retryable = true
  /** The upstream's own hint (`Retry-After`), when it gave one. */
  readonly retryAfterMs: number | undefined

  constructor(p: {
    code: RetryableSourceErrorCode
    message: string
    retryAfterMs?: number | undefined
    cause?: unknown
  }) {
    super(p.message, { cause: p.cause })
    this.code = p.code
    this.retryAfterMs = p.retryAfterMs
  }
}

/** Stable codes of {@link FatalSourceError}: asking the upstream again cannot help. */
export type FatalSourceErrorCode =
  /** The source delivered data that fails its own checks (a hash that is not the BoC's). */
  | 'SOURCE_INVALID_DATA'
  /** The source's history has a hole it cannot fill (pruned, or a broken previous-transaction link). */
  | 'SOURCE_GAP'
  /** The upstream refused the request itself (4xx other than 429: a bad key, an unknown method). */
  | 'SOURCE_REJECTED'

/**
 * The upstream cannot deliver, and asking again will not help: it refused the request (a bad
 * key, an unknown method, a bad parameter), delivered data that fails its own checks, or its
 * history has a hole. A follower stops loudly with the method or transaction named; a fork
 * answers 503; a one-off read fails with it. Different from {@link RetryableSourceError}.
 *
 * @example
 * ```ts
 * throw new FatalSourceError({ code: 'SOURCE_REJECTED', method: 'getShardAccountCell', message: 'getShardAccountCell: 422 Unknown method' })
 * ```
 */
export class FatalSourceError extends BaseError {
  override readonly name = 'FatalSourceError'
  readonly code: FatalSourceErrorCode
  /** Always false. */
  readonly retryable = false
  /** The upstream method refused, when one was. */
  readonly method: string | undefined
  /** The transaction at fault (hex hash), when one is. */
  readonly txHash: string | undefined

  constructor(p: {
    code: FatalSourceErrorCode
    message: string
    method?: string | undefined
    txHash?: string | undefined
    cause?: unknown
  }) {
    super(p.txHash === undefined ? p.message : `${p.message} (transaction ${p.txHash})`, {
      cause: p.cause,
    })
    this.code = p.code
    this.method = p.method
    this.txHash = p.txHash
  }
}

/**
 * Whether a failure may go away by asking again: only {@link RetryableSourceError}s do; anything
 * else — a {@link FatalSourceError}, an index contradiction, a store error, a bug — is fatal.
 *
 * @example
 * ```ts
 * isRetryable(new RetryableSourceError({ code: 'SOURCE_TIMEOUT', message: 'shards: no answer in 10000 ms' })) // true
 * isRetryable(new TypeError('x is undefined')) // false
 * ```
 */
export function isRetryable(error: unknown): error is RetryableSourceError {
  return error instanceof RetryableSourceError
}
