import { ROUTER_TYPES } from '../../protocol/dex/poolKinds.js'
import {
  ASSET_KINDS,
  type AssetKind,
  type AssetRow,
  type FarmMeta,
  type FarmRewardRow,
  type FarmRow,
  type PoolRow,
  type RouterRow,
  type RouterType,
} from '../rows/referenceRows.js'
import { StoreError } from '../StoreError.js'
import {
  readBigint,
  readBoolean,
  readInteger,
  readOptionalBigint,
  readOptionalInteger,
  readOptionalReal,
  readOptionalStringList,
  readOptionalText,
  readStringList,
  readText,
  writeBigint,
  writeBoolean,
  writeOptionalBigint,
  writeStringList,
} from './columns.js'

/**
 * Conversions between reference-data rows and SQLite records (named-parameter objects whose
 * keys are the column names).
 * @module
 */

type DbRecord = Readonly<Record<string, unknown>>
type DbParams = Record<string, string | number | null>

/**
 * Router row → record.
 *
 * @example
 * ```ts
 * encodeRouter(router).pool_creation_enabled // 1
 * ```
 */
export function encodeRouter(row: RouterRow): DbParams {
  return {
    address: row.address,
    major_version: row.majorVersion,
    minor_version: row.minorVersion,
    router_type: row.routerType,
    pton_master_address: row.ptonMasterAddress,
    pton_wallet_address: row.ptonWalletAddress,
    pton_version: row.ptonVersion,
    pool_creation_enabled: writeBoolean(row.poolCreationEnabled),
  }
}

/**
 * Record → router row.
 *
 * @example
 * ```ts
 * decodeRouter({ address: 'EQ…', major_version: 2, minor_version: 2, router_type: 'StableSwap', … }).routerType // 'StableSwap'
 * ```
 */
export function decodeRouter(r: DbRecord): RouterRow {
  const routerType = readText(r.router_type, 'routers.router_type')
  if (!(ROUTER_TYPES as readonly string[]).includes(routerType)) {
    throw new StoreError({ code: 'STORE_CORRUPT', message: `Unknown router type ${routerType}.` })
  }
  return {
    address: readText(r.address, 'routers.address'),
    majorVersion: readInteger(r.major_version, 'routers.major_version'),
    minorVersion: readInteger(r.minor_version, 'routers.minor_version'),
    routerType: routerType as RouterType,
    ptonMasterAddress: readText(r.pton_master_address, 'routers.pton_master_address'),
    ptonWalletAddress: readText(r.pton_wallet_address, 'routers.pton_wallet_address'),
    ptonVersion: readText(r.pton_version, 'routers.pton_version'),
    poolCreationEnabled: readBoolean(r.pool_creation_enabled, 'routers.pool_creation_enabled'),
  }
}

/**
 * Asset row → record.
 *
 * @example
 * ```ts
 * encodeAsset(usdl).tags // '["asset:essential",…]'
 * ```
 */
export function encodeAsset(row: AssetRow): DbParams {
  return {
    address: row.address,
    symbol: row.symbol,
    display_name: row.displayName,
    image_url: row.imageUrl,
    decimals: row.decimals,
    kind: row.kind,
    priority: row.priority,
    pair_priority: row.pairPriority,
    deprecated: writeBoolean(row.deprecated),
    community: writeBoolean(row.community),
    blacklisted: writeBoolean(row.blacklisted),
    default_symbol: writeBoolean(row.defaultSymbol),
    taxable: writeBoolean(row.taxable),
    tags: writeStringList(row.tags),
    dex_price_usd: row.dexPriceUsd,
    third_party_price_usd: row.thirdPartyPriceUsd,
    popularity_index: row.popularityIndex,
    custom_payload_api_uri: row.customPayloadApiUri,
    extensions: writeStringList(row.extensions),
    scale: row.scale,
    jetton_wallet_code: row.jettonWalletCode,
  }
}

/**
 * Record → asset row.
 *
 * @example
 * ```ts
 * decodeAsset(record).decimals // 6
 * ```
 */
