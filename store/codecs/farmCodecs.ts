import type {
  IndexedFarmPoolRow,
  IndexedFarmPositionRow,
  IndexedFarmRow,
  IndexedStakePositionRow,
  IndexedStakingRow,
} from '../rows/indexerRows.js'
import { StoreError } from '../StoreError.js'
import {
  readBigint,
  readBoolean,
  readInteger,
  readOptionalText,
  readText,
  writeBigint,
  writeBoolean,
} from './columns.js'

/**
 * Conversions between the indexer's farm and staking rows and database records
 * (`indexed_farms`, `indexed_farm_positions`, `indexed_stakings`, `indexed_stake_positions`),
 * shared by SQLite and PostgreSQL: amounts and times are decimal TEXT, codes and flags
 * integers, a farm's reward pools and a position's claimed-per-unit values JSON with decimal
 * strings. Every encoder returns the same columns in the same order.
 * @module
 */

type DbRecord = Readonly<Record<string, unknown>>
type DbParams = Record<string, string | number | null>

/**
 * Farm row → record.
 *
 * @example
 * ```ts
 * encodeIndexedFarm(farm).current_staked // '1000000000'
 * ```
 */
export function encodeIndexedFarm(row: IndexedFarmRow): DbParams {
  return {
    address: row.address,
    admin_address: row.adminAddress,
    staking_token_wallet: row.stakingTokenWallet,
    staking_token_master: row.stakingTokenMaster,
    status: row.status,
    next_item_index: writeBigint(row.nextItemIndex),
    current_staked: writeBigint(row.currentStaked),
    min_stake_time: writeBigint(row.minStakeTime),
    contract_unique_id: writeBigint(row.contractUniqueId),
    create_timestamp: row.createTimestamp,
    pools: JSON.stringify(row.pools.map(poolJson)),
  }
}

/**
 * Record → farm row.
 *
 * @example
 * ```ts
 * decodeIndexedFarm(record).pools[0]?.nanorewardsPer24h // 1000000000000000000000n
 * ```
 */
export function decodeIndexedFarm(r: DbRecord): IndexedFarmRow {
  return {
    address: readText(r.address, 'indexed_farms.address'),
    adminAddress: readText(r.admin_address, 'indexed_farms.admin_address'),
    stakingTokenWallet: readOptionalText(
      r.staking_token_wallet,
      'indexed_farms.staking_token_wallet',
    ),
    stakingTokenMaster: readOptionalText(
      r.staking_token_master,
      'indexed_farms.staking_token_master',
    ),
    status: readInteger(r.status, 'indexed_farms.status'),
    nextItemIndex: readBigint(r.next_item_index, 'indexed_farms.next_item_index'),
    currentStaked: readBigint(r.current_staked, 'indexed_farms.current_staked'),
    minStakeTime: readBigint(r.min_stake_time, 'indexed_farms.min_stake_time'),
    contractUniqueId: readBigint(r.contract_unique_id, 'indexed_farms.contract_unique_id'),
    createTimestamp: readText(r.create_timestamp, 'indexed_farms.create_timestamp'),
    pools: readJsonList(r.pools, 'indexed_farms.pools').map((p) => readPool(p)),
  }
}

/**
 * Farm position row → record.
 *
 * @example
 * ```ts
 * encodeFarmPosition(position).claimed_per_unit // '[{"poolIndex":0,"perUnit":"0"}]'
 * ```
 */
export function encodeFarmPosition(row: IndexedFarmPositionRow): DbParams {
  return {
    address: row.address,
    farm_address: row.farmAddress,
    item_index: writeBigint(row.index),
    owner_address: row.ownerAddress,
    status: row.status,
    staked: writeBigint(row.staked),
    stake_date: writeBigint(row.stakeDate),
    revoke_time: writeBigint(row.revokeTime),
    claimed_per_unit: JSON.stringify(
      row.claimedPerUnit.map((c) => ({ poolIndex: c.poolIndex, perUnit: c.perUnit.toString() })),
    ),
    destroyed: writeBoolean(row.destroyed),
  }
}

