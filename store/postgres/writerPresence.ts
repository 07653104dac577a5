import pg from 'pg'

/** The first wait before a lost presence connection is opened again (ms); it doubles. */
const FIRST_RETRY_MS = 250
/** The longest wait between two attempts (ms). */
const MAX_RETRY_MS = 10_000

/** A writer's presence lock, held until {@link WriterPresence.close}. */
export type WriterPresence = {
  /** Ends the connection (PostgreSQL releases the lock) and stops reconnecting. */
  close(): Promise<void>
}

/**
 * Holds a shared session advisory lock (`pg_advisory_lock_shared(lock)`) on a connection of
 * its own (`application_name` `ton-dex-lab writer`, not from any pool) for as long as the
 * writing process lives: a replica counts the holders in `pg_locks` to tell a writer that is
 * connected and idle from one whose process is gone. PostgreSQL releases a session lock when
 * its connection ends, so a crashed process releases it at once (its socket closes); shared, so
 * every writer holds it together. When the connection drops (the server restarted, an
 * administrator's `pg_terminate_backend`), it is opened again in the background, first after
 * 250 ms, doubling up to 10 s between attempts (timers `unref()`ed: they keep no process
 * alive), and the lock taken again. The first connection is awaited: a database that cannot
 * be reached throws.
 *
 * @example
 * ```ts
 * const presence = await holdWriterPresence('postgres://dex:secret@127.0.0.1:5432/dex', 7_244_004)
 * // pg_locks now shows locktype 'advisory', classid 0, objid 7244004, objsubid 1, granted
 * await presence.close() // released
 * ```
 */
export async function holdWriterPresence(url: string, lock: number): Promise<WriterPresence> {
  let closed = false
  let client: pg.Client | undefined
  let timer: NodeJS.Timeout | undefined
  /** A background attempt under way (close waits for it). */
  let attempt: Promise<void> | undefined
  let retryMs = FIRST_RETRY_MS

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: url,
      application_name: 'ton-dex-lab writer',
      keepAlive: true,
    })
    // A dropped connection emits 'error' (when no query runs) then 'end': the reconnect
    // follows 'end'; an unheard 'error' would crash the process.
    next.on('error', () => undefined)
    try {
      await next.connect()
      await next.query('SELECT pg_advisory_lock_shared($1::bigint)', [lock])
    } catch (error) {
      await next.end().catch(() => undefined)
      throw error
    }
    if (closed) {
      await next.end().catch(() => undefined)
      return
    }
    client = next
    retryMs = FIRST_RETRY_MS
    next.once('end', () => {
      if (client === next) client = undefined
      if (!closed) schedule()
    })
  }
  const schedule = () => {
    if (closed || timer !== undefined) return
    const wait = retryMs
    // Doubling, capped: 250, 500, 1 000, … 8 000, 10 000, 10 000 ms.
    retryMs = Math.min(MAX_RETRY_MS, retryMs * 2)
    timer = setTimeout(() => {
      timer = undefined
      attempt = connect()
        .catch(schedule)
        .finally(() => {
          attempt = undefined
        })
    }, wait)
    timer.unref()
  }

  await connect()
  return {
    async close() {
      closed = true
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      await attempt
      const current = client
      client = undefined
      await current?.end().catch(() => undefined)
    },
  }
}
