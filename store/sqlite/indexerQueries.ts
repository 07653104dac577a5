import type Database from 'better-sqlite3'
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
import { blockColumns, encodeOperation } from '../codecs/historyCodecs.js'
import {
  decodePool,
  decodeTx,
  decodeWithdrawal,
  encodeLink,
  encodePool,
  encodeTx,
  encodeWithdrawal,
} from '../codecs/indexerCodecs.js'
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
  decodeJettonWallet,
  decodeLpAccount,
  decodeVault,
  encodeJettonWallet,
  encodeLpAccount,
  encodeVault,
} from '../codecs/walletLedgerCodecs.js'
import type { BlockRef } from '../rows/historyRows.js'
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
  WalletLedgerRows,
} from '../rows/indexerRows.js'
import type { Rollups } from './rollups.js'

type DbRecord = Record<string, unknown>
type DbParams = Record<string, string | number | null>

/**
 * The indexer's half of the SQLite store: one atomic write per batch (transactions, operations
 * with their rollups, pool states, withdrawals, message links and the cursor) and the reads behind the history
 * endpoints.
 *
 * @example
 * ```ts
 * const indexer = createIndexerQueries(db, createRollups(db))
 * indexer.applyIndexBatch(batch)
 * indexer.listIndexedPools() // [{ address: 'EQ…', reserve0: 1000n, … }]
 * ```
 */
