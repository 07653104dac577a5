import pg from 'pg'
import { redact } from '../../upstream/redact.js'
import {
  type ChainBlockRecord,
  type ChainJournal,
  ChainJournalError,
  type ChainSnapshotRecord,
  type JournalAccountState,
  type JournalTransaction,
  unknownBlock,
} from '../ChainJournal.js'

/** The session advisory lock the process running a database's chain holds (see migrate.ts). */
const CHAIN_LOCK = 7_244_003

/** Logical times as fixed-width decimal TEXT (20 digits hold any u64), so they sort as numbers. */
const ltText = (lt: bigint): string => lt.toString().padStart(20, '0')

type Row = Record<string, unknown>

/**
 * A {@link ChainJournal} in PostgreSQL: the live chain's blocks, transactions, account states,
 * snapshots and the demo's base market in the `chain_*` tables of the PostgreSQL store's
 * migration `2026_11_26_03_chain_journal` (the same tables as the SQLite journal's), in the
 * database of the index it feeds. One connection of its own, holding a session advisory lock
 * for as long as it is open, so a second local exchange on the same database is refused
 * (a `ChainJournalError` `CHAIN_JOURNAL_BUSY`). Every `appendBlock` is one committed transaction before it
 * resolves, so a block the chain answered survives a killed process.
 *
 * @example
 * ```ts
 * const store = await createPostgresStore({ url }) // migrates, journal tables included
 * const journal = await PostgresChainJournal.open(url)
 * const chain = await LiveChain.open({ journal, blockchain: dex.blockchain })
 * journal.lastSeqno() // 1 524 after the demo
 * ```
 */
export class PostgresChainJournal implements ChainJournal {
  private last: number
  /** The one connection's work, one call after another (a transaction is never interleaved). */
  private turn: Promise<unknown> = Promise.resolve()

  private constructor(
    private readonly client: pg.Client,
    last: number,
  ) {
    this.last = last
  }

  /**
   * Connects to the database at `url` (migrated by `createPostgresStore`) and takes its chain.
   *
   * @throws {ChainJournalError} `CHAIN_JOURNAL_BUSY` when another process runs this database's chain.
   */
  static async open(url: string): Promise<PostgresChainJournal> {
    const client = new pg.Client({ connectionString: url })
    // A dropped connection fails the next query; it must not crash the process meanwhile.
    client.on('error', () => undefined)
    await client.connect()
    try {
      const locked = await client.query('SELECT pg_try_advisory_lock($1) AS locked', [CHAIN_LOCK])
      if (locked.rows[0]?.locked !== true) {
        throw new ChainJournalError({
          code: 'CHAIN_JOURNAL_BUSY',
          message: `Another process runs the chain of ${redact(url)}: one local exchange per database (replicas: serve --read-only).`,
        })
      }
      const stored = await client.query(
        `SELECT GREATEST((SELECT MAX(seqno) FROM chain_blocks),
                         (SELECT MAX(seqno) FROM chain_snapshots)) AS last`,
      )
      return new PostgresChainJournal(client, Number(stored.rows[0]?.last ?? 0))
    } catch (error) {
      await client.end().catch(() => undefined)
      throw error
    }
  }

  async appendBlock(block: ChainBlockRecord): Promise<void> {
    await this.appendBlocks([block])
  }

