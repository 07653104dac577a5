import { BaseError } from '../core/errors/BaseError.js'

/**
 * One transaction of a block, as the journal stores it: enough to answer `getTransactions`
 * without parsing (`account`, `lt`, `hash`) and the transaction itself as a bag of cells.
 *
 * @example
 * ```ts
 * const tx: JournalTransaction = { account: '0:83df…', lt: 2_000_001n, hash, boc }
 * ```
 */
export type JournalTransaction = {
  /** The account in raw form, `workchain:hex`. */
  readonly account: string
  /** Logical time of the transaction. */
  readonly lt: bigint
  /** Hash of the transaction cell, 32 bytes. */
  readonly hash: Uint8Array
  /** The transaction cell as a bag of cells. */
  readonly boc: Uint8Array
}

/**
 * The state of one account after a block: a `ShardAccount` (TL-B `ShardAccount`: the account
 * with its last transaction's lt and hash) as a bag of cells.
 *
 * @example
 * ```ts
 * const state: JournalAccountState = { address: '0:83df…', shardAccount: boc }
 * ```
 */
export type JournalAccountState = {
  /** The account in raw form, `workchain:hex`. */
  readonly address: string
  /** `beginCell().store(storeShardAccount(account)).endCell().toBoc()`. */
  readonly shardAccount: Uint8Array
}

/**
 * One block of the live chain as the journal stores it. A block is one executed message chain:
 * its root message, every transaction it caused, and the resulting state of every account it
 * touched. Restoring never re-executes anything: it loads the newest snapshot and then applies
 * the account states of the blocks after it, so a restart is exact and fast.
 *
 * @example
 * ```ts
 * const block: ChainBlockRecord = {
 *   seqno: 7, now: 1_764_000_000, lt: 9_000_000n, message: externalBoc,
 *   transactions: [walletTx, jettonTx], accounts: [walletState, jettonState],
 * }
 * ```
 */
export type ChainBlockRecord = {
  /** Block number: 1 for the first block after the genesis state, then +1 each. */
  readonly seqno: number
  /** Block time, unix seconds (the time every transaction of the block ran at). */
  readonly now: number
  /** The chain's logical time after the block (greater than every transaction lt in it). */
  readonly lt: bigint
  /** The root message (an external-in, or an internal sent by local tooling) as a BoC. */
  readonly message: Uint8Array | null
  /** Every transaction of the message chain, in execution order. */
  readonly transactions: readonly JournalTransaction[]
  /** Resulting state of every account the block touched. */
  readonly accounts: readonly JournalAccountState[]
}

/**
 * A full state snapshot: the whole sandbox state after block `seqno`, as the UTF-8 JSON of
 * `@ton/sandbox`'s `snapshotToSerializable(blockchain.snapshot())`.
 *
 * @example
 * ```ts
 * const snapshot: ChainSnapshotRecord = { seqno: 0, now: 1_764_000_000, state: jsonBytes }
 * ```
 */
export type ChainSnapshotRecord = {
  /** The last block included in the state (0 = the genesis state, before any block). */
  readonly seqno: number
  /** The chain time at that block, unix seconds. */
  readonly now: number
  /** UTF-8 JSON of a `SerializableSnapshot`. */
  readonly state: Uint8Array
}

/**
 * Where a {@link LiveChain} keeps its history so a restart resumes the same chain. The chain
 * calls `appendBlock` for every block, in seqno order, and answers the caller (`sendBoc`) only
 * after it resolved, so an implementation must make the block durable before resolving (for
 * SQLite: commit the transaction). `saveSnapshot` is called with the genesis state, every
 * `snapshotEvery` blocks and on close. What a restart reads: the newest snapshot, the account
 * states of the blocks after it, and the transactions of every block (the history). So once a
 * snapshot is saved, an implementation should drop older snapshots and the `accounts` of the
 * blocks at or below its seqno (`readBlocks` then answers `accounts: []` for them): the stored
 * account states stay bounded by `snapshotEvery` blocks, while every block keeps its
 * transactions. Every method may answer synchronously (better-sqlite3) or with a promise.
 *
 * @example
 * ```ts
 * const journal: ChainJournal = new MemoryChainJournal()
 * const chain = await LiveChain.open({ journal })
 * ```
 */
export interface ChainJournal {
  /** Stores one block durably. Blocks arrive in seqno order without gaps. */
  appendBlock(block: ChainBlockRecord): void | Promise<void>
  /**
   * Optional: stores the blocks of one tooling job all or nothing (one SQLite transaction).
   * Without it the chain appends them one by one; a crash between two of them then keeps the
   * first ones, whose account states were read when the whole job had finished.
   */
  appendBlocks?(blocks: readonly ChainBlockRecord[]): void | Promise<void>
  /** Stores a full state snapshot, replacing or adding to older ones. */
  saveSnapshot(snapshot: ChainSnapshotRecord): void | Promise<void>
  /** The newest snapshot, or `undefined` for an empty journal. */
  loadSnapshot(): ChainSnapshotRecord | undefined | Promise<ChainSnapshotRecord | undefined>
  /**
   * Every stored block with `seqno > afterSeqno`, in seqno order; `accounts` may be empty for
   * blocks at or below the newest snapshot.
   */
  readBlocks(afterSeqno: number): readonly ChainBlockRecord[] | Promise<readonly ChainBlockRecord[]>
  /**
   * Optional (a chain over a journal without it cannot revert): forgets every block and
   * snapshot after block `seqno` (a revert to a local snapshot); the journal then ends at
   * `seqno`, and the chain saves a snapshot of its state there at once.
   */
  discardAfter?(seqno: number): void | Promise<void>
}

