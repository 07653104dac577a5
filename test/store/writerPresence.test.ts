/**
 * A PostgreSQL store opened for writing holds the writers' presence lock
 * (`WRITER_PRESENCE_LOCK`, shared, on a connection of its own named `ton-dex-lab writer`) while
 * it is open, and releases it on `close()`; two writers hold it together; a read-only store
 * does not hold it. Skipped with a notice without PostgreSQL (fails in CI).
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  createPostgresStore,
  WRITER_PRESENCE_LOCK,
} from '../../store/postgres/createPostgresStore.js'
import { createTestDatabase, testPostgresUrl } from '../_support/postgresDatabase.js'

const clusterUrl = testPostgresUrl('writerPresence')

describe.skipIf(clusterUrl === undefined)('the writers presence lock', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>
  let admin: pg.Client
  beforeAll(async () => {
    db = await createTestDatabase(clusterUrl as string)
    admin = new pg.Client({ connectionString: db.url })
    await admin.connect()
  })
  afterAll(async () => {
    await admin?.end()
    await db?.drop()
  })

  /** The lock's holders in this database: mode and the holder's application name. */
  const holders = async () =>
    (
      await admin.query<{ mode: string; application_name: string }>(
        `SELECT l.mode, a.application_name
           FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
            AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
            AND l.classid::bigint = ($1::bigint >> 32)
            AND l.objid::bigint = ($1::bigint & 4294967295)`,
        [WRITER_PRESENCE_LOCK],
      )
    ).rows

  test('held shared while a writing store is open, by each writer; released on close', async () => {
    expect(await holders()).toEqual([])
    const first = await createPostgresStore({ url: db.url })
    const reader = await createPostgresStore({ url: db.url, readOnly: true })
    expect(await holders()).toEqual([{ mode: 'ShareLock', application_name: 'ton-dex-lab writer' }])
    const second = await createPostgresStore({ url: db.url })
    expect(await holders()).toHaveLength(2)
    await second.close()
    await expect.poll(async () => (await holders()).length, { timeout: 10_000 }).toBe(1)
    await first.close()
    await expect.poll(async () => (await holders()).length, { timeout: 10_000 }).toBe(0)
    // The reader held nothing: closing it leaves nothing to release.
    await reader.close()
    expect(await holders()).toEqual([])
  })
})
