/**
 * `ton-dex-lab/chain`: the live local chain as a layer of its own. `LiveChain` runs the emulator's
 * `@ton/sandbox` chain as a chain dApps share (wall-clock time, numbered blocks, one queue,
 * validation before execution), journaled so a restart resumes it (`SqliteChainJournal`,
 * `PostgresChainJournal`, `MemoryChainJournal`); `tonHttpApi` serves it as toncenter's TON HTTP
 * API v2 and the v3 subset followers read; `testWallets` are the funded wallets of a local chain
 * (local use only: their mnemonics are published); `openFork` / `ForkStorage` start a local chain
 * from another chain's state at one block (`serve --fork`). See `chain/README.md`.
 *
 * @example
 * ```ts
 * import { LiveChain, MemoryChainJournal } from 'ton-dex-lab/chain'
 * const chain = await LiveChain.open({ journal: new MemoryChainJournal() })
 * chain.head.seqno // 0, the genesis state
 * ```
 * @module
 */

export {
  type ChainBlockRecord,
  type ChainJournal,
  ChainJournalError,
  type ChainJournalErrorCode,
  type ChainSnapshotRecord,
  MemoryChainJournal,
} from './ChainJournal.js'
export type { ChainView } from './ChainView.js'
export { ForkCache, type ForkMeta, forkOfDatabase } from './fork/ForkCache.js'
export { ForkError, type ForkErrorCode, forkErrorOf } from './fork/ForkError.js'
export { ForkStorage, type ForkStorageOptions, type ForkStorageStats } from './fork/ForkStorage.js'
export {
  type ForkFundingRefusal,
  type ForkJettonFunding,
  fundJettonOnFork,
  JETTON_MINT_LAYOUTS,
  topUpOnFork,
} from './fork/forkFunds.js'
export {
  type ForkHistory,
  forkHistory,
  type UpstreamTransactionQuery,
} from './fork/forkHistory.js'

export {
  type ForkPin,
  type ForkUpstream,
  type ForkUpstreamOptions,
  forkUpstream,
  type LoadedAccount,
  type UpstreamTransaction,
} from './fork/forkUpstream.js'
export { libraryCount, libraryRefs, withLibraries } from './fork/libraries.js'
export { type ForkOptions, type ForkStatus, type OpenedFork, openFork } from './fork/openFork.js'
export {
  type ConfigVersionStatus,
  configGlobalVersion,
  EMULATOR_GLOBAL_VERSION,
} from './globalVersion.js'
export { PostgresChainJournal } from './journal/PostgresChainJournal.js'
export { SqliteChainJournal } from './journal/SqliteChainJournal.js'
export {
  type AccountInfo,
  type AtBlock,
  type ChainBlock,
  type ChainHead,
  type ChainSavepoint,
  LiveChain,
  type LiveChainOptions,
  type TimeMove,
} from './LiveChain.js'
export { LiveChainError, type LiveChainErrorReason } from './LiveChainError.js'
export { type ExchangeReading, readExchange } from './retrace/explain.js'
export { RetraceError, type RetraceErrorCode } from './retrace/RetraceError.js'
export {
  type FieldDifference,
  firstDifference,
  type ReplayInputs,
  type ReplayRun,
  runReplay,
} from './retrace/replay.js'
export {
  type RetraceInputs,
  type RetraceOptions,
  type RetraceReport,
  type RetraceResult,
  type RetraceUnavailable,
  retraceTransaction,
} from './retrace/retraceTransaction.js'
export { parseTxRef, type TxRef } from './retrace/txRef.js'
export { TonHttpApiError, type TonHttpApiErrorCode } from './tonHttpApi/TonHttpApiError.js'
export { type TonHttpApiOptions, tonHttpApi } from './tonHttpApi/tonHttpApi.js'
export {
  TEST_WALLET_NAMES,
  TEST_WALLET_SEED,
  type TestWallet,
  testWalletMnemonic,
  testWallets,
} from './wallets/testWallets.js'
