/**
 * A replica tells a dead writer from an idle one (`replicaWriterCheck` on a real PostgreSQL):
 * with the data version older than `--max-lag`, a writer store that is open and idle keeps the
 * replica ready; a writer closed, or a writer process killed (SIGKILL: PostgreSQL sees its
 * connections drop), makes it not ready with the reason; a live writer whose presence
 * connection the server ended (`pg_terminate_backend`) reconnects and the replica is ready
 * again. Skipped with a notice without PostgreSQL (fails in CI).
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { replicaWriterCheck } from '../../local/operations/replicaCheck.js'
import { createPostgresStore } from '../../store/postgres/createPostgresStore.js'
import type { Store } from '../../store/Store.js'
import { createTestDatabase, testPostgresUrl } from '../_support/postgresDatabase.js'
import { spawnServe } from './_support/spawnServe.js'

const clusterUrl = testPostgresUrl('replicaWriterPresence')
/** The data version's age the check is given: older than its `--max-lag` of 60 s. */
const STALE = async () => 75
const GONE =
  "no writer is connected (none holds the writer's presence lock) and the data version has not moved for 75 s (--max-lag 60)"

describe.skipIf(clusterUrl === undefined)('a replica tells a dead writer from an idle one', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>
  let admin: pg.Client
  beforeAll(async () => {
    db = await createTestDatabase(clusterUrl as string)
    // Migrated once, so that read-only stores open.
    await (await createPostgresStore({ url: db.url })).close()
    admin = new pg.Client({ connectionString: db.url })
    await admin.connect()
  })
  afterAll(async () => {
    await admin?.end()
    await db?.drop()
  })

  /** The backends of the writers' presence connections in this database. */
  const presencePids = async () =>
    (
      await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = 'ton-dex-lab writer'
          ORDER BY pid`,
      )
    ).rows.map((r) => r.pid)

  test('a database no writer touched since the replica started (an imported snapshot, served): ready', async () => {
    const check = replicaWriterCheck(db.url, 60, STALE)
    try {
      expect(await check.check()).toBeUndefined()
      expect(await check.writerPresent()).toBe(false)
      // A writer comes and goes: from then on its absence is a writer gone.
      await (await createPostgresStore({ url: db.url })).close()
      expect(await check.check()).toBeUndefined() // it was never seen holding the lock
      const writer = await createPostgresStore({ url: db.url })
      expect(await check.check()).toBeUndefined()
      await writer.close()
      await expect.poll(() => check.check(), { timeout: 10_000 }).toBe(GONE)
    } finally {
      await check.close()
    }
  })

  test('an idle writer store: ready; closed: not ready, with the reason; a reader is no writer', async () => {
    const check = replicaWriterCheck(db.url, 60, STALE)
    let writer: Store | undefined = await createPostgresStore({ url: db.url })
    try {
      expect(await check.writerPresent()).toBe(true)
      expect(await check.check()).toBeUndefined()
      await writer.close()
      writer = undefined
      await expect.poll(() => check.check(), { timeout: 10_000 }).toBe(GONE)
      expect(await check.writerPresent()).toBe(false)
      const reader = await createPostgresStore({ url: db.url, readOnly: true })
      try {
        expect(await check.check()).toBe(GONE)
      } finally {
        await reader.close()
      }
      // While the data version moves, no writer is asked for.
      const fresh = replicaWriterCheck(db.url, 60, async () => 5)
      expect(await fresh.check()).toBeUndefined()
      await fresh.close()
    } finally {
      await writer?.close()
      await check.close()
    }
  })

  test('a writer process killed (SIGKILL): not ready, with the reason', async () => {
    const check = replicaWriterCheck(db.url, 60, STALE)
    const server = await spawnServe(
      ['serve', '--db', db.url, '--host', '127.0.0.1', '--port', '0'],
      'listening on',
    )
    try {
      expect(await presencePids()).toHaveLength(1)
      expect(await check.check()).toBeUndefined()
      await server.kill()
      await expect.poll(() => check.check(), { timeout: 10_000 }).toBe(GONE)
    } finally {
      await server.kill()
      await check.close()
    }
  })

  test('a live writer whose presence connection the server ended reconnects: ready again', async () => {
    const check = replicaWriterCheck(db.url, 60, STALE)
    const writer = await createPostgresStore({ url: db.url })
    try {
      const [before] = await presencePids()
      expect(before).toBeDefined()
      expect(await check.check()).toBeUndefined()
      const { rows } = await admin.query<{ ended: boolean }>(
        'SELECT pg_terminate_backend($1) AS ended',
        [before],
      )
      expect(rows[0]?.ended).toBe(true)
      // A new presence connection (another backend), and the replica ready with it.
      await expect
        .poll(
          async () => {
            const pids = await presencePids()
            return pids.length === 1 && pids[0] !== before
          },
          { timeout: 10_000 },
        )
        .toBe(true)
      await expect.poll(() => check.check(), { timeout: 10_000 }).toBeUndefined()
      expect(await check.writerPresent()).toBe(true)
      // The store itself still answers (its pool never noticed).
      await expect(writer.isEmpty()).resolves.toBeTypeOf('boolean')
    } finally {
      await writer.close()
      await check.close()
    }
  })
})
