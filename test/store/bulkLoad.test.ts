/**
 * A bulk load (`bench:store`: the indexes of `operations` dropped and built again after, the
 * rollups folded once when the store closes — `createSqliteStore({ bulkLoad })` /
 * `createPostgresStore({ bulkLoad })`) leaves the same database as writing the history batch
 * by batch: every rollup table row for row (the running totals by pool and hour, whatever the
 * pairs' ids; day gaps without the zero rows an incremental fold may leave), the same indexes,
 * the same statistics. On SQLite always, on PostgreSQL when installed.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, describe, expect, test } from 'vitest'
import { deferPostgresIndexes } from '../../store/postgres/bulkLoad.js'
import { createPostgresStore } from '../../store/postgres/createPostgresStore.js'
import type { Store } from '../../store/Store.js'
import { deferSqliteIndexes } from '../../store/sqlite/bulkLoad.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'
import { createTestDatabase, testPostgresUrl } from '../_support/postgresDatabase.js'
import { writeSyntheticHistory } from '../_support/syntheticHistory.js'

const HISTORY = { operations: 6_000, days: 40, seed: 11, batch: 700, walletOperations: 50 }
const WINDOW = { since: '2026-10-10T00:00:00', until: '2026-10-31T13:30:00' }
const ROLLUPS = {
  swap_rollups:
    'SELECT * FROM swap_rollups ORDER BY span, bucket, pool_address, asset0_address, asset1_address',
  referral_rollups:
    'SELECT * FROM referral_rollups ORDER BY referral_address, span, bucket, pool_address, fee_asset_address',
  wallet_days: 'SELECT * FROM wallet_days ORDER BY day, wallet_address',
  wallet_day_gaps: 'SELECT * FROM wallet_day_gaps WHERE wallets <> 0 ORDER BY day, previous_day',
  wallet_first_seen: 'SELECT * FROM wallet_first_seen ORDER BY wallet_address',
  swap_running_totals: `SELECT p.pool_address, p.asset0_address, p.asset1_address, t.hour,
      t.swaps_in0, t.amount0_in0, t.amount1_in0, t.lp_fee_in0,
      t.swaps_in1, t.amount0_in1, t.amount1_in1, t.lp_fee_in1
    FROM swap_running_totals t JOIN swap_pairs p ON p.id = t.pair_id ORDER BY 1, 2, 3, 4`,
}

/** The statistics a REST request would ask of the history. */
async function statistics(store: Store) {
  const pools = (await store.listIndexedPools()).map((p) => p.address)
  return {
    totals: await store.poolSwapTotals({ ...WINDOW, poolAddresses: pools }),
    wallets: await store.countWallets(WINDOW),
    poolWallets: await store.countWallets({ ...WINDOW, poolAddresses: pools.slice(0, 3) }),
  }
}

const dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-bulk-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('bulk load on SQLite', () => {
  test('default: the same rollups, indexes and statistics as batch by batch', async () => {
    const paths = { batches: join(dir, 'batches.sqlite'), bulk: join(dir, 'bulk.sqlite') }
    const batches = createSqliteStore({ path: paths.batches })
    await writeSyntheticHistory(batches, HISTORY)
    const expected = await statistics(batches)
    await batches.close()

    await createSqliteStore({ path: paths.bulk }).close()
    const deferred = deferSqliteIndexes(paths.bulk, ['operations'])
    expect(deferred.names.length).toBeGreaterThan(3)
    const bulk = createSqliteStore({ path: paths.bulk, bulkLoad: true })
    await writeSyntheticHistory(bulk, HISTORY)
    await bulk.close()
    deferred.restore()
    const reopened = createSqliteStore({ path: paths.bulk })
    expect(await statistics(reopened)).toEqual(expected)
    await reopened.close()

    const read = (path: string) => {
      const db = new Database(path, { readonly: true })
      try {
        const tables = Object.fromEntries(
          Object.entries(ROLLUPS).map(([name, sql]) => [name, db.prepare(sql).all()]),
        )
        const indexes = db
          .prepare(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'operations' ORDER BY name",
          )
          .all()
        const mark = db.prepare('SELECT operations_rowid FROM rollup_state').pluck().get()
        return { tables, indexes, mark }
      } finally {
        db.close()
      }
    }
    const want = read(paths.batches)
    expect(want.tables.swap_running_totals?.length).toBeGreaterThan(100)
    expect(want.tables.wallet_day_gaps?.length).toBeGreaterThan(40)
    expect(read(paths.bulk)).toEqual(want)
  })
})

const clusterUrl = testPostgresUrl('bulkLoad')
describe.skipIf(clusterUrl === undefined)('bulk load on PostgreSQL', () => {
  const drops: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const drop of drops) await drop()
  })
  const database = async () => {
    const db = await createTestDatabase(clusterUrl as string)
    drops.push(db.drop)
    return db.url
  }

  test('default: the same rollups, indexes and statistics as batch by batch', async () => {
    const urls = { batches: await database(), bulk: await database() }
    const batches = await createPostgresStore({ url: urls.batches })
    await writeSyntheticHistory(batches, HISTORY)
    const expected = await statistics(batches)
    await batches.close()

    await (await createPostgresStore({ url: urls.bulk })).close()
    const deferred = await deferPostgresIndexes(urls.bulk, ['operations'])
    expect(deferred.names.length).toBeGreaterThan(3)
    const bulk = await createPostgresStore({ url: urls.bulk, bulkLoad: true })
    await writeSyntheticHistory(bulk, HISTORY)
    await bulk.close()
    await deferred.restore()
    const reopened = await createPostgresStore({ url: urls.bulk, readOnly: true })
    expect(await statistics(reopened)).toEqual(expected)
    await reopened.close()

    const read = async (url: string) => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        const tables: Record<string, unknown[]> = {}
        for (const [name, sql] of Object.entries(ROLLUPS)) {
          tables[name] = (await client.query(sql)).rows
        }
        const indexes = (
          await client.query(
            "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'operations' ORDER BY 1",
          )
        ).rows
        return { tables, indexes }
      } finally {
        await client.end()
      }
    }
    const want = await read(urls.batches)
    expect(want.tables.swap_running_totals?.length).toBeGreaterThan(100)
    expect(await read(urls.bulk)).toEqual(want)
  })
})
