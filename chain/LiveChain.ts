import { AsyncLocalStorage } from 'node:async_hooks'
import {
  Address,
  beginCell,
  Cell,
  loadCommonMessageInfo,
  loadMessage,
  loadShardAccount,
  loadTransaction,
  type Message,
  type ShardAccount,
  storeMessage,
  storeShardAccount,
  type Transaction,
  type TupleItem,
} from '@ton/core'
import {
  type BlockchainSnapshot,
  type BlockchainTransaction,
  GetMethodError,
  SmartContract,
  type SmartContractSnapshot,
  snapshotFromSerializable,
  snapshotToSerializable,
} from '@ton/sandbox'
import { LocalBlockchain } from '../emulator/LocalBlockchain.js'
import { ChainClock } from './ChainClock.js'
import {
  type ChainBlockRecord,
  type ChainJournal,
  type JournalAccountState,
  MemoryChainJournal,
} from './ChainJournal.js'
import { forkErrorOf } from './fork/ForkError.js'
import { LiveChainError } from './LiveChainError.js'
import { StateHistory } from './StateHistory.js'
import {
  type LoggedTransaction,
  TransactionLog,
  type TransactionLtRange,
  type TransactionPageQuery,
} from './TransactionLog.js'

/**
 * One block of the live chain: one executed message chain, published to block listeners after
 * the journal stored it.
 *
 * @example
 * ```ts
 * chain.onBlock((block) => console.log(block.seqno, block.transactions.length)) // "4 2"
 * ```
 */
export type ChainBlock = {
  /** Block number, 1 for the first block after the genesis state. */
  readonly seqno: number
  /** Block time, unix seconds. */
  readonly now: number
  /** The chain's logical time after the block. */
  readonly lt: bigint
  /** The root message cell as stored in the first transaction (external-in or internal). */
  readonly message: Cell | undefined
  /** The transactions of the message chain in execution order. */
  readonly transactions: readonly BlockchainTransaction[]
}

/**
 * The last committed block, or the genesis state (seqno 0).
 *
 * @example
 * ```ts
 * chain.head // { seqno: 12, now: 1_764_000_123, lt: 31_000_000n }
 * ```
 */
export type ChainHead = {
  readonly seqno: number
  readonly now: number
  readonly lt: bigint
}

/**
 * An account's status, as TON names them.
 *
 * @example
 * ```ts
 * const status: AccountStatus = 'active'
 * ```
 */
export type AccountStatus = 'active' | 'uninit' | 'frozen' | 'nonexist'

/**
 * What the live chain knows about one account.
 *
 * @example
 * ```ts
 * const info = await chain.account(wallet.address)
 * info.status // 'active'
 * info.balance // 99_990_000_000n
 * ```
 */
export type AccountInfo = {
  readonly address: Address
  readonly status: AccountStatus
  /** Balance in nanotons. */
  readonly balance: bigint
  /** Code of an active account. */
  readonly code: Cell | undefined
  /** Data of an active account. */
  readonly data: Cell | undefined
  /** State hash of a frozen account. */
  readonly frozenHash: Buffer | undefined
  /** The account's last transaction, if it ever had one. */
  readonly lastTransaction: { readonly lt: bigint; readonly hash: Buffer } | undefined
  /** The account as the sandbox stores it. */
  readonly shardAccount: ShardAccount
}

/**
 * Result of {@link LiveChain.runGetMethod}. A non-zero `exitCode` is a result, not an error,
 * as in toncenter's `runGetMethod`.
 *
 * @example
 * ```ts
 * const { exitCode, stack } = await chain.runGetMethod(wallet, 'seqno')
 * // exitCode 0, stack [{ type: 'int', value: 3n }]
 * ```
 */
export type GetMethodOutcome = {
  readonly exitCode: number
  readonly gasUsed: bigint
  readonly stack: readonly TupleItem[]
}

/**
 * Result of {@link LiveChain.emulateExternal}: the transaction the destination would run,
 * without changing anything.
 *
 * @example
 * ```ts
 * const { transaction } = await chain.emulateExternal(message)
 * transaction.totalFees.coins // 2_398_405n
 * ```
 */
export type EmulatedExternal = {
  readonly transaction: Transaction
}

/**
 * Options of {@link LiveChain.open}.
 *
 * @example
 * ```ts
 * const options: LiveChainOptions = { journal: new MemoryChainJournal(), snapshotEvery: 200 }
 * ```
 */
export type LiveChainOptions = {
  /**
   * The sandbox to run. With an empty journal its current state becomes the genesis state
   * (seqno 0); otherwise the journaled state is loaded into it. Default: a fresh
   * `LocalBlockchain.createLocal()`.
   */
  readonly blockchain?: LocalBlockchain | undefined
  /** Where blocks and snapshots go. Default: a {@link MemoryChainJournal}. */
  readonly journal?: ChainJournal | undefined
  /**
   * The chain's clock, unix seconds. Default: the wall clock, `Math.floor(Date.now() / 1000)`.
   * The chain's time is the later of this clock and its last block, so block times never go
   * back, whatever the clock does; a restarted chain starts from its last block's time. The
   * demo's dated history passes a clock that reads the history's own (past) time while it is
   * written, then the wall clock.
   */
  readonly clock?: (() => number) | undefined
  /** Blocks between automatic snapshots. Default 200. */
  readonly snapshotEvery?: number | undefined
  /** Called when a block listener throws; default `console.error`. */
  readonly onListenerError?: ((error: unknown) => void) | undefined
  /**
   * How much account history the chain keeps to answer an account or a get-method at an older
   * block (`{ seqno }`): the states before each of the last `maxBlocks` blocks that changed
   * accounts (default 1 000), at most `maxBytes` of them (default 64 MiB). Older blocks answer
   * `LIVE_CHAIN_STATE_PRUNED`.
   */
  readonly stateHistory?:
    | { readonly maxBlocks?: number | undefined; readonly maxBytes?: number | undefined }
    | undefined
}

/**
 * Which block's state a read answers: the head (default) or an older block `seqno`.
 *
 * @example
 * ```ts
 * await chain.account(pool, { seqno: 41 } satisfies AtBlock)
 * ```
 */
export type AtBlock = { readonly seqno?: number | undefined }

