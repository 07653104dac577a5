import { AsyncLocalStorage } from 'node:async_hooks'
import type { Address, Cell } from '@ton/core'
import type { BlockchainSnapshot, BlockchainTransaction } from '@ton/sandbox'
import type { LocalBlockchain } from '../../emulator/LocalBlockchain.js'
import type { ChainClock } from '../ChainClock.js'
import type { ChainBlockRecord } from '../ChainJournal.js'
import { LiveChainError } from '../LiveChainError.js'
import type { ChainBlock, ChainHead } from '../liveChainTypes.js'
import type { TransactionLog } from '../TransactionLog.js'
import { inMessageCell, type JournalWriter, type PendingBlock } from './JournalWriter.js'
import type { ChainStart } from './journalRestore.js'
import type { BlockPriors, PriorStates } from './PriorStates.js'
import type { ChainNow } from './StateAtBlock.js'

/**
 * Options of a {@link ChainSequencer}.
 *
 * @example
 * ```ts
 * const options: SequencerOptions = { clock: new ChainClock(() => Date.now() / 1000), onListenerError: console.error }
 * ```
 */
export type SequencerOptions = {
  readonly clock: ChainClock
  readonly onListenerError: (error: unknown) => void
}

/**
 * The live chain's sequencer: the one queue every call runs through (one at a time, in call
 * order), the capture of each batch the sandbox publishes as a numbered block, and the commit of
 * blocks (journal first, then history, head and listeners; then a snapshot when one is due).
 * Its parts — the journal writer, prior-state tracking, the states at older blocks, the external
 * gate, chain control — plug in through their interfaces; a lazy storage's failed load (a
 * fork's) is told by the sandbox's {@link LocalBlockchain.loadFailureOf}.
 *
 * @example
 * ```ts
 * const sequencer = new ChainSequencer(blockchain, writer, start, priors, options)
 * await sequencer.enqueue(async () => { sequencer.tick(); sequencer.addEmptyBlock(); return sequencer.commit() })
 * ```
 */
export class ChainSequencer implements ChainNow {
  readonly blockchain: LocalBlockchain
  /** The clock with the time-travel offset (`setTime`): the chain's one home of time travel. */
  readonly clock: ChainClock
  readonly log: TransactionLog
  readonly onListenerError: (error: unknown) => void
  private readonly writer: JournalWriter
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
  private lastNow: number
  private stopped: LiveChainError | undefined
  private readonly stopCapture: () => void

  constructor(
    blockchain: LocalBlockchain,
    writer: JournalWriter,
    start: ChainStart,
    priors: PriorStates,
    options: SequencerOptions,
  ) {
    this.blockchain = blockchain
    this.writer = writer
    this.clock = options.clock
    this.onListenerError = options.onListenerError
    this.priors = priors
    this.log = start.log
    this.times = start.times
    this.committed = start.head
    this.captured = start.head.seqno
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

  /**
   * Runs the message chain of one accepted message (the caller dry-ran it) as a job and
   * answers its block. A failure half-way stops the chain (`LIVE_CHAIN_EXECUTION_FAILED`),
   * unless a lazy storage's failed load caused it: then the job is undone.
   */
  async runMessage(cell: Cell): Promise<ChainBlock> {
    const { blocks, firstSeqno } = await this.runJob(
      () => this.blockchain.sendMessage(cell),
      async (error) => {
        throw this.stop(
          new LiveChainError({
            reason: 'execution_failed',
            message: 'An accepted external message could not be executed to the end.',
            details: error instanceof Error ? error.message : String(error),
            cause: error,
          }),
        )
      },
    )
    const block = blocks.find((b) => b.seqno === firstSeqno)
    if (!block) {
      throw this.stop(
        new LiveChainError({
          reason: 'execution_failed',
          message: 'The sandbox published no transactions for an accepted external message.',
        }),
      )
    }
    return block
  }

  /**
   * Runs local tooling at the chain's time as a job: every message chain it sends is a block.
   * What it executed before it failed happened: that is stored all the same.
   */
  async runTooling<T>(work: () => Promise<T>): Promise<{ result: T; blocks: ChainBlock[] }> {
    this.tick()
    const { result, blocks } = await this.runJob(work, async (error) => {
      await this.commit()
      throw error
    })
    return { result, blocks }
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
    for (const block of blocks) records.push(await this.writer.record(block))
    try {
      await this.writer.append(records)
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
    if (this.writer.snapshotDue(this.committed.seqno)) await this.saveSnapshot()
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

  /**
   * Moves the head back to `head` at time `time` (the sandbox, the journal and the kept states
   * were put back by the caller): the history forgets the later blocks, the next block is
   * `head.seqno + 1`.
   */
  rewindHead(head: ChainHead, time: number): void {
    this.log.truncate(head.seqno)
    this.times.length = Math.min(this.times.length, head.seqno + 1)
    this.committed = head
    this.captured = head.seqno
    this.lastNow = time
  }

  /** Stores a full snapshot of the sandbox after the head. */
  async saveSnapshot(): Promise<void> {
    await this.writer.saveSnapshot(this.committed.seqno, this.lastNow)
  }

  /** Stores a snapshot if blocks came after the last one, and stops: later calls are refused. */
  async close(): Promise<void> {
    if (this.committed.seqno > this.writer.snapshotSeqno) await this.saveSnapshot()
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
}
