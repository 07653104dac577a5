import type { BlockRef, OperationFilter, OperationRow } from './rows/historyRows.js'
import type {
  FeeWithdrawalRow,
  IndexBatch,
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
  VenueOperationFilter,
  VenueOperationRow,
} from './rows/indexerRows.js'
import type { MarketData } from './rows/MarketData.js'
import type {
  AssetRow,
  ContractLayoutRow,
  FarmRow,
  PoolRow,
  RouterRow,
} from './rows/referenceRows.js'
import type {
  PoolSwapTotals,
  ReferralFeeTotals,
  StakeTotals,
  StatsWindow,
} from './rows/statsRows.js'
import type {
  FarmNftRow,
  FeeVaultRow,
  LpPositionRow,
  StakeRow,
  WalletBalanceRow,
} from './rows/walletRows.js'

/**
 * What the REST API reads: reference data, per-wallet data, history, the index's state and the
 * aggregates, behind one asynchronous interface so that a PostgreSQL implementation can replace
 * the SQLite one without touching its callers. A `serve --read-only` replica holds only this.
 * Addresses passed in must already be in the canonical form (bounceable, URL-safe `EQ…`);
 * lookups of unknown keys resolve to `undefined` or an empty list, never throw.
 *
 * @example
 * ```ts
 * const reader: StoreReader = createSqliteStore({ path: './data/dex.sqlite' })
 * (await reader.listPools()).length // 9
 * ```
 */
export interface StoreReader {
  // Reference data.
  listRouters(): Promise<readonly RouterRow[]>
  getRouter(address: string): Promise<RouterRow | undefined>
  listAssets(): Promise<readonly AssetRow[]>
  getAsset(address: string): Promise<AssetRow | undefined>
  listPools(): Promise<readonly PoolRow[]>
  getPool(address: string): Promise<PoolRow | undefined>
  /** Pools holding both assets, in either token order. */
  listPoolsByPair(assetA: string, assetB: string): Promise<readonly PoolRow[]>
  listFarms(): Promise<readonly FarmRow[]>
  getFarm(minterAddress: string): Promise<FarmRow | undefined>
  /** A stored jetton-wallet address of `owner` for `jetton`. */
  getJettonWallet(ownerAddress: string, jettonAddress: string): Promise<string | undefined>
  /**
   * The recorded layout of a jetton master's wallets or a router's pools (what a replica derives
   * addresses from without a chain), `undefined` when none was recorded.
   */
  getContractLayout(address: string): Promise<ContractLayoutRow | undefined>
  /** Every recorded layout, by address. */
  listContractLayouts(): Promise<readonly ContractLayoutRow[]>

  // Per-wallet data.
  listBalances(walletAddress: string): Promise<readonly WalletBalanceRow[]>
  listLpPositions(walletAddress: string): Promise<readonly LpPositionRow[]>
  getLpPosition(walletAddress: string, poolAddress: string): Promise<LpPositionRow | undefined>
  listFarmNfts(ownerAddress: string): Promise<readonly FarmNftRow[]>
  getStake(walletAddress: string): Promise<StakeRow | undefined>
  listFeeVaults(ownerAddress: string): Promise<readonly FeeVaultRow[]>

  // History: operations, indexed transactions, withdrawals, venue operations.
  listOperations(filter: OperationFilter): Promise<readonly OperationRow[]>
  /** Every operation matching `filter` (no row limit), oldest first. */
  scanOperations(filter: Omit<OperationFilter, 'limit'>): Promise<readonly OperationRow[]>
  /** The operations recorded by these pool transactions (one each at most), in logical-time order. */
  listOperationsByPoolTx(poolTxHashes: readonly string[]): Promise<readonly OperationRow[]>
  /**
   * Every operation matching `filter` (no row limit), oldest first, in pages of at most a few
   * hundred rows: memory stays flat and other requests run between pages, however long the
   * list.
   */
  operationPages(filter: Omit<OperationFilter, 'limit'>): AsyncIterable<readonly OperationRow[]>
  /** Every stored staking position (without its NFTs), by wallet address. */
  listStakes(): Promise<readonly StakeRow[]>
  /** Indexed transactions, newest first. */
  listIndexedTransactions(
    filter: IndexedTransactionFilter,
  ): Promise<readonly IndexedTransactionRow[]>
  /**
   * The newest block holding an indexed transaction (the indexer stores a whole block with its
   * cursor in one batch); `undefined` when the history was indexed without blocks.
   */
  latestIndexedBlock(): Promise<BlockRef | undefined>
  /** DEX v2 vault withdrawals paid to `ownerAddress` within the inclusive time range. */
  listFeeWithdrawals(
    ownerAddress: string,
    since: string,
    until: string,
  ): Promise<readonly FeeWithdrawalRow[]>
  /** Referral-venue vault operations matching `filter`, oldest first (by logical time). */
  listVenueOperations(filter: VenueOperationFilter): Promise<readonly VenueOperationRow[]>