/**
 * The chain at one point, kept in memory by {@link LiveChain.savepoint} for
 * {@link LiveChain.revert}: the last block, the whole sandbox state and the clock's offset.
 *
 * @example
 * ```ts
 * const point = await chain.savepoint()
 * point.head.seqno // 12
 * ```
 */
export type ChainSavepoint = {
  /** The last block at that point. */
  readonly head: ChainHead
  /** The chain's time floor then (the last block's time, or later). */
  readonly time: number
  /** The clock's time-travel offset then, seconds. */
  readonly offset: number
  /** The sandbox state, as `snapshotToSerializable` JSON (a copy nothing later can change). */
  readonly state: string
}

/**
 * How `setTime` moves the next block's time: to a unix time, or forward by seconds.
 *
 * @example
 * ```ts
 * const move: TimeMove = { increase: 86_400 } // a day
 * ```
 */
export type TimeMove = { readonly set: number } | { readonly increase: number }

/** The sandbox's logical-time step per transaction. */
const LT_STEP = 1_000_000n

/**
 * The live local chain: a {@link LocalBlockchain} whose clock follows the wall clock
 * (monotonic), whose every executed message chain is a numbered block stored in a
 * {@link ChainJournal} before the caller is answered, and whose submissions run one at a time
 * through a single queue, never interleaved. It keeps each account's transaction history for
 * toncenter-style queries and publishes blocks to listeners (an indexer follows it through
 * {@link LiveChain.onTransactions}, the same shape as `LocalDex.onTransactions`).
 *
 * External messages are validated before anything runs: a bad BoC, a message that is not
 * external-in, or an external its destination does not accept is a {@link LiveChainError} and
 * changes nothing. Local tooling (faucets, scenarios) runs through {@link LiveChain.execute},
 * where every message chain it sends becomes a block too.
 *
 * @example
 * ```ts
 * const chain = await LiveChain.open({ blockchain: dex.blockchain, journal })
 * chain.onBlock((block) => console.log(block.seqno))
 * const block = await chain.sendExternal(signedTransferBoc) // logs and returns block 1
 * const info = await chain.account(wallet.address) // { status: 'active', balance: …n, … }
 * ```
 */
export class LiveChain {
  /** The sandbox this chain runs. Run state-changing code only inside {@link LiveChain.execute}. */
  readonly blockchain: LocalBlockchain
  private readonly journal: ChainJournal
  /** The clock with the time-travel offset (`setTime`): the chain's one home of time travel. */
  private readonly clock: ChainClock
  private readonly snapshotEvery: number
  private readonly onListenerError: (error: unknown) => void
  private readonly log: TransactionLog
  /** The states accounts had before recent blocks changed them (reads at an older block). */
  private readonly history: StateHistory
  /**
   * The state each account had before its first transaction of the batch now running, as the
   * executor received it (`null` never: a never-seen address is the sandbox's empty account).
   */
  private priors = new Map<string, string>()
  /** True while the dry run of an external runs: its transaction is not the chain's. */
  private dryRunning = false
  /** Each block's time by seqno (blocks without transactions have no other record of it). */
  private readonly times: number[]
  private readonly blockListeners = new Set<(block: ChainBlock) => void>()
  private readonly revertListeners = new Set<(head: ChainHead) => void>()
  private readonly pending: PendingBlock[] = []
  private reverts = 0
  private readonly unsubscribe: () => void
  private tail: Promise<unknown> = Promise.resolve()
  /** The parsed configuration and the text it was parsed from. */
  private parsedConfig: { text: string; cell: Cell } | undefined
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

  private constructor(
    blockchain: LocalBlockchain,
    journal: ChainJournal,
    options: LiveChainOptions,
    head: ChainHead,
    snapshotSeqno: number,
    log: TransactionLog,
    times: number[] = [],
    history?: StateHistory,
  ) {
    this.times = times
    this.history =
      history ??
      new StateHistory({
        floor: head.seqno,
        maxBlocks: options.stateHistory?.maxBlocks,
        maxBytes: options.stateHistory?.maxBytes,
      })
    this.blockchain = blockchain
    this.journal = journal
    this.clock = new ChainClock(options.clock ?? (() => Date.now() / 1000))
    this.snapshotEvery = options.snapshotEvery ?? 200
    this.onListenerError = options.onListenerError ?? ((error) => console.error(error))
    this.log = log
    this.committed = head
    this.captured = head.seqno
    this.snapshotSeqno = snapshotSeqno
    this.snapshotLibs = librariesKey(blockchain)
    this.lastNow = head.now
    const stopCapture = blockchain.onTransactions((txs) => this.capture(txs))
    yieldBeforeEachTransaction(blockchain)
    const hook = (args: { shardAccount: string; message: Cell }) => this.notePrior(args)
    priorHooks.set(blockchain.executor, hook)
    this.unsubscribe = () => {
      stopCapture()
      if (priorHooks.get(blockchain.executor) === hook) priorHooks.delete(blockchain.executor)
    }
  }

