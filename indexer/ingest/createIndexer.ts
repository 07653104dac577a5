import { INDEX_CURSOR } from '../../store/indexCursor.js'
import { openFarmHandler } from '../farms/farmHandler.js'
import { openPoolHandler } from '../pool/poolHandler.js'
import { openVaultHandler } from '../vaults/vaultHandler.js'
import { openVenueHandler } from '../venues/venueHandler.js'
import { openWalletHandler } from '../wallets/walletHandler.js'
import type { IndexHandler } from './IndexHandler.js'
import type {
  CreateIndexerOptions,
  Indexer,
  IndexSession,
  IndexSessionOptions,
} from './indexerTypes.js'
import { type IndexLoopOptions, openIndexLoop } from './indexLoop.js'

export type {
  BlockTransaction,
  CreateIndexerOptions,
  Indexer,
  IndexSession,
  IndexSessionOptions,
  IngestStats,
  PriorPool,
  PriorPoolRequest,
  PriorStateRequest,
  SourceTransaction,
  TransactionBlock,
  TransactionSource,
} from './indexerTypes.js'

/**
 * Creates the indexer: it reads transactions from `source`, decodes them by the exchange's
 * message formats, follows every pool's exact state from its state-init, and writes operations,
 * DEX v2 vault withdrawals, the trace of every transaction (origin and parent) and pool states
 * to the store — one atomic batch with the cursor at a time, so a crash loses and duplicates
 * nothing: `run()` again on the same source skips everything up to the cursor. A foreign or
 * malformed transaction is stored with kind `other` and never stops ingestion; a failure of
 * the indexer itself on a transaction, or a pool answer that contradicts the replayed math,
 * stops it with a {@link FatalIndexError} naming the transaction.
 *
 * @example
 * ```ts
 * const stats = await createIndexer({ store, source: recordedTransactions }).run()
 * stats.operations // 3012
 * ```
 */
export function createIndexer(options: CreateIndexerOptions): Indexer {
  return {
    async run() {
      return (await openIndexSession(options)).ingest(options.source)
    },
  }
}

/**
 * Opens a long-lived indexer over `store`: the tracked pools, the wallet ledger and the cursor
 * are read from the store once, then kept in memory across {@link IndexSession.ingest} calls,
 * so a follower pays per transaction, not per batch (what {@link createIndexer} does for one
 * source).
 *
 * @example
 * ```ts
 * const session = await openIndexSession({ store, assetOf })
 * for (;;) await session.ingest(await nextBlocks())
 * ```
 */
export async function openIndexSession(options: IndexSessionOptions): Promise<IndexSession> {
  const { handlers, poolAt } = await openIndexHandlers(options)
  return openIndexLoop(
    {
      store: options.store,
      cursorName: options.cursorName ?? INDEX_CURSOR,
      batchSize: Math.max(1, options.batchSize ?? 2000),
      holdCutTraces: options.holdCutTraces === true,
      onBatch: options.onBatch,
      poolAt,
    },
    handlers,
  )
}

/**
 * The per-family handlers over `options.store`, in the order they see a transaction
 * (docs/indexer.md, "Handlers"): the wallet ledger, farms and venues first — they never own a
 * result, so they see every transaction — then the pools and the vaults, which own the result
 * of what they take (the handlers after them do not see it). Pinned by
 * `test/indexer/handlerOrder.test.ts`.
 *
 * @example
 * ```ts
 * const { handlers } = await openIndexHandlers({ store })
 * handlers.map((h) => h.name) // ['wallets', 'farms', 'venues', 'pools', 'vaults']
 * ```
 */
export async function openIndexHandlers(
  options: Omit<IndexSessionOptions, 'cursorName' | 'batchSize' | 'holdCutTraces' | 'onBatch'>,
): Promise<{
  readonly handlers: readonly IndexHandler[]
  readonly poolAt: IndexLoopOptions['poolAt']
}> {
  const { store } = options
  const assetOf = options.assetOf ?? (() => undefined)
  const wallets = await openWalletHandler(store, { priorState: options.priorState })
  const masterOf = (wallet: string) => assetOf(wallet) ?? wallets.ledger.masterOf(wallet)
  const farms = await openFarmHandler(store, {
    farmMinters: options.farmMinters,
    stakingMinters: options.stakingMinters,
  })
  const venues = await openVenueHandler(store, {
    escrowMinters: options.escrowMinters,
    feeVaultMinters: options.feeVaultMinters,
    assetOf: masterOf,
  })
  const pools = await openPoolHandler(store, {
    assetOf: masterOf,
    routers: options.routers,
    priorPool: options.priorPool,
  })
  const vaults = openVaultHandler({ assetOf: masterOf })
  return { handlers: [wallets, farms, venues, pools, vaults], poolAt: pools.poolAt }
}
