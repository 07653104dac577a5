import Database from 'better-sqlite3'

/** What {@link deferSqliteIndexes} dropped; `restore()` builds it again. */
export type DeferredIndexes = {
  /** The names of the dropped indexes. */
  readonly names: readonly string[]
  /** Creates the dropped indexes again (one sorted build each); returns the seconds it took. */
  restore(): number
}

/**
 * Drops the secondary indexes of `tables` in the SQLite file at `path` for a bulk load: rows
 * appended to a table without them cost one B-tree append instead of one insert at a random key
 * per index (at 10 M operations the wallet, pool and referrer indexes outgrow any page cache
 * and each insert re-reads their pages). The store's writes need none of them: `INSERT OR
 * IGNORE` uses the primary key, the rollups read new rows by rowid. `restore()` builds them
 * again from their own `CREATE INDEX` text, then checkpoints the write-ahead log. Call it with
 * no store open on the file, and serve nothing from the file in between: every read of the
 * history needs the indexes.
 *
 * @example
 * ```ts
 * const deferred = deferSqliteIndexes('./history.sqlite', ['operations'])
 * deferred.names // ['operations_by_time', 'operations_by_wallet', …]
 * // … write the history through createSqliteStore({ path, bulkLoad: true }) …
 * deferred.restore() // 41.3 (seconds)
 * ```
 */
export function deferSqliteIndexes(path: string, tables: readonly string[]): DeferredIndexes {
  const db = new Database(path)
  let indexes: { name: string; sql: string }[]
  try {
    indexes = db
      .prepare(
        `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL
          AND tbl_name IN (SELECT value FROM json_each(?)) ORDER BY name`,
      )
      .all(JSON.stringify(tables)) as { name: string; sql: string }[]
    db.transaction(() => {
      for (const { name } of indexes) db.exec(`DROP INDEX ${name}`)
    })()
  } finally {
    db.close()
  }
  return {
    names: indexes.map((i) => i.name),
    restore() {
      const started = performance.now()
      const db = new Database(path)
      try {
        // A sort of every row per index: give it memory rather than temporary files.
        db.pragma('cache_size = -1048576')
        db.pragma('temp_store = MEMORY')
        db.transaction(() => {
          for (const { sql } of indexes) db.exec(sql)
        })()
        db.pragma('wal_checkpoint(TRUNCATE)')
      } finally {
        db.close()
      }
      return (performance.now() - started) / 1000
    },
  }
}
