import type { PoolKind } from '../../core/pool/PoolState.js'
import {
  kindHasParam,
  ROUTER_TYPE_OF_KIND as PROTOCOL_ROUTER_TYPE_OF_KIND,
} from '../../protocol/dex/poolKinds.js'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import type { IndexedPoolRow } from '../rows/indexerRows.js'
import type { PoolRow, RouterRow } from '../rows/referenceRows.js'

/**
 * The router type (the wire's `router_type`, and the pool's `pool_type`) that makes pools of
 * each kind: `ton-dex-lab/protocol`'s `ROUTER_TYPE_OF_KIND`, derived from its pool-kind table.
 *
 * @example
 * ```ts
 * ROUTER_TYPE_OF_KIND.weighted_stableswap // 'WeightedStableSwap'
 * ```
 */
export const ROUTER_TYPE_OF_KIND = PROTOCOL_ROUTER_TYPE_OF_KIND

/**
 * A pool row's `amp`, `rate` and `w0` as the indexer tracked them, where its kind has them
 * (`null` where it has not: the wire's kind fields of a constant-product pool are null).
 *
 * @example
 * ```ts
 * kindParameters({ ...indexed, kind: 'stableswap', amp: 100n, w0: 0n, rate: 0n })
 * // { amp: 100n, rate: null, w0: null }
 * ```
 */
export function kindParameters(p: Pick<IndexedPoolRow, 'kind' | 'amp' | 'rate' | 'w0'>): {
  amp: bigint | null
  rate: bigint | null
  w0: bigint | null
} {
  const kind: PoolKind = p.kind
  return {
    amp: kindHasParam(kind, 'amp') ? p.amp : null,
    rate: kindHasParam(kind, 'rate') ? p.rate : null,
    w0: kindHasParam(kind, 'w0') ? p.w0 : null,
  }
}

/** What {@link listedPools} reads: the reference data and the indexer's pool states. */
export type PoolReadModelInput = {
  /** Pools of the reference data (a seed, an import, a market built before indexing). */
  readonly reference: readonly PoolRow[]
  /** Every pool state the indexer follows. */
  readonly indexed: readonly IndexedPoolRow[]
  /** The listed routers by address. */
  readonly routers: ReadonlyMap<string, RouterRow>
  /** The listed assets' addresses (the native coin included). */
  readonly assets: ReadonlySet<string>
}

/**
 * The pools the REST API lists, joined at read time from what only the chain can say and what
 * the chain cannot: the indexer's state of a pool (reserves, LP supply, fees, collected protocol
 * fees, protocol fee address, `amp` / `w0` / `rate` of its kind) over its reference row (its
 * deprecation, its figures of a seed or an import), and every pool the indexer follows that the
 * reference data does not name, when it sits on a listed router of its kind (the wire's pool
 * type is its router's) between listed assets — a pool created on the chain is listed as soon as
 * it is indexed. A reference pool the indexer does not follow is listed as written (an imported
 * snapshot). One row per pool, ordered by address.
 *
 * @example
 * ```ts
 * const pools = listedPools({ reference: [], indexed, routers, assets })
 * pools[0].reserve0 // 1_000_000_000_000n (the indexed reserve)
 * ```
 */
export function listedPools(input: PoolReadModelInput): PoolRow[] {
  const byAddress = new Map(input.indexed.map((p) => [p.address, p]))
  const rows: PoolRow[] = []
  const listed = new Set<string>()
  for (const ref of input.reference) {
    listed.add(ref.address)
    const chain = byAddress.get(ref.address)
    rows.push(chain === undefined ? ref : { ...ref, ...chainFields(chain, ref.protocolFeeAddress) })
  }
  for (const p of input.indexed) {
    if (listed.has(p.address)) continue
    const router = input.routers.get(p.routerAddress)
    if (router === undefined || router.routerType !== ROUTER_TYPE_OF_KIND[p.kind]) continue
    if (!input.assets.has(p.asset0Address) || !input.assets.has(p.asset1Address)) continue
    rows.push({
      ...{ address: p.address, routerAddress: p.routerAddress },
      ...{ token0Address: p.asset0Address, token1Address: p.asset1Address },
      ...chainFields(p, null),
      deprecated: false,
      ...{ lpTotalSupplyUsd: null, lpPriceUsd: null, apy1d: null, apy7d: null, apy30d: null },
      ...{ volume24hUsd: null, popularityIndex: null },
    })
  }
  return rows.sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0))
}

