import pg from 'pg'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import { redact } from '../../upstream/redact.js'
import { readText, writeBigint } from '../codecs/columns.js'
import {
  decodeFarmPosition,
  decodeIndexedFarm,
  decodeStakePosition,
  decodeStaking,
  encodeFarmPosition,
  encodeIndexedFarm,
  encodeStakePosition,
  encodeStaking,
  sortPositions,
} from '../codecs/farmCodecs.js'
import { blockColumns, decodeOperation, encodeOperation } from '../codecs/historyCodecs.js'
import {
  decodePool as decodeIndexedPool,
  decodeTx,
  decodeWithdrawal,
  encodePool as encodeIndexedPool,
  encodeLink,
  encodeTx,
  encodeWithdrawal,
} from '../codecs/indexerCodecs.js'
import { MARKET_TABLES } from '../codecs/marketTables.js'
import {
  decodeAsset,
  decodeFarm,
  decodePool,
  decodeRouter,
  encodeAsset,
  encodeFarm,
  encodeFarmReward,
  encodePool,
  encodeRouter,
} from '../codecs/referenceCodecs.js'
import { type ReferenceSnapshot, referenceSnapshot } from '../codecs/referenceSnapshot.js'
import {
  decodeVenueMinter,
  decodeVenueOperation,
  decodeVenueVault,
  encodeVenueMinter,
  encodeVenueOperation,
  encodeVenueVault,
  sortVenueOperations,
  venueOperationWhere,
} from '../codecs/venueCodecs.js'
import {
  decodeBalance,
  decodeFarmNft,
  decodeFeeVault,
  decodeLpPosition,
  decodeStake,
  encodeBalance,
  encodeFarmNft,
  encodeFeeVault,
  encodeLpPosition,
  encodeStake,
  encodeStakeNft,
} from '../codecs/walletCodecs.js'
import {
  decodeJettonWallet,
  decodeLpAccount,
  decodeVault,
  encodeJettonWallet,
  encodeLpAccount,
  encodeVault,
} from '../codecs/walletLedgerCodecs.js'
import { indexPools, listedPools, pairKey } from '../readModel/poolReadModel.js'
import { walletReadModel } from '../readModel/walletReadModel.js'
import type { OperationFilter, OperationRow } from '../rows/historyRows.js'
import type { IndexedPoolRow, IndexedTransactionFilter } from '../rows/indexerRows.js'
import type { MarketData } from '../rows/MarketData.js'
import type { ContractLayoutRow, PoolRow } from '../rows/referenceRows.js'
import type { Store } from '../Store.js'
import { StoreError } from '../StoreError.js'
import {
  pgCountWallets,
  pgLastSwaps,
  pgPoolSwapTotals,
  pgReferralFeeTotals,
  pgStakeTotals,
  type Query,
} from './aggregates.js'
import { migratePostgres } from './migrate.js'
import { rollUp } from './rollups.js'
import { type OperationKey, selectPgOperations } from './selectOperations.js'
import { holdWriterPresence, type WriterPresence } from './writerPresence.js'

/** Options of {@link createPostgresStore}. */
export type CreatePostgresStoreOptions = {
  /** `postgres://user:password@host:port/database` (libpq's URL form). */
  readonly url: string
  /** Connections in the pool (default 10). */
  readonly maxConnections?: number
  /**
   * A REST replica: no migration (the schema must be current), every write fails with
   * `STORE_READ_ONLY`, and every read runs in a read-only transaction.
   */
  readonly readOnly?: boolean
  /**
   * For a bulk load of history into a database nobody reads meanwhile (`npm run bench:store`):
   * the operations' rollups are not folded per transaction but all at once when the store is
   * closed (`close()`: one transaction of set statements over every operation stored since
   * the store was opened). Until then the statistics disagree with the operations. Default
   * false.
   */
  readonly bulkLoad?: boolean
}

type DbRecord = Record<string, unknown>
type DbParams = Record<string, string | number | null>
type Param = string | number | boolean | null

/**
 * The advisory lock every writing transaction takes (`pg_advisory_xact_lock`): one writer at a
 * time, whichever process (the rollups need it). Another writer of the store's tables (the
 * local exchange's snapshot restore) takes it too.
 *
 * @example
 * ```ts
 * await client.query('SELECT pg_advisory_xact_lock($1)', [WRITER_LOCK]) // 7 244 002
 * ```
 */