export function decodeAsset(r: DbRecord): AssetRow {
  const kind = readText(r.kind, 'assets.kind')
  if (!(ASSET_KINDS as readonly string[]).includes(kind)) {
    throw new StoreError({ code: 'STORE_CORRUPT', message: `Unknown asset kind ${kind}.` })
  }
  return {
    address: readText(r.address, 'assets.address'),
    symbol: readText(r.symbol, 'assets.symbol'),
    displayName: readOptionalText(r.display_name, 'assets.display_name'),
    imageUrl: readOptionalText(r.image_url, 'assets.image_url'),
    decimals: readInteger(r.decimals, 'assets.decimals'),
    kind: kind as AssetKind,
    priority: readInteger(r.priority, 'assets.priority'),
    pairPriority: readOptionalInteger(r.pair_priority, 'assets.pair_priority'),
    deprecated: readBoolean(r.deprecated, 'assets.deprecated'),
    community: readBoolean(r.community, 'assets.community'),
    blacklisted: readBoolean(r.blacklisted, 'assets.blacklisted'),
    defaultSymbol: readBoolean(r.default_symbol, 'assets.default_symbol'),
    taxable: readBoolean(r.taxable, 'assets.taxable'),
    tags: readStringList(r.tags, 'assets.tags'),
    dexPriceUsd: readOptionalText(r.dex_price_usd, 'assets.dex_price_usd'),
    thirdPartyPriceUsd: readOptionalText(r.third_party_price_usd, 'assets.third_party_price_usd'),
    popularityIndex: readOptionalReal(r.popularity_index, 'assets.popularity_index'),
    customPayloadApiUri: readOptionalText(
      r.custom_payload_api_uri,
      'assets.custom_payload_api_uri',
    ),
    extensions: readOptionalStringList(r.extensions, 'assets.extensions'),
    scale: readOptionalText(r.scale, 'assets.scale'),
    jettonWalletCode: readOptionalText(r.jetton_wallet_code, 'assets.jetton_wallet_code'),
  }
}

/**
 * Pool row → record.
 *
 * @example
 * ```ts
 * encodePool(pool).reserve0 // '2000000000000000'
 * ```
 */
export function encodePool(row: PoolRow): DbParams {
  return {
    address: row.address,
    router_address: row.routerAddress,
    token0_address: row.token0Address,
    token1_address: row.token1Address,
    reserve0: writeBigint(row.reserve0),
    reserve1: writeBigint(row.reserve1),
    lp_total_supply: writeBigint(row.lpTotalSupply),
    lp_fee: Number(row.lpFee),
    protocol_fee: Number(row.protocolFee),
    ref_fee: Number(row.refFee),
    protocol_fee_address: row.protocolFeeAddress,
    collected_token0_protocol_fee: writeBigint(row.collectedToken0ProtocolFee),
    collected_token1_protocol_fee: writeBigint(row.collectedToken1ProtocolFee),
    deprecated: writeBoolean(row.deprecated),
    amp: writeOptionalBigint(row.amp),
    rate: writeOptionalBigint(row.rate),
    w0: writeOptionalBigint(row.w0),
    lp_total_supply_usd: row.lpTotalSupplyUsd,
    lp_price_usd: row.lpPriceUsd,
    apy_1d: row.apy1d,
    apy_7d: row.apy7d,
    apy_30d: row.apy30d,
    volume_24h_usd: row.volume24hUsd,
    popularity_index: row.popularityIndex,
  }
}

/**
 * Record → pool row.
 *
 * @example
 * ```ts
 * decodePool(record).reserve0 // 2000000000000000n
 * ```
 */
export function decodePool(r: DbRecord): PoolRow {
  return {
    address: readText(r.address, 'pools.address'),
    routerAddress: readText(r.router_address, 'pools.router_address'),
    token0Address: readText(r.token0_address, 'pools.token0_address'),
    token1Address: readText(r.token1_address, 'pools.token1_address'),
    reserve0: readBigint(r.reserve0, 'pools.reserve0'),
    reserve1: readBigint(r.reserve1, 'pools.reserve1'),
    lpTotalSupply: readBigint(r.lp_total_supply, 'pools.lp_total_supply'),
    lpFee: BigInt(readInteger(r.lp_fee, 'pools.lp_fee')),
    protocolFee: BigInt(readInteger(r.protocol_fee, 'pools.protocol_fee')),
    refFee: BigInt(readInteger(r.ref_fee, 'pools.ref_fee')),
    protocolFeeAddress: readText(r.protocol_fee_address, 'pools.protocol_fee_address'),
    collectedToken0ProtocolFee: readBigint(
      r.collected_token0_protocol_fee,
      'pools.collected_token0_protocol_fee',
    ),
    collectedToken1ProtocolFee: readBigint(
      r.collected_token1_protocol_fee,
      'pools.collected_token1_protocol_fee',
    ),
    deprecated: readBoolean(r.deprecated, 'pools.deprecated'),
    amp: readOptionalBigint(r.amp, 'pools.amp'),
    rate: readOptionalBigint(r.rate, 'pools.rate'),
    w0: readOptionalBigint(r.w0, 'pools.w0'),
    lpTotalSupplyUsd: readOptionalText(r.lp_total_supply_usd, 'pools.lp_total_supply_usd'),
    lpPriceUsd: readOptionalText(r.lp_price_usd, 'pools.lp_price_usd'),
    apy1d: readOptionalText(r.apy_1d, 'pools.apy_1d'),
    apy7d: readOptionalText(r.apy_7d, 'pools.apy_7d'),
    apy30d: readOptionalText(r.apy_30d, 'pools.apy_30d'),
    volume24hUsd: readOptionalText(r.volume_24h_usd, 'pools.volume_24h_usd'),
    popularityIndex: readOptionalReal(r.popularity_index, 'pools.popularity_index'),
  }
}