/**
 * Record → farm position row.
 *
 * @example
 * ```ts
 * decodeFarmPosition(record).staked // 1000000000n
 * ```
 */
export function decodeFarmPosition(r: DbRecord): IndexedFarmPositionRow {
  const column = 'indexed_farm_positions.claimed_per_unit'
  return {
    address: readText(r.address, 'indexed_farm_positions.address'),
    farmAddress: readText(r.farm_address, 'indexed_farm_positions.farm_address'),
    index: readBigint(r.item_index, 'indexed_farm_positions.item_index'),
    ownerAddress: readText(r.owner_address, 'indexed_farm_positions.owner_address'),
    status: readInteger(r.status, 'indexed_farm_positions.status'),
    staked: readBigint(r.staked, 'indexed_farm_positions.staked'),
    stakeDate: readBigint(r.stake_date, 'indexed_farm_positions.stake_date'),
    revokeTime: readBigint(r.revoke_time, 'indexed_farm_positions.revoke_time'),
    claimedPerUnit: readJsonList(r.claimed_per_unit, column).map((c) => ({
      poolIndex: jsonInteger(c.poolIndex, column),
      perUnit: readBigint(c.perUnit, column),
    })),
    destroyed: readBoolean(r.destroyed, 'indexed_farm_positions.destroyed'),
  }
}

/**
 * Staking minter row → record.
 *
 * @example
 * ```ts
 * encodeStaking(staking).total_vote_power // '141422797'
 * ```
 */
export function encodeStaking(row: IndexedStakingRow): DbParams {
  return {
    address: row.address,
    staking_token_wallet: row.stakingTokenWallet,
    secondary_token_minter: row.secondaryTokenMinter,
    origin_time: writeBigint(row.originTime),
    next_item_index: writeBigint(row.nextItemIndex),
    current_staked: writeBigint(row.currentStaked),
    total_vote_power: writeBigint(row.totalVotePower),
    locked: writeBoolean(row.locked),
  }
}

/**
 * Record → staking minter row.
 *
 * @example
 * ```ts
 * decodeStaking(record).currentStaked // 100000000n
 * ```
 */
export function decodeStaking(r: DbRecord): IndexedStakingRow {
  return {
    address: readText(r.address, 'indexed_stakings.address'),
    stakingTokenWallet: readOptionalText(
      r.staking_token_wallet,
      'indexed_stakings.staking_token_wallet',
    ),
    secondaryTokenMinter: readOptionalText(
      r.secondary_token_minter,
      'indexed_stakings.secondary_token_minter',
    ),
    originTime: readBigint(r.origin_time, 'indexed_stakings.origin_time'),
    nextItemIndex: readBigint(r.next_item_index, 'indexed_stakings.next_item_index'),
    currentStaked: readBigint(r.current_staked, 'indexed_stakings.current_staked'),
    totalVotePower: readBigint(r.total_vote_power, 'indexed_stakings.total_vote_power'),
    locked: readBoolean(r.locked, 'indexed_stakings.locked'),
  }
}

/**
 * Stake position row → record.
 *
 * @example
 * ```ts
 * encodeStakePosition(position).gemston // '12500000'
 * ```
 */
export function encodeStakePosition(row: IndexedStakePositionRow): DbParams {
  return {
    address: row.address,
    minter_address: row.minterAddress,
    item_index: writeBigint(row.index),
    owner_address: row.ownerAddress,
    status: row.status,
    staked: writeBigint(row.staked),
    vote_power: writeBigint(row.votePower),
    lock_date: writeBigint(row.lockDate),
    min_unstake_date: writeBigint(row.minUnstakeDate),
    gemston: writeBigint(row.gemston),
    revoke_time: writeBigint(row.revokeTime),
    destroyed: writeBoolean(row.destroyed),
  }
}

/**
 * Record → stake position row.
 *
 * @example
 * ```ts
 * decodeStakePosition(record).votePower // 141422797n
 * ```
 */
