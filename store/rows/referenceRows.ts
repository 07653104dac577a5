/**
 * Reference data of the exchange as the store keeps it: routers, assets, pools, farms and
 * known jetton-wallet addresses. Field names follow the REST wire format in camelCase; every
 * token amount is a `bigint` of raw units, every address the bounceable, URL-safe user-friendly
 * form (`EQ…`) the service answers with. USD values, APYs and prices are decimal strings exactly
 * as received (they are reports, never inputs of pool math).
 * @module
 */

import type { RouterType as ProtocolRouterType } from '../../protocol/dex/poolKinds.js'

/**
 * Curve family of a router, as the wire's `router_type` names it (`docs/wire.md` §2.5). Its home
 * is `ton-dex-lab/protocol`'s pool-kind table (`POOL_KIND_FACTS`); this name stays for the store's
 * readers.
 */
export type RouterType = ProtocolRouterType

/**
 * One router contract (`GET /v1/routers/{address}`). A router serves exactly one pool kind.
 *
 * @example
 * ```ts
 * const router: RouterRow = { address: 'EQB3…TiUt', majorVersion: 1, minorVersion: 0,
 *   routerType: 'ConstantProduct', ptonMasterAddress: 'EQCM…fLez', ptonWalletAddress: 'EQAR…6aC',
 *   ptonVersion: '1.0', poolCreationEnabled: false }
 * ```
 */
export interface RouterRow {
  readonly address: string
  /** 1 for DEX v1, 2 for DEX v2. */
  readonly majorVersion: number
  /** 0 for v1; 1 or 2 for v2. */
  readonly minorVersion: number
  readonly routerType: RouterType
  readonly ptonMasterAddress: string
  /** The router's own wallet of the native-coin wrapper. */
  readonly ptonWalletAddress: string
  readonly ptonVersion: string
  readonly poolCreationEnabled: boolean
}

/** Asset kind as the wire names it (`docs/wire.md` §2.1). */
export type AssetKind = 'Ton' | 'Wton' | 'Jetton' | 'NotAnAsset'

/**
 * Every asset kind.
 *
 * @example
 * ```ts
 * ASSET_KINDS.includes('Jetton') // true
 * ```
 */
export const ASSET_KINDS: readonly AssetKind[] = ['Ton', 'Wton', 'Jetton', 'NotAnAsset']

/**
 * One asset (`GET /v1/assets/{address}`): the native coin (the zero address) or a jetton master.
 *
 * @example
 * ```ts
 * asset.symbol // 'USDL'
 * asset.decimals // 6
 * ```
 */
export interface AssetRow {
  /** Jetton master address; the zero address `EQAAAA…M9c` for the native coin. */
  readonly address: string
  readonly symbol: string
  readonly displayName: string | null
  readonly imageUrl: string | null
  readonly decimals: number
  readonly kind: AssetKind
  readonly priority: number
  /** Display priority in the query shape (`pair_priority`); null when unknown. */
  readonly pairPriority: number | null
  readonly deprecated: boolean
  readonly community: boolean
  readonly blacklisted: boolean
  readonly defaultSymbol: boolean
  readonly taxable: boolean
  /** Tags as received, e.g. `['asset:essential', 'asset:liquidity:very_high']`. */
  readonly tags: readonly string[]
  readonly dexPriceUsd: string | null
  readonly thirdPartyPriceUsd: string | null
  readonly popularityIndex: number | null
  readonly customPayloadApiUri: string | null
  readonly extensions: readonly string[] | null
  readonly scale: string | null
  /**
   * Code of the jetton's wallet contract as a base64 bag of cells, when known. With it the
   * service derives any owner's jetton-wallet address (TEP-74 data layout); without it only
   * addresses stored in the jetton-wallet table are known.
   */
  readonly jettonWalletCode: string | null
}

/**
 * One pool (`GET /v1/pools/{address}`). Its kind is its router's `routerType`; `amp`, `rate`
 * and `w0` carry the kind's parameters as the pool's getter reports them (null where the kind
 * has none).
 *
 * @example
 * ```ts
 * pool.reserve0 // 2000000000000000n
 * pool.lpFee // 20n (basis points)
 * ```
 */
