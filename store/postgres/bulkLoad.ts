import pg from 'pg'

/** What {@link deferPostgresIndexes} dropped; `restore()` builds it again. */
export type DeferredPostgresIndexes = {
  /** The names of the dropped indexes. */
  readonly names: readonly string[]
  /**
   * Creates the dropped indexes again (one sorted build each, `maintenance_work_mem` raised for
   * the session), then `VACUUM ANALYZE`s the database; returns the seconds it took.
   */
  restore(): Promise<number>
}

/**
 * Drops the secondary indexes of `tables` (those behind no primary key or unique constraint)
 * in the PostgreSQL database at `url` for a bulk load: rows appended without them cost a heap
 * append each instead of one B-tree insert at a random key per index. The store's writes need
 * none of them (`ON CONFLICT` uses the constraints, the rollups read new rows by `id`).
 * `restore()` builds them again from their own definitions (`pg_indexes.indexdef`). Serve
 * nothing from the database in between: every read of the history needs the indexes.
 *
 * @example
 * ```ts
 * const deferred = await deferPostgresIndexes(url, ['operations'])
 * deferred.names // ['operations_by_pool', 'operations_by_referrer', …]
 * // … write the history through createPostgresStore({ url, bulkLoad: true }) …
 * await deferred.restore() // 52.7 (seconds)
 * ```
 */
export async function deferPostgresIndexes(
  url: string,
  tables: readonly string[],
): Promise<DeferredPostgresIndexes> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  let indexes: { name: string; definition: string }[]
  try {
    const { rows } = await client.query(
      `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
        WHERE i.schemaname = current_schema() AND i.tablename = ANY($1::text[])
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c
            WHERE c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)
        ORDER BY 1`,
      [tables],
    )
    indexes = rows as { name: string; definition: string }[]
    await client.query('BEGIN')
    for (const { name } of indexes) await client.query(`DROP INDEX ${pg.escapeIdentifier(name)}`)
    await client.query('COMMIT')
  } finally {
    await client.end()
  }
  return {
    names: indexes.map((i) => i.name),
    async restore() {
      const started = performance.now()
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        await client.query("SET maintenance_work_mem = '1GB'")
        for (const { definition } of indexes) await client.query(definition)
        // Statistics and the visibility map (index-only scans), as autovacuum would have.
        await client.query('VACUUM ANALYZE')
      } finally {
        await client.end()
      }
      return (performance.now() - started) / 1000
    },
  }
}
