import type { FastifyInstance } from 'fastify'
import type { ForkHistory } from '../../chain/fork/forkHistory.js'
import type { LiveChain } from '../../chain/LiveChain.js'
import type { TestWallet } from '../../chain/wallets/testWallets.js'
import type { Store } from '../../store/Store.js'
import type { FaucetReceipt, FaucetRequest } from '../faucet.js'
import type { LiveIndexer } from '../liveIndexer.js'

/**
 * Which chain a node runs: the local exchange's emulated chain (`local`), a fork of a live chain
 * (`fork`, `serve --fork`), or none (`serve --follow`, `serve --read-only`).
 *
 * @example
 * ```ts
 * const chain: NodeChainKind = 'fork'
 * ```
 */
export type NodeChainKind = 'local' | 'fork' | 'none'

/**
 * How a node's index is written: following its own chain block by block (`live`), following a
 * remote TON API (`follow`), or not at all — another process writes the database (`none`).
 *
 * @example
 * ```ts
 * const index: NodeIndexKind = 'live'
 * ```
 */
export type NodeIndexKind = 'live' | 'follow' | 'none'

/**
 * The live index of a node with a chain: a stable {@link LiveIndexer} (its `indexed` waits
 * across a restart) and the stop and start a revert to a snapshot needs.
 *
 * @example
 * ```ts
 * await index.stop()  // after the batch in progress
 * await index.start() // a new indexer at the store's cursor, caught up with the chain
 * await index.indexer.indexed(42)
 * ```
 */
export type NodeIndex = {
  readonly indexer: LiveIndexer
  /** Stops the running indexer after its batch in progress. */
  stop(): Promise<void>
  /** Starts a new indexer at the store's cursor; resolves once it reached the chain's head. */
  start(): Promise<void>
}

/**
 * What a node with a running chain gives the chain plugins (the control API, the faucet and
 * the test wallets): the chain, its index, the test funds, and the market refresh a revert runs.
 *
 * @example
 * ```ts
 * const live: NodeLive = { chain, index, funds, refresh: async () => {}, building: () => false }
 * ```
 */
export type NodeLive = {
  readonly chain: LiveChain
  readonly index: NodeIndex
  /** `GET /local/wallets` and `POST /local/faucet` (the local exchange's, or a fork's). */
  readonly funds: LocalFunds
  /** Refreshes the market rows the REST API reads from the chain (after a revert). */
  refresh(): Promise<void>
  /** Whether a history is still being written (time travel and snapshots wait then). */
  building(): boolean
}

/**
 * What a plugin sees of the node it is part of.
 *
 * @example
 * ```ts
 * const plugin: NodePlugin = { name: 'head', status: (node) => ({ head: node.chain?.head.seqno ?? null }) }
 * ```
 */
export type NodeContext = {
  readonly kind: { readonly chain: NodeChainKind; readonly index: NodeIndexKind }
  /** The options the node was started with (`host`, `port`, `blockTime`, the database, …). */
  readonly options: {
    readonly host: string
    readonly port: number
    readonly dbPath?: string | undefined
    readonly databaseUrl?: string | undefined
    /** A REST replica (`serve --read-only`): the store was opened read-only. */
    readonly readOnly?: boolean | undefined
    readonly blockTime?: number | undefined
  }
  readonly store: Store
  /** The REST API (`createService`), served behind the front server. */
  readonly app: FastifyInstance
  /** The node's chain; `undefined` without one (follow, replica, a snapshot database). */
  readonly chain: LiveChain | undefined
  /**
   * What the chain plugins act on; `undefined` when no chain runs (they then answer 503
   * `LOCAL_NO_CHAIN`, `requireLive`).
   */
  readonly live: NodeLive | undefined
  /** Resolves once block `seqno` is in the index (at once on a node without an index). */
  indexed(seqno: number): Promise<void>
  /** The base URL once the node listens (`undefined` before). */
  readonly url: string | undefined
  /**
   * What the node kind keeps for its caller (`FollowNodeExtra`'s follower, `ForkNodeExtra`'s
   * fork, …), as `RunningNode.extra`.
   */
  readonly extra: unknown
}

