import type { FastifyInstance } from 'fastify'
import { createService } from '../service/createService.js'
import type { Store } from '../store/Store.js'
import { createSqliteStore } from '../store/sqlite/createSqliteStore.js'
import { seedDemoMarket, seedReferenceMarket } from './demo/seedDemoMarket.js'
import { progressBar } from './progressBar.js'
import type { ServeOptions } from './serveOptions.js'

/** Options of {@link startLocalExchange}: where to listen, and how an empty database is seeded. */
export type StartLocalExchangeOptions = ServeOptions & {
  /**
   * `'scenario'` (default): build the demo market from a scenario run through the emulator;
   * `'reference'`: the hand-written reference market (fast; what the contract tests use).
   */
  readonly demo?: 'scenario' | 'reference' | undefined
  /** Where the demo build draws its progress bar (none when absent). */
  readonly progress?: NodeJS.WriteStream | undefined
}

/** A running local exchange; see {@link startLocalExchange}. */
export type RunningLocalExchange = {
  /** The REST service (`createService`) over {@link RunningLocalExchange.store}. */
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
 * Opens (or creates) the SQLite database, seeds the demo market when it holds none (by default
 * built from a scenario run through the emulator and indexed), and listens. What `npm start`
 * (`ton-dex-lab serve`) runs.
 *
 * @example
 * ```ts
 * const exchange = await startLocalExchange({ dbPath: ':memory:', host: '127.0.0.1', port: 0 })
 * exchange.url // 'http://127.0.0.1:41234'
 * await exchange.close()
 * ```
 */
export async function startLocalExchange(
  options: StartLocalExchangeOptions,
): Promise<RunningLocalExchange> {
  const store = createSqliteStore({ path: options.dbPath })
  try {
    const seeded =
      options.demo === 'reference'
        ? await seedReferenceMarket(store)
        : await seedScenarioMarket(store, options)
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

async function seedScenarioMarket(
  store: Store,
  options: StartLocalExchangeOptions,
): Promise<boolean> {
  const bar = options.progress === undefined ? undefined : progressBar(options.progress)
  const started = performance.now()
  const seeded = await seedDemoMarket(store, {
    swaps: options.demoSwaps,
    onProgress: (phase, done, total) =>
      bar?.update(phase === 'emulate' ? 'demo: emulating swaps' : 'demo: indexing', done, total),
  })
  if (seeded) {
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    bar?.done(`demo market built from emulator history in ${seconds} s`)
  }
  return seeded
}
