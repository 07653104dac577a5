import type Database from 'better-sqlite3'
import { renamedMigrations } from '../migrationNames.js'
import { StoreError } from '../StoreError.js'
import { registerBigIntegerFunctions } from './bigIntegerSql.js'
import { MIGRATION_RENAMES, MIGRATIONS } from './migrations.js'

/**
 * Brings a database up to the newest schema: applies, in name order, every migration of
 * {@link MIGRATIONS} it has not seen, each in its own transaction, recording it in
 * `schema_migrations`. Returns the names applied now. A migration recorded under a name it
 * had before a rename ({@link MIGRATION_RENAMES}) has its record rewritten to the current name
 * first, so it does not run twice. Registers the exact-sum SQL functions
 * (`big_add`, `big_sum`) on `db` first: migrations that fill rollups use them.
 *
 * @example
 * ```ts
 * migrate(db) // ['2026_11_22_00_reference_data', …] on a new database, [] afterwards
 * ```
 * @throws {StoreError} `STORE_MIGRATION` when the database holds a migration this build does
 *   not know (it was written by a newer build) or a migration fails.
 */
export function migrate(
  db: Database.Database,
  migrations: readonly { readonly name: string; readonly sql: string }[] = MIGRATIONS,
  renames: Readonly<Record<string, string>> = MIGRATION_RENAMES,
): string[] {
  registerBigIntegerFunctions(db)
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL) STRICT',
  )
  const applied = new Set(
    (db.prepare('SELECT name FROM schema_migrations').all() as { name: string }[]).map(
      (row) => row.name,
    ),
  )
  const renamed = renamedMigrations(applied, renames)
  if (renamed.length > 0) {
    const rename = db.prepare('UPDATE schema_migrations SET name = ? WHERE name = ?')
    db.transaction(() => {
      for (const [from, to] of renamed) rename.run(to, from)
    })()
    for (const [from, to] of renamed) {
      applied.delete(from)
      applied.add(to)
    }
  }
  const known = new Set(migrations.map((m) => m.name))
  const unknown = [...applied].filter((name) => !known.has(name))
  if (unknown.length > 0) {
    throw new StoreError({
      code: 'STORE_MIGRATION',
      message: `The database was migrated by a newer build (unknown migration ${unknown.sort()[0]}).`,
    })
  }
  const record = db.prepare('INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)')
  const done: string[] = []
  for (const migration of [...migrations].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (applied.has(migration.name)) continue
    try {
      db.transaction(() => {
        db.exec(migration.sql)
        record.run(migration.name, new Date().toISOString())
      })()
    } catch (error) {
      throw new StoreError({
        code: 'STORE_MIGRATION',
        message: `Migration ${migration.name} failed.`,
        cause: error,
      })
    }
    done.push(migration.name)
  }
  return done
}
