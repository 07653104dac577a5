import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import {
  decodeBalance,
  decodeFarmNft,
  decodeFeeVault,
  decodeLpPosition,
  decodeStake,
} from '../codecs/walletCodecs.js'
import { pairKey } from '../readModel/poolReadModel.js'
import { walletReadModel } from '../readModel/walletReadModel.js'
import type { IndexedPoolRow } from '../rows/indexerRows.js'
import type { ContractLayoutRow } from '../rows/referenceRows.js'
import type { Store } from '../Store.js'
import { StoreError } from '../StoreError.js'
import { createAggregateQueries } from './aggregateQueries.js'
import { registerBigIntegerFunctions } from './bigIntegerSql.js'
import { createHistoryQueries } from './historyQueries.js'
import { createIndexerQueries } from './indexerQueries.js'
import { migrate } from './migrate.js'
import { createReferenceCache } from './referenceCache.js'
import { createRollups, rollUpInBulk } from './rollups.js'
import { createStatsQueries } from './statsQueries.js'
import { createTurns } from './turns.js'
import { createMarketWriter } from './writeMarket.js'

/** Options of {@link createSqliteStore}. */
export type CreateSqliteStoreOptions = {
  /** Database file, created with its directory if missing; `':memory:'` for a throwaway store. */
  readonly path: string
  /**
   * For a bulk load of history into a file nobody reads meanwhile (`npm run bench:store`):
   * commits are not synced to disk (`synchronous = OFF`: an operating-system crash may lose or
   * corrupt the file), the page cache is 1 GiB instead of 64 MiB, and the operations' rollups
   * are not folded per transaction but all at once when the store is closed (`close()`:
   * `rollUpInBulk`, set statements over the whole table). Until then the statistics disagree
   * with the operations. Default false.
   */
  readonly bulkLoad?: boolean
}

type DbRecord = Record<string, unknown>

/**
 * Opens (or creates) a SQLite store: WAL journal, foreign keys on, schema migrated to the
 * newest version. Reference data (routers, assets, pools, farms, jetton wallets) is served
 * from an in-memory copy that is reloaded whenever the database changes, also by another
 * process; per-wallet data and history are read from SQLite. Reads are synchronous underneath
 * and resolve immediately, but for the aggregates (`poolSwapTotals`, `countWallets`,
 * `lastSwaps`, `referralFeeTotals`, `stakeTotals`), which take turns (`turns.ts`): one at a
 * time, each from its own event-loop turn, so other requests are read between them; every
 * write runs in one transaction.
 *
 * @example
 * ```ts
 * const store = createSqliteStore({ path: './data/ton-dex-lab.sqlite' })
 * await store.isEmpty() // true on a new file
 * await store.close()
 * ```
 * @throws {StoreError} `STORE_MIGRATION` for a database written by a newer build.
 */
