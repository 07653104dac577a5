import type { Address, Transaction } from '@ton/core'
import type { DecodedBody } from '../../protocol/decode/DecodedBody.js'
import type { ResultCode } from '../../protocol/resultCodes.js'
import type { BlockRef } from '../../store/rows/historyRows.js'
import type { IndexBatch } from '../../store/rows/indexerRows.js'
import { FatalSourceError } from '../../upstream/errors.js'
import { FatalIndexError } from '../errors.js'

/**
 * Where a transaction's trace began: the external-in wallet transaction (or, for a trace cut by
 * the data's edge, the first transaction the index holds, marked `cut`).
 *
 * @example
 * ```ts
 * const origin: TraceOrigin = { hash: '9a1e…', lt: 46_000_041n, timestamp: '2025-11-25T10:00:07Z' }
 * ```
 */
export type TraceOrigin = {
  readonly hash: string
  readonly lt: bigint
  readonly timestamp: string
  /** The trace began before the data (its first transaction has an unknown sender). */
  readonly cut?: true
}

/**
 * One transaction as the indexer's loop hands it to the handlers: decoded once, with its trace
 * origin and block.
 *
 * @example
 * ```ts
 * const seen: HandledTransaction = { tx, hash: '5f0c…', account: '0:9c1d…', aborted: false,
 *   body, source: router, timestamp: '2025-11-25T10:00:07Z', origin, block: undefined, outs }
 * ```
 */
export type HandledTransaction = {
  readonly tx: Transaction
  readonly hash: string
  /** The receiving account (raw-form text). */
  readonly account: string
  readonly aborted: boolean
  /** The internal inbound body, decoded (`undefined`: external, empty of a known op, or foreign). */
  readonly body: DecodedBody | undefined
  /** The internal inbound message's sender (`null` for an external-in message). */
  readonly source: Address | null
  readonly timestamp: string
  readonly origin: TraceOrigin
  readonly block: BlockRef | undefined
  /** The outbound bodies, decoded on first call, once. */
  readonly outs: () => DecodedBody[]
}

/**
 * What a handler that owns a transaction says of it: its result code, and `kind: 'other'` when
 * the account does not take the message.
 *
 * @example
 * ```ts
 * const outcome: HandlerOutcome = { resultCode: 'ok' }
 * ```
 */
export type HandlerOutcome = {
  readonly kind?: 'other' | undefined
  readonly resultCode: ResultCode | null
}

/**
 * What handlers contribute to a batch: every row of {@link IndexBatch} but the loop's own
 * (transactions, message links, external messages, the cursor).
 *
 * @example
 * ```ts
 * const changes: BatchChanges = { operations: [], pools: [] }
 * ```
 */
export type BatchChanges = Partial<
  Omit<IndexBatch, 'transactions' | 'links' | 'externalMessages' | 'cursor'>
>

/**
 * A per-family indexing function, in the spirit of Ponder's: it declares which transactions it
 * takes (by the receiving account's role and the decoded inbound body), applies them to the
 * state it owns, and hands its rows to each batch. The loop calls the handlers in order; the
 * first one whose `handle` returns an outcome owns the transaction's result code and kind, and
 * the handlers after it do not see the transaction.
 *
 * @example
 * ```ts
 * const handlers: IndexHandler[] = [wallets, farms, venues, pools, vaults]
 * for (const h of handlers) if (h.takes(seen)) h.handle(seen)
 * ```
 */
export type IndexHandler = {
  readonly name: string
  /**
   * Runs before the transaction is recorded and may wait (read what an account held before
   * the index began); `undefined` when nothing is to be waited for (the hot path).
   */
  prepare?(tx: Transaction, block: BlockRef | undefined): Promise<void> | undefined
  /** Whether the handler takes this transaction (cheap: the loop asks for every one). */
  takes(seen: HandledTransaction): boolean
  /** Applies the transaction; returns an outcome when the handler owns its result. */
  handle(seen: HandledTransaction): HandlerOutcome | undefined
  /** Runs just before a batch is written (inside it): may complete the batch's rows. */
  beforeWrite?(): Promise<void>
  /** The rows changed since the last call (the batch's share of this handler). */
  takeChanges(): BatchChanges
}

/**
 * The error a handler's own failure on a transaction becomes: a {@link FatalIndexError}
 * `INDEX_FAILED` naming the transaction (fatal errors pass unchanged).
 *
 * @example
 * ```ts
 * throw indexFailure(error, `a v2.swap transaction of ${account}`, hash)
 * ```
 */
export function indexFailure(error: unknown, what: string, txHash: string): Error {
  if (error instanceof FatalIndexError || error instanceof FatalSourceError) return error
  return new FatalIndexError({
    code: 'INDEX_FAILED',
    message: `Indexing ${what} failed: ${String(error)}`,
    txHash,
    cause: error,
  })
}
