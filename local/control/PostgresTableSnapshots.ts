import pg from 'pg'
import { WRITER_LOCK } from '../../store/postgres/createPostgresStore.js'
import type { TableSnapshots } from './LocalSnapshots.js'

/**
 * Copies of the store's tables inside its PostgreSQL database, for the local exchange's
 * snapshots (`POST /local/snapshots`) when it runs on PostgreSQL (`serve --db postgres://…`).
 * Its own connection copies every table of the store into temporary tables (`pg_temp`:
 * private to the connection, dropped when it closes; replicas never see them) in one
 * `REPEATABLE READ` transaction — a transaction-consistent copy while the writer goes on.
 * Restoring replaces every table's rows by the copy's in one transaction under the store's
 * writer lock (`WRITER_LOCK`): rows are deleted children first and inserted parents first
 * (the order of the foreign keys), so the references hold at every statement, and a reader
 * sees the store before or after, never half. The chain's own tables (`chain_*`,
 * `local_market_base`) are left out: the chain reverts its journal itself
 * (`LiveChain.revert`); so are `schema_migrations` and `store_version`, whose `version` and
 * `market_version` the restore bumps instead of putting back — the response caches of every
 * process and the in-memory reference data key on them, and an old number would bring back
 * answers cached after the snapshot.
 *
 * @example
 * ```ts
 * const snapshots = await PostgresTableSnapshots.open('postgres://dex:secret@127.0.0.1:5432/dex')
 * await snapshots.save(1)
 * // … swaps indexed into the store …
 * await snapshots.restore(1) // the store's rows as they were
 * ```
 */
export class PostgresTableSnapshots implements TableSnapshots {
  /** The one connection's work, one call after another (a transaction is never interleaved). */
  private turn: Promise<unknown> = Promise.resolve()

  private constructor(
    private readonly client: pg.Client,
    /** The store's tables, parents before the tables that reference them. */
    private readonly tables: readonly string[],
  ) {}

  /** Connects to the store's database at `url` (migrated) and lists its tables. */
  static async open(url: string): Promise<PostgresTableSnapshots> {
    const client = new pg.Client({ connectionString: url })
    // A dropped connection fails the next call; it must not crash the process meanwhile.
    client.on('error', () => undefined)
    await client.connect()
    try {
      const { rows } = await client.query(
        `SELECT c.relname AS name,
            ARRAY(SELECT DISTINCT p.relname::text FROM pg_constraint f
              JOIN pg_class p ON p.oid = f.confrelid
              WHERE f.conrelid = c.oid AND f.contype = 'f' AND f.confrelid <> c.oid) AS parents
          FROM pg_class c
          WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
            AND c.relname NOT LIKE 'chain\\_%'
            AND c.relname NOT IN ('local_market_base', 'schema_migrations', 'store_version')
          ORDER BY c.relname`,
      )
      return new PostgresTableSnapshots(
        client,
        parentsFirst(rows as { name: string; parents: string[] }[]),
      )
    } catch (error) {
      await client.end().catch(() => undefined)
      throw error
    }
  }

  /** Copies every store table as snapshot `id` (replacing an earlier copy under that id). */
  save(id: number): Promise<void> {
    return this.serial(() =>
      this.transaction('BEGIN ISOLATION LEVEL REPEATABLE READ', async () => {
        for (const table of this.tables) {
          await this.client.query(`DROP TABLE IF EXISTS pg_temp.${copyName(id, table)}`)
          await this.client.query(
            `CREATE TEMPORARY TABLE ${copyName(id, table)} AS TABLE ${quote(table)}`,
          )
        }
      }),
    )
  }

  /** Puts every store table back to snapshot `id`'s rows, in one transaction. */
  restore(id: number): Promise<void> {
    return this.serial(() =>
      this.transaction('BEGIN', async () => {
        await this.client.query('SELECT pg_advisory_xact_lock($1)', [WRITER_LOCK])
        for (const table of [...this.tables].reverse()) {
          await this.client.query(`DELETE FROM ${quote(table)}`)
        }
        for (const table of this.tables) {
          await this.client.query(
            `INSERT INTO ${quote(table)} OVERRIDING SYSTEM VALUE
              SELECT * FROM pg_temp.${copyName(id, table)}`,
          )
        }
        await this.client.query(
          'UPDATE store_version SET version = version + 1, market_version = market_version + 1 WHERE id = 1',
        )
      }),
    )
  }

  /** Drops snapshot `id`'s copy. */
  drop(id: number): Promise<void> {
    return this.serial(async () => {
      for (const table of this.tables) {
        await this.client.query(`DROP TABLE IF EXISTS pg_temp.${copyName(id, table)}`)
      }
    })
  }

  /** Closes the connection (the copies go with it). */
  async close(): Promise<void> {
    await this.turn
    await this.client.end()
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const done = this.turn.then(work, work)
    this.turn = done.catch(() => undefined)
    return done
  }

  private async transaction(begin: string, work: () => Promise<void>): Promise<void> {
    await this.client.query(begin)
    try {
      await work()
      await this.client.query('COMMIT')
    } catch (error) {
      await this.client.query('ROLLBACK').catch(() => undefined)
      throw error
    }
  }
}

/** Tables ordered so that every table comes after the tables its foreign keys reference. */
function parentsFirst(tables: readonly { name: string; parents: readonly string[] }[]): string[] {
  const parentsOf = new Map(tables.map((t) => [t.name, t.parents]))
  const ordered: string[] = []
  const placed = new Set<string>()
  const place = (name: string, path: readonly string[]) => {
    if (placed.has(name) || path.includes(name)) return
    for (const parent of parentsOf.get(name) ?? []) {
      if (parentsOf.has(parent)) place(parent, [...path, name])
    }
    placed.add(name)
    ordered.push(name)
  }
  for (const { name } of tables) place(name, [])
  return ordered
}

function quote(name: string): string {
  return pg.escapeIdentifier(name)
}

function copyName(id: number, table: string): string {
  return quote(`s${id}_${table}`)
}