export const WRITER_LOCK = 7_244_002
/**
 * The shared session advisory lock every store opened for writing holds on a connection of its
 * own while it is open (`holdWriterPresence`): a replica counts its holders to tell an idle
 * writer (one holder or more) from a writer whose process is gone (none). As PostgreSQL stores
 * a bigint key in `pg_locks`: `classid` the high 32 bits (0), `objid` the low 32 bits
 * (7 244 004), `objsubid` 1. (The other keys: 7 244 001 migrations, 7 244 002
 * {@link WRITER_LOCK}, 7 244 003 the local exchange's chain journal.)
 *
 * @example
 * ```ts
 * await client.query('SELECT pg_advisory_lock_shared($1)', [WRITER_PRESENCE_LOCK]) // 7 244 004
 * ```
 */
export const WRITER_PRESENCE_LOCK = 7_244_004
/** Rows per page of `operationPages`. */
const PAGE_ROWS = 200
/** How long the reference data is trusted before its version is asked again (ms). */
const REVALIDATE_MS = 100

/**
 * Results as the shared row codecs read them: `BIGINT` (counts, block numbers, ids) as a safe
 * `number`, `BOOLEAN` as 0/1; `NUMERIC` stays the exact decimal text node-postgres returns.
 */
const TYPES = {
  getTypeParser(oid: number, format?: string) {
    if (oid === pg.types.builtins.INT8) {
      return (value: string) => {
        const n = Number(value)
        if (!Number.isSafeInteger(n)) {
          throw new StoreError({
            code: 'STORE_CORRUPT',
            message: 'A BIGINT column holds a value beyond 2^53.',
            details: `value: ${value}`,
          })
        }
        return n
      }
    }
    if (oid === pg.types.builtins.BOOL) return (value: string) => (value === 't' ? 1 : 0)
    return pg.types.getTypeParser(oid, format as 'text')
  },
} as pg.CustomTypesConfig

/**
 * Opens a store on PostgreSQL (node-postgres `pg`, a pool of connections) and migrates its
 * schema to the newest version ({@link POSTGRES_MIGRATIONS}). The same answers as
 * `createSqliteStore` for the same writes; what differs is concurrency: every write (a market,
 * a batch of operations, an indexer batch, a cursor) is one transaction under a database-wide
 * writer lock, bumping the `store_version` row that {@link Store.dataVersion} reads, so any
 * number of processes can read while one writes, and a reader never sees half a batch
 * (multi-statement reads run in one repeatable-read snapshot). Reference data is served from
 * an in-memory copy reloaded when another process replaced the market (checked at most every
 * 100 ms). A store opened for writing also keeps one connection outside the pool, holding
 * {@link WRITER_PRESENCE_LOCK} until `close()` (reopened in the background if it drops), so a
 * replica can tell its writer is alive; a read-only store does not.
 *
 * @example
 * ```ts
 * const store = await createPostgresStore({ url: 'postgres://dex:secret@127.0.0.1:5432/dex' })
 * await store.isEmpty() // true on a new database
 * await store.close()
 * ```
 * @throws {StoreError} `STORE_MIGRATION` when the database cannot be reached, was migrated by a
 *   newer build, or (read-only) lacks a migration.
 */
