import { Cell, loadTransaction, type Transaction } from '@ton/core'
import { createIndexer } from '../indexer/ingest/createIndexer.js'
import type { Store } from '../store/Store.js'
import type { ChainBlockRecord } from './chain/ChainJournal.js'
import type { ChainBlock, LiveChain } from './chain/LiveChain.js'

/** Options of {@link startLiveIndexer}. */
export type LiveIndexerOptions = {
  readonly chain: LiveChain
  readonly store: Store
  /** Router token wallet → asset (jetton master; the native address for proxy-TON). */
  readonly assetOf: (routerWallet: string) => string | undefined
  /**
   * The journaled blocks the index may not have read yet (at and after the one holding the
   * index's cursor; all of them when nothing was indexed), read once at start.
   */
  readonly backlog: (cursorLt: bigint | undefined) => Promise<readonly ChainBlockRecord[]>
  /**
   * Runs after each stored batch, before `indexed()` resolves for its blocks (the live
   * market refresh); a failure is reported to `onError` and does not stop the indexer.
   */
  readonly afterBatch?: (() => Promise<void>) | undefined
  /** Called when indexing a batch failed (the blocks stay queued and are retried). */
  readonly onError?: ((error: unknown) => void) | undefined
}

/** The indexer following a live chain; see {@link startLiveIndexer}. */
export type LiveIndexer = {
  /** The newest block whose transactions are all in the store. */
  readonly indexedSeqno: number
  /** Resolves once block `seqno` is indexed. */
  indexed(seqno: number): Promise<void>
  /** Stops following the chain after the queued blocks are indexed. */
  close(): Promise<void>
}

type QueuedBlock = { seqno: number; now: number; transactions: readonly Transaction[] }

/** The indexer's cursor name (the demo build indexes under the same one). */
const CURSOR = 'indexer'

/**
 * Follows a {@link LiveChain}: every committed block is queued and indexed into `store` by the
 * regular indexer (`createIndexer`), all queued blocks in one batch whenever the previous batch
 * is done, so a busy chain is indexed in large batches and an idle one block by block (a
 * block is in the REST API a few milliseconds after it was committed). At start it first reads
 * the journaled blocks after the index's cursor: blocks executed while the process was killed
 * before indexing them are indexed now, and none twice (the indexer skips what its cursor
 * passed; each batch and its cursor are one store transaction).
 *
 * @example
 * ```ts
 * const indexer = await startLiveIndexer({ chain, store, assetOf, backlog })
 * const block = await chain.sendExternal(boc)
 * await indexer.indexed(block.seqno) // its operations are now in /v1/wallets/…/operations
 * ```
 */
export async function startLiveIndexer(options: LiveIndexerOptions): Promise<LiveIndexer> {
  const { chain, store } = options
  const queue: QueuedBlock[] = []
  const waiters: { seqno: number; resolve: () => void }[] = []
  let indexedSeqno = 0
  let running: Promise<void> | undefined
  let closed = false

  const settle = () => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      const waiter = waiters[i] as (typeof waiters)[number]
      if (waiter.seqno > indexedSeqno) continue
      waiters.splice(i, 1)
      waiter.resolve()
    }
  }
  const drain = async () => {
    while (queue.length > 0) {
      const batch = queue.slice()
      try {
        await createIndexer({
          store,
          // Each transaction with its block: the store keeps the block's number and time.
          source: batch.flatMap((b) =>
            b.transactions.map((transaction) => ({ transaction, block: b })),
          ),
          assetOf: options.assetOf,
          cursorName: CURSOR,
        }).run()
      } catch (error) {
        options.onError?.(error)
        // Retry later: the store kept nothing of the failed batch past its cursor.
        await new Promise((resolve) => setTimeout(resolve, 500))
        if (closed) return
        continue
      }
      queue.splice(0, batch.length)
      try {
        await options.afterBatch?.()
      } catch (error) {
        options.onError?.(error)
      }
      indexedSeqno = Math.max(indexedSeqno, batch.at(-1)?.seqno ?? 0)
      settle()
    }
  }
  const kick = () => {
    running ??= drain().finally(() => {
      running = undefined
      if (queue.length > 0 && !closed) kick()
    })
  }

  // Subscribe first: a block committed while the backlog is read is kept, and none twice.
  let following = false
  const early: QueuedBlock[] = []
  const stop = chain.onBlock((block: ChainBlock) => {
    const entry = { seqno: block.seqno, now: block.now, transactions: block.transactions }
    if (!following) {
      early.push(entry)
      return
    }
    if (block.seqno <= (queue.at(-1)?.seqno ?? indexedSeqno)) return
    queue.push(entry)
    kick()
  })
  const cursor = await store.getCursor(CURSOR)
  const cursorLt = cursor === undefined ? undefined : BigInt(cursor.split(':')[0] ?? '0')
  for (const block of await options.backlog(cursorLt)) {
    queue.push({
      seqno: block.seqno,
      now: block.now,
      transactions: block.transactions.map((t) => parse(t.boc)),
    })
  }
  for (const entry of early) {
    if (entry.seqno > (queue.at(-1)?.seqno ?? -1)) queue.push(entry)
  }
  indexedSeqno = Math.max(0, (queue[0]?.seqno ?? chain.head.seqno + 1) - 1)
  following = true
  // Start with the backlog indexed (a restart serves an index equal to the chain), but do not
  // wait for blocks that keep coming (a demo history filling in).
  const backlogEnd = queue.at(-1)?.seqno ?? indexedSeqno
  kick()
  await new Promise<void>((resolve) => {
    if (backlogEnd <= indexedSeqno) resolve()
    else waiters.push({ seqno: backlogEnd, resolve })
  })

  return {
    get indexedSeqno() {
      return indexedSeqno
    },
    indexed(seqno) {
      if (seqno <= indexedSeqno) return Promise.resolve()
      return new Promise((resolve) => waiters.push({ seqno, resolve }))
    },
    async close() {
      stop()
      await running
      closed = true
    },
  }
}

function parse(boc: Uint8Array): Transaction {
  return loadTransaction(Cell.fromBoc(Buffer.from(boc))[0]!.beginParse())
}
