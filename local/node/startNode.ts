import type { FastifyInstance } from 'fastify'
import type { LiveChain } from '../../chain/LiveChain.js'
import { tonHttpApi } from '../../chain/tonHttpApi/tonHttpApi.js'
import { allowCrossOrigin } from '../../service/http/cors.js'
import type { Store } from '../../store/Store.js'
import { blockActions } from '../blockActions.js'
import { frontServer, listenUrl } from '../frontServer.js'
import { answerLocalErrors, requireLive } from '../localRoutes.js'
import { operationsPlugin } from '../operations/operationsPlugin.js'
import { controlPlugin, fundsPlugin } from './chainPlugins.js'
import {
  type DatabaseNodeExtra,
  type DatabaseNodeOptions,
  openDatabaseNode,
} from './databaseNode.js'
import { type FollowNodeExtra, type FollowNodeOptions, openFollowNode } from './followNode.js'
import { type ForkNodeExtra, type ForkNodeOptions, openForkNode } from './forkNode.js'
import { type LocalNodeExtra, type LocalNodeOptions, openLocalNode } from './localNode.js'
import type {
  NodeChainKind,
  NodeContext,
  NodeIndexKind,
  NodeParts,
  NodePlugin,
} from './NodePlugin.js'

/** The TON HTTP API's paths (v2, v3, streaming): a node with a chain answers them itself. */
const CHAIN_API_PATHS = ['/api/v2/', '/api/v3/', '/api/streaming/'] as const

/**
 * `startNode`'s argument: which chain, which index, the kind's options, and the plugins added
 * to the node's own (a node with a chain always has the faucet and test wallets plugin and the
 * control API plugin, the fork included).
 *
 * @example
 * ```ts
 * const spec: StartNodeOptions = { chain: 'fork', index: 'live', options: { dbPath, host, port,
 *   fork: { url: 'http://127.0.0.1:8080/api/v2/jsonRPC' } }, plugins: [] }
 * ```
 */
export type StartNodeOptions = (
  | { readonly chain: 'local'; readonly index: 'live'; readonly options: LocalNodeOptions }
  | { readonly chain: 'fork'; readonly index: 'live'; readonly options: ForkNodeOptions }
  | { readonly chain: 'none'; readonly index: 'follow'; readonly options: FollowNodeOptions }
  | { readonly chain: 'none'; readonly index: 'none'; readonly options: DatabaseNodeOptions }
) & { readonly plugins?: readonly NodePlugin[] | undefined }

/**
 * A node {@link startNode} runs.
 *
 * @example
 * ```ts
 * const node: RunningNode<{}> = await startNode({ chain: 'none', index: 'none', options })
 * node.url // 'http://127.0.0.1:8081'
 * ```
 */
export type RunningNode<Extra> = {
  readonly kind: { readonly chain: NodeChainKind; readonly index: NodeIndexKind }
  /** Base URL, e.g. `http://127.0.0.1:8080`. */
  readonly url: string
  /** The REST service over {@link RunningNode.store}. */
  readonly app: FastifyInstance
  readonly store: Store
  readonly chain: LiveChain | undefined
  /** What the node kind keeps for its caller (the fork, the follower, the test wallets, …). */
  readonly extra: Extra
  /** Resolves once block `seqno` is in the index. */
  indexed(seqno: number): Promise<void>
  /** Stops listening, runs the plugins' `stop` (in reverse order), and closes the node's parts. */
  close(): Promise<void>
}

/**
 * Builds and starts a node — the one place a node is composed: it opens the kind's parts (the
 * store and the REST API; the local exchange's chain with its demo, a fork's, or a follower),
 * then puts on one port the front server, the TON HTTP API with its Streaming API (a node with a
 * chain), `GET /local/status` (the kind's fields and the plugins'), CORS for the chain
 * endpoints, and the plugins: on a node with a chain first the test funds (`/local/wallets`,
 * `/local/faucet`) and the control API (`/local/time`, `/local/mine`, `/local/snapshots`,
 * `/local/messages`, `/local/accounts/{address}/balance`, `--block-time`), then `plugins`.
 * What `ton-dex-lab serve` runs in every mode (`docs/node.md`).
 *
 * @example
 * ```ts
 * const node = await startNode({ chain: 'local', index: 'live',
 *   options: { dbPath: ':memory:', host: '127.0.0.1', port: 0, demo: 'reference' } })
 * await fetch(`${node.url}/local/mine`, { method: 'POST' }) // { blocks: [7], head: { seqno: 7, … } }
 * await node.close()
 * ```
 */