  /**
   * Opens a live chain over a journal: resumes the journaled chain when there is one (newest
   * snapshot plus the account states of the blocks after it, nothing re-executed), otherwise
   * takes the sandbox's current state as the genesis state and stores it as snapshot 0.
   *
   * @example
   * ```ts
   * const chain = await LiveChain.open({ journal: sqliteJournal })
   * chain.head.seqno // 1 524 after a restart of the demo chain
   * ```
   */
  static async open(options: LiveChainOptions = {}): Promise<LiveChain> {
    const journal = options.journal ?? new MemoryChainJournal()
    const blockchain = options.blockchain ?? (await LocalBlockchain.createLocal())
    const saved = await journal.loadSnapshot()
    const log = new TransactionLog()
    if (saved === undefined) {
      const now = Math.max(blockchain.now ?? 0, wallClock(options))
      const chain = new LiveChain(
        blockchain,
        journal,
        options,
        { seqno: 0, now, lt: blockchain.lt },
        0,
        log,
      )
      await chain.enqueue(() => chain.saveSnapshot())
      return chain
    }
    const snapshot = snapshotFromSerializable(JSON.parse(Buffer.from(saved.state).toString('utf8')))
    const contracts = new Map<string, SmartContractSnapshot>()
    for (const contract of snapshot.contracts)
      contracts.set(contract.address.toRawString(), contract)
    const latest = new Map<string, JournalAccountState>()
    let head: ChainHead = { seqno: saved.seqno, now: saved.now, lt: snapshot.lt }
    const times: number[] = []
    // The states before each block after the snapshot: the snapshot's, then each block's result.
    const history = new StateHistory({
      floor: saved.seqno,
      maxBlocks: options.stateHistory?.maxBlocks,
      maxBytes: options.stateHistory?.maxBytes,
    })
    const stateText = (address: string): string | null => {
      const state = latest.get(address)
      if (state !== undefined) return Buffer.from(state.shardAccount).toString('base64')
      const contract = contracts.get(address)
      if (contract === undefined) return null
      return beginCell()
        .store(storeShardAccount(contract.account))
        .endCell()
        .toBoc()
        .toString('base64')
    }
    for (const block of await journal.readBlocks(0)) {
      times[block.seqno] = block.now
      for (const tx of block.transactions) log.add({ ...tx, seqno: block.seqno, now: block.now })
      if (block.seqno <= saved.seqno) continue
      if (block.seqno !== head.seqno + 1) {
        throw new LiveChainError({
          reason: 'journal_failed',
          message: `The journal skips from block ${head.seqno} to block ${block.seqno}.`,
        })
      }
      const before = new Map<string, string | null>()
      for (const state of block.accounts) before.set(state.address, stateText(state.address))
      history.add(block.seqno, before)
      for (const state of block.accounts) latest.set(state.address, state)
      head = { seqno: block.seqno, now: block.now, lt: block.lt }
    }
    // only the newest state of each account is parsed
    for (const [address, state] of latest) contracts.set(address, restoredContract(state))
    const restored: BlockchainSnapshot = {
      ...snapshot,
      contracts: [...contracts.values()],
      lt: head.lt,
      time: head.now,
      transactions: [],
    }
    await blockchain.loadFrom(restored)
    return new LiveChain(blockchain, journal, options, head, saved.seqno, log, times, history)
  }

  /** The last committed block (seqno 0 = the genesis state). */
  get head(): ChainHead {
    return this.committed
  }

  /** The chain's time now, unix seconds: the wall clock, never before the last block. */
  get time(): number {
    return Math.max(this.lastNow, this.clock.now())
  }

  /**
   * How many times the chain was reverted ({@link LiveChain.revert}): what an index kept beside
   * the chain (toncenter v3's message index) compares to know its blocks are still the chain's.
   */
  get revision(): number {
    return this.reverts
  }

  /**
   * Moves the next block's time: to `set` (unix seconds) or `increase` seconds after the
   * chain's time now; the chain then runs on from there with the clock. Never backwards: a
   * time before the chain's time (its last block, or a time set earlier) is refused.
   *
   * @throws {LiveChainError} `LIVE_CHAIN_TIME_BACKWARDS` (nothing changes).
   * @example
   * ```ts
   * chain.setTime({ increase: 3_600 }) // 1_764_003_600 when the chain's time was 1_764_000_000
   * chain.setTime({ set: 1 }) // throws LIVE_CHAIN_TIME_BACKWARDS
   * ```
   */
  setTime(move: TimeMove): number {
    if (this.stopped) throw this.stopped
    const now = this.time
    const target = 'set' in move ? move.set : now + move.increase
    if (!Number.isSafeInteger(target) || target < now) {
      throw new LiveChainError({
        reason: 'time_backwards',
        message: `The chain's time is ${now}; it cannot go back to ${target}.`,
      })
    }
    this.clock.aim(target)
    return target
  }

  /**
   * Makes `count` blocks without transactions at the chain's time (after the queued work), as
   * a chain does when nobody sends anything: the head and its time move, nothing else.
   *
   * @example
   * ```ts
   * const blocks = await chain.mine(3)
   * blocks.map((b) => b.transactions.length) // [0, 0, 0]
   * ```
   */
  async mine(count: number): Promise<readonly ChainBlock[]> {
    return this.enqueue(async () => {
      this.tick()
      for (let i = 0; i < count; i++) this.pending.push(this.emptyBlock())
      return this.commit()
    })
  }

  /**
   * Sets an account's balance (nanotons) without a transaction, as a block without
   * transactions that records the account's new state (so a restart keeps it). An address
   * the chain never saw becomes an uninitialized account holding the balance.
   *
   * @example
   * ```ts
   * await chain.setBalance(wallet, 5_000_000_000n)
   * (await chain.account(wallet)).balance // 5_000_000_000n
   * ```
   */
  async setBalance(address: Address, balance: bigint): Promise<ChainBlock> {
    return this.changeBalance(address, () => balance)
  }

  /**
   * Adds `amount` nanotons to an account's balance without a transaction, as
   * {@link LiveChain.setBalance} does (one block, journaled), reading the balance in the same
   * queued step: what ran before it is counted, nothing runs between the read and the change.
   *
   * @example
   * ```ts
   * await chain.addBalance(wallet, 2_000_000_000n) // 7_000_000_000n where it held 5 TON
   * ```
   */
  async addBalance(address: Address, amount: bigint): Promise<ChainBlock> {
    return this.changeBalance(address, (current) => current + amount)
  }

  private async changeBalance(
    address: Address,
    next: (current: bigint) => bigint,
  ): Promise<ChainBlock> {
    return this.enqueue(async () => {
      this.tick()
      const before = await this.forkSafe(() => this.shardAccountText(address))
      const contract = await this.blockchain.getContract(address)
      contract.balance = next(contract.balance)
      this.pending.push({
        ...this.emptyBlock(),
        touched: [address],
        priors: new Map([[address.toRawString(), before]]),
      })
      const [block] = await this.commit()
      return block!
    })
  }

  /**
   * The chain as it is now (after the queued work), for {@link LiveChain.revert}: kept in
   * memory by the caller.
   *
   * @example
   * ```ts
   * const point = await chain.savepoint()
   * await chain.sendExternal(boc)
   * await chain.revert(point) // the transfer never happened
   * ```
   */
  async savepoint(): Promise<ChainSavepoint> {
    return this.enqueue(async () => {
      if (this.pending.length > 0) await this.commit()
      return {
        head: this.committed,
        time: this.lastNow,
        offset: this.clock.offset,
        state: JSON.stringify(snapshotToSerializable(this.blockchain.snapshot())),
      }
    })
  }

