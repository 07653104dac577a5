import pg from 'pg'
import { WRITER_PRESENCE_LOCK } from '../../store/postgres/createPostgresStore.js'
import type { ReadinessCheck } from './health.js'

/**
 * A replica's view of its writer (`serve --read-only --db postgres://…`): ready while the
 * database's data version moves, or while it stands still with a writer connected and not busy
 * — a writer with nothing to write. When the data version has not moved for more than
 * `maxLagSeconds`, not ready if no process holds the writers' presence lock any more
 * (`WRITER_PRESENCE_LOCK`, held by every store opened for writing on a connection of its own;
 * PostgreSQL releases it when that process dies) although one held it since this replica
 * started — a database no writer touched meanwhile (a snapshot imported once and only served)
 * stays ready —, or if a transaction that wrote (PostgreSQL
 * gave it a transaction id, `pg_stat_activity.backend_xid`) has been open longer than
 * `maxLagSeconds`: a writer stuck mid-batch, whose readers see the data as it was before it.
 * One connection of its own, opened on the first query; `close()` ends it. `writerPresent()`
 * counts the presence lock's holders whatever the data version (the
 * `tondexlab_writer_present` gauge).
 *
 * @example
 * ```ts
 * const check = replicaWriterCheck(databaseUrl, 60, async () => (await version.read()).ageSeconds)
 * await check.check() // undefined, or 'no writer is connected (none holds the writer's presence lock) and the data version has not moved for 75 s (--max-lag 60)'
 * await check.writerPresent() // true while 1 writer (or more) is connected
 * await check.close()
 * ```
 */
export function replicaWriterCheck(
  databaseUrl: string,
  maxLagSeconds: number,
  dataVersionAge: () => Promise<number>,
): ReadinessCheck & { writerPresent(): Promise<boolean>; close(): Promise<void> } {
  let pool: pg.Pool | undefined
  const connection = () => {
    if (pool === undefined) {
      pool = new pg.Pool({ connectionString: databaseUrl, max: 1, idleTimeoutMillis: 30_000 })
      // An idle connection's error (the server restarted) must not crash the process.
      pool.on('error', () => undefined)
    }
    return pool
  }
  /**
   * The presence lock's granted holders in this database: a bigint key is stored as `classid`
   * (its high 32 bits), `objid` (its low 32 bits) and `objsubid` 1.
   */
  const writerPresent = async () => {
    const { rows } = await connection().query<{ holders: number }>(
      `SELECT count(*)::int AS holders
         FROM pg_locks
        WHERE locktype = 'advisory' AND granted AND objsubid = 1
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND classid::bigint = ($1::bigint >> 32)
          AND objid::bigint = ($1::bigint & 4294967295)`,
      [WRITER_PRESENCE_LOCK],
    )
    return (rows[0]?.holders ?? 0) > 0
  }
  // Whether a writer held the lock at some time since this replica started: a database that
  // no writer touched meanwhile (a snapshot imported once, then only served) is not "gone".
  let seen = false
  const present = async () => {
    const held = await writerPresent()
    if (held) seen = true
    return held
  }
  return {
    name: 'writer',
    async check() {
      const age = await dataVersionAge()
      // Until a writer has been seen, every probe looks for one (one small query).
      if (!seen && age <= maxLagSeconds) await present()
      if (age <= maxLagSeconds) return undefined
      if (!(await present())) {
        if (!seen) return undefined
        return `no writer is connected (none holds the writer's presence lock) and the data version has not moved for ${Math.round(age)} s (--max-lag ${maxLagSeconds})`
      }
      const { rows } = await connection().query<{ pid: number; seconds: number }>(
        `SELECT pid, EXTRACT(EPOCH FROM (now() - xact_start))::float8 AS seconds
           FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()
            AND backend_xid IS NOT NULL AND xact_start IS NOT NULL
          ORDER BY xact_start LIMIT 1`,
      )
      const oldest = rows[0]
      if (oldest === undefined || oldest.seconds <= maxLagSeconds) return undefined
      return `the data version has not moved for ${Math.round(age)} s while a writing transaction (pid ${oldest.pid}) has been open ${Math.round(oldest.seconds)} s (--max-lag ${maxLagSeconds})`
    },
    writerPresent: present,
    async close() {
      await pool?.end()
      pool = undefined
    },
  }
}
