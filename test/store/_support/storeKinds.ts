/**
 * The `Store` implementations every conformance suite runs on: SQLite always, PostgreSQL when
 * installed (a fresh database of the run's throwaway cluster per `open`; skipped with a notice
 * otherwise, failed in CI). A suite writes `describe.each(storeKinds('suite'))(…)` and opens its
 * stores through `kind.open()`; `kind.cleanup()` (in `afterAll`) closes and drops them.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createPostgresStore } from '../../../store/postgres/createPostgresStore.js'
import type { Store } from '../../../store/Store.js'
import { createSqliteStore } from '../../../store/sqlite/createSqliteStore.js'
import { createTestDatabase, testPostgresUrl } from '../../_support/postgresDatabase.js'

/** A database of one kind, opened as often as a test needs (several stores on one database). */
export type StoreDatabase = {
  /** Opens one more store (connection / pool) on the same database. */
  open(options?: { readOnly?: boolean }): Promise<Store>
  /** The SQLite file (SQLite only): for tests that edit it underneath the store. */
  readonly sqlitePath?: string
}

/** One implementation under test. */
export type StoreKind = {
  readonly name: 'sqlite' | 'postgres'
  /** A new empty database. */
  database(): Promise<StoreDatabase>
  /** A store on a new empty database (shorthand). */
  open(): Promise<Store>
  /** Closes every store opened and removes every database. */
  cleanup(): Promise<void>
}

function sqliteKind(): StoreKind {
  const dirs: string[] = []
  const stores: Store[] = []
  const database = async (): Promise<StoreDatabase> => {
    const dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-conformance-'))
    dirs.push(dir)
    const path = join(dir, 'store.sqlite')
    return {
      sqlitePath: path,
      async open() {
        const store = createSqliteStore({ path })
        stores.push(store)
        return store
      },
    }
  }
  return {
    name: 'sqlite',
    database,
    async open() {
      return (await database()).open()
    },
    async cleanup() {
      for (const store of stores.splice(0)) await store.close().catch(() => undefined)
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
    },
  }
}

function postgresKind(clusterUrl: string): StoreKind {
  const drops: (() => Promise<void>)[] = []
  const stores: Store[] = []
  const database = async (): Promise<StoreDatabase> => {
    const db = await createTestDatabase(clusterUrl)
    drops.push(db.drop)
    return {
      async open(options) {
        const store = await createPostgresStore({
          url: db.url,
          readOnly: options?.readOnly === true,
        })
        stores.push(store)
        return store
      },
    }
  }
  return {
    name: 'postgres',
    database,
    async open() {
      return (await database()).open()
    },
    async cleanup() {
      for (const store of stores.splice(0)) await store.close().catch(() => undefined)
      for (const drop of drops.splice(0)) await drop()
    },
  }
}

/**
 * Every implementation available here, by name.
 *
 * @example
 * ```ts
 * describe.each(storeKinds('conformance'))('$name store', (kind) => { … })
 * ```
 */
export function storeKinds(suite: string): StoreKind[] {
  const url = testPostgresUrl(suite)
  return url === undefined ? [sqliteKind()] : [sqliteKind(), postgresKind(url)]
}