  /**
   * Puts the chain back to a savepoint (after the queued work): the journal forgets the later
   * blocks, the sandbox state, the history, the head and the clock's offset are those of the
   * savepoint, and a snapshot is stored there so a restart resumes the reverted chain. The
   * next block is `savepoint.head.seqno + 1` again. Revert listeners are told after it.
   *
   * @throws {LiveChainError} `LIVE_CHAIN_REVERT_UNSUPPORTED` (the journal cannot forget
   *   blocks), `LIVE_CHAIN_UNKNOWN_SAVEPOINT` (a savepoint after the head: an earlier revert
   *   went back before it).
   * @example
   * ```ts
   * await chain.revert(point)
   * chain.head.seqno // point.head.seqno
   * ```
   */
  async revert(savepoint: ChainSavepoint): Promise<void> {
    await this.enqueue(async () => {
      if (this.pending.length > 0) await this.commit()
      const discard = this.journal.discardAfter?.bind(this.journal)
      if (discard === undefined) {
        throw new LiveChainError({
          reason: 'revert_unsupported',
          message: 'The chain journal cannot forget blocks, so the chain cannot revert.',
        })
      }
      const { head } = savepoint
      if (head.seqno > this.committed.seqno) {
        throw new LiveChainError({
          reason: 'unknown_savepoint',
          message: `Block ${head.seqno} of the savepoint is not on the chain (head ${this.committed.seqno}).`,
        })
      }
      try {
        await discard(head.seqno)
      } catch (error) {
        throw this.stop(
          new LiveChainError({
            reason: 'journal_failed',
            message: `The journal could not go back to block ${head.seqno}; the chain stopped.`,
            details: error instanceof Error ? error.message : String(error),
            cause: error,
          }),
        )
      }
      await this.blockchain.loadFrom(snapshotFromSerializable(JSON.parse(savepoint.state)))
      this.log.truncate(head.seqno)
      // the states kept were those before blocks now gone; older reads start at the savepoint
      this.history.reset(head.seqno)
      this.times.length = Math.min(this.times.length, head.seqno + 1)
      this.committed = head
      this.captured = head.seqno
      this.lastNow = savepoint.time
      this.clock.restore(savepoint.offset)
      await this.saveSnapshot()
      this.reverts++
    })
    for (const listener of this.revertListeners) {
      try {
        listener(this.committed)
      } catch (error) {
        this.onListenerError(error)
      }
    }
  }

  /**
   * Subscribes to reverts ({@link LiveChain.revert}); returns the function that unsubscribes.
   *
   * @example
   * ```ts
   * chain.onRevert((head) => console.log('back at block', head.seqno))
   * ```
   */
  onRevert(listener: (head: ChainHead) => void): () => void {
    this.revertListeners.add(listener)
    return () => {
      this.revertListeners.delete(listener)
    }
  }

  /**
   * The time of block `seqno` (a block without transactions too), or `undefined` for a block
   * the chain has not made.
   *
   * @example
   * ```ts
   * chain.blockTime(chain.head.seqno) // chain.head.now
   * ```
   */
  blockTime(seqno: number): number | undefined {
    return this.times[seqno]
  }

  /** Number of transactions in the history. */
  get transactionCount(): number {
    return this.log.size
  }

  /**
   * The blockchain configuration the chain runs with (the `ConfigParams` dictionary cell,
   * what toncenter's `getConfigAll` answers).
   *
   * @example
   * ```ts
   * chain.config.hash().toString('hex').length // 64
   * ```
   */
  get config(): Cell {
    // The sandbox parses its configuration on every read; it changes only when set.
    const text = this.blockchain.configBase64
    if (this.parsedConfig?.text !== text) this.parsedConfig = { text, cell: Cell.fromBase64(text) }
    return this.parsedConfig.cell
  }

  /**
   * Validates an external-in message, runs its whole message chain as one block, stores the
   * block and answers it. Runs after every earlier submission finished.
   *
   * @param boc The message as a bag of cells (bytes or base64), or its cell.
   * @throws {LiveChainError} `LIVE_CHAIN_INVALID_BOC`, `…_NOT_EXTERNAL_IN`,
   *   `…_EXTERNAL_REJECTED` (nothing changed), `…_EXECUTION_FAILED`, `…_JOURNAL_FAILED`.
   * @example
   * ```ts
   * const block = await chain.sendExternal(boc)
   * block.transactions.length // 2: the wallet and the transfer's destination
   * ```
   */
  async sendExternal(boc: Uint8Array | string | Cell): Promise<ChainBlock> {
    const { cell, message } = parseExternal(boc)
    return this.enqueue(async () => {
      this.tick()
      await this.forkSafe(() => this.dryRun(message, false))
      const before = this.captured
      const rollback = this.blockchain.lazyStorage ? this.blockchain.snapshot() : undefined
      this.inJob = true
      try {
        await this.blockchain.sendMessage(cell)
      } catch (error) {
        this.inJob = false
        if (rollback !== undefined && forkErrorOf(error) !== undefined) {
          throw await this.rollBack(rollback, error)
        }
        throw this.stop(
          new LiveChainError({
            reason: 'execution_failed',
            message: 'An accepted external message could not be executed to the end.',
            details: error instanceof Error ? error.message : String(error),
            cause: error,
          }),
        )
      }
      this.inJob = false
      const blocks = await this.commit()
      const block = blocks.find((b) => b.seqno === before + 1)
      if (!block) {
        throw this.stop(
          new LiveChainError({
            reason: 'execution_failed',
            message: 'The sandbox published no transactions for an accepted external message.',
          }),
        )
      }
      return block
    })
  }