export async function createPostgresStore({
  url,
  maxConnections = 10,
  readOnly = false,
  bulkLoad = false,
}: CreatePostgresStoreOptions): Promise<Store> {
  const pool = new pg.Pool({ connectionString: url, max: maxConnections, types: TYPES })
  // An idle client's error (the server restarted) must not crash the process: the next
  // query reconnects or fails on its own.
  pool.on('error', () => undefined)
  /** A writer's presence: one connection of its own holding WRITER_PRESENCE_LOCK. */
  let presence: WriterPresence | undefined
  try {
    const client = await pool.connect()
    try {
      await migratePostgres(client, { check: readOnly })
    } finally {
      client.release()
    }
    if (!readOnly) presence = await holdWriterPresence(url, WRITER_PRESENCE_LOCK)
  } catch (error) {
    await pool.end().catch(() => undefined)
    if (error instanceof StoreError) throw error
    throw new StoreError({
      code: 'STORE_MIGRATION',
      message: `Cannot open the PostgreSQL database ${redact(url)}.`,
      details: error instanceof Error ? error.message : String(error),
      cause: error,
    })
  }

  const query = async (sql: string, params: readonly Param[] = []) =>
    (await pool.query(sql, params as Param[])).rows as DbRecord[]
  /** A bulk load's mark: the operations above this id are rolled up when the store closes. */
  const bulkMark = bulkLoad
    ? Number((await query('SELECT COALESCE(max(id), 0) AS id FROM operations'))[0]?.id)
    : undefined
  // The heavy aggregates (a statistics computation: tens to hundreds of ms each) hold at most
  // all connections but two: under 50 different statistics requests at once, the pool's FIFO
  // queue otherwise put every other read (the data version, a wallet's rows, stakeTotals)
  // behind all of them (0.6-1.0 s at 2 M operations, docs/store.md).
  const heavy = createSlots(Math.max(1, maxConnections - 2))
  /** Several statements in one read-only snapshot. */
  const snapshot = async <T>(read: (q: Query) => Promise<T>): Promise<T> => {
    const client = await pool.connect()
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY')
      const result = await read(
        async (sql, params = []) => (await client.query(sql, params as Param[])).rows,
      )
      await client.query('COMMIT')
      return result
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined)
      throw error
    } finally {
      client.release()
    }
  }
  /** One writing transaction: writer lock, the writes, the version bump, commit. */
  const write = async <T>(
    work: (client: pg.PoolClient) => Promise<T>,
    { market = false } = {},
  ): Promise<T> => {
    if (readOnly) {
      throw new StoreError({
        code: 'STORE_READ_ONLY',
        message: 'This store was opened read-only (a replica): it cannot write.',
      })
    }
    const client = await pool.connect()
    try {
      await client.query('BEGIN')
      await client.query('SELECT pg_advisory_xact_lock($1)', [WRITER_LOCK])
      const result = await work(client)
      await client.query(
        `UPDATE store_version SET version = version + 1${market ? ', market_version = market_version + 1' : ''} WHERE id = 1`,
      )
      await client.query('COMMIT')
      return result
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined)
      if (isConstraintError(error)) {
        throw new StoreError({
          code: 'STORE_INTEGRITY',
          message: 'The data refers to a missing row or repeats a key.',
          details: error.message,
          cause: error,
        })
      }
      throw error
    } finally {
      client.release()
    }
  }

  // Reference data, in memory, following market_version.
  let reference: ReferenceSnapshot | undefined
  let referenceVersion: unknown
  let checkedAt = Number.NEGATIVE_INFINITY
  let loading: Promise<ReferenceSnapshot> | undefined
  const loadReference = () =>
    snapshot(async (q) => {
      const [version] = await q('SELECT market_version FROM store_version WHERE id = 1')
      const routers = (
        await q('SELECT * FROM routers ORDER BY major_version, minor_version, address')
      ).map((r) => Object.freeze(decodeRouter(r)))
      const assets = (await q('SELECT * FROM assets ORDER BY address')).map((r) =>
        Object.freeze(decodeAsset(r)),
      )
      const pools = (await q('SELECT * FROM pools ORDER BY address')).map((r) =>
        Object.freeze(decodePool(r)),
      )
      const rewards = groupBy(
        await q('SELECT * FROM farm_rewards ORDER BY farm_address, reward_index'),
        'farm_address',
      )
      const farms = (await q('SELECT * FROM farms ORDER BY minter_address')).map((r) =>
        Object.freeze(decodeFarm(r, rewards.get(r.minter_address) ?? [])),
      )
      const jettonWallets = await q('SELECT * FROM jetton_wallets')
      referenceVersion = version?.market_version
      return referenceSnapshot({ routers, assets, pools, farms, jettonWallets })
    })
  const current = async (): Promise<ReferenceSnapshot> => {
    const now = performance.now()
    if (reference !== undefined && now - checkedAt < REVALIDATE_MS) return reference
    checkedAt = now
    if (reference !== undefined) {
      const [row] = await query('SELECT market_version FROM store_version WHERE id = 1')
      if (row?.market_version === referenceVersion) return reference
    }
    loading ??= loadReference().finally(() => {
      loading = undefined
    })
    reference = await loading
    return reference
  }

  // The indexed pools, cached per data version: statistics price every request from them.
  let indexedPools: readonly IndexedPoolRow[] | undefined
  let indexedPoolsVersion: unknown
  const currentIndexedPools = async (): Promise<readonly IndexedPoolRow[]> => {
    const version = await dataVersion()
    if (indexedPools === undefined || version !== indexedPoolsVersion) {
      const loaded = await snapshot(async (q) => {
        const [v] = await q('SELECT version FROM store_version WHERE id = 1')
        const rows = await q('SELECT * FROM indexed_pools ORDER BY address')
        return { version: String(v?.version), pools: rows.map(decodeIndexedPool) }
      })
      indexedPools = Object.freeze(loaded.pools)
      indexedPoolsVersion = loaded.version
    }
    return indexedPools
  }

  /** The listed pools: reference rows joined with the indexed states (listedPools), cached. */
  let joined:
    | {
        readonly reference: ReferenceSnapshot
        readonly indexed: readonly IndexedPoolRow[]
        readonly pools: readonly PoolRow[]
        readonly byAddress: ReadonlyMap<string, PoolRow>
        readonly byPair: ReadonlyMap<string, readonly PoolRow[]>
      }
    | undefined
  const listed = async () => {
    const reference = await current()
    const indexed = await currentIndexedPools()
    if (joined?.reference === reference && joined.indexed === indexed) return joined
    const pools = listedPools({
      reference: reference.pools,
      indexed,
      routers: reference.routerByAddress,
      assets: new Set([NATIVE_ADDRESS, ...reference.assets.map((a) => a.address)]),
    }).map((p) => Object.freeze(p))
    joined = { reference, indexed, pools, ...indexPools(pools) }
    return joined
  }

  /** One wallet's rows: the indexer's ledger joined with the stored rows (walletReadModel). */
  const walletRows = async (owner: string) => {
    const pools = await currentIndexedPools()
    return snapshot(async (q) => {
      const rows = async (sql: string) => q(sql, [owner])
      return walletReadModel({
        owner,
        ledger: {
          jettonWallets: (
            await rows('SELECT * FROM indexed_jetton_wallets WHERE owner_address = $1')
          ).map(decodeJettonWallet),
          lpAccounts: (await rows('SELECT * FROM indexed_lp_accounts WHERE user_address = $1')).map(
            decodeLpAccount,
          ),
          vaults: (await rows('SELECT * FROM indexed_vaults WHERE owner_address = $1')).map(
            decodeVault,
          ),
        },
        pools,
        stored: {
          balances: (
            await rows(
              'SELECT * FROM wallet_balances WHERE wallet_address = $1 ORDER BY asset_address',
            )
          ).map(decodeBalance),
          lpPositions: (
            await rows('SELECT * FROM lp_positions WHERE wallet_address = $1 ORDER BY pool_address')
          ).map(decodeLpPosition),
          feeVaults: (
            await rows('SELECT * FROM fee_vaults WHERE owner_address = $1 ORDER BY vault_address')
          ).map(decodeFeeVault),
        },
      })
    })
  }

  const dataVersion = async () => {
    const [row] = await query('SELECT version FROM store_version WHERE id = 1')
    return String(row?.version)
  }

  return {
    async listRouters() {
      return (await current()).routers
    },
    async getRouter(address) {
      return (await current()).routerByAddress.get(address)
    },
    async listAssets() {
      return (await current()).assets
    },
    async getAsset(address) {
      return (await current()).assetByAddress.get(address)
    },
    async listPools() {
      return (await listed()).pools
    },
    async getPool(address) {
      return (await listed()).byAddress.get(address)
    },
    async listPoolsByPair(assetA, assetB) {
      return (await listed()).byPair.get(pairKey(assetA, assetB)) ?? []
    },
    async listFarms() {
      return (await current()).farms
    },
    async getFarm(minterAddress) {
      return (await current()).farmByAddress.get(minterAddress)
    },
    async getJettonWallet(ownerAddress, jettonAddress) {
      return (await current()).jettonWallets.get(`${ownerAddress} ${jettonAddress}`)
    },
    async getContractLayout(address) {
      const [row] = await query(
        'SELECT address, layout, cells FROM contract_layouts WHERE address = $1',
        [address],
      )
      return row === undefined ? undefined : decodeContractLayout(row)
    },
    async listContractLayouts() {
      return (
        await query('SELECT address, layout, cells FROM contract_layouts ORDER BY address')
      ).map(decodeContractLayout)
    },
    async putContractLayouts(rows) {
      await write(async (client) => {
        for (const row of rows) {
          await client.query(
            'INSERT INTO contract_layouts (address, layout, cells) VALUES ($1, $2, $3) ON CONFLICT (address) DO UPDATE SET layout = excluded.layout, cells = excluded.cells',
            [row.address, row.layout, JSON.stringify(row.cells)],
          )
        }
      })
    },

    async listBalances(walletAddress) {
      return (await walletRows(walletAddress)).balances
    },
    async listLpPositions(walletAddress) {
      return (await walletRows(walletAddress)).lpPositions
    },
    async getLpPosition(walletAddress, poolAddress) {
      const { lpPositions } = await walletRows(walletAddress)
      return lpPositions.find((p) => p.poolAddress === poolAddress)
    },
    async listFarmNfts(ownerAddress) {
      return snapshot(async (q) => {
        const rewards = groupBy(
          await q(
            `SELECT r.* FROM farm_nft_rewards r JOIN farm_nfts n ON n.address = r.nft_address
              WHERE n.owner_address = $1 ORDER BY r.nft_address, r.position, r.reward_address`,
            [ownerAddress],
          ),
          'nft_address',
        )
        return (
          await q('SELECT * FROM farm_nfts WHERE owner_address = $1 ORDER BY address', [
            ownerAddress,
          ])
        ).map((nft) => decodeFarmNft(nft, rewards.get(nft.address) ?? []))
      })
    },
    async getStake(walletAddress) {
      return snapshot(async (q) => {
        const [record] = await q('SELECT * FROM stakes WHERE wallet_address = $1', [walletAddress])
        if (record === undefined) return undefined
        const nfts = await q(
          'SELECT * FROM stake_nfts WHERE wallet_address = $1 ORDER BY address',
          [walletAddress],
        )
        return decodeStake(record, nfts)
      })
    },
    async listFeeVaults(ownerAddress) {
      return (await walletRows(ownerAddress)).feeVaults
    },

    async isEmpty() {
      const rows = await query('SELECT 1 FROM routers LIMIT 1')
      return rows.length === 0
    },
    async replaceMarket(market) {
      try {
        await write(async (client) => writeMarket(client, market), { market: true })
      } finally {
        reference = undefined
      }
    },

    async insertOperations(operations) {
      return write(async (client) => insertOperations(client, operations, bulkMark === undefined))
    },
    async listOperations(filter) {
      const { sql, params } = selectPgOperations(filter)
      const limit = Math.min(Math.max(1, Math.trunc(filter.limit ?? 1000)), 10_000)
      return (await query(`${sql} LIMIT ${limit}`, params)).map(decodeOperation)
    },
    async getCursor(name) {
      const [row] = await query('SELECT value FROM cursors WHERE name = $1', [name])
      return row === undefined ? undefined : readText(row.value, 'cursors.value')
    },
    async setCursor(name, value) {
      await write((client) => setCursor(client, name, value))
    },
    async applyIndexBatch(batch) {
      indexedPools = undefined
      await write(async (client) => {
        await insertRows(client, 'indexed_transactions', batch.transactions.map(encodeTx), 'hash')
        await insertOperations(client, batch.operations, bulkMark === undefined)
        await upsertRows(client, 'indexed_pools', batch.pools.map(encodeIndexedPool))
        await insertRows(
          client,
          'fee_withdrawals',
          batch.feeWithdrawals.map(encodeWithdrawal),
          'vault_tx_hash',
        )
        await insertRows(client, 'message_links', batch.links.map(encodeLink), 'message_hash')
        await upsertRows(
          client,
          'indexed_jetton_wallets',
          (batch.jettonWallets ?? []).map(encodeJettonWallet),
        )
        await upsertRows(
          client,
          'indexed_lp_accounts',
          (batch.lpAccounts ?? []).map(encodeLpAccount),
        )
        await upsertRows(client, 'indexed_vaults', (batch.vaults ?? []).map(encodeVault))
        await upsertRows(client, 'indexed_farms', (batch.farms ?? []).map(encodeIndexedFarm))
        await upsertRows(
          client,
          'indexed_farm_positions',
          (batch.farmPositions ?? []).map(encodeFarmPosition),
        )
        await upsertRows(client, 'indexed_stakings', (batch.stakings ?? []).map(encodeStaking))
        await upsertRows(
          client,
          'indexed_stake_positions',
          (batch.stakePositions ?? []).map(encodeStakePosition),
        )
        await upsertRows(
          client,
          'indexed_venue_minters',
          (batch.venueMinters ?? []).map(encodeVenueMinter),
        )
        await upsertRows(
          client,
          'indexed_venue_vaults',
          (batch.venueVaults ?? []).map(encodeVenueVault),
        )
        await insertRows(
          client,
          'venue_operations',
          (batch.venueOperations ?? []).map(encodeVenueOperation),
          'tx_hash',
        )
        await insertRows(
          client,
          'indexed_external_messages',
          (batch.externalMessages ?? []).map((m) => ({ hash: m.hash, tx_hash: m.txHash })),
          'hash, tx_hash',
        )
        await setCursor(client, batch.cursor.name, batch.cursor.value)
      })
    },
    async listIndexedPools() {
      return currentIndexedPools()
    },
    async listIndexedJettonWallets() {
      return (await query('SELECT * FROM indexed_jetton_wallets ORDER BY address')).map(
        decodeJettonWallet,
      )
    },
    async listIndexedLpAccounts() {
      return (await query('SELECT * FROM indexed_lp_accounts ORDER BY address')).map(
        decodeLpAccount,
      )
    },
    async listIndexedVaults() {
      return (await query('SELECT * FROM indexed_vaults ORDER BY address')).map(decodeVault)
    },
    async listIndexedFarms() {
      return (await query('SELECT * FROM indexed_farms ORDER BY address')).map(decodeIndexedFarm)
    },
    async listIndexedFarmPositions(ownerAddress) {
      const records =
        ownerAddress === undefined
          ? await query('SELECT * FROM indexed_farm_positions')
          : await query('SELECT * FROM indexed_farm_positions WHERE owner_address = $1', [
              ownerAddress,
            ])
      return sortPositions(records.map(decodeFarmPosition), (p) => p.farmAddress)
    },
    async listIndexedStakings() {
      return (await query('SELECT * FROM indexed_stakings ORDER BY address')).map(decodeStaking)
    },
    async listIndexedStakePositions(ownerAddress) {
      const records =
        ownerAddress === undefined
          ? await query('SELECT * FROM indexed_stake_positions')
          : await query('SELECT * FROM indexed_stake_positions WHERE owner_address = $1', [
              ownerAddress,
            ])
      return sortPositions(records.map(decodeStakePosition), (p) => p.minterAddress)
    },
    async listIndexedVenueMinters() {
      return (await query('SELECT * FROM indexed_venue_minters ORDER BY address')).map(
        decodeVenueMinter,
      )
    },
    async listIndexedVenueVaults(ownerAddress) {
      const records =
        ownerAddress === undefined
          ? await query('SELECT * FROM indexed_venue_vaults ORDER BY address')
          : await query(
              'SELECT * FROM indexed_venue_vaults WHERE owner_address = $1 ORDER BY address',
              [ownerAddress],
            )
      return records.map(decodeVenueVault)
    },
    async listVenueOperations(filter) {
      const { sql, params } = venueOperationWhere(filter, (n) => `$${n}`)
      const records = await query(`SELECT * FROM venue_operations ${sql}`, params)
      return sortVenueOperations(records.map(decodeVenueOperation))
    },
    async getMessageLink(messageHash) {
      const [r] = await query('SELECT * FROM message_links WHERE message_hash = $1', [messageHash])
      return (
        r && {
          messageHash: readText(r.message_hash, 'message_hash'),
          parentHash: readText(r.parent_hash, 'parent_hash'),
          originHash: readText(r.origin_hash, 'origin_hash'),
        }
      )
    },
    async listIndexedTransactions(filter) {
      const { sql, params } = selectTransactions(filter)
      return (await query(sql, params)).map(decodeTx)
    },
    async latestIndexedBlock() {
      const [r] = await query(`SELECT block_seqno, block_timestamp FROM indexed_transactions
        WHERE block_seqno IS NOT NULL ORDER BY block_seqno DESC LIMIT 1`)
      return r === undefined ? undefined : blockColumns(r, 'indexed_transactions').block
    },
    async listFeeWithdrawals(ownerAddress, since, until) {
      return (
        await query(
          `SELECT * FROM fee_withdrawals WHERE owner_address = $1 AND vault_tx_timestamp >= $2
            AND vault_tx_timestamp <= $3 ORDER BY vault_tx_timestamp, vault_tx_lt`,
          [ownerAddress, since, until],
        )
      ).map(decodeWithdrawal)
    },

    async scanOperations(filter) {
      const { sql, params } = selectPgOperations(filter)
      return (await query(sql, params)).map(decodeOperation)
    },
    async listOperationsByPoolTx(poolTxHashes) {
      if (poolTxHashes.length === 0) return []
      return (
        await query('SELECT * FROM operations WHERE pool_tx_hash = ANY($1) ORDER BY pool_tx_lt', [
          [...poolTxHashes] as unknown as string,
        ])
      ).map(decodeOperation)
    },
    async listStakes() {
      return (await query('SELECT * FROM stakes ORDER BY wallet_address')).map((r) =>
        decodeStake(r, []),
      )
    },
    operationPages(filter) {
      return operationPages(query, filter)
    },
    async poolSwapTotals(window) {
      return heavy(() => snapshot((q) => pgPoolSwapTotals(q, window)))
    },
    async countWallets(window) {
      return heavy(() => snapshot((q) => pgCountWallets(q, window)))
    },
    async lastSwaps(window) {
      return heavy(() => pgLastSwaps(query, window))
    },
    async referralFeeTotals(referrer, since, until) {
      return heavy(() => pgReferralFeeTotals(query, referrer, since, until))
    },
    async stakeTotals() {
      return pgStakeTotals(query)
    },

    dataVersion,

    async reload() {
      reference = undefined
    },

    async close() {
      try {
        if (bulkMark !== undefined) await write((client) => rollUp(client, bulkMark))
      } finally {
        await presence?.close()
        await pool.end()
      }
    },
  }
}

