import { BaseError } from '../core/errors/BaseError.js'

/** Stable codes of {@link FatalIndexError}: asking again cannot help. */
export type FatalIndexErrorCode =
  /** The indexer's own code failed on a transaction (a decoding or replay bug). */
  | 'INDEX_FAILED'
  /** A pool's answer contradicts the replayed math, or a ledger its own history. */
  | 'INDEX_CONTRADICTION'

/**
 * Indexing cannot go on: a bug, or a contradiction between the chain and the index (a source
 * that fails is a `FatalSourceError` of `upstream/`). The follower stops loudly with the transaction named (never files
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