  /**
   * Emulates an external-in message on the current state without changing anything: the
   * destination's transaction as it would run now. Used for fee estimates.
   *
   * @throws {LiveChainError} `LIVE_CHAIN_EXTERNAL_REJECTED` when it would not be accepted.
   * @example
   * ```ts
   * const { transaction } = await chain.emulateExternal(message, { ignoreChksig: true })
   * ```
   */
  async emulateExternal(
    message: Message | Uint8Array | string | Cell,
    options: { readonly ignoreChksig?: boolean } = {},
  ): Promise<EmulatedExternal> {
    const parsed = isMessage(message) ? message : parseExternal(message).message
    if (parsed.info.type !== 'external-in') {
      throw new LiveChainError({
        reason: 'not_external_in',
        message: `Expected an external-in message, got ${parsed.info.type}.`,
      })
    }
    return this.enqueue(async () => {
      this.tick()
      const transaction = await this.forkSafe(() =>
        this.dryRun(parsed, options.ignoreChksig ?? false),
      )
      return { transaction }
    })
  }

  /**
   * Emulates an internal message on the current state without changing anything: its
   * destination's transaction as it would run now (the sender need not exist: the message is
   * taken as given, as a fork's faucet impersonating a jetton's admin sends it). A preflight:
   * the transaction tells whether the message would do what its sender means.
   *
   * @throws {LiveChainError} `LIVE_CHAIN_NOT_INTERNAL` for another kind of message,
   *   `LIVE_CHAIN_FORK_UNAVAILABLE` when a fork cannot load the destination.
   * @example
   * ```ts
   * const tx = await chain.emulateInternal(internalMessage) // from: admin, to: master, body: mint
   * tx.outMessagesCount // 1: the master's internal_transfer to the recipient's wallet
   * ```
   */
  async emulateInternal(message: Message): Promise<Transaction> {
    if (message.info.type !== 'internal') {
      throw new LiveChainError({
        reason: 'not_internal',
        message: `Expected an internal message, got ${message.info.type}.`,
      })
    }
    return this.enqueue(async () => {
      this.tick()
      return this.forkSafe(() => this.dryRun(message, false))
    })
  }

  /**
   * Runs local tooling (a faucet, a scenario step) on the sandbox, after every earlier
   * submission finished and before any later one starts. Every message chain the job sends
   * becomes a block; all of them are stored before the returned promise resolves. The job
   * starts at the chain's time; it may move the sandbox's clock (`blockchain.now`) forward — a
   * dated history stamps each of its steps so — but never before the last block
   * (`LIVE_CHAIN_CLOCK_BACKWARDS`, and the chain stops).
   *
   * @example
   * ```ts
   * const { blocks } = await chain.execute(async (blockchain) => {
   *   const faucet = await blockchain.treasury('faucet')
   *   await faucet.send({ to: alice, value: toNano('5') })
   * })
   * blocks.length // 1
   * ```
   */
  async execute<T>(
    job: (blockchain: LocalBlockchain) => Promise<T>,
  ): Promise<{ readonly result: T; readonly blocks: readonly ChainBlock[] }> {
    return this.enqueue(async () => {
      this.tick()
      const rollback = this.blockchain.lazyStorage ? this.blockchain.snapshot() : undefined
      this.inJob = true
      let result: T
      try {
        result = await job(this.blockchain)
      } catch (error) {
        this.inJob = false
        // A forked chain that could not load what the job touched: the whole job is undone.
        if (rollback !== undefined && forkErrorOf(error) !== undefined) {
          throw await this.rollBack(rollback, error)
        }
        // What the job executed before it failed happened: store it all the same.
        await this.commit()
        throw error
      }
      this.inJob = false
      return { result, blocks: await this.commit() }
    })
  }

  /**
   * What the chain knows about an account now, or at an older block (`{ seqno }`: its state
   * after that block, kept for the recent blocks, see {@link LiveChainOptions.stateHistory}).
   *
   * @throws {LiveChainError} `LIVE_CHAIN_BLOCK_NOT_FOUND` for a block after the head,
   *   `LIVE_CHAIN_STATE_PRUNED` for a block whose states are no longer kept.
   * @example
   * ```ts
   * (await chain.account(Address.parse('EQ…'))).status // 'nonexist'
   * (await chain.account(pool, { seqno: 41 })).data // the pool's data after block 41
   * ```
   */
  async account(address: Address, at: AtBlock = {}): Promise<AccountInfo> {
    return this.enqueue(async () => {
      const state = this.stateAt(address, at.seqno)
      if (state === undefined) {
        return accountInfo(address, await this.forkSafe(() => this.shardAccount(address)))
      }
      return accountInfo(address, state === null ? noAccount(address) : parseShardAccount(state))
    })
  }

  /**
   * An account's `ShardAccount` (the account, its last transaction's hash and lt) as a bag of
   * cells, exactly as the emulator stores it, now or after block `seqno`: what toncenter's
   * `getShardAccountCell` answers and a fork loads. An account that does not exist is
   * `account_none` with a zero last transaction.
   *
   * @throws {LiveChainError} `LIVE_CHAIN_BLOCK_NOT_FOUND`, `LIVE_CHAIN_STATE_PRUNED`.
   * @example
   * ```ts
   * const boc = await chain.shardAccountCell(pool, { seqno: 41 })
   * loadShardAccount(Cell.fromBoc(boc)[0]!.beginParse()).account?.storage.balance.coins // 1_204_000_000n
   * ```
   */
  async shardAccountCell(address: Address, at: AtBlock = {}): Promise<Buffer> {
    return this.enqueue(async () => {
      const kept = this.stateAt(address, at.seqno)
      const state =
        kept === undefined ? await this.forkSafe(() => this.shardAccountText(address)) : kept
      if (state !== null && !isNeverSeenText(state)) {
        return Buffer.from(state, 'base64')
      }
      return beginCell()
        .store(storeShardAccount(noAccount(address)))
        .endCell()
        .toBoc()
    })
  }

  /**
   * A page of an account's transactions, newest first, toncenter's `getTransactions` paging.
   *
   * @throws {LiveChainError} `LIVE_CHAIN_TRANSACTION_NOT_FOUND` for an unknown `(lt, hash)`.
   * @example
   * ```ts
   * const page = chain.transactions(wallet, { limit: 10 })
   * const next = chain.transactions(wallet, { limit: 10, lt: page.at(-1)!.lt, hash: page.at(-1)!.hash })
   * ```
   */
  transactions(address: Address, query: TransactionPageQuery): LoggedTransaction[] {
    return this.log.page(address.toRawString(), query)
  }