/**
 * Stable codes of {@link ChainJournalError}.
 *
 * @example
 * ```ts
 * const code: ChainJournalErrorCode = 'CHAIN_JOURNAL_OUT_OF_ORDER'
 * ```
 */
export type ChainJournalErrorCode =
  /** A block does not follow the stored chain (a second writer, or a bug). */
  | 'CHAIN_JOURNAL_OUT_OF_ORDER'
  /** `discardAfter` was asked to keep a block the journal does not hold. */
  | 'CHAIN_JOURNAL_UNKNOWN_BLOCK'
  /** Another process runs this database's chain (PostgreSQL: one local exchange per database). */
  | 'CHAIN_JOURNAL_BUSY'

/**
 * A journal refused a write: every {@link ChainJournal} implementation (in memory, SQLite,
 * PostgreSQL) fails
 * the same violation with this one type and code. The chain then stops
 * (`LIVE_CHAIN_JOURNAL_FAILED`) rather than run ahead of its journal.
 *
 * @example
 * ```ts
 * journal.appendBlock({ ...block, seqno: 9 }) // after block 7: throws CHAIN_JOURNAL_OUT_OF_ORDER
 * ```
 */
export class ChainJournalError extends BaseError {
  override readonly name = 'ChainJournalError'
  readonly code: ChainJournalErrorCode

  constructor({ code, message }: { code: ChainJournalErrorCode; message: string }) {
    super(message)
    this.code = code
  }
}

/**
 * A {@link ChainJournal} in memory: it survives closing and reopening a {@link LiveChain}
 * inside one process (tests, tooling), not a process restart.
 *
 * @example
 * ```ts
 * const journal = new MemoryChainJournal()
 * const chain = await LiveChain.open({ journal, blockchain })
 * await chain.close()
 * const again = await LiveChain.open({ journal }) // same accounts, same seqno
 * ```
 */
export class MemoryChainJournal implements ChainJournal {
  private readonly blocks: ChainBlockRecord[] = []
  private snapshot: ChainSnapshotRecord | undefined
  /** Blocks before this index have had their account states dropped. */
  private pruned = 0

  appendBlock(block: ChainBlockRecord): void {
    const last = this.blocks.at(-1)?.seqno ?? this.snapshot?.seqno ?? 0
    if (block.seqno !== last + 1) {
      throw new ChainJournalError({
        code: 'CHAIN_JOURNAL_OUT_OF_ORDER',
        message: `Block ${block.seqno} does not follow block ${last} of the journal.`,
      })
    }
    this.blocks.push(block)
  }

  saveSnapshot(snapshot: ChainSnapshotRecord): void {
    this.snapshot = snapshot
    // account states up to the snapshot are never read again
    for (; this.pruned < this.blocks.length; this.pruned++) {
      const block = this.blocks[this.pruned]!
      if (block.seqno > snapshot.seqno) break
      this.blocks[this.pruned] = { ...block, accounts: [] }
    }
  }

  loadSnapshot(): ChainSnapshotRecord | undefined {
    return this.snapshot
  }

  readBlocks(afterSeqno: number): readonly ChainBlockRecord[] {
    return this.blocks.filter((block) => block.seqno > afterSeqno)
  }

  discardAfter(seqno: number): void {
    const last = this.blocks.at(-1)?.seqno ?? this.snapshot?.seqno ?? 0
    if (seqno > last) throw unknownBlock(seqno, last)
    const keep = this.blocks.findIndex((block) => block.seqno > seqno)
    if (keep >= 0) this.blocks.length = keep
    this.pruned = Math.min(this.pruned, this.blocks.length)
    if (this.snapshot !== undefined && this.snapshot.seqno > seqno) this.snapshot = undefined
  }

  /** Number of blocks stored. */
  get size(): number {
    return this.blocks.length
  }
}

/**
 * The error of a `discardAfter` beyond the journal's last block.
 *
 * @example
 * ```ts
 * throw unknownBlock(9, 7) // CHAIN_JOURNAL_UNKNOWN_BLOCK
 * ```
 */
export function unknownBlock(seqno: number, last: number): ChainJournalError {
  return new ChainJournalError({
    code: 'CHAIN_JOURNAL_UNKNOWN_BLOCK',
    message: `Cannot go back to block ${seqno}: the journal ends at block ${last}.`,
  })
}