async function* operationPages(
  query: Query,
  filter: Omit<OperationFilter, 'limit'>,
): AsyncGenerator<readonly OperationRow[]> {
  let after: OperationKey | undefined
  for (;;) {
    const { sql, params } = selectPgOperations(filter, after)
    const records = await query(`${sql} LIMIT ${PAGE_ROWS}`, params)
    const last = records.at(-1)
    if (last === undefined) return
    yield records.map(decodeOperation)
    if (records.length < PAGE_ROWS) return
    after = {
      timestamp: last.pool_tx_timestamp as string,
      lt: last.pool_tx_lt as string,
      id: last.id as number,
    }
  }
}

function selectTransactions(filter: IndexedTransactionFilter): { sql: string; params: Param[] } {
  const where: string[] = []
  const params: Param[] = []
  const p = (value: Param) => {
    params.push(value)
    return `$${params.length}`
  }
  const eq = (column: string, value: string | undefined) => {
    if (value !== undefined) where.push(`${column} = ${p(value)}`)
  }
  eq('origin_hash', filter.originHash)
  eq('hash', filter.hash)
  if (filter.externalMessageHash !== undefined) {
    where.push(
      `hash IN (SELECT tx_hash FROM indexed_external_messages WHERE hash = ${p(filter.externalMessageHash)})`,
    )
  }
  eq('account', filter.account)
  eq('source_address', filter.sourceAddress)
  eq('query_id', filter.queryId === undefined ? undefined : writeBigint(filter.queryId))
  if (filter.since !== undefined) where.push(`timestamp >= ${p(filter.since)}`)
  const limit = Math.min(Math.max(1, Math.trunc(filter.limit ?? 1000)), 10_000)
  const sql = `SELECT * FROM indexed_transactions ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY lt DESC LIMIT ${limit}`
  return { sql, params }
}

