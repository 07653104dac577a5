import { BaseError } from '../../core/errors/BaseError.js'

/**
 * Stable codes of {@link ForkError}.
 *
 * @example
 * ```ts
 * const code: ForkErrorCode = 'FORK_UNAVAILABLE'
 * ```
 */
export type ForkErrorCode =
  /** The upstream did not answer after the retries (rate limits, 5xx, timeouts): try later. */
  | 'FORK_UNAVAILABLE'
  /** The upstream refused a request (a bad key, an unknown method it needs, a bad parameter). */
  | 'FORK_REJECTED'
  /** The upstream no longer keeps the state at the fork's block (not an archival node). */
  | 'FORK_STATE_NOT_KEPT'
  /** The upstream answered something that fails its own checks (a library's hash, a BoC). */
  | 'FORK_INVALID_DATA'
  /** The database is a fork of another upstream or block than the one asked for. */
  | 'FORK_MISMATCH'

/**
 * A forked chain could not load what it needed from its upstream. Thrown by the fork's storage
 * in the middle of a message chain; the live chain then restores the state from before the
 * job (nothing half-executed is journaled) and answers `LIVE_CHAIN_FORK_UNAVAILABLE` (503).
 * `retryable` says whether asking again later may help.
 *
 * @example
 * ```ts
 * throw new ForkError({ code: 'FORK_UNAVAILABLE', message: 'getShardAccountCell: 429 Ratelimit exceed (5 attempts)' })
 * ```
 */
export class ForkError extends BaseError {
  override readonly name = 'ForkError'
  readonly code: ForkErrorCode
  /** True for `FORK_UNAVAILABLE`: the upstream may answer later. */
  readonly retryable: boolean

  constructor(p: { code: ForkErrorCode; message: string; cause?: unknown }) {
    super(p.message, { cause: p.cause })
    this.code = p.code
    this.retryable = p.code === 'FORK_UNAVAILABLE'
  }
}

/**
 * The {@link ForkError} behind a failure, following `cause` links (a job may wrap it).
 *
 * @example
 * ```ts
 * forkErrorOf(new Error('swap failed', { cause: forkError })) // forkError
 * forkErrorOf(new TypeError('x')) // undefined
 * ```
 */
export function forkErrorOf(error: unknown): ForkError | undefined {
  for (let e = error, depth = 0; e !== undefined && e !== null && depth < 8; depth++) {
    if (e instanceof ForkError) return e
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}
