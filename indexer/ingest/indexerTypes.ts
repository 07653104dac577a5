import type { Transaction } from '@ton/core'
import type { PoolKind, PoolState } from '../../core/pool/PoolState.js'
import type { IndexCursor } from '../../store/indexCursor.js'
import type { StoreWriter } from '../../store/Store.js'
import type { LedgerAdoption, PriorState } from '../wallets/createWalletLedger.js'

/**
 * The chain block holding a transaction: its number and time (unix seconds), as a live chain's
 * committed block names them.
 *
 * @example
 * ```ts
 * const block: TransactionBlock = { seqno: 1531, now: 1_764_064_807 }
 * ```
 */
export type TransactionBlock = { readonly seqno: number; readonly now: number }

/**
 * A transaction with the block holding it: what a chain's block stream gives the indexer, which
 * then stores the block's number and time with the transaction and its operation.
 *
 * @example
 * ```ts
 * chain.onBlock((block) => queue.push(...block.transactions.map((transaction) => ({ transaction, block }))))
 * ```
 */
export type BlockTransaction = {
  readonly transaction: Transaction
  readonly block: TransactionBlock
}

/**
 * One element of the indexer's source: a bare transaction (history without blocks, e.g. the
 * emulator's stream) or a {@link BlockTransaction}.
 *
 * @example
 * ```ts
 * const source: SourceTransaction[] = [tx, { transaction: next, block: { seqno: 12, now: 1_764_064_807 } }]
 * ```
 */
export type SourceTransaction = Transaction | BlockTransaction

/**
 * Transactions in ascending logical-time order: the emulator stream or any (async) iterable.
 * Elements that name their block ({@link BlockTransaction}) are stored with it, and a batch then
 * ends only at a block boundary (the store never holds half a block).
 *
 * @example
 * ```ts
 * const source: TransactionSource = [{ transaction: tx, block: { seqno: 12, now: 1_764_064_807 } }]
 * ```
 */
export type TransactionSource = Iterable<SourceTransaction> | AsyncIterable<SourceTransaction>

/** Options of {@link openIndexSession}: everything of {@link CreateIndexerOptions} but the source. */
export type IndexSessionOptions = {
  readonly store: StoreWriter
  /** Asset (jetton master) behind a router's token wallet; unknown wallets stand for themselves. */
  readonly assetOf?: ((routerWallet: string) => string | undefined) | undefined
  /**
   * The routers that count as the exchange: a pool is followed only when one of them deploys
   * it (anyone can deploy a contract that speaks the op codes). Default: every router.
   */
  readonly routers?: ReadonlySet<string> | undefined
  /**
   * The farm v3 minters that count as the exchange's farms (configured like the routers: a
   * contract speaking the farm op codes is not enough). Each is followed from its deploying
   * transaction, with the stake positions it deploys (`docs/indexer.md`); a minter the store
   * already follows stays followed. Default: none.
   */
  readonly farmMinters?: ReadonlySet<string> | undefined
  /** The STON staking minters followed the same way, with their stake positions. Default: none. */
  readonly stakingMinters?: ReadonlySet<string> | undefined
  /**
   * The referral venues' escrow factories ("escrow minters") that count as the exchange's
   * (configured like the farm minters): each is followed with the vaults it credits — their
   * balances and operations (`docs/referral-venues.md`, "Indexing"); a minter the store
   * already follows stays followed. Default: none.
   */
  readonly escrowMinters?: ReadonlySet<string> | undefined
  /** The fee-vault minters of referral venues A and B, followed the same way. Default: none. */
  readonly feeVaultMinters?: ReadonlySet<string> | undefined
  /** Transactions per atomic store write (default 2000; a block is never split). */
  readonly batchSize?: number | undefined
  /** Cursor name (default `'indexer'`). */
  readonly cursorName?: string | undefined
  /** Called after each committed batch with the running totals and the cursor it stored. */
  readonly onBatch?: ((stats: IngestStats, cursor: IndexCursor) => void) | undefined
  /**
   * Reads what accounts the wallet ledger meets for the first time held before (their state at
   * block `seqno`, the one before their first transaction seen), when they existed already: an
   * index that starts after the chain's first block adopts its users' LP wallets, LP accounts,
   * vaults and jetton wallets this way. Called before each batch is written, inside it. Without
   * it, such an account counts from zero (what moved since it was first seen).
   */
  readonly priorState?:
    | ((accounts: readonly PriorStateRequest[]) => Promise<readonly PriorState[]>)
    | undefined
  /**
   * Reads a pool the index meets for the first time when it existed already (a router → pool
   * message into an account that was active before the transaction): its state at block
   * `seqno`, the one before. An index that starts after the chain's first block without a list
   * of pools to adopt (an upstream with no REST API) adopts the pools this way, each on its first
   * transaction seen; `undefined` (the pool does not answer) leaves it unfollowed. Without it,
   * such a pool is not followed.
   */
  readonly priorPool?: ((request: PriorPoolRequest) => Promise<PriorPool | undefined>) | undefined
  /**
   * Holds back the operations of traces cut by the data's edge (default false): a transaction
   * whose internal in-message no indexed transaction sent began its trace before the index did,
   * so the wallet transaction that started it is not known. With this set, the pools' state
   * still follows such a trace, but no operation row is filed for it (none would name its real
   * wallet transaction); without it, the first transaction the index holds stands as the origin.
   * For an index that starts after the chain's first block.
   */
  readonly holdCutTraces?: boolean | undefined
}

