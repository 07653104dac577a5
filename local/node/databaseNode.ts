import { createService } from '../../service/createService.js'
import { createPostgresStore } from '../../store/postgres/createPostgresStore.js'
import { redact } from '../../upstream/redact.js'
import { createTonApiClient } from '../../upstream/tonApiClient.js'
import type { WithOperations } from '../operations/withOperations.js'
import { remoteChainReader } from '../remoteChainReader.js'
import type { ChainApiOptions } from '../serveOptions.js'
import type { NodeParts } from './NodePlugin.js'

/** Options of a database node (`serve --read-only --db postgres://…`). */
export type DatabaseNodeOptions = {
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
  /**
   * The TON HTTP API asked for what the writer's recorded layouts cannot give (`--chain-api`):
   * a jetton wallet of an unknown layout, a new pool's address; also a wallet's TON balance and
   * seqno now, as the writer answers them from its chain. Without it those answers come from
   * the database alone.
   */
  readonly chainApi?: ChainApiOptions | undefined
  /** Logs, metrics, `/healthz`, `/readyz` (a replica: the data version's age) and the drain. */
  readonly operations?: WithOperations['operations']
  /**
   * `--max-lag <seconds>`: a replica is not ready while the data version has stood still this
   * long and no writer holds the presence lock, or a writing transaction has been open as long
   * (default 60).
   */
  readonly maxLagSeconds?: number | undefined
}

/**
 * What a database node keeps for its caller.
 *
 * @example
 * ```ts
 * const extra: DatabaseNodeExtra = { database: 'postgres://dex@127.0.0.1:5432/dex' }
 * ```
 */
export type DatabaseNodeExtra = {
  /** The database's URL without its password. */
  readonly database: string
}

/**
 * Opens the parts of a REST server over a PostgreSQL database that another process writes (an
 * indexer, or `ton-dex-lab import --db postgres://…`): the store (read-only with `readOnly`)
 * and the REST API; no chain, no index, no `/local/status`.
 *
 * @example
 * ```ts
 * const parts = await openDatabaseNode({ databaseUrl, readOnly: true, host: '127.0.0.1', port: 0 })
 * parts.extra.database // 'postgres://dex@127.0.0.1:5432/dex'
 * ```
 */
export async function openDatabaseNode(
  options: DatabaseNodeOptions,
): Promise<NodeParts<DatabaseNodeExtra>> {
  const opened = await createPostgresStore({
    url: options.databaseUrl,
    readOnly: options.readOnly === true,
  })
  const ops = options.operations
  const store = ops === undefined ? opened : ops.store(opened)
  try {
    const chainApi = options.chainApi
    const app = await createService({
      store,
      cors: options.cors ?? true,
      server: ops?.server,
      setup: ops?.setup,
      ...(chainApi === undefined
        ? {}
        : {
            chain: remoteChainReader(
              createTonApiClient({
                url: chainApi.url,
                apiKey: chainApi.apiKey,
                ...(chainApi.rps === undefined ? {} : { rps: chainApi.rps }),
              }),
            ),
          }),
    })
    return {
      ...{ store, app, chain: undefined, live: undefined, status: undefined },
      indexed: async () => undefined,
      extra: { database: redact(options.databaseUrl) },
      async close() {
        await app.close()
        await store.close()
      },
    }
  } catch (error) {
    await store.close()
    throw error
  }
}
