import Database from 'better-sqlite3'
import type { TableSnapshots } from './LocalSnapshots.js'

/**
 * Copies of the store's tables inside one SQLite database file, for the local exchange's
 * snapshots (`POST /local/snapshots`). Its own connection attaches a private temporary
 * database (`ATTACH ''`: on disk, deleted when the connection closes) and copies every table
 * of the store into it in one read transaction — a transaction-consistent copy (WAL: the
 * reader sees one commit, writers go on meanwhile). Restoring replaces every table's rows by
 * the copy's in one write transaction, so a reader sees the store before or after, never half.
 * The chain's own tables (`chain_*`, `local_market_base`) are left out: the chain reverts its
 * journal itself ({@link LiveChain.revert}); so is a fork's cache (`fork_*`): it holds the
 * upstream's accounts, libraries and config at the pinned block, which no local block changes,
 * so an account first read after a snapshot reads the same (the upstream's at the block) after
 * a revert. The store's caches follow on their own: they reload
 * when `PRAGMA data_version` says another connection committed.
 *
 * @example
 * ```ts
 * const snapshots = new SqliteTableSnapshots('./data/ton-dex-lab.sqlite')
 * snapshots.save(1)
 * // … swaps indexed into the store …
 * snapshots.restore(1) // the store's rows as they were
 * ```
 */
export class SqliteTableSnapshots implements TableSnapshots {
  private readonly db: Database.Database
  private readonly tables: readonly string[]

  /** Opens its own connection to the database file at `path` (never `:memory:`). */
  constructor(path: string) {
    this.db = new Database(path)
    this.db.pragma('busy_timeout = 5000')
    // Rows go back table by table: the references hold again once all are back.
    this.db.pragma('foreign_keys = OFF')
    this.db.exec(`ATTACH DATABASE '' AS saved`)
    this.tables = (
      this.db
        .prepare(
          `SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'chain_%' AND name NOT LIKE 'fork_%' AND name <> 'local_market_base' ORDER BY name`,
        )
        .all() as { name: string }[]
    ).map((row) => row.name)
  }

  /** Copies every store table as snapshot `id` (replacing an earlier copy under that id). */
  save(id: number): void {
    this.db.transaction(() => {
      for (const table of this.tables) {
        this.db.exec(`DROP TABLE IF EXISTS saved.${copyName(id, table)}`)
        this.db.exec(
          `CREATE TABLE saved.${copyName(id, table)} AS SELECT * FROM main.${quote(table)}`,
        )
      }
    })()
  }

  /** Puts every store table back to snapshot `id`'s rows, in one transaction. */
  restore(id: number): void {
    // IMMEDIATE: the write lock first, so no other writer slips in between the tables.
    this.db.exec('BEGIN IMMEDIATE')
    try {
      for (const table of this.tables) {
        this.db.exec(`DELETE FROM main.${quote(table)}`)
        this.db.exec(`INSERT INTO main.${quote(table)} SELECT * FROM saved.${copyName(id, table)}`)
      }
      this.db.exec('COMMIT')
    } catch (error) {
      this.db.exec('ROLLBACK')
      throw error
    }
  }

  /** Drops snapshot `id`'s copy. */
  drop(id: number): void {
    for (const table of this.tables)
      this.db.exec(`DROP TABLE IF EXISTS saved.${copyName(id, table)}`)
  }

  /** Closes the connection (the copies go with it). */
  close(): void {
    this.db.close()
  }
}

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

function copyName(id: number, table: string): string {
  return quote(`s${id}_${table}`)
}
