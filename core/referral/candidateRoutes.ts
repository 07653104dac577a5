import type { Side } from '../curves/Curve.js'
import type { AssetId } from './assetId.js'
import type { NormalizedPool } from './Market.js'

/** One hop of a candidate route: a pool and the direction it is traded in. */
export type CandidateHop = {
  readonly pool: NormalizedPool
  /** Index of the offered token in the pool: 0 sells token0 (asset0). */
  readonly side: Side
  readonly offerAsset: AssetId
  readonly askAsset: AssetId
}

/**
 * How a route executes:
 * - `direct`: one swap;
 * - `cross_swap`: two DEX v2 pools on the same router, chained by a `cross_swap` payload
 *   inside the router (`docs/contracts.md` §2.11);
 * - `chained`: two swaps on different routers or venues, the first forwarding its output to the
 *   second.
 */
export type RouteMechanism = 'direct' | 'cross_swap' | 'chained'

/** A route a quote considers: one hop, or two hops through a shared asset. */
export type RouteCandidate = {
  readonly hops: readonly CandidateHop[]
  readonly mechanism: RouteMechanism
}

/**
 * Every candidate route from `offerAsset` to `askAsset`: each pool holding both (direct), then
 * each ordered pair of distinct pools linked by a third asset (two hops), in market order.
 *
 * @example
 * ```ts
 * // pools: a (TON/USDT, DEX v1), b (TON/NOT, DEX v2 router R), c (NOT/USDT, DEX v2 router R)
 * candidateRoutes(pools, 'native', usdt).map((r) => [r.hops.map((h) => h.pool.id), r.mechanism])
 * // [[['a'], 'direct'], [['b', 'c'], 'cross_swap']]
 * ```
 */
export function candidateRoutes(
  pools: readonly NormalizedPool[],
  offerAsset: AssetId,
  askAsset: AssetId,
): readonly RouteCandidate[] {
  const routes: RouteCandidate[] = []
  for (const pool of pools) {
    const hop = hopOf(pool, offerAsset)
    if (hop !== undefined && hop.askAsset === askAsset) {
      routes.push({ hops: [hop], mechanism: 'direct' })
    }
  }
  for (const first of pools) {
    const hop1 = hopOf(first, offerAsset)
    if (hop1 === undefined || hop1.askAsset === askAsset) continue
    for (const second of pools) {
      if (second === first) continue
      const hop2 = hopOf(second, hop1.askAsset)
      if (hop2 === undefined || hop2.askAsset !== askAsset) continue
      routes.push({ hops: [hop1, hop2], mechanism: mechanismOf(first, second) })
    }
  }
  return routes
}

function hopOf(pool: NormalizedPool, offerAsset: AssetId): CandidateHop | undefined {
  if (pool.asset0 === offerAsset) return { pool, side: 0, offerAsset, askAsset: pool.asset1 }
  if (pool.asset1 === offerAsset) return { pool, side: 1, offerAsset, askAsset: pool.asset0 }
  return undefined
}

function mechanismOf(first: NormalizedPool, second: NormalizedPool): RouteMechanism {
  const sameRouter =
    first.venue === 'dex_v2' &&
    second.venue === 'dex_v2' &&
    first.router !== undefined &&
    second.router !== undefined &&
    first.router.equals(second.router)
  return sameRouter ? 'cross_swap' : 'chained'
}
