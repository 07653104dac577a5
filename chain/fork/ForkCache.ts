import { createHash } from 'node:crypto'
import Database from 'better-sqlite3'
import type { ForkPin } from './forkUpstream.js'

/**
 * What a fork cache remembers of the fork itself: the upstream, the pinned block and whether
 * the upstream loads accounts exactly.
 *
 * @example
 * ```ts
 * const meta: ForkMeta = { upstream: 'http://127.0.0.1:8080/api/v2/jsonRPC', pin, exact: false, explicit: false }
 * ```
 */
export type ForkMeta = {
  /** The upstream's JSON-RPC endpoint (never its key). */
  readonly upstream: string
  readonly pin: ForkPin
  /** Whether accounts load with `getShardAccountCell`. */
  readonly exact: boolean
  /** Whether the block was named (`--fork-seqno`): the clock then starts at its time. */
  readonly explicit: boolean
}

type MetaRow = {
  fork_id: string
  upstream: string
  seqno: number
  time: number
  end_lt: string
  global_id: number
  root_hash: string
  exact: number
  explicit: number
}

/**
 * The fork's cache in the database's own SQLite file (its own connection, tables `fork_meta`,
 * `fork_accounts`, `fork_libraries`, `fork_config`, created here): the accounts, config and
 * libraries read from the upstream at the pinned block, keyed by the fork's identity (the
 * upstream's endpoint, its `global_id`, the block's seqno and root hash); libraries by their
 * hash alone (content-addressed). A state at a pinned block never changes, so a restart with the
 * same upstream and block asks the upstream for nothing it already read — "does not exist at
 * the block" included. Local changes are the chain journal's, which always wins: the cache
 * answers only for accounts the chain does not know.
 *
 * @example
 * ```ts
 * const cache = new ForkCache('./data/fork.sqlite')
 * const id = cache.remember(meta)
 * cache.putAccount(id, '0:83df…', shardAccountBoc, true)
 * cache.account(id, '0:83df…') // { boc: <Buffer …>, exact: true }
 * ```
 */
export class ForkCache {
  private readonly db: Database.Database