  async appendBlocks(blocks: readonly ChainBlockRecord[]): Promise<void> {
    return this.serial(async () => {
      let last = this.last
      for (const block of blocks) {
        if (block.seqno !== last + 1) {
          throw new ChainJournalError({
            code: 'CHAIN_JOURNAL_OUT_OF_ORDER',
            message: `Block ${block.seqno} does not follow block ${last} of the journal.`,
          })
        }
        last = block.seqno
      }
      const txs = blocks.flatMap((b) => b.transactions.map((tx, position) => ({ b, tx, position })))
      const accounts = blocks.flatMap((b) => b.accounts.map((a) => ({ b, a })))
      await this.transaction(async () => {
        await this.client.query(
          `INSERT INTO chain_blocks (seqno, now, lt, message)
           SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::bytea[])`,
          [
            blocks.map((b) => b.seqno),
            blocks.map((b) => b.now),
            blocks.map((b) => ltText(b.lt)),
            blocks.map((b) => bytes(b.message)),
          ],
        )
        if (txs.length > 0) {
          await this.client.query(
            `INSERT INTO chain_transactions (seqno, position, account, lt, hash, boc)
             SELECT * FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[], $5::bytea[], $6::bytea[])`,
            [
              txs.map((t) => t.b.seqno),
              txs.map((t) => t.position),
              txs.map((t) => t.tx.account),
              txs.map((t) => ltText(t.tx.lt)),
              txs.map((t) => bytes(t.tx.hash)),
              txs.map((t) => bytes(t.tx.boc)),
            ],
          )
        }
        if (accounts.length > 0) {
          // A block touching an account twice keeps its last state (SQLite's INSERT OR REPLACE).
          const latest = new Map(accounts.map((x) => [`${x.b.seqno} ${x.a.address}`, x]))
          const rows = [...latest.values()]
          await this.client.query(
            `INSERT INTO chain_accounts (seqno, address, shard_account)
             SELECT * FROM unnest($1::bigint[], $2::text[], $3::bytea[])
             ON CONFLICT (seqno, address) DO UPDATE SET shard_account = EXCLUDED.shard_account`,
            [
              rows.map((x) => x.b.seqno),
              rows.map((x) => x.a.address),
              rows.map((x) => bytes(x.a.shardAccount)),
            ],
          )
        }
      })
      this.last = last
    })
  }

  async saveSnapshot(snapshot: ChainSnapshotRecord): Promise<void> {
    return this.serial(async () => {
      await this.transaction(async () => {
        await this.client.query(
          `INSERT INTO chain_snapshots (seqno, now, state) VALUES ($1, $2, $3)
           ON CONFLICT (seqno) DO UPDATE SET now = EXCLUDED.now, state = EXCLUDED.state`,
          [snapshot.seqno, snapshot.now, bytes(snapshot.state)],
        )
        await this.client.query('DELETE FROM chain_snapshots WHERE seqno < $1', [snapshot.seqno])
        await this.client.query('DELETE FROM chain_accounts WHERE seqno <= $1', [snapshot.seqno])
      })
      this.last = Math.max(this.last, snapshot.seqno)
    })
  }

  /**
   * Forgets every block, transaction, account state and snapshot after block `seqno` in one
   * transaction (a revert to a local snapshot, `LiveChain.revert`); the next block is
   * `seqno + 1`.
   *
   * @throws {ChainJournalError} `CHAIN_JOURNAL_UNKNOWN_BLOCK` for a block after the journal's end.
   */
  async discardAfter(seqno: number): Promise<void> {
    return this.serial(async () => {
      if (seqno > this.last) throw unknownBlock(seqno, this.last)
      await this.transaction(async () => {
        for (const table of [
          'chain_transactions',
          'chain_accounts',
          'chain_blocks',
          'chain_snapshots',
        ]) {
          await this.client.query(`DELETE FROM ${table} WHERE seqno > $1`, [seqno])
        }
      })
      this.last = seqno
    })
  }

  async loadSnapshot(): Promise<ChainSnapshotRecord | undefined> {
    return this.serial(async () => {
      const { rows } = await this.client.query(
        'SELECT seqno, now, state FROM chain_snapshots ORDER BY seqno DESC LIMIT 1',
      )
      const row = rows[0] as Row | undefined
      return row === undefined
        ? undefined
        : { seqno: Number(row.seqno), now: Number(row.now), state: row.state as Buffer }
    })
  }

