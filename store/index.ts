/**
 * The persistence layer: the {@link Store} interface, its SQLite implementation and the row
 * types it reads and writes. Re-exported by `ton-dex-lab/service`.
 * @module
 */

export type {
  BlockRef,
  OperationFilter,
  OperationRow,
  OperationType,
} from './rows/historyRows.js'
export type {
  ActionFieldValue,
  FeeWithdrawalRow,
  IndexBatch,
  IndexedAction,
  IndexedJettonWalletRow,
  IndexedLpAccountRow,
  IndexedPoolRow,
  IndexedTransactionFilter,
  IndexedTransactionRow,
  IndexedVaultRow,
  MessageLinkRow,
} from './rows/indexerRows.js'
export type { MarketData } from './rows/MarketData.js'
export {
  ASSET_KINDS,
  type AssetKind,
  type AssetRow,
  type FarmMeta,
  type FarmRewardRow,
  type FarmRow,
  type JettonWalletRow,
  type PoolRow,
  ROUTER_TYPES,
  type RouterRow,
  type RouterType,
} from './rows/referenceRows.js'
export type {
  PoolSwapTotals,
  ReferralFeeTotals,
  StakeTotals,
  StatsWindow,
  SwapSideTotals,
} from './rows/statsRows.js'
export type {
  FarmNftRewardRow,
  FarmNftRow,
  FeeVaultRow,
  LpPositionRow,
  StakeNftRow,
  StakeRow,
  WalletBalanceRow,
} from './rows/walletRows.js'
export type { Store } from './Store.js'
export { StoreError, type StoreErrorCode } from './StoreError.js'
export { type CreateSqliteStoreOptions, createSqliteStore } from './sqlite/createSqliteStore.js'
export { MIGRATIONS } from './sqlite/migrations.js'