export async function startNode(
  spec: StartNodeOptions & { readonly chain: 'local' },
): Promise<RunningNode<LocalNodeExtra>>
export async function startNode(
  spec: StartNodeOptions & { readonly chain: 'fork' },
): Promise<RunningNode<ForkNodeExtra>>
export async function startNode(
  spec: StartNodeOptions & { readonly index: 'follow' },
): Promise<RunningNode<FollowNodeExtra>>
export async function startNode(
  spec: StartNodeOptions & { readonly index: 'none' },
): Promise<RunningNode<DatabaseNodeExtra>>
export async function startNode(spec: StartNodeOptions): Promise<RunningNode<unknown>> {
  const parts: NodeParts<unknown> =
    spec.chain === 'local'
      ? await openLocalNode(spec.options)
      : spec.chain === 'fork'
        ? await openForkNode(spec.options)
        : spec.index === 'follow'
          ? await openFollowNode(spec.options)
          : await openDatabaseNode(spec.options)
  try {
    return await serve(parts, spec)
  } catch (error) {
    await parts.close()
    throw error
  }
}

/** The front server, the TON HTTP API, `/local/status`, CORS and the plugins; then listening. */
async function serve(
  parts: NodeParts<unknown>,
  spec: StartNodeOptions,
): Promise<RunningNode<unknown>> {
  const kind = { chain: spec.chain, index: spec.index }
  const hasChain = spec.chain !== 'none'
  // An operator's node: health, readiness, metrics, logs and the drain (`docs/operations.md`).
  const ops = spec.options.operations
  const operations =
    ops === undefined
      ? []
      : [
          operationsPlugin(ops, {
            consoleProgress:
              'consoleProgress' in spec.options ? spec.options.consoleProgress : undefined,
            maxLagSeconds: 'maxLagSeconds' in spec.options ? spec.options.maxLagSeconds : undefined,
          }),
        ]
  const plugins = [
    ...operations,
    ...(hasChain ? [fundsPlugin(), controlPlugin()] : []),
    ...(spec.plugins ?? []),
  ]
  let url: string | undefined
  const node: NodeContext = {
    kind,
    options: spec.options,
    store: parts.store,
    app: parts.app,
    chain: parts.chain,
    live: parts.live,
    indexed: (seqno) => parts.indexed(seqno),
    get url() {
      return url
    },
    extra: parts.extra,
  }
  const paths = [
    ...(hasChain ? CHAIN_API_PATHS : []),
    ...(parts.status !== undefined || hasChain ? ['/local/'] : []),
    ...plugins.flatMap((plugin) => plugin.paths ?? []),
  ]
  const front = frontServer(parts.app, paths, ops?.server)
  const stopped: NodePlugin[] = []
  const stopPlugins = async () => {
    for (const plugin of stopped.splice(0).reverse()) {
      try {
        await plugin.stop?.(node)
      } catch (error) {
        console.error(`stopping ${plugin.name} failed:`, error)
      }
    }
  }
  try {
    if (hasChain) {
      // The chain's own API; on a fork `sendBoc` runs here, never upstream, and histories go
      // on into the upstream's before the fork.
      const live = parts.live
      await front.register(tonHttpApi, {
        chain: () => parts.chain,
        ...(live === undefined
          ? {}
          : { actions: blockActions({ store: parts.store, indexed: parts.indexed }) }),
        ...(parts.history === undefined ? {} : { history: parts.history }),
      })
    }
    const status = parts.status
    if (status !== undefined) {
      await front.register(async (scope) => {
        answerLocalErrors(scope)
        scope.get(
          '/local/status',
          { schema: { tags: ['local'], summary: 'What the node runs and how far it is' } },
          async () => {
            if (hasChain) requireLive(parts.live)
            const own = await status()
            let added: Record<string, unknown> = {}
            for (const plugin of plugins) {
              const fields = await plugin.status?.(node)
              if (fields !== undefined) added = { ...added, ...fields }
            }
            // The node's own fields win over a plugin's.
            for (const key of Object.keys(own)) delete added[key]
            return { ...own, ...added }
          },
        )
      })
    }
    for (const plugin of plugins) {
      await plugin.register?.(front, node)
      stopped.push(plugin)
    }
    // Browser dApps call the chain endpoints cross-origin: the REST API's CORS policy.
    if (hasChain) allowCrossOrigin(front)
    url = await listenUrl(front, spec.options)
    for (const plugin of plugins) await plugin.start?.(node)
  } catch (error) {
    await front.close()
    await stopPlugins()
    throw error
  }
  const listening = url
  return {
    kind,
    url: listening,
    app: parts.app,
    store: parts.store,
    chain: parts.chain,
    extra: parts.extra,
    indexed: (seqno) => parts.indexed(seqno),
    async close() {
      await front.close()
      await stopPlugins()
      await parts.close()
    },
  }
}
