/**
 * The persistence layer (`ton-dex-lab/store`): the {@link Store} interface, its two
 * implementations — SQLite (`createSqliteStore`, the embedded default: one file, one process)
 * and PostgreSQL (`createPostgresStore`: one writer and any number of reading processes on a
 * server) — and the row types they read and write. The service takes a store from here
 * (`createService({ store })`); it does not re-export it.
 *
 * @example
 * ```ts
 * import { createPostgresStore, createSqliteStore } from 'ton-dex-lab/store'
 * const store = process.env.DATABASE_URL
 *   ? await createPostgresStore({ url: process.env.DATABASE_URL })
 *   : createSqliteStore({ path: './data/ton-dex-lab.sqlite' })
 * ```
 * @module
 */

export {
  type CreatePostgresStoreOptions,
  createPostgresStore,
} from './postgres/createPostgresStore.js'
export { POSTGRES_MIGRATIONS } from './postgres/migrations.js'
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
  IndexedFarmPoolRow,
  IndexedFarmPositionRow,
  IndexedFarmRow,
  IndexedJettonWalletRow,
  IndexedLpAccountRow,
  IndexedPoolRow,
  IndexedStakePositionRow,
  IndexedStakingRow,
  IndexedTransactionFilter,
  IndexedTransactionRow,
  IndexedVaultRow,
  IndexedVenueMinterRow,
  IndexedVenueVaultRow,
  MessageLinkRow,
  VenueKind,
  VenueOperationFilter,
  VenueOperationKind,
  VenueOperationRow,
} from './rows/indexerRows.js'
export type { MarketData } from './rows/MarketData.js'
export {
  ASSET_KINDS,
  type AssetKind,
  type AssetRow,
  type ContractLayoutRow,
  type FarmMeta,
  type FarmRewardRow,
  type FarmRow,
  type JettonWalletRow,
  type PoolRow,
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
export type { IndexState, Store, StoreReader, StoreWriter } from './Store.js'
export { StoreError, type StoreErrorCode } from './StoreError.js'
export { type CreateSqliteStoreOptions, createSqliteStore } from './sqlite/createSqliteStore.js'
export { MIGRATIONS } from './sqlite/migrations.js'
