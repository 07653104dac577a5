import { registerControlRoutes } from '../control/controlRoutes.js'
import { LocalSnapshots, type TableSnapshots } from '../control/LocalSnapshots.js'
import { mineWhenIdle } from '../control/mineWhenIdle.js'
import { PostgresTableSnapshots } from '../control/PostgresTableSnapshots.js'
import { SqliteTableSnapshots } from '../control/SqliteTableSnapshots.js'
import type { LiveIndexer } from '../liveIndexer.js'
import { answerLocalErrors, registerFundRoutes, requireLive } from '../localRoutes.js'
import type { NodeContext, NodeIndex, NodePlugin } from './NodePlugin.js'

/**
 * The test funds of a node with a chain (LOCAL USE ONLY): `GET /local/wallets` and
 * `POST /local/faucet`, the local exchange's or a fork's (`NodeLive.funds`); 503
 * `LOCAL_NO_CHAIN` over a snapshot database.
 *
 * @example
 * ```ts
 * await startNode({ chain: 'fork', index: 'live', options }) // fundsPlugin() is the node's own
 * ```
 */
export function fundsPlugin(): NodePlugin {
  return {
    name: 'funds',
    async register(front, node) {
      await front.register(async (scope) => {
        answerLocalErrors(scope)
        registerFundRoutes(scope, () => requireLive(node.live).funds)
      })
    },
  }
}

/**
 * The control API of a node with a chain — the local exchange's and a fork's (LOCAL USE ONLY,
 * `docs/local-exchange.md`): `POST /local/time`, `/local/mine`, `/local/snapshots`,
 * `/local/snapshots/{id}/revert`, `/local/messages`, `/local/accounts/{address}/balance`, and
 * `--block-time` (a block whenever the chain was idle that long). Snapshots copy the store's
 * tables in the node's database (none on an in-memory one: `LOCAL_SNAPSHOTS_UNAVAILABLE`); a
 * revert stops the index, reverts the chain and the tables, starts the index again and
 * refreshes the market.
 *
 * @example
 * ```ts
 * await startNode({ chain: 'local', index: 'live', options }) // controlPlugin() is the node's own
 * ```
 */
export function controlPlugin(): NodePlugin {
  let tables: TableSnapshots | undefined
  let snapshots: LocalSnapshots | undefined
  let stopMiner: (() => void) | undefined
  return {
    name: 'control',
    async register(front, node) {
      const live = node.live
      if (live !== undefined) {
        tables = await openTableSnapshots(node)
        snapshots = new LocalSnapshots(
          {
            chain: live.chain,
            tables,
            stopIndexer: () => live.index.stop(),
            startIndexer: () => live.index.start(),
          },
          () => live.refresh(),
        )
      }
      await front.register(async (scope) => {
        answerLocalErrors(scope)
        registerControlRoutes(scope, () => {
          const { chain, building } = requireLive(node.live)
          if (snapshots === undefined) throw new Error('the control API is not registered')
          return { chain, snapshots, building, indexed: (seqno) => node.indexed(seqno) }
        })
      })
    },
    start(node) {
      const blockTime = node.options.blockTime
      if (blockTime !== undefined && node.live !== undefined)
        stopMiner = mineWhenIdle(node.live.chain, blockTime)
    },
    async stop() {
      stopMiner?.()
      await tables?.close()
    },
  }
}

/** The store's table copies in the node's database; none on an in-memory SQLite database. */
async function openTableSnapshots(node: NodeContext): Promise<TableSnapshots | undefined> {
  const { databaseUrl, dbPath } = node.options
  if (databaseUrl !== undefined) return PostgresTableSnapshots.open(databaseUrl)
  if (dbPath === undefined || dbPath === ':memory:' || dbPath === '') return undefined
  return new SqliteTableSnapshots(dbPath)
}

/**
 * A live index that a revert can stop and start again: `startIndexer` runs a new
 * `startLiveIndexer` at the store's cursor, and the answered indexer's `indexed` waits
 * across a restart (a block reverted away counts as done).
 *
 * @example
 * ```ts
 * const index = await restartableIndex(chain, () => startLiveIndexer({ chain, store, assetOf }))
 * await index.indexer.indexed(chain.head.seqno)
 * ```
 */
export async function restartableIndex(
  chain: { readonly head: { readonly seqno: number } },
  startIndexer: () => Promise<LiveIndexer>,
): Promise<NodeIndex> {
  let indexer = await startIndexer()
  let replaced = signal()
  const indexed = async (seqno: number): Promise<void> => {
    for (;;) {
      const { promise } = replaced
      const done = await Promise.race([
        indexer.indexed(seqno).then(() => true),
        promise.then(() => false),
      ])
      if (done || seqno > chain.head.seqno) return
    }
  }
  return {
    indexer: {
      get indexedSeqno() {
        return indexer.indexedSeqno
      },
      get status() {
        return indexer.status
      },
      indexed,
      close: () => indexer.close(),
    },
    stop: () => indexer.close(),
    async start() {
      indexer = await startIndexer()
      const previous = replaced
      replaced = signal()
      previous.resolve()
    },
  }
}

/** A promise and the function that resolves it (Node 20 has no `Promise.withResolvers`). */
function signal(): { readonly promise: Promise<void>; readonly resolve: () => void } {
  let resolve: () => void = () => undefined
  const promise = new Promise<void>((done) => {
    resolve = done
  })
  return { promise, resolve }
}