async function insertOperations(
  client: pg.PoolClient,
  operations: readonly OperationRow[],
  rollUpNow: boolean,
): Promise<number> {
  if (operations.length === 0) return 0
  if (!rollUpNow) {
    return insertRows(client, 'operations', operations.map(encodeOperation), 'pool_tx_hash')
  }
  // Under the writer lock: the ids above the current maximum are this transaction's rows.
  const [mark] = (await client.query('SELECT COALESCE(max(id), 0) AS id FROM operations')).rows
  const inserted = await insertRows(
    client,
    'operations',
    operations.map(encodeOperation),
    'pool_tx_hash',
  )
  if (inserted > 0) await rollUp(client, mark.id as number)
  return inserted
}

async function setCursor(client: pg.PoolClient, name: string, value: string): Promise<void> {
  await client.query(
    'INSERT INTO cursors (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
    [name, value],
  )
}

async function writeMarket(client: pg.PoolClient, market: MarketData): Promise<void> {
  for (const table of MARKET_TABLES) await client.query(`DELETE FROM ${table}`)
  await insertRows(client, 'routers', market.routers.map(encodeRouter))
  await insertRows(client, 'assets', market.assets.map(encodeAsset))
  await insertRows(client, 'pools', market.pools.map(encodePool))
  await insertRows(client, 'farms', market.farms.map(encodeFarm))
  await insertRows(
    client,
    'farm_rewards',
    market.farms.flatMap((f) => f.rewards.map((r) => encodeFarmReward(f.minterAddress, r))),
  )
  await insertRows(
    client,
    'jetton_wallets',
    market.jettonWallets.map((row) => ({
      owner_address: row.ownerAddress,
      jetton_address: row.jettonAddress,
      wallet_address: row.walletAddress,
    })),
  )
  await insertRows(client, 'wallet_balances', market.balances.map(encodeBalance))
  await insertRows(client, 'lp_positions', market.lpPositions.map(encodeLpPosition))
  await insertRows(client, 'farm_nfts', market.farmNfts.map(encodeFarmNft))
  await insertRows(
    client,
    'farm_nft_rewards',
    market.farmNfts.flatMap((n) =>
      n.rewards.map((r, position) => ({
        nft_address: n.address,
        reward_address: r.address,
        amount: r.amount.toString(),
        position,
      })),
    ),
  )
  await insertRows(client, 'stakes', market.stakes.map(encodeStake))
  await insertRows(
    client,
    'stake_nfts',
    market.stakes.flatMap((s) => s.nfts.map((n) => encodeStakeNft(s.walletAddress, n))),
  )
  await insertRows(client, 'fee_vaults', market.feeVaults.map(encodeFeeVault))
}

