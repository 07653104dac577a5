import type { FastifyInstance } from 'fastify'
import { createService } from '../service/createService.js'
import { createPostgresStore } from '../store/postgres/createPostgresStore.js'
import type { Store } from '../store/Store.js'
import { redact } from '../upstream/redact.js'
import { listenUrl } from './frontServer.js'
import type { WithOperations } from './operations/withOperations.js'

/** Options of {@link startDatabaseServer}. */
export type StartDatabaseServerOptions = {
  /** `postgres://user:password@host:port/database`. */
  readonly databaseUrl: string
  /**
   * A REST replica: the database must already be migrated (by its writer), and nothing is
   * written (default false: the schema is migrated on open).
   */
  readonly readOnly?: boolean | undefined
  readonly host: string
  readonly port: number
  readonly cors?: boolean | undefined
  /** Logs, metrics, `/healthz`, `/readyz` (kind `replica`: the data version's age) and the drain. */
  readonly operations?: WithOperations['operations']
}

/** A REST server over a PostgreSQL database, listening. */
export type RunningDatabaseServer = {
  /** `http://host:port`. */
  readonly url: string
  /** The database's URL without its password. */
  readonly database: string
  readonly store: Store
  readonly app: FastifyInstance
  /** Stops listening and closes the connection pool. */
  close(): Promise<void>
}

/**
 * Serves the REST API over a PostgreSQL database that another process writes (an indexer, or
 * `ton-dex-lab import --db postgres://…`): no chain, no indexer, the answers of whatever the
 * database holds, its response caches following the store's data version (every commit of
 * the writer changes it). Any number of such servers can read one database behind a load
 * balancer; `readOnly` makes one a pure replica. What `ton-dex-lab serve --read-only --db
 * postgres://…` runs (without `--read-only` the local exchange runs on the database instead,
 * its chain included: `startLocalExchange`).
 *
 * @example
 * ```ts
 * const replica = await startDatabaseServer({
 *   databaseUrl: 'postgres://dex:secret@127.0.0.1:5432/dex', readOnly: true, host: '127.0.0.1', port: 8081,
 * })
 * replica.url // 'http://127.0.0.1:8081'
 * await replica.close()
 * ```
 */
export async function startDatabaseServer(
  options: StartDatabaseServerOptions,
): Promise<RunningDatabaseServer> {
  const opened = await createPostgresStore({
    url: options.databaseUrl,
    readOnly: options.readOnly === true,
  })
  const ops = options.operations
  const store = ops === undefined ? opened : ops.store(opened)
  ops?.watchStore(store)
  let app: FastifyInstance | undefined
  let url: string
  try {
    app = await createService({
      store,
      cors: options.cors ?? true,
      server: ops?.server,
      // Served directly: the operators' routes are the REST app's own (hidden from OpenAPI).
      setup: ops === undefined ? undefined : (instance) => ops.serve(instance),
    })
    url = await listenUrl(app, options)
  } catch (error) {
    await app?.close()
    await store.close()
    throw error
  }
  const listening = app
  return {
    url,
    database: redact(options.databaseUrl),
    store,
    app,
    async close() {
      ops?.drain()
      await listening.close()
      await store.close()
    },
  }
}