export function createSqliteStore({ path, bulkLoad = false }: CreateSqliteStoreOptions): Store {
  if (path !== ':memory:' && !path.startsWith('file:'))
    mkdirSync(dirname(path), { recursive: true })
  const db = new Database(path)
  try {
    db.pragma('journal_mode = WAL')
    db.pragma('foreign_keys = ON')
    db.pragma('busy_timeout = 5000')
    // 64 MiB of page cache (SQLite's default is 2 MiB): the indexes of a large history are
    // read and written at random keys (wallets, pools), and re-reading their pages from the
    // file on every probe dominates both writing and the statistics' edge reads.
    db.pragma('cache_size = -65536')
    if (bulkLoad) {
      db.pragma('synchronous = OFF')
      db.pragma('cache_size = -1048576')
    }
    registerBigIntegerFunctions(db)
    migrate(db)
  } catch (error) {
    db.close()
    if (error instanceof StoreError) throw error
    throw new StoreError({ code: 'STORE_MIGRATION', message: `Cannot open ${path}.`, cause: error })
  }

  const sql = {
    balances: db.prepare(
      'SELECT * FROM wallet_balances WHERE wallet_address = ? ORDER BY asset_address',
    ),
    lpPositions: db.prepare(
      'SELECT * FROM lp_positions WHERE wallet_address = ? ORDER BY pool_address',
    ),
    farmNfts: db.prepare('SELECT * FROM farm_nfts WHERE owner_address = ? ORDER BY address'),
    farmNftRewards: db.prepare(
      `SELECT r.* FROM farm_nft_rewards r JOIN farm_nfts n ON n.address = r.nft_address
         WHERE n.owner_address = ? ORDER BY r.nft_address, r.position, r.reward_address`,
    ),
    stake: db.prepare('SELECT * FROM stakes WHERE wallet_address = ?'),
    stakeNfts: db.prepare('SELECT * FROM stake_nfts WHERE wallet_address = ? ORDER BY address'),
    feeVaults: db.prepare(
      'SELECT * FROM fee_vaults WHERE owner_address = ? ORDER BY vault_address',
    ),
  }
  const writeMarket = createMarketWriter(db)
  const rollups = createRollups(db)
  // History stored before the rollups existed (or by an older build) is rolled up now.
  rollups.rollUp()
  // A bulk load folds everything when it closes.
  const writeRollups = bulkLoad ? { rollUp: () => 0 } : rollups
  const history = createHistoryQueries(db, writeRollups)
  const indexer = createIndexerQueries(db, writeRollups)
  const cache = createReferenceCache(db, () => indexer.listIndexedPools())
  const statsQueries = createStatsQueries(db)
  const aggregates = createAggregateQueries(db)
  // The aggregates hold the event loop while they run (synchronous queries): they take turns.
  const turns = createTurns()
  // The indexed pools, cached: statistics price every request from them.
  const dataVersion = db.prepare('PRAGMA data_version').pluck()
  // Writes through this connection: `PRAGMA data_version` only counts other connections' commits.
  let ownWrites = 0
  const wrote = () => {
    ownWrites++
  }
  const getContractLayout = db.prepare(
    'SELECT address, layout, cells FROM contract_layouts WHERE address = ?',
  )
  const listContractLayouts = db.prepare(
    'SELECT address, layout, cells FROM contract_layouts ORDER BY address',
  )
  const putContractLayout = db.prepare(
    'INSERT INTO contract_layouts (address, layout, cells) VALUES (?, ?, ?) ON CONFLICT (address) DO UPDATE SET layout = excluded.layout, cells = excluded.cells',
  )
  const putContractLayouts = db.transaction((rows: readonly ContractLayoutRow[]) => {
    for (const row of rows)
      putContractLayout.run(row.address, row.layout, JSON.stringify(row.cells))
  })
  let indexedPools: readonly IndexedPoolRow[] | undefined
  let indexedPoolsVersion: unknown
  /** One copy until this connection writes a batch or another connection commits. */
  const currentIndexedPools = (): readonly IndexedPoolRow[] => {
    const version = dataVersion.get()
    if (indexedPools === undefined || version !== indexedPoolsVersion) {
      indexedPools = Object.freeze(indexer.listIndexedPools())
      indexedPoolsVersion = version
    }
    return indexedPools
  }
  const all = (statement: Database.Statement, ...params: string[]) =>
    statement.all(...params) as DbRecord[]
  const one = (statement: Database.Statement, ...params: string[]) =>
    statement.get(...params) as DbRecord | undefined
  /** One wallet's rows: the indexer's ledger joined with the stored rows (walletReadModel). */
  const walletRows = (owner: string) =>
    walletReadModel({
      owner,
      ledger: indexer.ledgerOf(owner),
      pools: currentIndexedPools(),
      stored: {
        balances: all(sql.balances, owner).map(decodeBalance),
        lpPositions: all(sql.lpPositions, owner).map(decodeLpPosition),
        feeVaults: all(sql.feeVaults, owner).map(decodeFeeVault),
      },
    })
  const groupBy = (records: DbRecord[], key: string) => {
    const groups = new Map<unknown, DbRecord[]>()
    for (const record of records) {
      const group = groups.get(record[key])
      if (group === undefined) groups.set(record[key], [record])
      else group.push(record)
    }
    return groups
  }

  return {
    async listRouters() {
      return cache.current().routers
    },
    async getRouter(address) {
      return cache.current().routerByAddress.get(address)
    },
    async listAssets() {
      return cache.current().assets
    },
    async getAsset(address) {
      return cache.current().assetByAddress.get(address)
    },
    async listPools() {
      return cache.current().pools
    },
    async getPool(address) {
      return cache.current().poolByAddress.get(address)
    },
    async listPoolsByPair(assetA, assetB) {
      return cache.current().poolsByPair.get(pairKey(assetA, assetB)) ?? []
    },
    async listFarms() {
      return cache.current().farms
    },
    async getFarm(minterAddress) {
      return cache.current().farmByAddress.get(minterAddress)
    },
    async getJettonWallet(ownerAddress, jettonAddress) {
      return cache.current().jettonWallets.get(`${ownerAddress} ${jettonAddress}`)
    },
    async getContractLayout(address) {
      const row = getContractLayout.get(address) as Record<string, unknown> | undefined
      return row === undefined ? undefined : decodeContractLayout(row)
    },
    async listContractLayouts() {
      return (listContractLayouts.all() as Record<string, unknown>[]).map(decodeContractLayout)
    },
    async putContractLayouts(rows) {
      try {
        putContractLayouts(rows)
      } finally {
        wrote()
      }
    },

    async listBalances(walletAddress) {
      return walletRows(walletAddress).balances
    },
    async listLpPositions(walletAddress) {
      return walletRows(walletAddress).lpPositions
    },
    async getLpPosition(walletAddress, poolAddress) {
      return walletRows(walletAddress).lpPositions.find((p) => p.poolAddress === poolAddress)
    },
    async listFarmNfts(ownerAddress) {
      const rewards = groupBy(all(sql.farmNftRewards, ownerAddress), 'nft_address')
      return all(sql.farmNfts, ownerAddress).map((nft) =>
        decodeFarmNft(nft, rewards.get(nft.address) ?? []),
      )
    },
    async getStake(walletAddress) {
      const record = one(sql.stake, walletAddress)
      return record && decodeStake(record, all(sql.stakeNfts, walletAddress))
    },
    async listFeeVaults(ownerAddress) {
      return walletRows(ownerAddress).feeVaults
    },

    async isEmpty() {
      return cache.current().routers.length === 0
    },
    async replaceMarket(market) {
      try {
        writeMarket(market)
      } finally {
        wrote()
        cache.invalidate()
      }
    },

    async insertOperations(operations) {
      try {
        return history.insertOperations(operations)
      } finally {
        wrote()
      }
    },
    async listOperations(filter) {
      return history.listOperations(filter)
    },
    async getCursor(name) {
      return history.getCursor(name)
    },
    async setCursor(name, value) {
      try {
        history.setCursor(name, value)
      } finally {
        wrote()
      }
    },
    async applyIndexBatch(batch) {
      indexedPools = undefined
      try {
        indexer.applyIndexBatch(batch)
      } finally {
        wrote()
        // The listed pools read the indexed states.
        if (batch.pools.length > 0) cache.invalidate()
      }
    },
    async listIndexedPools() {
      return currentIndexedPools()
    },
    async listIndexedJettonWallets() {
      return indexer.listIndexedJettonWallets()
    },
    async listIndexedLpAccounts() {
      return indexer.listIndexedLpAccounts()
    },
    async listIndexedVaults() {
      return indexer.listIndexedVaults()
    },
    async listIndexedFarms() {
      return indexer.listIndexedFarms()
    },
    async listIndexedFarmPositions(ownerAddress) {
      return indexer.listIndexedFarmPositions(ownerAddress)
    },
    async listIndexedStakings() {
      return indexer.listIndexedStakings()
    },
    async listIndexedStakePositions(ownerAddress) {
      return indexer.listIndexedStakePositions(ownerAddress)
    },
    async listIndexedVenueMinters() {
      return indexer.listIndexedVenueMinters()
    },
    async listIndexedVenueVaults(ownerAddress) {
      return indexer.listIndexedVenueVaults(ownerAddress)
    },
    async listVenueOperations(filter) {
      return indexer.listVenueOperations(filter)
    },
    async getMessageLink(messageHash) {
      return indexer.getMessageLink(messageHash)
    },
    async listIndexedTransactions(filter) {
      return indexer.listIndexedTransactions(filter)
    },
    async latestIndexedBlock() {
      return indexer.latestIndexedBlock()
    },
    async listFeeWithdrawals(ownerAddress, since, until) {
      return indexer.listFeeWithdrawals(ownerAddress, since, until)
    },

    async scanOperations(filter) {
      return statsQueries.scanOperations(filter)
    },
    async listOperationsByPoolTx(poolTxHashes) {
      return statsQueries.listOperationsByPoolTx(poolTxHashes)
    },
    async listStakes() {
      return statsQueries.listStakes()
    },
    operationPages(filter) {
      return statsQueries.operationPages(filter)
    },
    poolSwapTotals(window) {
      return turns.take('poolSwapTotals', () => aggregates.poolSwapTotals(window))
    },
    countWallets(window) {
      return turns.take('countWallets', () => aggregates.countWallets(window))
    },
    lastSwaps(window) {
      return turns.take('lastSwaps', () => aggregates.lastSwaps(window))
    },
    referralFeeTotals(referrer, since, until) {
      return turns.take('referralFeeTotals', () =>
        aggregates.referralFeeTotals(referrer, since, until),
      )
    },
    stakeTotals() {
      return turns.take('stakeTotals', () => aggregates.stakeTotals())
    },

    async dataVersion() {
      return `${dataVersion.get()}.${ownWrites}`
    },

    async reload() {
      wrote()
      cache.invalidate()
    },

    async close() {
      if (!db.open) return
      try {
        if (bulkLoad) rollUpInBulk(db)
      } finally {
        db.close()
      }
    },
  }
}

/** A `contract_layouts` row (`cells`: a JSON array of base64 bags of cells). */
function decodeContractLayout(row: Record<string, unknown>): ContractLayoutRow {
  return {
    address: String(row.address),
    layout: String(row.layout),
    cells: JSON.parse(String(row.cells)) as string[],
  }
}