export function decodeStakePosition(r: DbRecord): IndexedStakePositionRow {
  const t = 'indexed_stake_positions.'
  return {
    address: readText(r.address, `${t}address`),
    minterAddress: readText(r.minter_address, `${t}minter_address`),
    index: readBigint(r.item_index, `${t}item_index`),
    ownerAddress: readText(r.owner_address, `${t}owner_address`),
    status: readInteger(r.status, `${t}status`),
    staked: readBigint(r.staked, `${t}staked`),
    votePower: readBigint(r.vote_power, `${t}vote_power`),
    lockDate: readBigint(r.lock_date, `${t}lock_date`),
    minUnstakeDate: readBigint(r.min_unstake_date, `${t}min_unstake_date`),
    gemston: readBigint(r.gemston, `${t}gemston`),
    revokeTime: readBigint(r.revoke_time, `${t}revoke_time`),
    destroyed: readBoolean(r.destroyed, `${t}destroyed`),
  }
}

/**
 * Positions ordered by their minter, then by item index (numerically: the index is decimal
 * TEXT), the order both stores list them in.
 *
 * @example
 * ```ts
 * sortPositions(rows, (p) => p.farmAddress).map((p) => p.index) // [0n, 1n, 2n, 10n]
 * ```
 */
export function sortPositions<T extends { readonly index: bigint }>(
  rows: T[],
  minterOf: (row: T) => string,
): T[] {
  return rows.sort((a, b) => {
    const ma = minterOf(a)
    const mb = minterOf(b)
    if (ma !== mb) return ma < mb ? -1 : 1
    return a.index < b.index ? -1 : a.index > b.index ? 1 : 0
  })
}

const POOL_AMOUNTS = [
  'nanorewardsPer24h',
  'adminFee',
  'deposited',
  'accruedPerUnit',
  'accrued',
  'claimed',
  'claimedFee',
  'accruedFee',
  'lastUpdateTime',
] as const

function poolJson(p: IndexedFarmPoolRow): Record<string, string | number | boolean> {
  const json: Record<string, string | number | boolean> = {
    index: p.index,
    rewardTokenWallet: p.rewardTokenWallet,
    status: p.status,
    unrestrictedDepositRewards: p.unrestrictedDepositRewards,
  }
  if (p.rewardTokenMaster !== null) json.rewardTokenMaster = p.rewardTokenMaster
  for (const key of POOL_AMOUNTS) json[key] = p[key].toString()
  return json
}

function readPool(p: Record<string, unknown>): IndexedFarmPoolRow {
  const column = 'indexed_farms.pools'
  const amount = (key: (typeof POOL_AMOUNTS)[number]) => readBigint(p[key], column)
  if (typeof p.unrestrictedDepositRewards !== 'boolean') throw corruptJson(column, p)
  return {
    index: jsonInteger(p.index, column),
    rewardTokenWallet: readText(p.rewardTokenWallet, column),
    // Absent in rows written before the indexer told reward jettons apart: unknown.
    rewardTokenMaster:
      p.rewardTokenMaster === undefined ? null : readText(p.rewardTokenMaster, column),
    status: jsonInteger(p.status, column),
    unrestrictedDepositRewards: p.unrestrictedDepositRewards,
    nanorewardsPer24h: amount('nanorewardsPer24h'),
    adminFee: amount('adminFee'),
    deposited: amount('deposited'),
    accruedPerUnit: amount('accruedPerUnit'),
    accrued: amount('accrued'),
    claimed: amount('claimed'),
    claimedFee: amount('claimedFee'),
    accruedFee: amount('accruedFee'),
    lastUpdateTime: amount('lastUpdateTime'),
  }
}

function readJsonList(value: unknown, column: string): Record<string, unknown>[] {
  const text = readText(value, column)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw corruptJson(column, text)
  }
  if (!Array.isArray(parsed) || !parsed.every((e) => typeof e === 'object' && e !== null)) {
    throw corruptJson(column, text)
  }
  return parsed as Record<string, unknown>[]
}

function jsonInteger(value: unknown, column: string): number {
  if (typeof value === 'number' && Number.isInteger(value)) return value
  throw corruptJson(column, value)
}

function corruptJson(column: string, value: unknown): StoreError {
  return new StoreError({
    code: 'STORE_CORRUPT',
    message: `${column} holds an unreadable value: ${String(value).slice(0, 80)}`,
  })
}
