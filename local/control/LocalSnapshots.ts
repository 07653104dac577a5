import type { ChainSavepoint, LiveChain } from '../../chain/LiveChain.js'
import { LocalExchangeError } from '../LocalExchangeError.js'

/**
 * Transaction-consistent copies of the store's tables, kept under a snapshot's id: in the
 * SQLite file (`SqliteTableSnapshots`) or in the PostgreSQL database (`PostgresTableSnapshots`)
 * the local exchange runs on. Each method may answer synchronously or with a promise.
 *
 * @example
 * ```ts
 * const tables: TableSnapshots = new SqliteTableSnapshots('./data/ton-dex-lab.sqlite')
 * await tables.save(1)
 * await tables.restore(1)
 * ```
 */
export interface TableSnapshots {
  /** Copies every store table as snapshot `id` (replacing an earlier copy under that id). */
  save(id: number): void | Promise<void>
  /** Puts every store table back to snapshot `id`'s rows, all at once for a reader. */
  restore(id: number): void | Promise<void>
  /** Drops snapshot `id`'s copy. */
  drop(id: number): void | Promise<void>
  /** Closes the copies' connection (the copies go with it). */
  close(): void | Promise<void>
}

/**
 * What {@link LocalSnapshots} puts back together: the chain, the store's tables, and the
 * indexer that follows the one into the other.
 *
 * @example
 * ```ts
 * const parts: LocalSnapshotParts = { chain, tables, stopIndexer, startIndexer, reloadStore }
 * ```
 */
export type LocalSnapshotParts = {
  readonly chain: LiveChain
  /** The store's table copies; `undefined` over an in-memory database (no snapshots then). */
  readonly tables: TableSnapshots | undefined
  /** Stops the live indexer after its batch in progress. */
  stopIndexer(): Promise<void>
  /** Starts it again at the store's cursor; resolves once it reached the chain's head. */
  startIndexer(): Promise<void>
  /**
   * Makes the store read what the tables' restore wrote through its own connection at once
   * (`Store.reload`), so the first answer after a revert is the snapshot's.
   */
  reloadStore(): Promise<void>
}

/**
 * A snapshot's answer: its id and the block it holds.
 *
 * @example
 * ```ts
 * const taken: SnapshotReceipt = { id: '3', seqno: 41 }
 * ```
 */
export type SnapshotReceipt = { readonly id: string; readonly seqno: number }

/**
 * The local exchange's snapshots (`POST /local/snapshots`, `POST /local/snapshots/{id}/revert`),
 * for test isolation: a snapshot is the chain's savepoint (in memory) and a transaction-
 * consistent copy of the store's tables, taken store first, so the copied index is never ahead
 * of the saved chain. A revert stops the indexer, reverts the chain (its journal forgets the
 * later blocks), puts the store's rows back, starts the indexer again — it indexes the blocks
 * between the copy's cursor and the savepoint from the chain — and refreshes the market, so
 * every REST and TON API answer is the snapshot's. The snapshot stays (revert to it again);
 * the ones taken after it are dropped. One operation at a time.
 *
 * @example
 * ```ts
 * const { id } = await snapshots.take()
 * // … swaps …
 * await snapshots.revert(id)
 * ```
 */
export class LocalSnapshots {
  private readonly parts: LocalSnapshotParts
  private readonly refresh: () => Promise<void>
  private readonly saved = new Map<number, ChainSavepoint>()
  private next = 1
  private tail: Promise<unknown> = Promise.resolve()

  constructor(parts: LocalSnapshotParts, refresh: () => Promise<void>) {
    this.parts = parts
    this.refresh = refresh
  }

  /** Takes a snapshot of the chain and the store now. */
  take(): Promise<SnapshotReceipt> {
    return this.serial(async () => {
      const tables = this.tables()
      const id = this.next++
      // Store first: its index is then at or before the chain's savepoint.
      await tables.save(id)
      const savepoint = await this.parts.chain.savepoint()
      this.saved.set(id, savepoint)
      return { id: String(id), seqno: savepoint.head.seqno }
    })
  }

  /** Puts the chain, the store and the index back to snapshot `id`. */
  revert(id: string): Promise<SnapshotReceipt> {
    return this.serial(async () => {
      const tables = this.tables()
      const key = /^[1-9][0-9]{0,8}$/.test(id) ? Number(id) : Number.NaN
      const savepoint = this.saved.get(key)
      if (savepoint === undefined) {
        throw new LocalExchangeError({
          code: 'LOCAL_UNKNOWN_SNAPSHOT',
          field: 'id',
          message: `No snapshot ${id}: never taken, or dropped by a revert to an earlier one.`,
        })
      }
      await this.parts.stopIndexer()
      try {
        await this.parts.chain.revert(savepoint)
        await tables.restore(key)
        await this.parts.reloadStore()
      } finally {
        await this.parts.startIndexer()
      }
      await this.refresh()
      for (const later of [...this.saved.keys()].filter((k) => k > key)) {
        this.saved.delete(later)
        await tables.drop(later)
      }
      return { id, seqno: savepoint.head.seqno }
    })
  }

  private tables(): TableSnapshots {
    if (this.parts.tables === undefined) {
      throw new LocalExchangeError({
        code: 'LOCAL_SNAPSHOTS_UNAVAILABLE',
        message: 'Snapshots need a database file: this exchange runs on an in-memory database.',
      })
    }
    return this.parts.tables
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(task)
    this.tail = run.catch(() => undefined)
    return run
  }
}
