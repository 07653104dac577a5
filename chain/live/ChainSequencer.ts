import { AsyncLocalStorage } from 'node:async_hooks'
import { Address, type Cell, type Transaction } from '@ton/core'
import {
  type BlockchainSnapshot,
  type BlockchainTransaction,
  snapshotFromSerializable,
  snapshotToSerializable,
} from '@ton/sandbox'
import type { LocalBlockchain } from '../../emulator/LocalBlockchain.js'
import type { ChainClock } from '../ChainClock.js'
import type { ChainBlockRecord, ChainJournal, JournalAccountState } from '../ChainJournal.js'
import { LiveChainError } from '../LiveChainError.js'
import type { ChainBlock, ChainHead, ChainSavepoint } from '../liveChainTypes.js'
import type { TransactionLog } from '../TransactionLog.js'
import type { ChainStart } from './journalRestore.js'
import type { BlockPriors, PriorStates } from './PriorStates.js'
import type { ChainNow } from './StateAtBlock.js'
import { shardAccountBoc } from './shardAccounts.js'

/**
 * A block waiting to be stored: with the accounts changed without a transaction (`setBalance`)
 * and the state each changed account had before the block.
 */
type PendingBlock = ChainBlock & {
  readonly touched?: readonly Address[]
  readonly priors?: BlockPriors | undefined
}

/**
 * Options of a {@link ChainSequencer}.
 *
 * @example
 * ```ts
 * const options: SequencerOptions = { clock: new ChainClock(() => Date.now() / 1000), snapshotEvery: 200, onListenerError: console.error }
 * ```
 */
export type SequencerOptions = {
  readonly clock: ChainClock
  readonly snapshotEvery: number
  readonly onListenerError: (error: unknown) => void
}

/**
 * The live chain's sequencer: the one queue every call runs through (one at a time, in call
 * order), the capture of each batch the sandbox publishes as a numbered block, and the commit of
 * blocks (journal first, then history, head and listeners; a snapshot every `snapshotEvery`
 * blocks or when the libraries changed). Its parts — prior-state tracking, the states at older
 * blocks, the external gate, chain control — plug in through their interfaces; a lazy storage's
 * failed load (a fork's) is told by the sandbox's {@link LocalBlockchain.loadFailureOf}.
 *
 * @example
 * ```ts
 * const sequencer = new ChainSequencer(blockchain, journal, start, priors, options)
 * await sequencer.enqueue(async () => { sequencer.tick(); sequencer.addEmptyBlock(); return sequencer.commit() })
 * ```
 */
export class ChainSequencer implements ChainNow {
  readonly blockchain: LocalBlockchain
  /** The clock with the time-travel offset (`setTime`): the chain's one home of time travel. */
  readonly clock: ChainClock
  readonly log: TransactionLog
  readonly onListenerError: (error: unknown) => void
  private readonly journal: ChainJournal
  private readonly snapshotEvery: number
  private readonly priors: PriorStates
  /** Each block's time by seqno (blocks without transactions have no other record of it). */
  private readonly times: number[]
  private readonly blockListeners = new Set<(block: ChainBlock) => void>()
  private readonly pending: PendingBlock[] = []
  private tail: Promise<unknown> = Promise.resolve()
  private readonly insideTask = new AsyncLocalStorage<boolean>()
  /** True while queued work runs the sandbox: its batches are committed by that work. */
  private inJob = false
  private flushScheduled = false
  private captured: number
  private committed: ChainHead
  private snapshotSeqno: number
  /**
   * The hash of `blockchain.libs` in the last snapshot. Blocks journal account states, not the
   * chain's libraries, so a job that publishes one (a DEX v2 or pTON v2 deployment) is followed
   * by a snapshot: a chain resumed from the journal then still runs library-coded contracts.
   */
  private snapshotLibs: string
  private lastNow: number
  private stopped: LiveChainError | undefined
  private readonly stopCapture: () => void