export function createIndexerQueries(db: Database.Database, rollups: Rollups) {
  // Rows are bound by position: binding by name costs a property lookup per column per row.
  // The statement is keyed by the encoder's column list (every encoder returns a fixed shape).
  const insert = (table: string, params: DbParams, conflict: 'IGNORE' | 'REPLACE') => {
    const values = Object.values(params)
    const key = `${conflict} ${table} ${values.length}`
    let statement = statements.get(key)
    if (statement === undefined) {
      const columns = Object.keys(params)
      statement = db.prepare(
        `INSERT OR ${conflict} INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      )
      statements.set(key, statement)
    }
    statement.run(values)
  }
  const statements = new Map<string, Database.Statement>()
  const setCursor = db.prepare(
    'INSERT INTO cursors (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
  )
  const apply = db.transaction((batch: IndexBatch) => {
    for (const tx of batch.transactions) insert('indexed_transactions', encodeTx(tx), 'IGNORE')
    for (const op of batch.operations) insert('operations', encodeOperation(op), 'IGNORE')
    rollups.rollUp()
    for (const pool of batch.pools) insert('indexed_pools', encodePool(pool), 'REPLACE')
    for (const w of batch.feeWithdrawals) insert('fee_withdrawals', encodeWithdrawal(w), 'IGNORE')
    for (const link of batch.links) insert('message_links', encodeLink(link), 'IGNORE')
    for (const w of batch.jettonWallets ?? [])
      insert('indexed_jetton_wallets', encodeJettonWallet(w), 'REPLACE')
    for (const a of batch.lpAccounts ?? [])
      insert('indexed_lp_accounts', encodeLpAccount(a), 'REPLACE')
    for (const v of batch.vaults ?? []) insert('indexed_vaults', encodeVault(v), 'REPLACE')
    for (const f of batch.farms ?? []) insert('indexed_farms', encodeIndexedFarm(f), 'REPLACE')
    for (const p of batch.farmPositions ?? [])
      insert('indexed_farm_positions', encodeFarmPosition(p), 'REPLACE')
    for (const s of batch.stakings ?? []) insert('indexed_stakings', encodeStaking(s), 'REPLACE')
    for (const p of batch.stakePositions ?? [])
      insert('indexed_stake_positions', encodeStakePosition(p), 'REPLACE')
    for (const m of batch.venueMinters ?? [])
      insert('indexed_venue_minters', encodeVenueMinter(m), 'REPLACE')
    for (const v of batch.venueVaults ?? [])
      insert('indexed_venue_vaults', encodeVenueVault(v), 'REPLACE')
    for (const o of batch.venueOperations ?? [])
      insert('venue_operations', encodeVenueOperation(o), 'IGNORE')
    for (const m of batch.externalMessages ?? [])
      insert('indexed_external_messages', { hash: m.hash, tx_hash: m.txHash }, 'IGNORE')
    setCursor.run(batch.cursor.name, batch.cursor.value)
  })
  const pools = db.prepare('SELECT * FROM indexed_pools ORDER BY address')
  const jettonWallets = db.prepare('SELECT * FROM indexed_jetton_wallets ORDER BY address')
  const lpAccounts = db.prepare('SELECT * FROM indexed_lp_accounts ORDER BY address')
  const vaults = db.prepare('SELECT * FROM indexed_vaults ORDER BY address')
  const ownerSql = {
    jettonWallets: db.prepare('SELECT * FROM indexed_jetton_wallets WHERE owner_address = ?'),
    lpAccounts: db.prepare('SELECT * FROM indexed_lp_accounts WHERE user_address = ?'),
    vaults: db.prepare('SELECT * FROM indexed_vaults WHERE owner_address = ?'),
  }
  const farmSql = {
    farms: db.prepare('SELECT * FROM indexed_farms ORDER BY address'),
    positions: db.prepare('SELECT * FROM indexed_farm_positions'),
    positionsOf: db.prepare('SELECT * FROM indexed_farm_positions WHERE owner_address = ?'),
    stakings: db.prepare('SELECT * FROM indexed_stakings ORDER BY address'),
    stakes: db.prepare('SELECT * FROM indexed_stake_positions'),
    stakesOf: db.prepare('SELECT * FROM indexed_stake_positions WHERE owner_address = ?'),
  }
  const venueSql = {
    minters: db.prepare('SELECT * FROM indexed_venue_minters ORDER BY address'),
    vaults: db.prepare('SELECT * FROM indexed_venue_vaults ORDER BY address'),
    vaultsOf: db.prepare(
      'SELECT * FROM indexed_venue_vaults WHERE owner_address = ? ORDER BY address',
    ),
  }
  const link = db.prepare('SELECT * FROM message_links WHERE message_hash = ?')
  const latestBlock = db.prepare(`SELECT block_seqno, block_timestamp FROM indexed_transactions
    WHERE block_seqno IS NOT NULL ORDER BY block_seqno DESC LIMIT 1`)

  return {
    applyIndexBatch(batch: IndexBatch): void {
      apply(batch)
    },
    listIndexedPools(): IndexedPoolRow[] {
      return (pools.all() as DbRecord[]).map(decodePool)
    },
    listIndexedJettonWallets(): IndexedJettonWalletRow[] {
      return (jettonWallets.all() as DbRecord[]).map(decodeJettonWallet)
    },
    listIndexedLpAccounts(): IndexedLpAccountRow[] {
      return (lpAccounts.all() as DbRecord[]).map(decodeLpAccount)
    },
    listIndexedVaults(): IndexedVaultRow[] {
      return (vaults.all() as DbRecord[]).map(decodeVault)
    },
    listIndexedFarms(): IndexedFarmRow[] {
      return (farmSql.farms.all() as DbRecord[]).map(decodeIndexedFarm)
    },
    listIndexedFarmPositions(owner?: string): IndexedFarmPositionRow[] {
      const records = (
        owner === undefined ? farmSql.positions.all() : farmSql.positionsOf.all(owner)
      ) as DbRecord[]
      return sortPositions(records.map(decodeFarmPosition), (p) => p.farmAddress)
    },
    listIndexedStakings(): IndexedStakingRow[] {
      return (farmSql.stakings.all() as DbRecord[]).map(decodeStaking)
    },
    listIndexedStakePositions(owner?: string): IndexedStakePositionRow[] {
      const records = (
        owner === undefined ? farmSql.stakes.all() : farmSql.stakesOf.all(owner)
      ) as DbRecord[]
      return sortPositions(records.map(decodeStakePosition), (p) => p.minterAddress)
    },
    listIndexedVenueMinters(): IndexedVenueMinterRow[] {
      return (venueSql.minters.all() as DbRecord[]).map(decodeVenueMinter)
    },
    listIndexedVenueVaults(owner?: string): IndexedVenueVaultRow[] {
      const records = (
        owner === undefined ? venueSql.vaults.all() : venueSql.vaultsOf.all(owner)
      ) as DbRecord[]
      return records.map(decodeVenueVault)
    },
    listVenueOperations(filter: VenueOperationFilter): VenueOperationRow[] {
      const { sql, params } = venueOperationWhere(filter, () => '?')
      const records = db
        .prepare(`SELECT * FROM venue_operations ${sql}`)
        .all(...params) as DbRecord[]
      return sortVenueOperations(records.map(decodeVenueOperation))
    },
    /** The ledger rows of one owner (its jetton wallets, LP accounts and vaults). */
    ledgerOf(owner: string): WalletLedgerRows {
      const all = (s: Database.Statement) => s.all(owner) as DbRecord[]
      return {
        jettonWallets: all(ownerSql.jettonWallets).map(decodeJettonWallet),
        lpAccounts: all(ownerSql.lpAccounts).map(decodeLpAccount),
        vaults: all(ownerSql.vaults).map(decodeVault),
      }
    },
    getMessageLink(messageHash: string): MessageLinkRow | undefined {
      const r = link.get(messageHash) as DbRecord | undefined
      return (
        r && {
          messageHash: readText(r.message_hash, 'message_hash'),
          parentHash: readText(r.parent_hash, 'parent_hash'),
          originHash: readText(r.origin_hash, 'origin_hash'),
        }
      )
    },
    listIndexedTransactions(filter: IndexedTransactionFilter): IndexedTransactionRow[] {
      const where: string[] = []
      const params: string[] = []
      const eq = (column: string, value: string | undefined) => {
        if (value === undefined) return
        where.push(`${column} = ?`)
        params.push(value)
      }
      eq('origin_hash', filter.originHash)
      eq('hash', filter.hash)
      if (filter.externalMessageHash !== undefined) {
        where.push('hash IN (SELECT tx_hash FROM indexed_external_messages WHERE hash = ?)')
        params.push(filter.externalMessageHash)
      }
      eq('account', filter.account)
      eq('source_address', filter.sourceAddress)
      eq('query_id', filter.queryId === undefined ? undefined : writeBigint(filter.queryId))
      if (filter.since !== undefined) {
        where.push('timestamp >= ?')
        params.push(filter.since)
      }
      const limit = Math.min(Math.max(1, Math.trunc(filter.limit ?? 1000)), 10_000)
      // Logical times are fixed-width TEXT: text order is numeric order.
      const sql = `SELECT * FROM indexed_transactions ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
        ORDER BY lt DESC LIMIT ${limit}`
      return (db.prepare(sql).all(...params) as DbRecord[]).map(decodeTx)
    },
    latestIndexedBlock(): BlockRef | undefined {
      const r = latestBlock.get() as DbRecord | undefined
      return r === undefined ? undefined : blockColumns(r, 'indexed_transactions').block
    },
    listFeeWithdrawals(ownerAddress: string, since: string, until: string): FeeWithdrawalRow[] {
      const sql = `SELECT * FROM fee_withdrawals WHERE owner_address = ? AND vault_tx_timestamp >= ?
        AND vault_tx_timestamp <= ? ORDER BY vault_tx_timestamp, vault_tx_lt`
      return (db.prepare(sql).all(ownerAddress, since, until) as DbRecord[]).map(decodeWithdrawal)
    },
  }
}
