/**
 * The live local chain: a `@ton/sandbox` chain with wall-clock time, numbered blocks, one
 * submission queue, a pluggable journal for restarts and a per-account transaction history.
 *
 * @example
 * ```ts
 * import { LiveChain, MemoryChainJournal } from './local/chain/index.js'
 * const chain = await LiveChain.open({ journal: new MemoryChainJournal() })
 * ```
 * @module
 */

export { externalMessageHash } from '../../protocol/externalMessageHash.js'
export {
  type ChainBlockRecord,
  type ChainJournal,
  ChainJournalError,
  type ChainJournalErrorCode,
  type ChainSnapshotRecord,
  type JournalAccountState,
  type JournalTransaction,
  MemoryChainJournal,
} from './ChainJournal.js'
export {
  type AccountInfo,
  type AccountStatus,
  type ChainBlock,
  type ChainHead,
  type EmulatedExternal,
  type GetMethodOutcome,
  LiveChain,
  type LiveChainOptions,
} from './LiveChain.js'
export { LiveChainError, type LiveChainErrorReason } from './LiveChainError.js'
export {
  type LoggedTransaction,
  TransactionLog,
  type TransactionLtRange,
  type TransactionPageQuery,
} from './TransactionLog.js'
