import type { FastifyInstance } from 'fastify'
import type { Store } from '../store/Store.js'
import type { DatabaseNodeOptions } from './node/databaseNode.js'
import type { NodePlugin } from './node/NodePlugin.js'
import { startNode } from './node/startNode.js'

/** Options of {@link startDatabaseServer}. */
export type StartDatabaseServerOptions = DatabaseNodeOptions & {
  readonly plugins?: readonly NodePlugin[] | undefined
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
 * `ton-dex-lab import --db postgres://…`): `startNode({ chain: 'none', index: 'none' })`. No
 * chain, no indexer, the answers of whatever the database holds, its response caches following
 * the store's data version (every commit of the writer changes it). Any number of such servers
 * can read one database behind a load balancer; `readOnly` makes one a pure replica. What
 * `ton-dex-lab serve --read-only --db postgres://…` runs (without `--read-only` the local
 * exchange runs on the database instead, its chain included: `startLocalExchange`).
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
  const node = await startNode({ chain: 'none', index: 'none', options, plugins: options.plugins })
  const { url, store, app, extra } = node
  return { url, store, app, database: extra.database, close: () => node.close() }
}
