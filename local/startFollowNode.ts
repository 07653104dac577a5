import type { FastifyInstance } from 'fastify'
import type { Store } from '../store/Store.js'
import type { FollowNodeExtra, FollowNodeOptions } from './node/followNode.js'
import type { NodePlugin } from './node/NodePlugin.js'
import { startNode } from './node/startNode.js'

/** A running `serve --follow` node; see {@link startFollowNode}. */
export type RunningFollowNode = FollowNodeExtra & {
  /** The REST service over {@link RunningFollowNode.store}. */
  readonly app: FastifyInstance
  readonly store: Store
  /** Base URL, e.g. `http://127.0.0.1:8081`. */
  readonly url: string
  /** Stops listening and following (after the batch in progress) and closes the database. */
  close(): Promise<void>
}

/**
 * Runs a self-hosted STON.fi-compatible REST API over a real chain (`ton-dex-lab serve --follow
 * <TON API URL>`): `startNode({ chain: 'none', index: 'follow' })`. The indexer's follower reads
 * the upstream TON HTTP API block by block (`blocks` mode) into the store — no local chain, no
 * demo, no faucet — and the REST API serves what it indexed. Which routers count as the
 * exchange is a list: `--routers`, else the routers the upstream's own REST API lists when it is
 * a ton-dex-lab (or any STON.fi-compatible API on the same origin); farm, staking and venue
 * minters likewise (`openFollowNode`). `GET /local/status` reports how far the index is.
 *
 * @example
 * ```ts
 * const node = await startFollowNode({ dbPath: './follow.sqlite', host: '127.0.0.1', port: 8081,
 *   follow: { url: 'http://127.0.0.1:8080/api/v2/jsonRPC', mode: 'blocks', rps: Infinity } })
 * await node.follower.indexed(3021)
 * await node.close()
 * ```
 * @throws {LocalExchangeError} `FOLLOW_NO_ROUTERS` when no router list can be had;
 *   `FOLLOW_NOT_A_VENUE` when a `--venues` address is no venue minter.
 */
export async function startFollowNode(
  options: FollowNodeOptions & { readonly plugins?: readonly NodePlugin[] | undefined },
): Promise<RunningFollowNode> {
  const node = await startNode({
    chain: 'none',
    index: 'follow',
    options,
    plugins: options.plugins,
  })
  return { ...node.extra, app: node.app, store: node.store, url: node.url, close: node.close }
}
