import type { FastifyInstance } from 'fastify'
import type { LiveChain } from '../chain/LiveChain.js'
import type { TestWallet } from '../chain/wallets/testWallets.js'
import type { Store } from '../store/Store.js'
import type { LocalNodeOptions } from './node/localNode.js'
import type { NodePlugin } from './node/NodePlugin.js'
import { startNode } from './node/startNode.js'

/**
 * Options of {@link startLocalExchange}: where to listen, how an empty database is seeded
 * (`demo`, `datedHistory`, `progress`), and plugins added to the node's own.
 */
export type StartLocalExchangeOptions = LocalNodeOptions & {
  readonly plugins?: readonly NodePlugin[] | undefined
}

/** A running local exchange; see {@link startLocalExchange}. */
export type RunningLocalExchange = {
  /** The REST service (`createService`) over {@link RunningLocalExchange.store}. */
  readonly app: FastifyInstance
  readonly store: Store
  /** The live chain, or `undefined` over a snapshot database (`ton-dex-lab import`). */
  readonly chain: LiveChain | undefined
  /** The funded test wallets (none over a snapshot database). LOCAL USE ONLY. */
  readonly wallets: readonly TestWallet[]
  /** Base URL, e.g. `http://127.0.0.1:8080`. */
  readonly url: string
  /** Whether the demo market was seeded into an empty database now. */
  readonly seeded: boolean
  /** Resolves once block `seqno` of the chain is in the index (the REST API shows it). */
  indexed(seqno: number): Promise<void>
  /** Stops listening, stores a chain snapshot, and closes the database. */
  close(): Promise<void>
}

/**
 * Runs the local exchange over one database — a SQLite file (`dbPath`), or PostgreSQL when
 * `databaseUrl` is given: `startNode({ chain: 'local', index: 'live' })`. The live emulated
 * chain (`LiveChain`, journaled in the database's `chain_*` tables, a migration of its store),
 * the indexer following its blocks, the REST API over the same store, the TON HTTP API
 * (`/api/v2/…`, toncenter v2) and the local endpoints (`/local/wallets`, `/local/faucet`,
 * `/local/status`, the control API), all on one port. A new database gets the demo market,
 * built by running the demo scenario through the chain (so its contracts are live), and five
 * funded test wallets, whole before the server listens: with `datedHistory` as the history of
 * the 30 days before the first start, in the database itself and marked whole last (an
 * interrupted build is started over; on PostgreSQL a chain without a listed market is deleted
 * on the next start); otherwise undated, in `<db>.building`, renamed when whole. A database
 * with a chain resumes it; a database filled by `ton-dex-lab import` (no chain) is served
 * read-only, with 503 from the TON HTTP API and `/local/*`. What `npm start` (`ton-dex-lab
 * serve`) runs, and `ton-dex-lab serve --db postgres://…`.
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
  const node = await startNode({
    chain: 'local',
    index: 'live',
    options,
    plugins: options.plugins,
  })
  const { app, store, chain, url, extra } = node
  return {
    ...{ app, store, chain, url, wallets: extra.wallets, seeded: extra.seeded },
    indexed: (seqno) => node.indexed(seqno),
    close: () => node.close(),
  }
}