  /**
   * An account's transactions with `startLt <= lt <= endLt` (both optional), oldest first: the
   * index toncenter v3's `/api/v3/transactions?account=…&start_lt=…` pages through.
   *
   * @example
   * ```ts
   * chain.transactionRange(wallet.toRawString(), { startLt: 9_000_001n }) // [tx at 9 000 001, …]
   * ```
   */
  transactionRange(
    account: Address | string,
    window: TransactionLtRange = {},
  ): LoggedTransaction[] {
    return this.log.range(typeof account === 'string' ? account : account.toRawString(), window)
  }

  /**
   * The transactions of a committed block, in execution order (empty for an unknown block).
   *
   * @example
   * ```ts
   * chain.blockTransactions(chain.head.seqno).length // 2 for a wallet transfer
   * ```
   */
  blockTransactions(seqno: number): readonly LoggedTransaction[] {
    return this.log.block(seqno)
  }

  /**
   * Runs a get-method on the current state at the chain's time. A non-zero exit code is
   * returned, not thrown.
   *
   * @throws {LiveChainError} `LIVE_CHAIN_ACCOUNT_NOT_ACTIVE` for an account without code.
   * @example
   * ```ts
   * const { stack } = await chain.runGetMethod(wallet, 'seqno')
   * ```
   */
  async runGetMethod(
    address: Address,
    method: string | number,
    stack: readonly TupleItem[] = [],
    at: AtBlock = {},
  ): Promise<GetMethodOutcome> {
    return this.enqueue(async () => {
      const older = at.seqno !== undefined && at.seqno < this.committed.seqno
      const state = this.stateAt(address, at.seqno)
      // An older state runs on a detached copy, at its block's time; the head on the account.
      const old = state === undefined || state === null ? undefined : parseShardAccount(state)
      const contract =
        state === undefined
          ? await this.forkSafe(() => this.blockchain.getContract(address))
          : old?.account == null
            ? undefined // did not exist then (or was deleted): nothing to run
            : new SmartContract(old, this.blockchain)
      if (contract?.accountState?.type !== 'active') {
        throw new LiveChainError({
          reason: 'account_not_active',
          message: `Account ${address.toRawString()} has no code to run ${method}.`,
        })
      }
      try {
        const now = older ? (this.times[at.seqno!] ?? this.time) : this.time
        const res = await contract.get(method, [...stack], { now })
        return { exitCode: res.exitCode, gasUsed: res.gasUsed, stack: res.stack }
      } catch (error) {
        if (error instanceof GetMethodError) {
          return { exitCode: error.exitCode, gasUsed: error.gasUsed, stack: [] }
        }
        throw error
      }
    })
  }

  /**
   * Subscribes to committed blocks, in seqno order; returns the function that unsubscribes.
   * A block is published after the journal stored it.
   *
   * @example
   * ```ts
   * const stop = chain.onBlock((block) => console.log(block.seqno))
   * ```
   */
  onBlock(listener: (block: ChainBlock) => void): () => void {
    this.blockListeners.add(listener)
    return () => {
      this.blockListeners.delete(listener)
    }
  }

  /**
   * Subscribes to the committed transaction stream, one call per block: the shape of
   * `LocalDex.onTransactions`, so `emulatorSource(chain)` feeds an indexer.
   *
   * @example
   * ```ts
   * const source = emulatorSource(chain)
   * ```
   */
  onTransactions(listener: (transactions: readonly BlockchainTransaction[]) => void): () => void {
    return this.onBlock((block) => listener(block.transactions))
  }

  /**
   * Stores a full snapshot now (after the queued work), so a restart loads it instead of
   * applying the blocks since the previous one.
   *
   * @example
   * ```ts
   * await chain.checkpoint()
   * ```
   */
  async checkpoint(): Promise<void> {
    await this.enqueue(() => this.saveSnapshot())
  }

  /**
   * Waits for queued work, stores a snapshot if blocks came after the last one, and stops:
   * later calls throw `LIVE_CHAIN_CLOSED`.
   *
   * @example
   * ```ts
   * await chain.close()
   * ```
   */
  async close(): Promise<void> {
    if (this.stopped) return
    await this.enqueue(async () => {
      if (this.committed.seqno > this.snapshotSeqno) await this.saveSnapshot()
      this.unsubscribe()
      this.stopped = new LiveChainError({ reason: 'closed', message: 'The live chain is closed.' })
    })
  }

  // ---------------------------------------------------------------------------------------