  async readBlocks(afterSeqno: number): Promise<readonly ChainBlockRecord[]> {
    return this.serial(async () => {
      const blocks = (
        await this.client.query(
          'SELECT seqno, now, lt, message FROM chain_blocks WHERE seqno > $1 ORDER BY seqno',
          [afterSeqno],
        )
      ).rows as Row[]
      const txs = (
        await this.client.query(
          'SELECT seqno, account, lt, hash, boc FROM chain_transactions WHERE seqno > $1 ORDER BY seqno, position',
          [afterSeqno],
        )
      ).rows as Row[]
      const accounts = (
        await this.client.query(
          'SELECT seqno, address, shard_account FROM chain_accounts WHERE seqno > $1 ORDER BY seqno, address',
          [afterSeqno],
        )
      ).rows as Row[]
      const txsOf = new Map<number, JournalTransaction[]>()
      for (const t of txs) {
        const list = txsOf.get(Number(t.seqno)) ?? []
        list.push({
          account: t.account as string,
          lt: BigInt(t.lt as string),
          hash: t.hash as Buffer,
          boc: t.boc as Buffer,
        })
        txsOf.set(Number(t.seqno), list)
      }
      const accountsOf = new Map<number, JournalAccountState[]>()
      for (const a of accounts) {
        const list = accountsOf.get(Number(a.seqno)) ?? []
        list.push({ address: a.address as string, shardAccount: a.shard_account as Buffer })
        accountsOf.set(Number(a.seqno), list)
      }
      return blocks.map((b) => ({
        seqno: Number(b.seqno),
        now: Number(b.now),
        lt: BigInt(b.lt as string),
        message: (b.message as Buffer | null) ?? null,
        transactions: txsOf.get(Number(b.seqno)) ?? [],
        accounts: accountsOf.get(Number(b.seqno)) ?? [],
      }))
    })
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
   * Stores the market the demo build wrote (JSON), which the live exchange overlays with the
   * chain's state after every block.
   *
   * @example
   * ```ts
   * await journal.saveMarketBase(stringifyMarket(market))
   * ```
   */
  async saveMarketBase(json: string): Promise<void> {
    return this.serial(async () => {
      await this.client.query(
        `INSERT INTO local_market_base (id, market) VALUES (1, $1)
         ON CONFLICT (id) DO UPDATE SET market = EXCLUDED.market`,
        [json],
      )
    })
  }

  /**
   * The market stored by {@link PostgresChainJournal.saveMarketBase}, if any.
   *
   * @example
   * ```ts
   * await journal.loadMarketBase() // '{"routers":[…],…}' after the demo build
   * ```
   */
  async loadMarketBase(): Promise<string | undefined> {
    return this.serial(async () => {
      const { rows } = await this.client.query('SELECT market FROM local_market_base WHERE id = 1')
      return (rows[0] as { market: string } | undefined)?.market
    })
  }

  /**
   * Deletes the whole chain (a first start that stopped before its market was listed starts
   * over; the index is empty then).
   *
   * @example
   * ```ts
   * await journal.clear()
   * await journal.loadSnapshot() // undefined
   * ```
   */
  async clear(): Promise<void> {
    return this.serial(async () => {
      await this.transaction(async () => {
        for (const table of [
          'chain_accounts',
          'chain_transactions',
          'chain_blocks',
          'chain_snapshots',
          'local_market_base',
        ]) {
          await this.client.query(`DELETE FROM ${table}`)
        }
      })
      this.last = 0
    })
  }

  /**
   * Releases the chain's lock and closes the connection.
   *
   * @example
   * ```ts
   * await journal.close()
   * ```
   */
  async close(): Promise<void> {
    await this.turn
    await this.client.end()
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const done = this.turn.then(work, work)
    this.turn = done.catch(() => undefined)
    return done
  }

  private async transaction(work: () => Promise<void>): Promise<void> {
    await this.client.query('BEGIN')
    try {
      await work()
      await this.client.query('COMMIT')
    } catch (error) {
      await this.client.query('ROLLBACK').catch(() => undefined)
      throw error
    }
  }
}

function bytes(value: Uint8Array | null): Buffer | null {
  if (value === null) return null
  return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.length)
}
