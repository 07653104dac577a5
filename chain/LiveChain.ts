import type { Address, Cell, Message, Transaction, TupleItem } from '@ton/core'
import type { BlockchainTransaction } from '@ton/sandbox'
import type { LocalBlockchain } from '../emulator/LocalBlockchain.js'
import type { ChainView } from './ChainView.js'
import type { LiveChainError } from './LiveChainError.js'
import { externalIn, internalOnly, parseExternal } from './live/ExternalGate.js'
import { type LiveChainParts, openParts } from './live/openParts.js'
import type {
  AccountInfo,
  AtBlock,
  ChainBlock,
  ChainHead,
  ChainSavepoint,
  EmulatedExternal,
  GetMethodOutcome,
  LiveChainOptions,
  TimeMove,
} from './liveChainTypes.js'
import type {
  LoggedTransaction,
  TransactionLtRange,
  TransactionPageQuery,
} from './TransactionLog.js'

export type {
  AccountInfo,
  AccountStatus,
  AtBlock,
  ChainBlock,
  ChainHead,
  ChainSavepoint,
  EmulatedExternal,
  GetMethodOutcome,
  LiveChainOptions,
  TimeMove,
} from './liveChainTypes.js'

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
export class LiveChain implements ChainView {
  /** The sandbox this chain runs. Run state-changing code only inside {@link LiveChain.execute}. */
  readonly blockchain: LocalBlockchain
  /** The parts this chain is the facade of (`chain/live/`). */
  private readonly parts: LiveChainParts

  private constructor(blockchain: LocalBlockchain, parts: LiveChainParts) {
    this.blockchain = blockchain
    this.parts = parts
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
    const { blockchain, parts } = await openParts(options)
    return new LiveChain(blockchain, parts)
  }

  /** The last committed block (seqno 0 = the genesis state). */
  get head(): ChainHead {
    return this.parts.sequencer.head
  }

  /** The chain's time now, unix seconds: the wall clock, never before the last block. */
  get time(): number {
    return this.parts.sequencer.time
  }

  /**
   * How many times the chain was reverted ({@link LiveChain.revert}): what an index kept beside
   * the chain (toncenter v3's message index) compares to know its blocks are still the chain's.
   */
  get revision(): number {
    return this.parts.control.revision
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
    return this.parts.control.setTime(move)
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
    return this.parts.control.mine(count)
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
    return this.parts.control.changeBalance(address, () => balance)
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
    return this.parts.control.changeBalance(address, (current) => current + amount)
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
    return this.parts.control.savepoint()
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
    await this.parts.control.revert(savepoint)
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
    return this.parts.control.onRevert(listener)
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
    return this.parts.sequencer.blockTime(seqno)
  }

  /** Number of transactions in the history. */
  get transactionCount(): number {
    return this.parts.sequencer.log.size
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
    return this.parts.states.config()
  }

  /**
   * The chain's library cells: the sandbox's `libs` dictionary (hash → library cell), what
   * toncenter's `getLibraries` answers from; `undefined` when the chain has none.
   *
   * @example
   * ```ts
   * chain.libraries?.hash().toString('hex').length // 64 once a DEX v2 is deployed
   * ```
   */
  get libraries(): Cell | undefined {
    return this.blockchain.libs
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
    return this.parts.sequencer.enqueue(async () => {
      await this.parts.gate.dryRun(message, { ignoreChksig: false })
      return this.parts.sequencer.runMessage(cell)
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
    const parsed = externalIn(message)
    return this.parts.sequencer.enqueue(async () => ({
      transaction: await this.parts.gate.dryRun(parsed, {
        ignoreChksig: options.ignoreChksig ?? false,
      }),
    }))
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
    const internal = internalOnly(message)
    return this.parts.sequencer.enqueue(() =>
      this.parts.gate.dryRun(internal, { ignoreChksig: false }),
    )
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
    const chain = this.parts.sequencer
    return chain.enqueue(() => chain.runTooling(() => job(this.blockchain)))
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
    return this.parts.sequencer.enqueue(() => this.parts.states.account(address, at.seqno))
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
    return this.parts.sequencer.enqueue(() => this.parts.states.shardAccountCell(address, at.seqno))
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
    return this.parts.sequencer.log.page(address.toRawString(), query)
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
    const raw = typeof account === 'string' ? account : account.toRawString()
    return this.parts.sequencer.log.range(raw, window)
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
    return this.parts.sequencer.log.block(seqno)
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
    return this.parts.sequencer.enqueue(() =>
      this.parts.states.runGetMethod(address, method, stack, at.seqno),
    )
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
    return this.parts.sequencer.onBlock(listener)
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
    const chain = this.parts.sequencer
    await chain.enqueue(() => chain.saveSnapshot())
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
    const chain = this.parts.sequencer
    if (chain.isStopped) return
    await chain.enqueue(() => chain.close())
  }
}