/**
 * A part of a node, added to {@link startNode}'s `plugins`. Every hook is optional.
 *
 * - `paths`: the path prefixes the node's front server answers itself for this plugin (say
 *   `['/healthz', '/metrics']`); every other path goes to the REST API. `/local/` is the
 *   node's already, and on a node with a chain `/api/v2/`, `/api/v3/` and `/api/streaming/`.
 * - `register(front, node)`: registers routes on the front server (a Fastify instance) before
 *   it listens. A `/local/*` route answers errors through `answerLocalErrors` when the plugin
 *   installs it in its scope (`front.register(async (scope) => { answerLocalErrors(scope); … })`).
 * - `status(node)`: fields merged into `GET /local/status` after the node's own (a plugin may
 *   not replace the node's fields: the node's win).
 * - `start(node)`: runs once the node listens (`node.url` set), in the order of the plugins.
 * - `stop(node)`: runs at close, after the front server stopped listening and answered the
 *   requests in flight, in the reverse order of the plugins, before the node's own parts (chain,
 *   index, database) close. A stop that throws is logged; the others still run.
 *
 * @example
 * ```ts
 * const health: NodePlugin = {
 *   name: 'health',
 *   paths: ['/healthz'],
 *   register: (front) => { front.get('/healthz', async () => ({ ok: true })) },
 *   status: () => ({ health: 'ok' }),
 * }
 * const node = await startNode({ chain: 'local', index: 'live', options, plugins: [health] })
 * (await fetch(`${node.url}/healthz`)).status // 200
 * ```
 */
export type NodePlugin = {
  /** A short name, for logs. */
  readonly name: string
  readonly paths?: readonly string[] | undefined
  register?(front: FastifyInstance, node: NodeContext): void | Promise<void>
  status?(
    node: NodeContext,
  ): Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined>
  start?(node: NodeContext): void | Promise<void>
  stop?(node: NodeContext): void | Promise<void>
}

/**
 * What `GET /local/wallets` and `POST /local/faucet` serve from: the local exchange's, or a
 * fork's (`serve --fork`), with the same request and answer shapes.
 *
 * @example
 * ```ts
 * const funds: LocalFunds = { wallets, faucet: (request) => faucet({ chain, dex, store }, request) }
 * ```
 */
export type LocalFunds = {
  readonly wallets: readonly TestWallet[]
  /** Runs a faucet request; resolves once the REST API shows it. */
  faucet(request: FaucetRequest): Promise<FaucetReceipt>
  /** Said in the wallets' answer beside the list (a fork's: local only). */
  readonly note?: string | undefined
}

/**
 * What a node kind opens before {@link startNode} serves it (`openLocalNode`, `openForkNode`,
 * `openFollowNode`, `openDatabaseNode`): the store, the REST API, the chain and its index if
 * any, the node's own `/local/status` fields, and what it keeps for its caller (`extra`).
 *
 * @example
 * ```ts
 * const parts: NodeParts<{}> = { store, app, chain: undefined, live: undefined,
 *   indexed: async () => {}, status: undefined, extra: {}, close: () => store.close() }
 * ```
 */
export type NodeParts<Extra> = {
  readonly store: Store
  readonly app: FastifyInstance
  readonly chain: LiveChain | undefined
  readonly live: NodeLive | undefined
  /** A forked chain's past, for the TON HTTP API's `getTransactions`. */
  readonly history?: ForkHistory | undefined
  indexed(seqno: number): Promise<void>
  /** `GET /local/status`'s own fields (it throws `LOCAL_NO_CHAIN` …); none: no such route. */
  readonly status: (() => Promise<Record<string, unknown>>) | undefined
  readonly extra: Extra
  /** Closes what the kind opened (chain, index, REST API, database), in order. */
  close(): Promise<void>
}
