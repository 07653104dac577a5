import type { FastifyInstance } from 'fastify'
import type { OpenedFork } from '../chain/fork/openFork.js'
import type { LiveChain } from '../chain/LiveChain.js'
import type { Store } from '../store/Store.js'
import type { ForkNodeOptions } from './node/forkNode.js'
import type { NodePlugin } from './node/NodePlugin.js'
import { startNode } from './node/startNode.js'

/** A running `serve --fork` node; see {@link startForkNode}. */
export type RunningForkNode = {
  /** The REST service over {@link RunningForkNode.store}. */
  readonly app: FastifyInstance
  readonly store: Store
  /** The forked chain: local blocks on top of the upstream's state at the pinned block. */
  readonly chain: LiveChain
  readonly fork: OpenedFork
  /** Base URL, e.g. `http://127.0.0.1:8082`. */
  readonly url: string
  /** Resolves once block `seqno` of the chain is in the index. */
  indexed(seqno: number): Promise<void>
  /** Stops listening, stores a chain snapshot, and closes the database. */
  close(): Promise<void>
}

/**
 * Runs a fork of a live chain (`ton-dex-lab serve --fork <TON API URL>`):
 * `startNode({ chain: 'fork', index: 'live' })`. A local chain whose state is the upstream's at
 * one pinned masterchain block, each account (and every library its code or data references)
 * loaded on first touch and cached in the database's SQLite file, the config the upstream's at
 * that block; local blocks continue above it. Messages sent to its TON HTTP API (`sendBoc`)
 * execute locally only — never forwarded upstream. The REST API lists the upstream's STON.fi
 * market as it was at the block: on an empty database the routers, assets and pool list come
 * from `--fork-seed` (`ton-dex-lab import`'s format; assets it leaves out are named from their
 * jetton's on-chain TEP-64 content) or else from the upstream's own REST API (a ton-dex-lab),
 * and every pool's state — reserves, LP supply, fees, `amp` / `w0` / `rate` — and the routers'
 * jetton wallets are adopted from get-methods run on the forked state at the block (see
 * `adoptForkMarket`); the indexer then follows the local blocks, so a swap on the fork moves its
 * pools in the REST API. The test funds (`/local/wallets`, `/local/faucet`) and the control API
 * (`/local/time`, `/local/mine`, `/local/snapshots`, `/local/messages`,
 * `/local/accounts/{address}/balance`) act on the fork's own state only. A restart keeps what
 * the database holds (nothing is adopted twice). `GET /local/status` says `{ mode: 'fork', fork:
 * { url, seqno, time, exact, requests, cached_accounts, libraries, config } }`. SQLite only.
 *
 * @example
 * ```ts
 * const node = await startForkNode({ dbPath: './fork.sqlite', host: '127.0.0.1', port: 0,
 *   fork: { url: 'http://127.0.0.1:8080/api/v2/jsonRPC', rps: Number.POSITIVE_INFINITY } })
 * await fetch(`${node.url}/api/v2/getAddressInformation?address=EQ…`) // the upstream's account at the block
 * await fetch(`${node.url}/v1/pools`) // the upstream's pools, their reserves at the block
 * await node.close()
 * ```
 * @throws {LocalExchangeError} `FORK_NEEDS_SQLITE` with `--db postgres://…`.
 * @throws {ForkError} when the upstream cannot be read at start, or the database is another fork.
 */
export async function startForkNode(
  options: ForkNodeOptions & { readonly plugins?: readonly NodePlugin[] | undefined },
): Promise<RunningForkNode> {
  const node = await startNode({ chain: 'fork', index: 'live', options, plugins: options.plugins })
  const { app, store, chain, url, extra } = node
  if (chain === undefined) throw new Error('a fork node runs a chain')
  return {
    ...{ app, store, chain, url, fork: extra.fork },
    indexed: (seqno) => node.indexed(seqno),
    close: () => node.close(),
  }
}
