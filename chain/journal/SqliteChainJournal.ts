import Database from 'better-sqlite3'
import { writeSortableUint64 } from '../../store/codecs/columns.js'
import { migrate } from '../../store/sqlite/migrate.js'
import {
  type ChainBlockRecord,
  type ChainJournal,
  ChainJournalError,
  type ChainSnapshotRecord,
  type JournalAccountState,
  type JournalTransaction,
  unknownBlock,
} from '../ChainJournal.js'

type BlockRow = { seqno: number; now: number; lt: string; message: Buffer | null }
type TxRow = { seqno: number; account: string; lt: string; hash: Buffer; boc: Buffer }

/** Logical times as fixed-width decimal TEXT (20 digits hold any u64), so they sort as numbers. */
const ltText = writeSortableUint64
type AccountRow = { seqno: number; address: string; shard_account: Buffer }

/**
 * A {@link ChainJournal} in SQLite: the live chain's blocks (root message, transactions,
 * touched account states) and state snapshots in four `chain_*` tables (and the demo's base
 * market in `local_market_base`), kept in the same
 * database file as the index (its own connection; the tables are the SQLite store's migration
 * `2026_11_26_01_chain_journal`, applied here if the store has not yet). Every `appendBlock` is one committed SQLite transaction before it
 * returns, so a block the chain answered survives a killed process (WAL: durable against a
 * process crash). Once a snapshot is saved, older snapshots and the account states of the
 * blocks it covers are deleted; transactions stay (they are the chain's history).
 *
 * @example
 * ```ts
 * const journal = new SqliteChainJournal('./data/ton-dex-lab.sqlite')
 * const chain = await LiveChain.open({ journal, blockchain: dex.blockchain })
 * journal.lastSeqno() // 1 524 after the demo
 * ```
 */
export class SqliteChainJournal implements ChainJournal {
  private readonly db: Database.Database
  private readonly insertBlock: Database.Statement
  private readonly insertTx: Database.Statement
  private readonly insertAccount: Database.Statement
  private readonly appendTx: (block: ChainBlockRecord) => void
  private readonly snapshotTx: (snapshot: ChainSnapshotRecord) => void
  private readonly discardTx: (seqno: number) => void
  private last: number

  /** Opens (or creates) the journal tables in the SQLite file at `path`. */
  constructor(path: string) {
    this.db = new Database(path)
    this.db.pragma('journal_mode = WAL')
    this.db.pragma('busy_timeout = 5000')
    // The journal's tables are the store's migration `2026_11_26_01_chain_journal`: a file
    // opened here first gets the whole store schema, one the store opened first gets nothing.
    migrate(this.db)
    this.insertBlock = this.db.prepare(
      'INSERT INTO chain_blocks (seqno, now, lt, message) VALUES (?, ?, ?, ?)',
    )
    this.insertTx = this.db.prepare(
      'INSERT INTO chain_transactions (seqno, position, account, lt, hash, boc) VALUES (?, ?, ?, ?, ?, ?)',
    )
    this.insertAccount = this.db.prepare(
      'INSERT OR REPLACE INTO chain_accounts (seqno, address, shard_account) VALUES (?, ?, ?)',
    )
    this.last = this.storedLast()
    this.appendTx = this.db.transaction((block: ChainBlockRecord) => {
      this.insertBlock.run(block.seqno, block.now, ltText(block.lt), bytes(block.message))
      block.transactions.forEach((tx, position) => {
        this.insertTx.run(
          ...[block.seqno, position, tx.account, ltText(tx.lt), bytes(tx.hash), bytes(tx.boc)],
        )
      })
      for (const state of block.accounts) {
        this.insertAccount.run(block.seqno, state.address, bytes(state.shardAccount))
      }
    })
    const insertSnapshot = this.db.prepare(
      'INSERT OR REPLACE INTO chain_snapshots (seqno, now, state) VALUES (?, ?, ?)',
    )
    const dropSnapshots = this.db.prepare('DELETE FROM chain_snapshots WHERE seqno < ?')
    const dropAccounts = this.db.prepare('DELETE FROM chain_accounts WHERE seqno <= ?')
    this.snapshotTx = this.db.transaction((snapshot: ChainSnapshotRecord) => {
      insertSnapshot.run(snapshot.seqno, snapshot.now, bytes(snapshot.state))
      dropSnapshots.run(snapshot.seqno)
      dropAccounts.run(snapshot.seqno)
    })
    this.discardTx = this.db.transaction((seqno: number) => {
      for (const table of [
        'chain_transactions',
        'chain_accounts',
        'chain_blocks',
        'chain_snapshots',
      ])
        this.db.prepare(`DELETE FROM ${table} WHERE seqno > ?`).run(seqno)
    })
  }

  appendBlock(block: ChainBlockRecord): void {
    if (block.seqno !== this.last + 1) {
      throw new ChainJournalError({
        code: 'CHAIN_JOURNAL_OUT_OF_ORDER',
        message: `Block ${block.seqno} does not follow block ${this.last} of the journal.`,
      })
    }
    this.appendTx(block)
    this.last = block.seqno
  }

  saveSnapshot(snapshot: ChainSnapshotRecord): void {
    this.snapshotTx(snapshot)
    this.last = Math.max(this.last, snapshot.seqno)
  }

  discardAfter(seqno: number): void {
    if (seqno > this.last) throw unknownBlock(seqno, this.last)
    this.discardTx(seqno)
    this.last = seqno
  }

