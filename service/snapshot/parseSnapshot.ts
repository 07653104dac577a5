import { ROUTER_TYPES } from '../../protocol/dex/poolKinds.js'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import type { MarketData } from '../../store/rows/MarketData.js'
import {
  ASSET_KINDS,
  type AssetRow,
  type FarmRow,
  type JettonWalletRow,
  type PoolRow,
  type RouterRow,
} from '../../store/rows/referenceRows.js'
import {
  address,
  amount,
  bool,
  childPath,
  int,
  type JsonObject,
  oneOf,
  optAddress,
  optAmount,
  optDecimal,
  optNumber,
  optObject,
  optStr,
  optStrings,
  readArray,
  readObject,
  str,
  wrappedList,
} from './jsonReader.js'
import { SnapshotError } from './SnapshotError.js'

/** Largest amp/rate/w0 a pool reports: they are at most uint128 in the contracts. */
const UINT128_MAX = (1n << 128n) - 1n

/**
 * Parses a market snapshot written in the live service's own wire format:
 *
 * ```json
 * { "routers": { "router_list": [...] }, "assets": { "asset_list": [...] },
 *   "pools": { "pool_list": [...] }, "farms": { "farm_list": [...] },
 *   "jetton_wallets": [{ "owner_address": "…", "jetton_address": "…", "address": "…" }] }
 * ```
 *
 * Each section is the JSON body of `GET /v1/routers`, `/v1/assets`, `/v1/pools`, `/v1/farms`
 * (a bare array works too); `farms` and `jetton_wallets` (our addition: captured
 * `/v1/jetton/{address}/address` answers, e.g. routers' wallets) are optional. Unknown fields
 * are ignored; addresses may be in any form. Every pool must name a listed router and listed
 * assets, every farm a listed pool.
 *
 * @example
 * ```ts
 * parseSnapshot(JSON.parse(text)).pools.length // 1873
 * ```
 * @throws {SnapshotError} naming the JSONPath and the problem of the first bad value.
 */
export function parseSnapshot(json: unknown): MarketData {
  const root = readObject(json, '$')
  const routers = unique(wrappedList(root, 'routers', 'router_list'), parseRouter, (r) => r.address)
  const assets = unique(wrappedList(root, 'assets', 'asset_list'), parseAsset, (a) => a.address)
  const routerSet = new Set(routers.map((r) => r.address))
  const assetSet = new Set(assets.map((a) => a.address))
  const pools = unique(
    wrappedList(root, 'pools', 'pool_list'),
    (item, path) => parsePool(item, path, routerSet, assetSet),
    (p) => p.address,
  )
  const poolSet = new Set(pools.map((p) => p.address))
  const farms = unique(
    wrappedList(root, 'farms', 'farm_list', { optional: true }),
    (item, path) => parseFarm(item, path, poolSet),
    (f) => f.minterAddress,
  )
  const jettonWallets = unique(
    wrappedList(root, 'jetton_wallets', 'jetton_wallets', { optional: true }),
    (item, path) => parseJettonWallet(item, path, assetSet),
    (w) => `${w.ownerAddress} ${w.jettonAddress}`,
  )
  return {
    routers,
    assets,
    pools,
    farms,
    jettonWallets,
    balances: [],
    lpPositions: [],
    farmNfts: [],
    stakes: [],
    feeVaults: [],
  }
}

function unique<T>(
  list: { readonly items: readonly unknown[]; readonly path: string },
  parse: (item: unknown, path: string) => T,
  key: (row: T) => string,
): T[] {
  const seen = new Set<string>()
  return list.items.map((item, index) => {
    const path = childPath(list.path, index)
    const row = parse(item, path)
    if (seen.has(key(row))) throw new SnapshotError({ path, problem: `repeats ${key(row)}` })
    seen.add(key(row))
    return row
  })
}

function parseRouter(item: unknown, path: string): RouterRow {
  const o = readObject(item, path)
  return {
    address: address(o, 'address'),
    majorVersion: int(o, 'major_version', { min: 1, max: 255 }),
    minorVersion: int(o, 'minor_version', { min: 0, max: 255 }),
    routerType: oneOf(o, 'router_type', ROUTER_TYPES),
    ptonMasterAddress: address(o, 'pton_master_address'),
    ptonWalletAddress: address(o, 'pton_wallet_address'),
    ptonVersion: str(o, 'pton_version'),
    poolCreationEnabled: bool(o, 'pool_creation_enabled', false),
  }
}

function parseAsset(item: unknown, path: string): AssetRow {
  const o = readObject(item, path)
  const assetAddress = address(o, 'contract_address')
  const priority = int(o, 'priority', { min: -1_000_000, max: 1_000_000, fallback: 0 })
  return {
    address: assetAddress,
    symbol: str(o, 'symbol'),
    displayName: optStr(o, 'display_name'),
    imageUrl: optStr(o, 'image_url'),
    decimals: int(o, 'decimals', { min: 0, max: 255 }),
    kind: oneOf(o, 'kind', ASSET_KINDS),
    priority,
    pairPriority: priority,
    deprecated: bool(o, 'deprecated', false),
    community: bool(o, 'community', false),
    blacklisted: bool(o, 'blacklisted', false),
    defaultSymbol: bool(o, 'default_symbol', false),
    taxable: bool(o, 'taxable', false),
    tags: optStrings(o, 'tags') ?? [],
    dexPriceUsd: optDecimal(o, 'dex_price_usd') ?? optDecimal(o, 'dex_usd_price'),
    thirdPartyPriceUsd:
      optDecimal(o, 'third_party_price_usd') ?? optDecimal(o, 'third_party_usd_price'),
    popularityIndex: optNumber(o, 'popularity_index'),
    customPayloadApiUri: optStr(o, 'custom_payload_api_uri'),
    extensions: optStrings(o, 'extensions'),
    scale: optStr(o, 'scale'),
    jettonWalletCode: null,
  }
}