/**
 * The pools the indexer follows that {@link listedPools} does not list, each with the reason:
 * a pool on a router that is not listed or of another type, or between assets that are not
 * listed — an asset the node could not name is kept as its router wallet's address, which is
 * no listed asset. The REST API does not list such a pool (`GET /v1/pools/{address}` answers
 * 404 `POOL_NOT_FOUND`: it cannot say what the pool trades); what reads the index says them
 * instead of leaving them out silently (a fork's `/local/status` `unnamed`).
 *
 * @example
 * ```ts
 * unlistedPools({ reference: [], indexed: [{ ...pool, asset0Address: 'EQCSLWJ9…' }], routers, assets })
 * // [{ address: pool.address, why: 'token0 EQCSLWJ9… is not a listed asset (a router wallet whose asset was not named)' }]
 * ```
 */
export function unlistedPools(
  input: PoolReadModelInput,
): { readonly address: string; readonly why: string }[] {
  const referenced = new Set(input.reference.map((p) => p.address))
  const unlisted: { address: string; why: string }[] = []
  for (const p of input.indexed) {
    if (referenced.has(p.address)) continue
    const router = input.routers.get(p.routerAddress)
    let why: string | undefined
    if (router === undefined) why = `its router ${p.routerAddress} is not listed`
    else if (router.routerType !== ROUTER_TYPE_OF_KIND[p.kind]) {
      why = `its kind ${p.kind} is not its router's type ${router.routerType}`
    } else {
      const sides = [
        ['token0', p.asset0Address, p.wallet0],
        ['token1', p.asset1Address, p.wallet1],
      ] as const
      const missing = sides.filter(([, asset]) => !input.assets.has(asset))
      if (missing.length > 0) {
        why = missing
          .map(([side, asset, wallet]) =>
            asset === wallet
              ? `${side} ${asset} is not a listed asset (a router wallet whose asset was not named)`
              : `${side} ${asset} is not a listed asset`,
          )
          .join('; ')
      }
    }
    if (why !== undefined) unlisted.push({ address: p.address, why })
  }
  return unlisted
}

/** The pool row fields the chain says, from the indexer's state. */
function chainFields(p: IndexedPoolRow, fallbackFeeAddress: string | null) {
  return {
    ...{ reserve0: p.reserve0, reserve1: p.reserve1, lpTotalSupply: p.totalSupply },
    ...{ lpFee: p.lpFee, protocolFee: p.protocolFee, refFee: p.refFee },
    collectedToken0ProtocolFee: p.collected0,
    collectedToken1ProtocolFee: p.collected1,
    // addr_none (no collector) is the zero address on the wire, as the reference rows write it.
    protocolFeeAddress: p.protocolFeeAddress ?? fallbackFeeAddress ?? NATIVE_ADDRESS,
    ...kindParameters(p),
  }
}

/**
 * The key of an unordered asset pair.
 *
 * @example
 * ```ts
 * pairKey(a, b) === pairKey(b, a) // true
 * ```
 */
export function pairKey(assetA: string, assetB: string): string {
  return assetA < assetB ? `${assetA} ${assetB}` : `${assetB} ${assetA}`
}

/**
 * The lookups of a pool list: by address, and by unordered asset pair ({@link pairKey}).
 *
 * @example
 * ```ts
 * const { byAddress, byPair } = indexPools(pools)
 * byPair.get(pairKey(usdt, ton))?.length // 2 (a DEX v1 and a DEX v2 pool)
 * ```
 */
export function indexPools(pools: readonly PoolRow[]): {
  readonly byAddress: ReadonlyMap<string, PoolRow>
  readonly byPair: ReadonlyMap<string, readonly PoolRow[]>
} {
  const byPair = new Map<string, PoolRow[]>()
  for (const pool of pools) {
    const key = pairKey(pool.token0Address, pool.token1Address)
    const list = byPair.get(key)
    if (list === undefined) byPair.set(key, [pool])
    else list.push(pool)
  }
  return { byAddress: new Map(pools.map((p) => [p.address, p])), byPair }
}