/**
 * Multi-row `INSERT`s of `rows` (one shape) in chunks under PostgreSQL's parameter limit, in
 * order; with `ignore` (the conflict target) rows already stored are skipped. Returns how many
 * rows were inserted.
 */
async function insertRows(
  client: pg.PoolClient,
  table: string,
  rows: readonly DbParams[],
  ignore?: string,
): Promise<number> {
  return insertChunks(
    client,
    table,
    rows,
    ignore === undefined ? '' : `ON CONFLICT (${ignore}) DO NOTHING`,
  )
}

/** Inserts or replaces rows keyed by `address` (the last of a repeated key wins, as in SQLite). */
async function upsertRows(
  client: pg.PoolClient,
  table: string,
  rows: readonly DbParams[],
): Promise<number> {
  const last = new Map(rows.map((r) => [r.address, r]))
  const unique = [...last.values()]
  const columns = Object.keys(unique[0] ?? {}).filter((c) => c !== 'address')
  return insertChunks(
    client,
    table,
    unique,
    `ON CONFLICT (address) DO UPDATE SET ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}`,
  )
}

async function insertChunks(
  client: pg.PoolClient,
  table: string,
  rows: readonly DbParams[],
  conflict: string,
): Promise<number> {
  const first = rows[0]
  if (first === undefined) return 0
  const columns = Object.keys(first)
  const types = await columnTypes(client, table)
  // One array parameter per column (`unnest`): the statement's size does not grow with the
  // rows, so PostgreSQL parses it once per chunk, not once per value.
  const casts = columns.map((c, i) => {
    const type = types.get(c)
    if (type === undefined) throw new Error(`${table} has no column ${c}`)
    return `$${i + 1}::${type}[]`
  })
  const sql = `INSERT INTO ${table} (${columns.join(', ')})
    SELECT * FROM unnest(${casts.join(', ')}) ${conflict}`
  let inserted = 0
  for (let i = 0; i < rows.length; i += INSERT_ROWS) {
    const chunk = rows.slice(i, i + INSERT_ROWS)
    const params = columns.map((c) => chunk.map((row) => row[c] ?? null))
    const result = await client.query(sql, params)
    inserted += result.rowCount ?? 0
  }
  return inserted
}

