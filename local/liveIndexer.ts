import type { LiveChain } from '../chain/LiveChain.js'
import {
  createFollower,
  type FollowerOptions,
  type FollowerStatus,
} from '../indexer/follow/createFollower.js'
import { INDEX_CURSOR } from '../store/indexCursor.js'
import type { Store } from '../store/Store.js'
import { liveChainSource } from './liveChainSource.js'

/** Options of {@link startLiveIndexer}. */
export type LiveIndexerOptions = {
  readonly chain: LiveChain
  readonly store: Store
  /** Router token wallet → asset (jetton master; the native address for proxy-TON). */
  readonly assetOf: (routerWallet: string) => string | undefined
  /**
   * Runs after each stored batch, before `indexed()` resolves for its blocks (the live
   * market refresh); a failure stops the indexer like any other.
   */
  readonly afterBatch?: (() => Promise<void>) | undefined
  /** Told once when indexing stopped on a fatal failure (the chain goes on; the index stays). */
  readonly onError?: ((error: unknown) => void) | undefined
  /**
   * What the accounts the wallet ledger meets held before (`createFollower`'s `priorState`): a
   * fork's users' wallets, LP accounts and vaults that existed at its block.
   */
  readonly priorState?: FollowerOptions['priorState']
}

/** The indexer following a live chain; see {@link startLiveIndexer}. */
export type LiveIndexer = {
  /** The newest block whose transactions are all in the store. */
  readonly indexedSeqno: number
  /** The follower's state, for `/local/status`. */
  readonly status: FollowerStatus
  /** Resolves once block `seqno` is indexed; rejects if indexing stopped on a failure first. */
  indexed(seqno: number): Promise<void>
  /** Stops following the chain after the batch in progress. */
  close(): Promise<void>
}

/**
 * Follows a {@link LiveChain} with the indexer's long-lived follower (`createFollower`) over the
 * chain as a source: every committed block is indexed into `store`, all blocks committed since
 * the previous batch in one batch, so a busy chain is indexed in large batches and an idle one
 * block by block (a block is in the REST API a few milliseconds after it was committed). At
 * start it resumes at the index's cursor (the block holding it is read again and what was
 * stored is skipped): blocks executed while the process was killed before indexing them are
 * indexed now, and none twice. Resolves once the chain's blocks at start are indexed (a
 * restart serves an index equal to the chain), without waiting for blocks that keep coming (a
 * demo history filling in).
 *
 * @example
 * ```ts
 * const indexer = await startLiveIndexer({ chain, store, assetOf })
 * const block = await chain.sendExternal(boc)
 * await indexer.indexed(block.seqno) // its operations are now in /v1/wallets/…/operations
 * ```
 */
export async function startLiveIndexer(options: LiveIndexerOptions): Promise<LiveIndexer> {
  const { chain } = options
  const follower = createFollower({
    store: options.store,
    source: liveChainSource(chain),
    assetOf: options.assetOf,
    cursorName: INDEX_CURSOR,
    overlapBlocks: 1,
    // Local blocks wake the follower; the poll is only a safety net.
    pollMs: 5_000,
    afterBatch: options.afterBatch,
    onFatal: options.onError,
    priorState: options.priorState,
  })
  await follower.indexed(chain.head.seqno)
  return {
    get indexedSeqno() {
      return follower.status.index.seqno
    },
    get status() {
      return follower.status
    },
    indexed: (seqno) => follower.indexed(seqno),
    close: () => follower.close(),
  }
}
