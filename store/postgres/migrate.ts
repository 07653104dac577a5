import type { PoolClient } from 'pg'
import { renamedMigrations } from '../migrationNames.js'
import { StoreError } from '../StoreError.js'
import { POSTGRES_MIGRATION_RENAMES, POSTGRES_MIGRATIONS } from './migrations.js'

/** The advisory lock key every migrating process takes (several replicas may start at once). */
const MIGRATION_LOCK = 7_244_001

/**
 * Brings a PostgreSQL database up to the newest schema of {@link POSTGRES_MIGRATIONS}: each
 * migration it has not seen, in name order, in its own transaction, recorded in
 * `schema_migrations`, under a session advisory lock so that processes starting together
 * migrate once. `check` only verifies (a read-only replica): it throws when a migration is
 * missing. Returns the names applied now. A migration recorded under a name it had before a
 * rename ({@link POSTGRES_MIGRATION_RENAMES}) counts as applied under its current name, and a
 * writer rewrites its record.
 *
 * @example
 * ```ts
 * await migratePostgres(client) // ['2026_11_26_00_schema', …] on a new database, [] afterwards
 * ```
 * @throws {StoreError} `STORE_MIGRATION` when the database holds a migration this build does
 *   not know (written by a newer build), lacks one in `check` mode, or a migration fails.
 */
export async function migratePostgres(
  client: PoolClient,
  { check = false, migrations = POSTGRES_MIGRATIONS, renames = POSTGRES_MIGRATION_RENAMES } = {},
): Promise<string[]> {
  await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
  try {
    if (!check) {
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        name TEXT COLLATE "C" PRIMARY KEY, applied_at TEXT NOT NULL)`)
    }
    const exists = await client.query("SELECT to_regclass('schema_migrations') IS NOT NULL AS e")
    const applied = new Set<string>(
      exists.rows[0]?.e === true || exists.rows[0]?.e === 1
        ? (await client.query('SELECT name FROM schema_migrations')).rows.map((r) => r.name)
        : [],
    )
    const renamed = renamedMigrations(applied, renames)
    if (renamed.length > 0 && !check) {
      try {
        await client.query('BEGIN')
        for (const [from, to] of renamed) {
          await client.query('UPDATE schema_migrations SET name = $1 WHERE name = $2', [to, from])
        }
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw new StoreError({
          code: 'STORE_MIGRATION',
          message: 'Renaming the recorded migrations failed.',
          cause: error,
        })
      }
    }
    for (const [from, to] of renamed) {
      applied.delete(from)
      applied.add(to)
    }
    const known = new Set(migrations.map((m) => m.name))
    const unknown = [...applied].filter((name) => !known.has(name)).sort()
    if (unknown.length > 0) {
      throw new StoreError({
        code: 'STORE_MIGRATION',
        message: `The database was migrated by a newer build (unknown migration ${unknown[0]}).`,
      })
    }
    const pending = [...migrations]
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .filter((m) => !applied.has(m.name))
    if (check) {
      if (pending.length > 0) {
        throw new StoreError({
          code: 'STORE_MIGRATION',
          message: `The database lacks migration ${pending[0]?.name}: start a writer on it first.`,
        })
      }
      return []
    }
    for (const migration of pending) {
      try {
        await client.query('BEGIN')
        await client.query(migration.sql)
        await client.query('INSERT INTO schema_migrations (name, applied_at) VALUES ($1, $2)', [
          migration.name,
          new Date().toISOString(),
        ])
        await client.query('COMMIT')
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw new StoreError({
          code: 'STORE_MIGRATION',
          message: `Migration ${migration.name} failed.`,
          cause: error,
        })
      }
    }
    return pending.map((m) => m.name)
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
  }
}