/** Rows per `INSERT` of {@link insertChunks}. */
const INSERT_ROWS = 5000

/** Column types (`udt_name`) per table: the migrations fix them, so one lookup per process. */
const COLUMN_TYPES = new Map<string, Promise<Map<string, string>>>()

function columnTypes(client: pg.PoolClient, table: string): Promise<Map<string, string>> {
  let types = COLUMN_TYPES.get(table)
  if (types === undefined) {
    types = client
      .query(
        `SELECT column_name, udt_name FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = $1`,
        [table],
      )
      .then(
        (r) => new Map(r.rows.map((row) => [row.column_name as string, row.udt_name as string])),
      )
    types.catch(() => COLUMN_TYPES.delete(table))
    COLUMN_TYPES.set(table, types)
  }
  return types
}

function groupBy(records: DbRecord[], key: string): Map<unknown, DbRecord[]> {
  const groups = new Map<unknown, DbRecord[]>()
  for (const record of records) {
    const group = groups.get(record[key])
    if (group === undefined) groups.set(record[key], [record])
    else group.push(record)
  }
  return groups
}

/** PostgreSQL's integrity-constraint violations: SQLSTATE class 23. */
function isConstraintError(error: unknown): error is Error {
  if (!(error instanceof Error)) return false
  const code: unknown = (error as Error & { code?: unknown }).code
  return typeof code === 'string' && code.startsWith('23')
}

/**
 * At most `size` calls of the returned runner at once; the others wait in arrival order.
 *
 * @example
 * ```ts
 * const heavy = createSlots(8)
 * await heavy(() => pgPoolSwapTotals(query, window))
 * ```
 */
function createSlots(size: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0
  const waiting: (() => void)[] = []
  return async (work) => {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve))
    else running++
    try {
      return await work()
    } finally {
      const next = waiting.shift()
      if (next === undefined) running--
      else next()
    }
  }
}

/** A `contract_layouts` row (`cells`: a JSON array of base64 bags of cells). */
function decodeContractLayout(row: DbRecord): ContractLayoutRow {
  return {
    address: String(row.address),
    layout: String(row.layout),
    cells: JSON.parse(String(row.cells)) as string[],
  }
}
