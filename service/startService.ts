import type { FastifyInstance } from 'fastify'
import type { Store } from '../store/Store.js'
import { createSqliteStore } from '../store/sqlite/createSqliteStore.js'
import { createService } from './createService.js'
import { seedDemoMarket } from './demo/demoMarket.js'
import type { ServeOptions } from './serveOptions.js'

/** A running service. */
export type RunningService = {
  readonly app: FastifyInstance
  readonly store: Store
  /** Base URL, e.g. `http://127.0.0.1:8080`. */
  readonly url: string
  /** Whether the demo market was seeded into an empty database now. */
  readonly seeded: boolean
  /** Stops listening and closes the database. */
  close(): Promise<void>
}

/**
 * Opens (or creates) the SQLite database, seeds the demo market when it holds none, and
 * listens. What `npm start` runs.
 *
 * @example
 * ```ts
 * const service = await startService({ dbPath: ':memory:', host: '127.0.0.1', port: 0 })
 * service.url // 'http://127.0.0.1:41234'
 * await service.close()
 * ```
 */
export async function startService(options: ServeOptions): Promise<RunningService> {
  const store = createSqliteStore({ path: options.dbPath })
  try {
    const seeded = await seedDemoMarket(store)
    const app = await createService({ store })
    await app.listen({ host: options.host, port: options.port })
    const address = app.server.address()
    const port = typeof address === 'object' && address !== null ? address.port : options.port
    const host = options.host.includes(':') ? `[${options.host}]` : options.host
    return {
      app,
      store,
      url: `http://${host}:${port}`,
      seeded,
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