function parsePool(
  item: unknown,
  path: string,
  routers: ReadonlySet<string>,
  assets: ReadonlySet<string>,
): PoolRow {
  const o = readObject(item, path)
  const known = (key: string, set: ReadonlySet<string>, what: string) => {
    const value = address(o, key)
    if (!set.has(value)) {
      throw new SnapshotError({
        path: childPath(path, key),
        problem: `${what} ${value} is not in the snapshot`,
      })
    }
    return value
  }
  const poolAddress = address(o, 'address')
  const routerAddress = known('router_address', routers, 'router')
  const token0Address = known('token0_address', assets, 'asset')
  const token1Address = known('token1_address', assets, 'asset')
  if (token0Address === token1Address) {
    throw new SnapshotError({
      path: childPath(path, 'token1_address'),
      problem: 'equals token0_address',
    })
  }
  const fee = (key: string, fallback?: number) =>
    BigInt(int(o, key, { min: 0, max: 100, ...(fallback === undefined ? {} : { fallback }) }))
  return {
    address: poolAddress,
    routerAddress,
    token0Address,
    token1Address,
    reserve0: amount(o, 'reserve0'),
    reserve1: amount(o, 'reserve1'),
    lpTotalSupply: amount(o, 'lp_total_supply'),
    lpFee: fee('lp_fee'),
    protocolFee: fee('protocol_fee'),
    refFee: fee('ref_fee', 0),
    protocolFeeAddress: optAddress(o, 'protocol_fee_address') ?? NATIVE_ADDRESS,
    collectedToken0ProtocolFee: amount(o, 'collected_token0_protocol_fee', { fallback: 0n }),
    collectedToken1ProtocolFee: amount(o, 'collected_token1_protocol_fee', { fallback: 0n }),
    deprecated: bool(o, 'deprecated', false),
    amp: optAmount(o, 'amp', UINT128_MAX),
    rate: optAmount(o, 'rate', UINT128_MAX),
    w0: optAmount(o, 'w0', UINT128_MAX),
    lpTotalSupplyUsd: optDecimal(o, 'lp_total_supply_usd'),
    lpPriceUsd: optDecimal(o, 'lp_price_usd'),
    apy1d: optDecimal(o, 'apy_1d'),
    apy7d: optDecimal(o, 'apy_7d'),
    apy30d: optDecimal(o, 'apy_30d'),
    volume24hUsd: optDecimal(o, 'volume_24h_usd'),
    popularityIndex: optNumber(o, 'popularity_index'),
  }
}

function parseFarm(item: unknown, path: string, pools: ReadonlySet<string>): FarmRow {
  const o = readObject(item, path)
  const poolAddress = address(o, 'pool_address')
  if (!pools.has(poolAddress)) {
    throw new SnapshotError({
      path: childPath(path, 'pool_address'),
      problem: `pool ${poolAddress} is not in the snapshot`,
    })
  }
  const meta = optObject(o, 'meta')
  const rewardsPath = childPath(path, 'rewards')
  const rewardItems =
    o.value.rewards === undefined || o.value.rewards === null
      ? []
      : readArray(o.value.rewards, rewardsPath)
  return {
    minterAddress: address(o, 'minter_address'),
    poolAddress,
    status: str(o, 'status'),
    version: optStr(o, 'version') ?? '',
    minStakeDurationS: amount(o, 'min_stake_duration_s', { fallback: 0n }),
    apy: optDecimal(o, 'apy'),
    lockedTotalLp: amount(o, 'locked_total_lp', { fallback: 0n }),
    lockedTotalLpUsd: optDecimal(o, 'locked_total_lp_usd'),
    allRewardsDistributed: bool(o, 'all_rewards_distributed', false),
    custodianAddress: address(o, 'custodian_address'),
    ownerAddress: optAddress(o, 'owner_address'),
    createTimestamp: optStr(o, 'create_timestamp'),
    meta: meta === null ? null : parseMeta(meta),
    rewards: rewardItems.map((reward, index) => {
      const r = readObject(reward, childPath(rewardsPath, index))
      return {
        index: int(r, 'index', { min: 0, max: 255, fallback: index }),
        address: optAddress(r, 'address'),
        status: str(r, 'status'),
        adminFee: optDecimal(r, 'admin_fee') ?? '0',
        remainingRewards: amount(r, 'remaining_rewards', { fallback: 0n }),
        rewardRate24h: optDecimal(r, 'reward_rate_24h') ?? '0',
        estimatedEndTimestamp: optStr(r, 'estimated_end_timestamp'),
        rewardsDistributed: bool(r, 'rewards_distributed', false),
      }
    }),
  }
}

function parseMeta(meta: JsonObject): FarmRow['meta'] {
  return {
    image: optStr(meta, 'image'),
    name: optStr(meta, 'name'),
    description: optStr(meta, 'description'),
    socialLinks: optStrings(meta, 'social_links'),
    marketplace: optStr(meta, 'marketplace'),
  }
}

function parseJettonWallet(
  item: unknown,
  path: string,
  assets: ReadonlySet<string>,
): JettonWalletRow {
  const o = readObject(item, path)
  const jettonAddress = address(o, 'jetton_address')
  if (!assets.has(jettonAddress)) {
    throw new SnapshotError({
      path: childPath(path, 'jetton_address'),
      problem: `asset ${jettonAddress} is not in the snapshot`,
    })
  }
  return {
    ownerAddress: address(o, 'owner_address'),
    jettonAddress,
    walletAddress: address(o, 'address'),
  }
}
