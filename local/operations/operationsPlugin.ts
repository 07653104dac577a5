import type { FollowNodeExtra } from '../node/followNode.js'
import type { ForkNodeExtra } from '../node/forkNode.js'
import type { NodeContext, NodePlugin } from '../node/NodePlugin.js'
import { forkCheck, indexLagCheck } from './health.js'
import type { NodeOperations } from './nodeOperations.js'
import { catchUpProgress } from './progress.js'
import { replicaWriterCheck } from './replicaCheck.js'

/** Options of {@link operationsPlugin}. */
export type OperationsPluginOptions = {
  /** A follower's catch-up is reported here (a live line on a TTY); none when absent. */
  readonly consoleProgress?: NodeJS.WriteStream | undefined
  /** `--max-lag <seconds>`: a follower further behind is not ready (default 60). */
  readonly maxLagSeconds?: number | undefined
}

/**
 * The node plugin of {@link NodeOperations}, for every kind of node: `GET /healthz`, `/readyz`
 * and `/metrics` on the front server (hidden from the OpenAPI document), the request metrics
 * and request ids of the front server's own routes, readiness by kind (the store; a follower's
 * lag under `maxLagSeconds`; a fork's upstream at start), the index's progress as metrics (a
 * local chain's or a fork's indexer, a follower), a fork's cache counters, a follower's
 * catch-up on the console, and the drain before the front server closes. `startNode` adds it
 * when its options carry `operations`.
 *
 * @example
 * ```ts
 * const ops = createNodeOperations({ kind: 'follow', logLevel: 'info' })
 * const node = await startNode({ chain: 'none', index: 'follow', options: { ...options, operations: ops },
 *   plugins: [operationsPlugin(ops, { maxLagSeconds: 60 })] })
 * (await fetch(`${node.url}/readyz`)).status // 200 once the index is within 60 s of the head
 * ```
 */
export function operationsPlugin(
  ops: NodeOperations,
  options: OperationsPluginOptions = {},
): NodePlugin {
  let stopProgress: (() => void) | undefined
  let writer: ReturnType<typeof replicaWriterCheck> | undefined
  const follower = (node: NodeContext) =>
    node.kind.index === 'follow' ? (node.extra as FollowNodeExtra).follower : undefined
  return {
    name: 'operations',
    paths: ops.paths,
    register(front, node) {
      ops.serve(front)
      // Before the server closes: /readyz says so, answers close their connections.
      front.addHook('preClose', async () => {
        ops.drain()
      })
      ops.watchStore(node.store)
      const followed = follower(node)
      if (followed !== undefined) {
        const progress = () => {
          const s = followed.status
          return {
            head: s.head?.seqno,
            index: s.index.seqno,
            lagSeconds: s.lagSeconds,
            state: s.state,
            error: s.error,
          }
        }
        ops.metrics.watchIndex(progress)
        ops.addCheck(indexLagCheck(progress, options.maxLagSeconds ?? 60))
      } else if (node.live !== undefined) {
        const live = node.live
        ops.metrics.watchIndex(() => ({
          head: live.chain.head.seqno,
          index: live.index.indexer.indexedSeqno,
          state: 'ready',
        }))
      }
      // A replica: not ready while its writer is gone or stuck mid-transaction (an idle writer
      // is fine).
      const databaseUrl = node.options.databaseUrl
      if (node.kind.index === 'none' && databaseUrl !== undefined) {
        const check = replicaWriterCheck(databaseUrl, options.maxLagSeconds ?? 60, async () => {
          const read = ops.dataVersion()
          return read === undefined ? 0 : (await read).ageSeconds
        })
        writer = check
        ops.addCheck(check)
        if (node.options.readOnly === true) ops.metrics.watchWriterPresence(check.writerPresent)
      }
      if (node.kind.chain === 'fork') {
        const { fork } = node.extra as ForkNodeExtra
        ops.metrics.watchFork(() => fork.storage.stats)
        // The fork opened: the upstream answered its pin, config and market.
        ops.addCheck(forkCheck(() => true))
      }
    },
    start(node) {
      const followed = follower(node)
      const stream = options.consoleProgress
      if (followed === undefined || stream === undefined) return
      stopProgress = catchUpProgress(stream, () => {
        const s = followed.status
        return {
          state: s.state,
          index: s.index.seqno,
          head: s.head?.seqno,
          transactions: ops.transactionsIndexed,
        }
      })
    },
    async stop() {
      stopProgress?.()
      await writer?.close()
    },
  }
}
