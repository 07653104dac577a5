/**
 * `ton-dex-lab/indexer`: turns exchange transactions (DEX v1 and v2) into operations, pool
 * states, vault withdrawals and traces in a `Store`. The message bodies are decoded by
 * `ton-dex-lab/protocol` (`decodeBody`), which also holds the result codes and transaction
 * kinds the indexer stores.
 *
 * @example
 * ```ts
 * import { createIndexer, emulatorSource } from 'ton-dex-lab/indexer'
 * const source = emulatorSource(dex)
 * const run = createIndexer({ store, source }).run()
 * ```
 * @module
 */

// The wallet read model is the store's (store/readModel); exported here until the store has
// an entry point of its own.
export {
  type WalletPositionsInput,
  walletPositions,
} from '../store/readModel/walletPositions.js'
export type { WalletLedgerRows } from '../store/rows/indexerRows.js'
export {
  createFarmLedger,
  type FarmLedger,
  type FarmLedgerChanges,
  type FarmLedgerOptions,
} from './farms/createFarmLedger.js'
export {
  type BlockTransaction,
  type CreateIndexerOptions,
  createIndexer,
  type Indexer,
  type IngestStats,
  type SourceTransaction,
  type TransactionBlock,
} from './ingest/createIndexer.js'
export {
  type EmulatorSource,
  emulatorSource,
  type TransactionStream,
} from './ingest/emulatorSource.js'
export { messageKey } from './ingest/messageKey.js'
export { type OperationContext, type PoolOperation, poolOperation } from './pool/poolOperation.js'
export { type PoolInit, readPoolInit } from './pool/readPoolInit.js'
export type { TrackedPool } from './pool/TrackedPool.js'
export {
  createVenueLedger,
  type VenueLedger,
  type VenueLedgerChanges,
  type VenueLedgerOptions,
  type VenueTransactionContext,
} from './venues/createVenueLedger.js'
export {
  createWalletLedger,
  type LedgerAdoption,
  type LedgerTransaction,
  type PriorState,
  type WalletLedger,
} from './wallets/createWalletLedger.js'
export { WalletLedgerMismatchError } from './wallets/WalletLedgerMismatchError.js'
