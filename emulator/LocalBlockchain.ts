import type { Cell } from '@ton/core'
import {
  Blockchain,
  type BlockchainSnapshot,
  type BlockchainStorage,
  type BlockchainTransaction,
  Executor,
  LocalBlockchainStorage,
} from '@ton/sandbox'
import { installBocCache } from './bocCache.js'
import { installCellCache } from './cellCache.js'
import { installNativeSha256 } from './nativeSha256.js'

/**
 * Receives every batch of transactions the emulator executes, in execution order.
 *
 * @example
 * ```ts
 * const listener: TransactionListener = (txs) => console.log(txs.length) // 10 for a v2 jetton swap
 * ```
 */
export type TransactionListener = (transactions: readonly BlockchainTransaction[]) => void

/**
 * Options of {@link LocalBlockchain.createLocal}.
 *
 * @example
 * ```ts
 * const options: LocalBlockchainOptions = { fastCells: true } // about twice the swaps per second
 * ```
 */
export type LocalBlockchainOptions = {
  /**
   * Switch `@ton/core` into its faster mode FOR THE WHOLE PROCESS (every `Cell` of every
   * library, not only this chain's): cell hashes use Node's native SHA-256
   * ({@link installNativeSha256}) and parsed bags of cells reuse the cells already built
   * ({@link installCellCache}), and a cell serialized again is copied from its first
   * serialization ({@link installBocCache}). No result changes (each is property-tested against the
   * originals); an emulated swap costs about half (`docs/emulator.md#performance`). Default
   * `false`: a library does not patch its dependencies unless asked. Once on, it stays on
   * (undo with `uninstallNativeSha256`, `uninstallCellCache`, `uninstallBocCache`).
   */
  readonly fastCells?: boolean | undefined
  /**
   * Where accounts come from (default: the sandbox's in-memory `LocalBlockchainStorage`, where
   * an unknown address is an empty account). A storage that loads accounts lazily from
   * elsewhere (a forked chain, `chain/fork/`) may fail a load: the chain then says so
   * ({@link LocalBlockchain.lazyStorage}) and the live chain rolls a failed job back. A
   * storage with a `restoring(on)` method is told while a snapshot is loaded, so it does not
   * load the accounts the snapshot replaces anyway.
   */
  readonly storage?: LazyStorage | undefined
  /**
   * How a failed load of `storage` is told from other errors: the {@link LoadFailure} behind
   * an error (following its causes), or `undefined` when the error is something else. The
   * storage's owner provides it (a fork: `chain/fork/`'s `forkErrorOf`); the live chain asks
   * {@link LocalBlockchain.loadFailureOf} to roll back a job such a load stopped. Default: no
   * error is a load failure.
   */
  readonly loadFailure?: ((error: unknown) => LoadFailure | undefined) | undefined
  /** The network configuration (a `ConfigParams` dictionary cell); default the sandbox's `slim`. */
  readonly config?: Cell | undefined
}

/**
 * A {@link LocalBlockchainOptions.storage} that loads accounts lazily and may fail to: told
 * while a snapshot is loaded (`restoring(true)` … `restoring(false)`), when every account it
 * is asked for is about to be overwritten by the snapshot's state.
 *
 * @example
 * ```ts
 * const storage: LazyStorage = Object.assign(new LocalBlockchainStorage(), { restoring: () => {} })
 * ```
 */
export type LazyStorage = BlockchainStorage & {
  restoring?(on: boolean): void
}

/**
 * A lazy storage's failed load ({@link LocalBlockchainOptions.loadFailure}): the error itself,
 * with a stable `code` and a one-line `shortMessage`.
 *
 * @example
 * ```ts
 * const failure: LoadFailure = forkErrorOf(error)! // { code: 'FORK_UNAVAILABLE', shortMessage: 'getShardAccountCell: 429 …' }
 * ```
 */
export type LoadFailure = Error & { readonly code: string; readonly shortMessage: string }

