/**
 * `ton-dex-lab/indexer`: decodes exchange transactions (DEX v1 and v2) and writes operations,
 * pool states, vault withdrawals and traces to a `Store`.
 *
 * @example
 * ```ts
 * import { createIndexer, emulatorSource } from 'ton-dex-lab/indexer'
 * const source = emulatorSource(dex)
 * const run = createIndexer({ store, source }).run()
 * ```
 * @module
 */

export { OP_CODES, type OpName } from '../protocol/opCodes.js'
// The wallet read model is the store's (store/readModel); exported here until the store has
// an entry point of its own.
export {
  type WalletPositionsInput,
  walletPositions,
} from '../store/readModel/walletPositions.js'
export type { WalletLedgerRows } from '../store/rows/indexerRows.js'
export type { AdminBody, V2LpAccountDataReply, V2PoolDataReply } from './decode/AdminBody.js'
export type {
  DecodedBody,
  DecodedBodyType,
  PayAmounts,
  V2ProvidePayload,
  V2SwapPayload,
} from './decode/DecodedBody.js'
export { decodeBody, opOf } from './decode/decodeBody.js'
export type { TonBody } from './decode/TonBody.js'
export { addressText } from './ingest/addressText.js'
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
export { isoSeconds } from './ingest/isoSeconds.js'
export { messageKey } from './ingest/messageKey.js'
export { type OperationContext, type PoolOperation, poolOperation } from './pool/poolOperation.js'
export { type PoolInit, readPoolInit } from './pool/readPoolInit.js'
export { resultName } from './pool/resultName.js'
export type { TrackedPool } from './pool/TrackedPool.js'
export {
  createWalletLedger,
  type LedgerTransaction,
  type WalletLedger,
} from './wallets/createWalletLedger.js'
export { WalletLedgerMismatchError } from './wallets/WalletLedgerMismatchError.js'