  /** Runs `task` after every earlier task settled; a failed task does not block later ones. */
  private enqueue<T>(task: () => Promise<T>): Promise<T> {
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

  /**
   * Runs a read that may load accounts from a forked chain's upstream: a load that failed is
   * `LIVE_CHAIN_FORK_UNAVAILABLE` (nothing changed).
   */
  private async forkSafe<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read()
    } catch (error) {
      throw forkUnavailable(error) ?? error
    }
  }

  /**
   * Undoes a job a forked chain could not load everything for: the sandbox state from before
   * it, its blocks (none stored yet) forgotten. Answers the error to throw.
   */
  private async rollBack(state: BlockchainSnapshot, error: unknown): Promise<LiveChainError> {
    await this.blockchain.loadFrom(state)
    this.pending.length = 0
    this.captured = this.committed.seqno
    this.flushScheduled = false
    return forkUnavailable(error) as LiveChainError
  }

  /** Moves the sandbox clock to the wall clock, never backwards. */
  private tick(): void {
    this.lastNow = Math.max(this.lastNow, this.clock.now())
    this.blockchain.now = this.lastNow
  }

  /** A block without transactions at the chain's time (the caller ticked). */
  private emptyBlock(): PendingBlock {
    this.captured++
    return {
      seqno: this.captured,
      now: this.lastNow,
      lt: this.blockchain.lt,
      message: undefined,
      transactions: [],
    }
  }

  private stop(error: LiveChainError): LiveChainError {
    this.stopped ??= error
    return error
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
      priors: this.priors,
    })
    this.priors = new Map()
    if (!this.inJob && !this.flushScheduled) {
      this.flushScheduled = true
      void this.insideTask
        .exit(() => this.enqueue(() => this.commit()))
        .catch((error) => this.onListenerError(error))
    }
  }

  /** Stores the pending blocks in order, adds them to the history, then publishes them. */
  private async commit(): Promise<ChainBlock[]> {
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
      const { touched: _, priors: __, ...block } = pendingBlock
      published.push(block)
      this.times[block.seqno] = block.now
      for (const tx of records[i]!.transactions) {
        this.log.add({ ...tx, seqno: block.seqno, now: block.now })
      }
      this.keepPriorStates(pendingBlock, records[i]!)
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
      accounts.push({ address: raw, shardAccount: await this.shardAccountBoc(address) })
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

  private async saveSnapshot(): Promise<void> {
    const json = JSON.stringify(snapshotToSerializable(this.blockchain.snapshot()))
    await this.journal.saveSnapshot({
      seqno: this.committed.seqno,
      now: this.lastNow,
      state: Buffer.from(json, 'utf8'),
    })
    this.snapshotSeqno = this.committed.seqno
    this.snapshotLibs = librariesKey(this.blockchain)
  }

  /**
   * The account's state as a bag of cells. The sandbox keeps every account as the executor's
   * own serialized `ShardAccount` (base64) and parses it only on demand: reusing those bytes
   * spares parsing the state and serializing it again for every account of every block.
   */
  private async shardAccountBoc(address: Address): Promise<Buffer> {
    const contract = await this.blockchain.getContract(address)
    const stored = (contract as unknown as { _account?: unknown })._account
    if (typeof stored === 'string') return Buffer.from(stored, 'base64')
    return beginCell().store(storeShardAccount(contract.account)).endCell().toBoc()
  }

  private async shardAccount(address: Address): Promise<ShardAccount> {
    return (await this.blockchain.getContract(address)).account
  }

  /** The account's state now as the sandbox's base64 bag of cells (its own text, not a copy). */
  private async shardAccountText(address: Address): Promise<string> {
    const contract = await this.blockchain.getContract(address)
    const stored = (contract as unknown as { _account?: unknown })._account
    if (typeof stored === 'string') return stored
    return beginCell()
      .store(storeShardAccount(contract.account))
      .endCell()
      .toBoc()
      .toString('base64')
  }

  /**
   * The account's state after block `seqno` as base64 text, `null` for an account that did not
   * exist then, `undefined` when it is its state now (the head, or no later block changed it).
   */
  private stateAt(address: Address, seqno: number | undefined): string | null | undefined {
    const head = this.committed.seqno
    if (seqno === undefined || seqno === head) return undefined
    if (!Number.isSafeInteger(seqno) || seqno < 0 || seqno > head) {
      throw new LiveChainError({
        reason: 'block_not_found',
        message: `Block ${seqno} is not on the chain (the head is block ${head}).`,
      })
    }
    const kept = this.history.at(address.toRawString(), seqno)
    if (kept.kind === 'pruned') {
      throw new LiveChainError({
        reason: 'state_pruned',
        message: `The account states at block ${seqno} are no longer kept (the oldest kept is block ${this.history.floor}, the head ${head}).`,
      })
    }
    return kept.kind === 'kept' ? kept.state : undefined
  }

  /** Notes the state an account had before its first transaction of the running batch. */
  private notePrior(args: { readonly shardAccount: string; readonly message: Cell }): void {
    if (this.dryRunning) return
    let dest: Address | undefined
    try {
      const info = loadCommonMessageInfo(args.message.beginParse())
      dest = info.type === 'external-out' ? undefined : info.dest
    } catch {
      dest = undefined
    }
    if (dest === undefined) return
    const raw = dest.toRawString()
    if (!this.priors.has(raw)) this.priors.set(raw, args.shardAccount)
  }

  /**
   * Keeps the states the block's accounts had before it, for reads at older blocks. An account
   * the block changed whose prior state was not seen (a change the executor did not make)
   * cannot be answered before the block: older states are then given up.
   */
  private keepPriorStates(block: PendingBlock, record: ChainBlockRecord): void {
    const before = new Map<string, string | null>()
    for (const { address } of record.accounts) {
      const prior = block.priors?.get(address)
      if (prior === undefined) {
        this.history.reset(block.seqno)
        return
      }
      before.set(address, isNeverSeenText(prior) ? null : prior)
    }
    this.history.add(block.seqno, before)
  }

  /** Runs the external's first transaction on a copy of its destination; throws if rejected. */
  private async dryRun(message: Message, ignoreChksig: boolean): Promise<Transaction> {
    const dest = message.info.dest as Address
    const state = await this.shardAccount(dest)
    const prevBlocksInfo = this.blockchain.prevBlocks
    this.dryRunning = true
    const run = this.blockchain.executor.runTransaction({
      config: this.blockchain.configBase64,
      libs: this.blockchain.libs ?? null,
      verbosity: 'short',
      shardAccount: beginCell()
        .store(storeShardAccount(state))
        .endCell()
        .toBoc()
        .toString('base64'),
      now: this.lastNow,
      lt: this.blockchain.lt + LT_STEP,
      randomSeed: this.blockchain.random ?? Buffer.alloc(32),
      ignoreChksig,
      debugEnabled: false,
      ...(prevBlocksInfo === undefined ? {} : { prevBlocksInfo }),
      message: beginCell().store(storeMessage(message)).endCell(),
    })
    let res: Awaited<typeof run>
    try {
      res = await run
    } finally {
      this.dryRunning = false
    }
    if (!res.result.success) {
      const exitCode = res.result.vmResults?.vmExitCode
      throw new LiveChainError({
        reason: 'external_rejected',
        message: `${dest.toRawString()} did not accept the external message.`,
        details: res.result.error,
        exitCode,
      })
    }
    return loadTransaction(Cell.fromBase64(res.result.transaction).beginParse())
  }
}

/** The live chain's error for a forked chain's load that failed, or `undefined`. */
function forkUnavailable(error: unknown): LiveChainError | undefined {
  const fork = forkErrorOf(error)
  if (fork === undefined) return undefined
  return new LiveChainError({
    reason: 'fork_unavailable',
    message: `The fork's upstream could not provide what this needs (${fork.code}); nothing changed.`,
    details: fork.shortMessage,
    cause: fork,
  })
}