  /** Opens (or creates) the cache tables in the SQLite file at `path` (`:memory:` for none). */
  constructor(path: string) {
    this.db = new Database(path === '' ? ':memory:' : path)
    this.db.pragma('journal_mode = WAL')
    this.db.pragma('busy_timeout = 5000')
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS fork_meta (
        fork_id TEXT PRIMARY KEY, upstream TEXT NOT NULL, seqno INTEGER NOT NULL,
        time INTEGER NOT NULL, end_lt TEXT NOT NULL, global_id INTEGER NOT NULL,
        root_hash TEXT NOT NULL, exact INTEGER NOT NULL, explicit INTEGER NOT NULL,
        created INTEGER NOT NULL);
      CREATE TABLE IF NOT EXISTS fork_accounts (
        fork_id TEXT NOT NULL, address TEXT NOT NULL, exact INTEGER NOT NULL,
        shard_account BLOB, PRIMARY KEY (fork_id, address));
      CREATE TABLE IF NOT EXISTS fork_libraries (hash TEXT PRIMARY KEY, boc BLOB NOT NULL);
      CREATE TABLE IF NOT EXISTS fork_config (fork_id TEXT PRIMARY KEY, boc BLOB NOT NULL);
    `)
  }

  /**
   * The fork this database was started as (the latest remembered), if any.
   *
   * @example
   * ```ts
   * cache.current()?.pin.seqno // 1532
   * ```
   */
  current(): (ForkMeta & { readonly id: string }) | undefined {
    const row = this.db
      .prepare('SELECT * FROM fork_meta ORDER BY created DESC, rowid DESC LIMIT 1')
      .get() as MetaRow | undefined
    if (row === undefined) return undefined
    return {
      id: row.fork_id,
      upstream: row.upstream,
      exact: row.exact === 1,
      explicit: row.explicit === 1,
      pin: {
        seqno: row.seqno,
        time: row.time,
        endLt: BigInt(row.end_lt),
        globalId: row.global_id,
        rootHash: row.root_hash,
      },
    }
  }

  /**
   * Records the fork (its identity becomes the key of everything cached for it); answers the key.
   *
   * @example
   * ```ts
   * cache.remember(meta) // '5d0c2f…' (32 hex digits)
   * ```
   */
  remember(meta: ForkMeta): string {
    const id = forkId(meta)
    this.db
      .prepare(
        `INSERT INTO fork_meta (fork_id, upstream, seqno, time, end_lt, global_id, root_hash, exact, explicit, created)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (fork_id) DO UPDATE SET exact = excluded.exact, explicit = excluded.explicit, created = excluded.created`,
      )
      .run(
        id,
        meta.upstream,
        meta.pin.seqno,
        meta.pin.time,
        meta.pin.endLt.toString(),
        meta.pin.globalId,
        meta.pin.rootHash,
        meta.exact ? 1 : 0,
        meta.explicit ? 1 : 0,
        Date.now(),
      )
    return id
  }

  /** A cached account: its `ShardAccount` BoC (`null`: it does not exist at the block), or `undefined`. */
  account(id: string, address: string): { boc: Buffer | null; exact: boolean } | undefined {
    const row = this.db
      .prepare('SELECT shard_account, exact FROM fork_accounts WHERE fork_id = ? AND address = ?')
      .get(id, address) as { shard_account: Buffer | null; exact: number } | undefined
    return row === undefined ? undefined : { boc: row.shard_account, exact: row.exact === 1 }
  }

  putAccount(id: string, address: string, boc: Buffer | null, exact: boolean): void {
    this.db
      .prepare(
        'INSERT OR REPLACE INTO fork_accounts (fork_id, address, exact, shard_account) VALUES (?, ?, ?, ?)',
      )
      .run(id, address, exact ? 1 : 0, boc)
  }

  /** How many accounts are cached for the fork. */
  accountCount(id: string): number {
    return (
      this.db.prepare('SELECT count(*) AS n FROM fork_accounts WHERE fork_id = ?').get(id) as {
        n: number
      }
    ).n
  }

  library(hash: string): Buffer | undefined {
    const row = this.db.prepare('SELECT boc FROM fork_libraries WHERE hash = ?').get(hash) as
      | { boc: Buffer }
      | undefined
    return row?.boc
  }

  putLibrary(hash: string, boc: Buffer): void {
    this.db.prepare('INSERT OR IGNORE INTO fork_libraries (hash, boc) VALUES (?, ?)').run(hash, boc)
  }

  /** Every cached library, hash (hex) → code BoC. */
  libraries(): Map<string, Buffer> {
    const rows = this.db.prepare('SELECT hash, boc FROM fork_libraries').all() as {
      hash: string
      boc: Buffer
    }[]
    return new Map(rows.map((r) => [r.hash, r.boc]))
  }

  config(id: string): Buffer | undefined {
    const row = this.db.prepare('SELECT boc FROM fork_config WHERE fork_id = ?').get(id) as
      | { boc: Buffer }
      | undefined
    return row?.boc
  }

  putConfig(id: string, boc: Buffer): void {
    this.db.prepare('INSERT OR REPLACE INTO fork_config (fork_id, boc) VALUES (?, ?)').run(id, boc)
  }

  close(): void {
    this.db.close()
  }
}

/**
 * The cache key of a fork: the upstream's endpoint, its chain (`global_id`) and the pinned
 * block (seqno and root hash).
 */
function forkId(meta: ForkMeta): string {
  const { pin } = meta
  return createHash('sha256')
    .update(`${meta.upstream}|${pin.globalId}|${pin.seqno}|${pin.rootHash}`)
    .digest('hex')
    .slice(0, 32)
}

/**
 * The fork a database file was started as, without opening anything else: what a start
 * without `--fork` checks, so a fork's database is never taken for a local exchange's.
 *
 * @example
 * ```ts
 * forkOfDatabase('./data/fork.sqlite') // { upstream: 'https://toncenter.com/api/v2/jsonRPC', seqno: 53_012_345 }
 * forkOfDatabase('./data/ton-dex-lab.sqlite') // undefined
 * ```
 */
export function forkOfDatabase(path: string): { upstream: string; seqno: number } | undefined {
  let db: Database.Database
  try {
    db = new Database(path, { readonly: true, fileMustExist: true })
  } catch {
    return undefined
  }
  try {
    const table = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'fork_meta'")
      .get()
    if (table === undefined) return undefined
    const row = db
      .prepare('SELECT upstream, seqno FROM fork_meta ORDER BY created DESC, rowid DESC LIMIT 1')
      .get() as { upstream: string; seqno: number } | undefined
    return row
  } finally {
    db.close()
  }
}