export interface PoolRow {
  readonly address: string
  readonly routerAddress: string
  readonly token0Address: string
  readonly token1Address: string
  readonly reserve0: bigint
  readonly reserve1: bigint
  readonly lpTotalSupply: bigint
  /** Basis points. */
  readonly lpFee: bigint
  /** Basis points. */
  readonly protocolFee: bigint
  /** Basis points (DEX v1 referral fee; DEX v2 pools report the v1-style default). */
  readonly refFee: bigint
  readonly protocolFeeAddress: string
  readonly collectedToken0ProtocolFee: bigint
  readonly collectedToken1ProtocolFee: bigint
  readonly deprecated: boolean
  /** Stableswap: plain A; weighted stableswap: 18-decimal fixed point. */
  readonly amp: bigint | null
  /** Weighted stableswap: 18-decimal token ratio. */
  readonly rate: bigint | null
  /** Weighted kinds: 18-decimal weight of token0. */
  readonly w0: bigint | null
  readonly lpTotalSupplyUsd: string | null
  readonly lpPriceUsd: string | null
  readonly apy1d: string | null
  readonly apy7d: string | null
  readonly apy30d: string | null
  readonly volume24hUsd: string | null
  readonly popularityIndex: number | null
}

/** Descriptive metadata of a farm, as the wire's `meta` object. */
export interface FarmMeta {
  readonly image: string | null
  readonly name: string | null
  readonly description: string | null
  readonly socialLinks: readonly string[] | null
  readonly marketplace: string | null
}

/** One reward stream of a farm (`rewards[]`). */
export interface FarmRewardRow {
  readonly index: number
  /** Reward jetton master address. */
  readonly address: string | null
  readonly status: string
  /** Decimal string as received. */
  readonly adminFee: string
  readonly remainingRewards: bigint
  /** Decimal string as received. */
  readonly rewardRate24h: string
  readonly estimatedEndTimestamp: string | null
  readonly rewardsDistributed: boolean
}

/**
 * One farm (`GET /v1/farms/{address}`), keyed by its minter address.
 *
 * @example
 * ```ts
 * farm.status // 'operational'
 * farm.rewards[0].remainingRewards // 250000000000000n
 * ```
 */
export interface FarmRow {
  readonly minterAddress: string
  readonly poolAddress: string
  readonly status: string
  readonly version: string
  readonly minStakeDurationS: bigint
  readonly apy: string | null
  readonly lockedTotalLp: bigint
  readonly lockedTotalLpUsd: string | null
  readonly allRewardsDistributed: boolean
  readonly custodianAddress: string
  readonly ownerAddress: string | null
  readonly createTimestamp: string | null
  readonly meta: FarmMeta | null
  readonly rewards: readonly FarmRewardRow[]
}

/**
 * A known jetton-wallet address: `owner`'s wallet of `jetton` (routers' wallets, users' wallets,
 * or any address captured from `/v1/jetton/{address}/address`).
 *
 * @example
 * ```ts
 * const row: JettonWalletRow = { ownerAddress: routerAddress, jettonAddress: usdl, walletAddress: 'EQ…' }
 * ```
 */
export interface JettonWalletRow {
  readonly ownerAddress: string
  readonly jettonAddress: string
  readonly walletAddress: string
}

/**
 * How a contract's children's addresses are computed without a chain, as the writer found it by
 * matching its own get-method (`docs/store.md`, "What a replica derives, and when it needs `--chain-api`"): for a jetton master,
 * its wallets' storage layout (`tep74`, `stablecoin`, `pton`) and `cells = [wallet code]`; for a
 * DEX v2 router, its pools' layout (`dex-v2-constant-product`) and `cells = [pool code, LP
 * wallet code, LP account code]`. Cells are base64 bags of cells.
 *
 * @example
 * ```ts
 * const row: ContractLayoutRow = { address: 'EQ…usdl', layout: 'tep74', cells: ['te6cck…'] }
 * ```
 */
export type ContractLayoutRow = {
  /** The jetton master or router, canonical. */
  readonly address: string
  readonly layout: string
  readonly cells: readonly string[]
}