/**
 * Farm row → record of the `farms` table (rewards go to `farm_rewards`).
 *
 * @example
 * ```ts
 * encodeFarm(farm).min_stake_duration_s // '86400'
 * ```
 */
export function encodeFarm(row: FarmRow): DbParams {
  return {
    minter_address: row.minterAddress,
    pool_address: row.poolAddress,
    status: row.status,
    version: row.version,
    min_stake_duration_s: writeBigint(row.minStakeDurationS),
    apy: row.apy,
    locked_total_lp: writeBigint(row.lockedTotalLp),
    locked_total_lp_usd: row.lockedTotalLpUsd,
    all_rewards_distributed: writeBoolean(row.allRewardsDistributed),
    custodian_address: row.custodianAddress,
    owner_address: row.ownerAddress,
    create_timestamp: row.createTimestamp,
    meta: row.meta === null ? null : JSON.stringify(row.meta),
  }
}

/**
 * Farm reward row → record of `farm_rewards`.
 *
 * @example
 * ```ts
 * encodeFarmReward(farm.minterAddress, farm.rewards[0]).remaining_rewards // '250000000000000'
 * ```
 */
export function encodeFarmReward(farmAddress: string, row: FarmRewardRow): DbParams {
  return {
    farm_address: farmAddress,
    reward_index: row.index,
    address: row.address,
    status: row.status,
    admin_fee: row.adminFee,
    remaining_rewards: writeBigint(row.remainingRewards),
    reward_rate_24h: row.rewardRate24h,
    estimated_end_timestamp: row.estimatedEndTimestamp,
    rewards_distributed: writeBoolean(row.rewardsDistributed),
  }
}

/**
 * Records of `farms` and its `farm_rewards` → farm row.
 *
 * @example
 * ```ts
 * decodeFarm(farmRecord, rewardRecords).rewards.length // 1
 * ```
 */
export function decodeFarm(r: DbRecord, rewards: readonly DbRecord[]): FarmRow {
  return {
    minterAddress: readText(r.minter_address, 'farms.minter_address'),
    poolAddress: readText(r.pool_address, 'farms.pool_address'),
    status: readText(r.status, 'farms.status'),
    version: readText(r.version, 'farms.version'),
    minStakeDurationS: readBigint(r.min_stake_duration_s, 'farms.min_stake_duration_s'),
    apy: readOptionalText(r.apy, 'farms.apy'),
    lockedTotalLp: readBigint(r.locked_total_lp, 'farms.locked_total_lp'),
    lockedTotalLpUsd: readOptionalText(r.locked_total_lp_usd, 'farms.locked_total_lp_usd'),
    allRewardsDistributed: readBoolean(r.all_rewards_distributed, 'farms.all_rewards_distributed'),
    custodianAddress: readText(r.custodian_address, 'farms.custodian_address'),
    ownerAddress: readOptionalText(r.owner_address, 'farms.owner_address'),
    createTimestamp: readOptionalText(r.create_timestamp, 'farms.create_timestamp'),
    meta: decodeMeta(readOptionalText(r.meta, 'farms.meta')),
    rewards: rewards.map((reward) => ({
      index: readInteger(reward.reward_index, 'farm_rewards.reward_index'),
      address: readOptionalText(reward.address, 'farm_rewards.address'),
      status: readText(reward.status, 'farm_rewards.status'),
      adminFee: readText(reward.admin_fee, 'farm_rewards.admin_fee'),
      remainingRewards: readBigint(reward.remaining_rewards, 'farm_rewards.remaining_rewards'),
      rewardRate24h: readText(reward.reward_rate_24h, 'farm_rewards.reward_rate_24h'),
      estimatedEndTimestamp: readOptionalText(
        reward.estimated_end_timestamp,
        'farm_rewards.estimated_end_timestamp',
      ),
      rewardsDistributed: readBoolean(
        reward.rewards_distributed,
        'farm_rewards.rewards_distributed',
      ),
    })),
  }
}

function decodeMeta(text: string | null): FarmMeta | null {
  if (text === null) return null
  try {
    const value = JSON.parse(text) as FarmMeta
    if (typeof value === 'object' && value !== null) return value
  } catch {
    // Reported below.
  }
  throw new StoreError({ code: 'STORE_CORRUPT', message: 'Column farms.meta is not JSON.' })
}