/**
 * A `@ton/sandbox` `Blockchain` whose transaction history does not grow: each batch of
 * transactions (one `sendMessage`, one wrapper `send…`, one tick-tock) is handed to the
 * listeners and then dropped, so memory stays flat in long runs. Everything else is the plain
 * sandbox API (`sendMessage`, `runGetMethod`, `openContract`, `snapshot`, …). Because nothing is
 * kept, `getTransactions(address)` returns only what is still pending in the current batch.
 *
 * @example
 * ```ts
 * const chain = await LocalBlockchain.createLocal()
 * const stop = chain.onTransactions((txs) => console.log(txs.length, txs[0]?.lt))
 * await (await chain.treasury('alice')).send({ to: bob, value: toNano('1') }) // logs "2 …"
 * stop()
 * ```
 */
export class LocalBlockchain extends Blockchain {
  private listeners: TransactionListener[] | undefined
  private lazy: LazyStorage | undefined
  private loadFailure: ((error: unknown) => LoadFailure | undefined) | undefined

  /**
   * Creates an empty local chain with the sandbox's `slim` network config and every log off.
   * With `fastCells: true` it also switches `@ton/core` into its faster, process-wide mode
   * ({@link LocalBlockchainOptions.fastCells}); by default nothing outside the chain changes.
   */
  static async createLocal(options: LocalBlockchainOptions = {}): Promise<LocalBlockchain> {
    if (options.fastCells === true) {
      installNativeSha256()
      installCellCache()
      installBocCache()
    }
    const chain = new LocalBlockchain({
      executor: await Executor.create(),
      storage: options.storage ?? new LocalBlockchainStorage(),
      config: options.config ?? 'slim',
    })
    chain.lazy = options.storage
    chain.loadFailure = options.loadFailure
    chain.verbosity = { print: false, blockchainLogs: false, vmLogs: 'none', debugLogs: false }
    return chain
  }

  /**
   * Whether accounts load lazily from a storage that may fail
   * ({@link LocalBlockchainOptions.storage}): a message chain can then stop half-way, and the
   * caller restores a snapshot taken before it.
   */
  get lazyStorage(): boolean {
    return this.lazy !== undefined
  }

  /**
   * The failed load of the lazy storage behind `error` ({@link LocalBlockchainOptions.loadFailure}),
   * or `undefined` when `error` is something else (always, without a lazy storage's hook).
   */
  loadFailureOf(error: unknown): LoadFailure | undefined {
    return this.loadFailure?.(error)
  }

  /**
   * Restores a snapshot (the sandbox's `loadFrom`), also dropping what a message chain that
   * failed half-way left queued: its unsent messages and its unpublished transactions. A lazy
   * storage is told, so it does not load the accounts the snapshot replaces.
   */
  override async loadFrom(snapshot: BlockchainSnapshot): Promise<void> {
    const queue = (this as unknown as { defaultQueueManager?: { messageQueue?: unknown[] } })
      .defaultQueueManager
    if (queue?.messageQueue !== undefined) queue.messageQueue.length = 0
    this.lazy?.restoring?.(true)
    try {
      await super.loadFrom(snapshot)
    } finally {
      this.lazy?.restoring?.(false)
    }
  }

  /**
   * Subscribes to executed transactions; returns the function that unsubscribes.
   * Listeners run synchronously after each batch, before the history is cleared.
   */
  onTransactions(listener: TransactionListener): () => void {
    this.listeners = [...(this.listeners ?? []), listener]
    return () => {
      this.listeners = (this.listeners ?? []).filter((l) => l !== listener)
    }
  }

  /** Called by the sandbox after every batch; we publish it and drop the history. */
  protected override registerTxsForCoverage(txs: BlockchainTransaction[]): void {
    super.registerTxsForCoverage(txs)
    for (const listener of this.listeners ?? []) listener(txs)
    this.transactions = []
  }
}
