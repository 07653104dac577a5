import { BaseError } from '../../core/errors/BaseError.js'

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

/** Stable codes of {@link FatalIndexError}: asking again cannot help. */
export type FatalIndexErrorCode =
  /** The indexer's own code failed on a transaction (a decoding or replay bug). */
  | 'INDEX_FAILED'
  /** A pool's answer contradicts the replayed math, or a ledger its own history. */
  | 'INDEX_CONTRADICTION'
  /** The source delivered data that fails its own checks (a hash that is not the BoC's). */
  | 'SOURCE_INVALID_DATA'
  /** The source's history has a hole it cannot fill (pruned, or a broken previous-transaction link). */
  | 'SOURCE_GAP'
  /** The upstream refused the request itself (4xx other than 429: a bad key, an unknown method). */
  | 'SOURCE_REJECTED'

/**
 * Indexing cannot go on: a bug, a contradiction between the chain and the index, or a source
 * that delivers wrong data. The follower stops loudly with the transaction named (never files
 * it as a foreign transaction, never retries forever); nothing of the failed batch is stored.
 *
 * @example
 * ```ts
 * throw new FatalIndexError({ code: 'INDEX_CONTRADICTION', txHash: '5f0c…', message: 'swap paid 1992006009, the replay 1992006010' })
 * ```
 */
export class FatalIndexError extends BaseError {
  override readonly name = 'FatalIndexError'
  readonly code: FatalIndexErrorCode
  /** Always false. */
  readonly retryable = false
  /** The transaction at fault (hex hash), when one is. */
  readonly txHash: string | undefined

  constructor(p: {
    code: FatalIndexErrorCode
    message: string
    txHash?: string | undefined
    cause?: unknown
  }) {
    super(p.txHash === undefined ? p.message : `${p.message} (transaction ${p.txHash})`, {
      cause: p.cause,
    })
    this.code = p.code
    this.txHash = p.txHash
  }
}

/**
 * Whether a failure may go away by asking again: only {@link RetryableSourceError}s do; anything
 * else — a {@link FatalIndexError}, a store error, a bug — is fatal.
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