/**
 * An account whose state before its first transaction seen the index needs: what it is and the
 * block whose state answers (the one before).
 *
 * @example
 * ```ts
 * const request: PriorStateRequest = { kind: 'lp-account', address: '0:5f0e…', seqno: 3020 }
 * ```
 */
export type PriorStateRequest = LedgerAdoption & { readonly seqno: number }

/**
 * A pool whose state before its first transaction seen the index needs: what its router's
 * state-init says of it, and the block whose state answers (the one before).
 *
 * @example
 * ```ts
 * const request: PriorPoolRequest = { address: '0:9c1d…', routerAddress: '0:8b77…', dex: 'v2',
 *   kind: 'stableswap', seqno: 3020 }
 * ```
 */
export type PriorPoolRequest = {
  readonly address: string
  readonly routerAddress: string
  readonly dex: 'v1' | 'v2'
  readonly kind: PoolKind
  readonly seqno: number
}

/**
 * What a pool's get-methods said at one block: its state, its router's two token wallets and
 * its protocol fee address (raw-form text).
 *
 * @example
 * ```ts
 * const prior: PriorPool = { state: createPoolState({ dex: 'v2', kind: 'constant_product',
 *   reserve0: 1_000_000_000n, reserve1: 3_200_000n, totalSupply: 56_568_542n }),
 *   wallet0: '0:1f2e…', wallet1: '0:77a0…', protocolFeeAddress: null }
 * ```
 */
export type PriorPool = {
  readonly state: PoolState
  readonly wallet0: string
  readonly wallet1: string
  readonly protocolFeeAddress: string | null
}

/** Options of {@link createIndexer}. */
export type CreateIndexerOptions = IndexSessionOptions & {
  readonly source: TransactionSource
}

/** What one {@link Indexer.run} ingested. */
export type IngestStats = {
  /** Transactions newly stored (ones at or before the cursor are skipped). */
  transactions: number
  operations: number
  /** Transactions recorded as `other` (foreign, undecodable, or contradicting the pool math). */
  other: number
  withdrawals: number
}

/** An indexer bound to a store and a source; see {@link createIndexer}. */
export type Indexer = { run(): Promise<IngestStats> }

/**
 * A long-lived indexer over one store; see {@link openIndexSession}.
 *
 * @example
 * ```ts
 * const session = await openIndexSession({ store })
 * await session.ingest(blockTransactions) // { transactions: 41, operations: 3, other: 0, withdrawals: 0 }
 * session.cursor // { seqno: 1532, lt: 46_000_041n, hash: '9a1e…' }
 * ```
 */
export type IndexSession = {
  /**
   * Indexes `source` after the session's cursor (what the cursor passed is skipped, so a
   * source may deliver again what was stored: at-least-once), each batch with its cursor in
   * one store transaction. A failure leaves the store at the last committed batch, and the
   * session must not be used again (its memory may be ahead of the store): open a new one.
   * `through` names the last block the source delivered whole: the cursor moves to it even
   * when its last blocks held no transaction (a source that leaves out what cannot concern
   * the index).
   *
   * @throws {FatalIndexError} `INDEX_FAILED` (naming the transaction) when indexing a
   *   transaction throws, `INDEX_CONTRADICTION` when a pool's answer contradicts its replay.
   */
  ingest(
    source: TransactionSource,
    through?: { readonly seqno: number; readonly now: number },
  ): Promise<IngestStats>
  /** The last committed position (`undefined` before anything was indexed). */
  readonly cursor: IndexCursor | undefined
}