/**
 * A block waiting to be stored: with the accounts changed without a transaction (`setBalance`)
 * and the state each changed account had before the block (raw address → base64 ShardAccount).
 */
type PendingBlock = ChainBlock & {
  readonly touched?: readonly Address[]
  readonly priors?: ReadonlyMap<string, string>
}

/** Per executor, the chain noting each transaction's prior account state (the newest opened). */
const priorHooks = new WeakMap<
  object,
  (args: { readonly shardAccount: string; readonly message: Cell }) => void
>()

/** Executors already yielding (a chain reopened on the same sandbox wraps it once). */
const yielding = new WeakSet<object>()

/**
 * Gives the event loop a turn before each transaction the sandbox executes. The executor is
 * synchronous WebAssembly behind promises, so a message chain (a swap is 8–12 transactions)
 * would otherwise hold the process for its whole length and every HTTP request would wait for
 * it; with a turn between transactions a request waits at most for one transaction. Nothing
 * else reads the sandbox meanwhile: every read of the chain's state is queued behind the job.
 */
function yieldBeforeEachTransaction(blockchain: LocalBlockchain): void {
  const executor = blockchain.executor
  if (yielding.has(executor)) return
  yielding.add(executor)
  const run = executor.runTransaction.bind(executor)
  executor.runTransaction = async (args) => {
    priorHooks.get(executor)?.(args)
    await new Promise((resolve) => setImmediate(resolve))
    return run(args)
  }
}

function wallClock(options: LiveChainOptions): number {
  return Math.floor((options.clock ?? (() => Date.now() / 1000))())
}

function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && 'info' in value && 'body' in value
}

/** Parses a BoC holding one external-in message; rejects anything else with a stable code. */
function parseExternal(boc: Uint8Array | string | Cell): { cell: Cell; message: Message } {
  let cell: Cell
  if (boc instanceof Cell) {
    cell = boc
  } else {
    const bytes = typeof boc === 'string' ? Buffer.from(boc, 'base64') : Buffer.from(boc)
    let roots: Cell[]
    try {
      roots = Cell.fromBoc(bytes)
    } catch (error) {
      throw new LiveChainError({
        reason: 'invalid_boc',
        message: 'The boc is not a valid bag of cells.',
        details: error instanceof Error ? error.message : String(error),
        cause: error,
      })
    }
    if (roots.length !== 1) {
      throw new LiveChainError({
        reason: 'invalid_boc',
        message: `The boc must hold exactly one root cell, it holds ${roots.length}.`,
      })
    }
    cell = roots[0]!
  }
  let message: Message
  try {
    message = loadMessage(cell.beginParse())
  } catch (error) {
    throw new LiveChainError({
      reason: 'invalid_boc',
      message: 'The boc does not hold a message.',
      details: error instanceof Error ? error.message : String(error),
      cause: error,
    })
  }
  if (message.info.type !== 'external-in') {
    throw new LiveChainError({
      reason: 'not_external_in',
      message: `Expected an external-in message, got ${message.info.type}.`,
    })
  }
  return { cell, message }
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

/** A `ShardAccount` from the sandbox's base64 bag of cells. */
function parseShardAccount(text: string): ShardAccount {
  return loadShardAccount(Cell.fromBase64(text).beginParse())
}

/** `account_none` with no last transaction: an account that does not exist. */
function noAccount(_address: Address): ShardAccount {
  return { account: undefined, lastTransactionHash: 0n, lastTransactionLt: 0n }
}

/**
 * The sandbox keeps a never-seen address as an empty uninit account without transactions: that
 * one does not exist (`account_none` on TON).
 */
function isNeverSeen(shardAccount: ShardAccount): boolean {
  const account = shardAccount.account
  return (
    account != null &&
    account.storage.state.type === 'uninit' &&
    account.storage.balance.coins === 0n &&
    shardAccount.lastTransactionLt === 0n
  )
}

/** {@link isNeverSeen} of a base64 state; the sandbox's empty accounts are small, so parse those only. */
function isNeverSeenText(text: string): boolean {
  return text.length < NEVER_SEEN_MAX_TEXT && isNeverSeen(parseShardAccount(text))
}

/** Longer than any empty account's base64 ShardAccount (about 150 characters). */
const NEVER_SEEN_MAX_TEXT = 400

function restoredContract(state: JournalAccountState): SmartContractSnapshot {
  const account = loadShardAccount(Cell.fromBoc(Buffer.from(state.shardAccount))[0]!.beginParse())
  return {
    address: Address.parseRaw(state.address),
    account,
    lastTxTime: account.account?.storageStats.lastPaid ?? 0,
  }
}

function accountInfo(address: Address, shardAccount: ShardAccount): AccountInfo {
  const account = shardAccount.account
  const lastTransaction =
    shardAccount.lastTransactionLt === 0n
      ? undefined
      : {
          lt: shardAccount.lastTransactionLt,
          hash: Buffer.from(shardAccount.lastTransactionHash.toString(16).padStart(64, '0'), 'hex'),
        }
  // The sandbox keeps a never-seen address as an empty uninit account: that one does not exist.
  const neverSeen =
    account?.storage.state.type === 'uninit' &&
    account.storage.balance.coins === 0n &&
    shardAccount.lastTransactionLt === 0n
  if (!account || neverSeen) {
    return {
      address,
      status: 'nonexist',
      balance: 0n,
      code: undefined,
      data: undefined,
      frozenHash: undefined,
      lastTransaction,
      shardAccount,
    }
  }
  const state = account.storage.state
  return {
    address,
    status: state.type,
    balance: account.storage.balance.coins,
    code: state.type === 'active' ? (state.state.code ?? undefined) : undefined,
    data: state.type === 'active' ? (state.state.data ?? undefined) : undefined,
    frozenHash:
      state.type === 'frozen'
        ? Buffer.from(state.stateHash.toString(16).padStart(64, '0'), 'hex')
        : undefined,
    lastTransaction,
    shardAccount,
  }
}

/** Identifies the chain's library set: the hash of its `libs` dictionary cell, '' for none. */
function librariesKey(blockchain: LocalBlockchain): string {
  return blockchain.libs?.hash().toString('hex') ?? ''
}