  constructor(
    blockchain: LocalBlockchain,
    journal: ChainJournal,
    start: ChainStart,
    priors: PriorStates,
    options: SequencerOptions,
  ) {
    this.blockchain = blockchain
    this.journal = journal
    this.clock = options.clock
    this.snapshotEvery = options.snapshotEvery
    this.onListenerError = options.onListenerError
    this.priors = priors
    this.log = start.log
    this.times = start.times
    this.committed = start.head
    this.captured = start.head.seqno
    this.snapshotSeqno = start.snapshotSeqno
    this.snapshotLibs = librariesKey(blockchain)
    this.lastNow = start.head.now
    this.stopCapture = blockchain.onTransactions((txs) => this.capture(txs))
  }

  /** The last committed block (seqno 0 = the genesis state). */
  get head(): ChainHead {
    return this.committed
  }

  /** The chain's time now, unix seconds: the clock, never before the last block. */
  get time(): number {
    return Math.max(this.lastNow, this.clock.now())
  }

  /** The chain's time floor: the last block's time, or later after a `tick`. */
  get floor(): number {
    return this.lastNow
  }

  /** The time of block `seqno`, `undefined` for a block the chain has not made. */
  blockTime(seqno: number): number | undefined {
    return this.times[seqno]
  }

  /** Throws the error the chain stopped with, if it stopped. */
  throwIfStopped(): void {
    if (this.stopped) throw this.stopped
  }

  /** Runs `task` after every earlier task settled; a failed task does not block later ones. */
  enqueue<T>(task: () => Promise<T>): Promise<T> {
    // Called from inside queued work (a job calling the chain): it would wait for itself.
    if (this.insideTask.getStore() === true) {
      return Promise.reject(
        new LiveChainError({
          reason: 'reentrant_call',
          message: 'A job running on the live chain called the chain; use its blockchain argument.',
        }),
      )
    }
    const run = this.tail.then(() => {
      if (this.stopped) throw this.stopped
      return this.insideTask.run(true, task)
    })
    this.tail = run.catch(() => undefined)
    return run
  }

  /** Moves the sandbox clock to the chain's clock, never backwards. */
  tick(): void {
    this.lastNow = Math.max(this.lastNow, this.clock.now())
    this.blockchain.now = this.lastNow
  }

