import type { AssetRow, PoolRow, RouterRow } from '../../store/rows/referenceRows.js'
import type { Store } from '../../store/Store.js'
import { NotFoundError } from '../errors/NotFoundError.js'
import { dexOf } from './poolState.js'

/**
 * Lookups every route needs, on top of the store: an entity by address or a 404, and the
 * `dex_v2` filter. The store answers `undefined` for unknown keys; these turn that into the
 * service's 404 with the wire name of the parameter.
 *
 * @example
 * ```ts
 * const market = createMarketReader(store)
 * const pool = await market.pool(address, 'pool_address') // or NotFoundError POOL_NOT_FOUND
 * ```
 */
export function createMarketReader(store: Store) {
  return {
    store,

    async router(address: string, field: string): Promise<RouterRow> {
      const row = await store.getRouter(address)
      if (row === undefined) throw new NotFoundError({ code: 'ROUTER_NOT_FOUND', field, address })
      return row
    },

    async asset(address: string, field: string): Promise<AssetRow> {
      const row = await store.getAsset(address)
      if (row === undefined) throw new NotFoundError({ code: 'ASSET_NOT_FOUND', field, address })
      return row
    },

    async pool(address: string, field: string): Promise<PoolRow> {
      const row = await store.getPool(address)
      if (row === undefined) throw new NotFoundError({ code: 'POOL_NOT_FOUND', field, address })
      return row
    },

    /** Routers by address. */
    async routerIndex(): Promise<ReadonlyMap<string, RouterRow>> {
      return new Map((await store.listRouters()).map((r) => [r.address, r]))
    },

    /** Assets by address. */
    async assetIndex(): Promise<ReadonlyMap<string, AssetRow>> {
      return new Map((await store.listAssets()).map((a) => [a.address, a]))
    },
  }
}

/** The lookups of {@link createMarketReader}. */
export type MarketReader = ReturnType<typeof createMarketReader>

/**
 * Whether the `dex_v2` flag admits a router: `true` (the default) admits every router, v1 and
 * v2; `false` admits DEX v1 routers only.
 *
 * @example
 * ```ts
 * admitsRouter({ majorVersion: 2 }, false) // false
 * ```
 */
export function admitsRouter(router: Pick<RouterRow, 'majorVersion'>, dexV2: boolean): boolean {
  return dexV2 || dexOf(router) === 'v1'
}

/**
 * Orders pools as the list endpoints do: most popular first, then by address.
 *
 * @example
 * ```ts
 * pools.sort(byPopularity)
 * ```
 */
export function byPopularity(
  a: { popularityIndex: number | null; address?: string; minterAddress?: string },
  b: { popularityIndex: number | null; address?: string; minterAddress?: string },
): number {
  const pa = a.popularityIndex ?? -1
  const pb = b.popularityIndex ?? -1
  if (pa !== pb) return pb - pa
  const ka = a.address ?? a.minterAddress ?? ''
  const kb = b.address ?? b.minterAddress ?? ''
  return ka < kb ? -1 : ka > kb ? 1 : 0
}
