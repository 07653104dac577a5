import pg from 'pg'
import type { ReadinessCheck } from './health.js'

/**
 * A replica's view of its writer (`serve --read-only --db postgres://…`): ready while the
 * database's data version moves, or while it stands still with no writer busy — a writer with
 * nothing to write (no transaction that wrote is open). Not ready when the data version has not
 * moved for more than `maxLagSeconds` and a transaction that wrote (PostgreSQL gave it a
 * transaction id, `pg_stat_activity.backend_xid`) has been open longer than that: a writer
 * stuck mid-batch, whose readers see the data as it was before it. One connection of its own,
 * opened on the first check that needs it; `close()` ends it.
 *
 * @example
 * ```ts
 * const check = replicaWriterCheck(databaseUrl, 60, async () => (await version.read()).ageSeconds)
 * await check.check() // undefined, or 'the data version has not moved for 75 s while a writing transaction (pid 4242) has been open 74 s'
 * await check.close()
 * ```
 */
export function replicaWriterCheck(
  databaseUrl: string,
  maxLagSeconds: number,
  dataVersionAge: () => Promise<number>,
): ReadinessCheck & { close(): Promise<void> } {
  let pool: pg.Pool | undefined
  return {
    name: 'writer',
    async check() {
      const age = await dataVersionAge()
      if (age <= maxLagSeconds) return undefined
      pool ??= new pg.Pool({ connectionString: databaseUrl, max: 1, idleTimeoutMillis: 30_000 })
      const { rows } = await pool.query<{ pid: number; seconds: number }>(
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
    async close() {
      await pool?.end()
      pool = undefined
    },
  }
}