  /**
   * Runs a read that may load accounts lazily (a forked chain's upstream): a load that failed
   * is `LIVE_CHAIN_FORK_UNAVAILABLE` (nothing changed).
   */
  async guardLoad<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read()
    } catch (error) {
      throw this.loadUnavailable(error) ?? error
    }
  }

  /**
   * Runs `work` on the sandbox as a job: the batches it executes become blocks, committed when
   * it finished. A job a lazy storage's load stopped (a fork's upstream failed) is undone as a
   * whole (`LIVE_CHAIN_FORK_UNAVAILABLE`); another failure is `failed`'s to answer.
   * `firstSeqno` is the number the job's first block has.
   */
  async runJob<T>(
    work: () => Promise<T>,
    failed: (error: unknown) => Promise<never>,
  ): Promise<{ result: T; blocks: ChainBlock[]; firstSeqno: number }> {
    const firstSeqno = this.captured + 1
    const rollback = this.blockchain.lazyStorage ? this.blockchain.snapshot() : undefined
    this.inJob = true
    let result: T
    try {
      result = await work()
    } catch (error) {
      this.inJob = false
      if (rollback !== undefined && this.blockchain.loadFailureOf(error) !== undefined) {
        throw await this.rollBack(rollback, error)
      }
      return failed(error)
    }
    this.inJob = false
    return { result, blocks: await this.commit(), firstSeqno }
  }

  /** Adds a block without transactions at the chain's time (the caller ticked). */
  addEmptyBlock(changed?: { touched: readonly Address[]; priors: BlockPriors }): void {
    this.captured++
    this.pending.push({
      seqno: this.captured,
      now: this.lastNow,
      lt: this.blockchain.lt,
      message: undefined,
      transactions: [],
      ...changed,
    })
  }

  /** Stops the chain with `error` (the first such error stays); answers it to throw. */
  stop(error: LiveChainError): LiveChainError {
    this.stopped ??= error
    return error
  }

  /** Stores the pending blocks in order, adds them to the history, then publishes them. */
  async commit(): Promise<ChainBlock[]> {
    this.flushScheduled = false
    const blocks = this.pending.splice(0)
    if (blocks.length === 0) return blocks
    let previous = this.committed.now
    for (const block of blocks) {
      if (block.now < previous) {
        throw this.stop(
          new LiveChainError({
            reason: 'clock_backwards',
            message: `Block ${block.seqno} would be stamped ${block.now}, before the block before it (${previous}); the chain stopped.`,
          }),
        )
      }
      previous = block.now
    }
    this.lastNow = Math.max(this.lastNow, previous)
    const records: ChainBlockRecord[] = []
    for (const block of blocks) records.push(await this.record(block))
    try {
      // The blocks of one job go in together where the journal can (one SQLite transaction).
      if (records.length > 1 && this.journal.appendBlocks) {
        await this.journal.appendBlocks(records)
      } else {
        for (const record of records) await this.journal.appendBlock(record)
      }
    } catch (error) {
      throw this.stop(
        new LiveChainError({
          reason: 'journal_failed',
          message: `The journal could not store block ${blocks[0]!.seqno}; the chain stopped.`,
          details: error instanceof Error ? error.message : String(error),
          cause: error,
        }),
      )
    }
    const published: ChainBlock[] = []
    for (const [i, pendingBlock] of blocks.entries()) {
      const { touched: _, priors, ...block } = pendingBlock
      const record = records[i]!
      published.push(block)
      this.times[block.seqno] = block.now
      for (const tx of record.transactions) {
        this.log.add({ ...tx, seqno: block.seqno, now: block.now })
      }
      this.priors.keep(
        block.seqno,
        record.accounts.map((state) => state.address),
        priors,
      )
      this.committed = { seqno: block.seqno, now: block.now, lt: block.lt }
      for (const listener of this.blockListeners) {
        try {
          // outside the task: a listener may call the chain (its call runs after this task)
          this.insideTask.exit(() => listener(block))
        } catch (error) {
          this.onListenerError(error)
        }
      }
    }
    if (
      this.committed.seqno - this.snapshotSeqno >= this.snapshotEvery ||
      librariesKey(this.blockchain) !== this.snapshotLibs
    ) {
      await this.saveSnapshot()
    }
    return published
  }

  /** Commits what is pending (blocks captured outside a job), if anything is. */
  async flush(): Promise<void> {
    if (this.pending.length > 0) await this.commit()
  }

  /** Subscribes to committed blocks, in seqno order; returns the function that unsubscribes. */
  onBlock(listener: (block: ChainBlock) => void): () => void {
    this.blockListeners.add(listener)
    return () => {
      this.blockListeners.delete(listener)
    }
  }

  /** The chain as it is now (the caller flushed), for {@link ChainSequencer.rewind}. */
  savepoint(): ChainSavepoint {
    return {
      head: this.committed,
      time: this.lastNow,
      offset: this.clock.offset,
      state: JSON.stringify(snapshotToSerializable(this.blockchain.snapshot())),
    }
  }

  /**
   * Puts the sandbox, the history, the head and the clock back to a savepoint (the journal
   * already forgot the later blocks) and stores a snapshot there.
   */
  async rewind(savepoint: ChainSavepoint): Promise<void> {
    const { head } = savepoint
    await this.blockchain.loadFrom(snapshotFromSerializable(JSON.parse(savepoint.state)))
    this.log.truncate(head.seqno)
    // the states kept were those before blocks now gone; older reads start at the savepoint
    this.priors.reset(head.seqno)
    this.times.length = Math.min(this.times.length, head.seqno + 1)
    this.committed = head
    this.captured = head.seqno
    this.lastNow = savepoint.time
    this.clock.restore(savepoint.offset)
    await this.saveSnapshot()
  }

  /** Stores a full snapshot of the sandbox after the head. */
  async saveSnapshot(): Promise<void> {
    const json = JSON.stringify(snapshotToSerializable(this.blockchain.snapshot()))
    await this.journal.saveSnapshot({
      seqno: this.committed.seqno,
      now: this.lastNow,
      state: Buffer.from(json, 'utf8'),
    })
    this.snapshotSeqno = this.committed.seqno
    this.snapshotLibs = librariesKey(this.blockchain)
  }

  /** Stores a snapshot if blocks came after the last one, and stops: later calls are refused. */
  async close(): Promise<void> {
    if (this.committed.seqno > this.snapshotSeqno) await this.saveSnapshot()
    this.stopCapture()
    this.priors.detach()
    this.stopped = new LiveChainError({ reason: 'closed', message: 'The live chain is closed.' })
  }

  /** Whether the chain was closed or stopped. */
  get isStopped(): boolean {
    return this.stopped !== undefined
  }

  // ---------------------------------------------------------------------------------------

  /** The live chain's error for a lazy storage's failed load (a fork's), or `undefined`. */
  private loadUnavailable(error: unknown): LiveChainError | undefined {
    const failure = this.blockchain.loadFailureOf(error)
    if (failure === undefined) return undefined
    return new LiveChainError({
      reason: 'fork_unavailable',
      message: `The fork's upstream could not provide what this needs (${failure.code}); nothing changed.`,
      details: failure.shortMessage,
      cause: failure,
    })
  }

  /**
   * Undoes a job a lazy storage could not load everything for: the sandbox state from before
   * it, its blocks (none stored yet) forgotten. Answers the error to throw.
   */
  private async rollBack(state: BlockchainSnapshot, error: unknown): Promise<LiveChainError> {
    await this.blockchain.loadFrom(state)
    this.pending.length = 0
    this.captured = this.committed.seqno
    this.flushScheduled = false
    return this.loadUnavailable(error) as LiveChainError
  }

  /** Numbers each batch the sandbox publishes; batches sent outside a job are flushed later. */
  private capture(txs: readonly BlockchainTransaction[]): void {
    if (txs.length === 0) return
    const first = txs[0]!
    this.captured++
    this.pending.push({
      seqno: this.captured,
      now: first.now,
      lt: this.blockchain.lt,
      message: inMessageCell(first),
      transactions: [...txs],
      priors: this.priors.take(),
    })
    if (!this.inJob && !this.flushScheduled) {
      this.flushScheduled = true
      void this.insideTask
        .exit(() => this.enqueue(() => this.commit()))
        .catch((error) => this.onListenerError(error))
    }
  }

  private async record(block: PendingBlock): Promise<ChainBlockRecord> {
    const touched = new Map<string, Address>()
    for (const address of block.touched ?? []) touched.set(address.toRawString(), address)
    const transactions = block.transactions.map((tx) => {
      const account = transactionAccount(tx)
      touched.set(account.toRawString(), account)
      return { account: account.toRawString(), lt: tx.lt, hash: tx.hash(), boc: tx.raw.toBoc() }
    })
    const accounts: JournalAccountState[] = []
    for (const [raw, address] of touched) {
      accounts.push({ address: raw, shardAccount: await shardAccountBoc(this.blockchain, address) })
    }
    return {
      seqno: block.seqno,
      now: block.now,
      lt: block.lt,
      message: block.message?.toBoc() ?? null,
      transactions,
      accounts,
    }
  }
}

/** The account of a transaction: the workchain comes from its in-message (tick-tock: -1). */
function transactionAccount(tx: Transaction): Address {
  const dest = tx.inMessage?.info.dest
  const workchain = Address.isAddress(dest) ? dest.workChain : -1
  return new Address(workchain, Buffer.from(tx.address.toString(16).padStart(64, '0'), 'hex'))
}

/** The in-message cell exactly as the transaction stores it (`^[ in_msg:(Maybe ^Message) … ]`). */
function inMessageCell(tx: Transaction): Cell | undefined {
  const messages = tx.raw.refs[0]
  if (!messages) return undefined
  return messages.beginParse().loadBit() ? messages.refs[0] : undefined
}

/** Identifies the chain's library set: the hash of its `libs` dictionary cell, '' for none. */
function librariesKey(blockchain: LocalBlockchain): string {
  return blockchain.libs?.hash().toString('hex') ?? ''
}
