import { parseDecimal } from '../../core/quote/decimal.js'
import type { AssetRow, PoolRow } from '../../store/rows/referenceRows.js'
import { evaluateCondition } from './condition.js'
import { matchesSearch, type QueryRequest, selectRows } from './queryRequest.js'
import { decimalSortValue, parseSortBy, type SortFields } from './sortBy.js'

/** What a pools query knows about the wallet given as `wallet_address`. */
export type PoolWalletContext = {
  /** Raw balance per asset address. */
  readonly balances: ReadonlyMap<string, bigint>
  /** Pools the wallet holds LP tokens of (or has amounts pending in their LP account). */
  readonly pools: ReadonlySet<string>
}

/** Sortable fields of `pools/query`. */
export const POOL_SORT_FIELDS: SortFields<PoolRow> = {
  popularity_index: (pool) => pool.popularityIndex,
  lp_total_supply_usd: (pool) => decimalSortValue(pool.lpTotalSupplyUsd),
  tvl: (pool) => decimalSortValue(pool.lpTotalSupplyUsd),
  volume_24h_usd: (pool) => decimalSortValue(pool.volume24hUsd),
  apy_1d: (pool) => decimalSortValue(pool.apy1d),
  apy_7d: (pool) => decimalSortValue(pool.apy7d),
  apy_30d: (pool) => decimalSortValue(pool.apy30d),
  lp_price_usd: (pool) => decimalSortValue(pool.lpPriceUsd),
  address: (pool) => pool.address,
}

const FALLBACK = ['popularity_index:desc', 'address:asc']

/** Upper bounds (USD, exclusive) of the `pool:liquidity:*` buckets; INFERRED, see docs/service.md. */
const LIQUIDITY_BUCKETS: readonly [bigint, string][] = [
  [10_000n, 'low'],
  [100_000n, 'medium'],
  [1_000_000n, 'high'],
]

/**
 * The liquidity bucket of a pool by its TVL (`lp_total_supply_usd`): `no` (none or 0),
 * `low` (< 10 000 USD), `medium` (< 100 000), `high` (< 1 000 000), `very_high`.
 *
 * @example
 * ```ts
 * liquidityBucket('767997.6') // 'high'
 * ```
 */
export function liquidityBucket(tvlUsd: string | null): string {
  if (tvlUsd === null) return 'no'
  let tvl: { numerator: bigint; denominator: bigint }
  try {
    tvl = parseDecimal(tvlUsd, 'lp_total_supply_usd')
  } catch {
    return 'no'
  }
  if (tvl.numerator === 0n) return 'no'
  for (const [bound, name] of LIQUIDITY_BUCKETS) {
    if (tvl.numerator < bound * tvl.denominator) return name
  }
  return 'very_high'
}

/**
 * Runs a pools query (`POST /v1/pools/query`, `/v1/pool/query`) over pools already filtered by
 * `dex_v2`. Atoms: `pool:liquidity:<bucket>`, `pool:deprecated`, `pool:wallet_has_liquidity`,
 * and asset atoms, true when EITHER of the pool's assets carries the tag (so
 * `!asset:blacklisted` keeps pools with no blacklisted asset). Search terms match the pool
 * address, an asset address, or an asset's symbol or display name. Unconditional assets keep
 * every pool that holds one of them.
 *
 * @example
 * ```ts
 * queryPools(pools, assetsByAddress, readQueryRequest({ condition: 'pool:liquidity:very_high' }))
 * ```
 */
export function queryPools(
  pools: readonly PoolRow[],
  assets: ReadonlyMap<string, AssetRow>,
  request: QueryRequest,
  wallet?: PoolWalletContext,
): PoolRow[] {
  const unconditional = new Set(request.unconditional)
  const compare = parseSortBy(request.sortBy, POOL_SORT_FIELDS, FALLBACK)
  const assetHas = (address: string, atom: string) => {
    if (atom === 'asset:wallet_has_balance') return (wallet?.balances.get(address) ?? 0n) > 0n
    if (atom === 'asset:wallet_has_liquidity_in_pool') return wallet !== undefined
    return assets.get(address)?.tags.includes(atom) ?? false
  }
  return selectRows(pools, request, {
    passes: (pool, condition) => {
      const bucket = `pool:liquidity:${liquidityBucket(pool.lpTotalSupplyUsd)}`
      return evaluateCondition(condition, (atom) => {
        if (atom.startsWith('pool:')) {
          if (atom === 'pool:wallet_has_liquidity') return wallet?.pools.has(pool.address) ?? false
          if (atom === 'pool:deprecated') return pool.deprecated
          return atom === bucket
        }
        if (atom === 'asset:wallet_has_liquidity_in_pool') {
          return wallet?.pools.has(pool.address) ?? false
        }
        return assetHas(pool.token0Address, atom) || assetHas(pool.token1Address, atom)
      })
    },
    matches: (pool, term) => {
      const a0 = assets.get(pool.token0Address)
      const a1 = assets.get(pool.token1Address)
      return matchesSearch(term, {
        addresses: [pool.address, pool.token0Address, pool.token1Address],
        texts: [
          a0?.symbol ?? null,
          a0?.displayName ?? null,
          a1?.symbol ?? null,
          a1?.displayName ?? null,
        ],
      })
    },
    isUnconditional: (pool) =>
      unconditional.has(pool.token0Address) || unconditional.has(pool.token1Address),
    compare,
  })
}