  loadSnapshot(): ChainSnapshotRecord | undefined {
    const row = this.db
      .prepare('SELECT seqno, now, state FROM chain_snapshots ORDER BY seqno DESC LIMIT 1')
      .get() as { seqno: number; now: number; state: Buffer } | undefined
    return row === undefined ? undefined : { seqno: row.seqno, now: row.now, state: row.state }
  }

  readBlocks(afterSeqno: number): readonly ChainBlockRecord[] {
    const blocks = this.db
      .prepare('SELECT seqno, now, lt, message FROM chain_blocks WHERE seqno > ? ORDER BY seqno')
      .all(afterSeqno) as BlockRow[]
    const txs = this.db
      .prepare(
        'SELECT seqno, account, lt, hash, boc FROM chain_transactions WHERE seqno > ? ORDER BY seqno, position',
      )
      .all(afterSeqno) as TxRow[]
    const accounts = this.db
      .prepare(
        'SELECT seqno, address, shard_account FROM chain_accounts WHERE seqno > ? ORDER BY seqno',
      )
      .all(afterSeqno) as AccountRow[]
    const txsOf = groupBySeqno(
      txs.map((t): [number, JournalTransaction] => [
        t.seqno,
        { account: t.account, lt: BigInt(t.lt), hash: t.hash, boc: t.boc },
      ]),
    )
    const accountsOf = groupBySeqno(
      accounts.map((a): [number, JournalAccountState] => [
        a.seqno,
        { address: a.address, shardAccount: a.shard_account },
      ]),
    )
    return blocks.map((b) => ({
      seqno: b.seqno,
      now: b.now,
      lt: BigInt(b.lt),
      message: b.message,
      transactions: txsOf.get(b.seqno) ?? [],
      accounts: accountsOf.get(b.seqno) ?? [],
    }))
  }

  /**
   * The number of the newest stored block (0 for a journal holding only the genesis snapshot
   * or nothing).
   *
   * @example
   * ```ts
   * journal.lastSeqno() // 0 on a new database
   * ```
   */
  lastSeqno(): number {
    return this.last
  }

  /**
   * The block (number and time) holding the transaction with this hash, if it is stored.
   *
   * @example
   * ```ts
   * journal.blockOf(Buffer.from(txHashHex, 'hex')) // { seqno: 12, now: 1_764_000_123 }
   * ```
   */
  blockOf(hash: Uint8Array): { readonly seqno: number; readonly now: number } | undefined {
    return this.db
      .prepare(
        'SELECT b.seqno AS seqno, b.now AS now FROM chain_transactions t JOIN chain_blocks b ON b.seqno = t.seqno WHERE t.hash = ?',
      )
      .get(bytes(hash)) as { seqno: number; now: number } | undefined
  }

  /**
   * Number and time of block `seqno`, if it is stored.
   *
   * @example
   * ```ts
   * journal.block(12) // { seqno: 12, now: 1_764_000_123 }
   * ```
   */
  block(seqno: number): { readonly seqno: number; readonly now: number } | undefined {
    return this.db.prepare('SELECT seqno, now FROM chain_blocks WHERE seqno = ?').get(seqno) as
      | { seqno: number; now: number }
      | undefined
  }

  /**
   * Every stored block whose chain logical time is above `lt`, in order: the blocks an index
   * that stopped at a transaction of logical time `lt` has still to read.
   *
   * @example
   * ```ts
   * journal.blocksAfterLt(9_000_000n).length // 3 blocks to catch up
   * ```
   */
  blocksAfterLt(lt: bigint): readonly ChainBlockRecord[] {
    const first = this.db
      .prepare('SELECT MIN(seqno) AS seqno FROM chain_blocks WHERE lt > ?')
      .get(ltText(lt)) as { seqno: number | null }
    return first.seqno === null ? [] : this.readBlocks(first.seqno - 1)
  }

  /**
   * Stores the market the demo build wrote (JSON), which the live exchange overlays with the
   * chain's state after every block (`liveMarketRefresh`).
   *
   * @example
   * ```ts
   * journal.saveMarketBase(stringifyMarket(market))
   * ```
   */
  saveMarketBase(json: string): void {
    this.db.prepare('INSERT OR REPLACE INTO local_market_base (id, market) VALUES (1, ?)').run(json)
  }

  /**
   * The market stored by {@link SqliteChainJournal.saveMarketBase}, if any.
   *
   * @example
   * ```ts
   * journal.loadMarketBase() // '{"routers":[…],…}' after the demo build
   * ```
   */
  loadMarketBase(): string | undefined {
    const row = this.db.prepare('SELECT market FROM local_market_base WHERE id = 1').get() as
      | { market: string }
      | undefined
    return row?.market
  }

  /**
   * Closes the connection.
   *
   * @example
   * ```ts
   * journal.close()
   * ```
   */
  close(): void {
    this.db.close()
  }

  private storedLast(): number {
    const block = this.db.prepare('SELECT MAX(seqno) AS seqno FROM chain_blocks').get() as {
      seqno: number | null
    }
    const snapshot = this.db.prepare('SELECT MAX(seqno) AS seqno FROM chain_snapshots').get() as {
      seqno: number | null
    }
    return Math.max(block.seqno ?? 0, snapshot.seqno ?? 0)
  }
}

function bytes(value: Uint8Array | null): Buffer | null {
  if (value === null) return null
  return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.length)
}

function groupBySeqno<T>(rows: readonly [number, T][]): Map<number, T[]> {
  const groups = new Map<number, T[]>()
  for (const [seqno, value] of rows) {
    const group = groups.get(seqno)
    if (group === undefined) groups.set(seqno, [value])
    else group.push(value)
  }
  return groups
}