  // The index's own state (what the indexer resumes from; the REST API reads it too).
  /** A named resume point of a writer (e.g. the indexer's last processed block). */
  getCursor(name: string): Promise<string | undefined>
  /** The link of an outbound message to its sender transaction and trace origin. */
  getMessageLink(messageHash: string): Promise<MessageLinkRow | undefined>
  /**
   * Every pool state the indexer tracks, with its assets (frozen rows). Whether two calls
   * return the same array is the store's business: a caller caching what it derives keys that
   * on {@link Store.dataVersion}.
   */
  listIndexedPools(): Promise<readonly IndexedPoolRow[]>
  /** Every jetton wallet (jettons and LP tokens) the indexer derived from transactions. */
  listIndexedJettonWallets(): Promise<readonly IndexedJettonWalletRow[]>
  /** Every DEX LP account the indexer derived, with its pending amounts. */
  listIndexedLpAccounts(): Promise<readonly IndexedLpAccountRow[]>
  /** Every DEX v2 referral vault the indexer derived, with its balance. */
  listIndexedVaults(): Promise<readonly IndexedVaultRow[]>
  /** Every followed farm minter's indexed storage, by address. */
  listIndexedFarms(): Promise<readonly IndexedFarmRow[]>
  /** Indexed farm stake positions, by farm and index; only `ownerAddress`'s when given. */
  listIndexedFarmPositions(ownerAddress?: string): Promise<readonly IndexedFarmPositionRow[]>
  /** Every followed staking minter's indexed state, by address. */
  listIndexedStakings(): Promise<readonly IndexedStakingRow[]>
  /** Indexed STON stake positions, by minter and index; only `ownerAddress`'s when given. */
  listIndexedStakePositions(ownerAddress?: string): Promise<readonly IndexedStakePositionRow[]>
  /** Every followed referral-venue minter, by address. */
  listIndexedVenueMinters(): Promise<readonly IndexedVenueMinterRow[]>
  /** Indexed referral-venue vaults, by address; only `ownerAddress`'s when given. */
  listIndexedVenueVaults(ownerAddress?: string): Promise<readonly IndexedVenueVaultRow[]>

  // Aggregates over history, computed by the store (SQL over rollups kept with the operations).
  /** Successful swaps of the window per pool, by offered side; pools without swaps are absent. */
  poolSwapTotals(window: StatsWindow): Promise<readonly PoolSwapTotals[]>
  /** How many distinct wallets made any operation in the window. */
  countWallets(window: StatsWindow): Promise<number>
  /** The newest successful swap of every indexed pool that swapped in the window. */
  lastSwaps(window: StatsWindow): Promise<readonly OperationRow[]>
  /** Referral fees accrued and withdrawn per asset by `referrer` in the inclusive range. */
  referralFeeTotals(
    referrer: string,
    since: string,
    until: string,
  ): Promise<readonly ReferralFeeTotals[]>
  /** Sums over every stored staking position. */
  stakeTotals(): Promise<StakeTotals>

  /**
   * A token that changes whenever stored data may have changed: after every write through
   * this store and every commit by another connection or process to the same database. Equal
   * tokens mean every read answers as before, so answers computed under one token can be
   * cached until it changes (the service's response cache does).
   */
  dataVersion(): Promise<string>
}

/**
 * The index's own state that its writer reads back to resume: the cursor, message links, the
 * transactions already indexed (a batch seen twice adds nothing) and the indexed contracts
 * (pools, wallets, LP accounts, vaults, farms, stakings, venues).
 *
 * @example
 * ```ts
 * const state: IndexState = store
 * (await state.listIndexedPools()).length // 9
 * ```
 */
export type IndexState = Pick<
  StoreReader,
  | 'getCursor'
  | 'getMessageLink'
  | 'listIndexedTransactions'
  | 'listIndexedPools'
  | 'listIndexedJettonWallets'
  | 'listIndexedLpAccounts'
  | 'listIndexedVaults'
  | 'listIndexedFarms'
  | 'listIndexedFarmPositions'
  | 'listIndexedStakings'
  | 'listIndexedStakePositions'
  | 'listIndexedVenueMinters'
  | 'listIndexedVenueVaults'
>

/**
 * What the indexer and the importers write — the market, operations, index batches and the
 * cursor — together with the {@link IndexState} they resume from. One process writes a
 * database; replicas only read it.
 *
 * @example
 * ```ts
 * const writer: StoreWriter = createSqliteStore({ path: ':memory:' })
 * await writer.isEmpty() // true
 * ```
 */
export interface StoreWriter extends IndexState {
  /**
   * Records layouts (a writer, which found them on its chain), replacing an address's earlier
   * row; kept across `replaceMarket`.
   */
  putContractLayouts(rows: readonly ContractLayoutRow[]): Promise<void>
  /** True when no router is stored (a fresh database). */
  isEmpty(): Promise<boolean>
  /**
   * Replaces the whole market (reference and per-wallet data) in one transaction: either all
   * of `market` is stored or nothing changes. History is kept.
   *
   * @throws {StoreError} `STORE_INTEGRITY` when a row refers to a missing row or a key repeats.
   */
  replaceMarket(market: MarketData): Promise<void>
  /** Inserts operations, ignoring ones already stored (same pool transaction hash); returns how many were new. */
  insertOperations(operations: readonly OperationRow[]): Promise<number>
  setCursor(name: string, value: string): Promise<void>
  /** Writes one indexer batch and its cursor atomically; rows already stored are kept as they are (pools are replaced). */
  applyIndexBatch(batch: IndexBatch): Promise<void>
}

/**
 * A whole store: the reader the REST API takes, the writer the indexer takes, and `close`.
 *
 * @example
 * ```ts
 * import { createSqliteStore } from 'ton-dex-lab/store'
 * const store = createSqliteStore({ path: ':memory:' })
 * await store.isEmpty() // true
 * ```
 */
export interface Store extends StoreReader, StoreWriter {
  /**
   * Forgets what the store's caches hold, so the next read sees every commit — another
   * connection's too — at once, not within the short revalidation delay the caches otherwise
   * allow (100 ms). For a process that changed the database behind the store's back on
   * purpose (the control API's table snapshots on a revert).
   */
  reload(): Promise<void>
  /** Releases the database. Further calls fail. */
  close(): Promise<void>
}
