import { indexPools } from '../readModel/poolReadModel.js'
import type { AssetRow, FarmRow, PoolRow, RouterRow } from '../rows/referenceRows.js'

/** All reference data, decoded once, with the indexes the reads need. */
export type ReferenceSnapshot = {
  readonly routers: readonly RouterRow[]
  readonly routerByAddress: ReadonlyMap<string, RouterRow>
  readonly assets: readonly AssetRow[]
  readonly assetByAddress: ReadonlyMap<string, AssetRow>
  readonly pools: readonly PoolRow[]
  readonly poolByAddress: ReadonlyMap<string, PoolRow>
  /** Pools by unordered asset pair (see `pairKey`). */
  readonly poolsByPair: ReadonlyMap<string, readonly PoolRow[]>
  readonly farms: readonly FarmRow[]
  readonly farmByAddress: ReadonlyMap<string, FarmRow>
  /** Stored jetton wallets by `owner jetton`. */
  readonly jettonWallets: ReadonlyMap<string, string>
}

/**
 * The reference snapshot of decoded rows, with its indexes: by address, pools by pair, and the
 * stored jetton wallets (`jetton_wallets` rows) by `owner jetton` — the same for both drivers.
 *
 * @example
 * ```ts
 * const snapshot = referenceSnapshot({ routers, assets, pools, farms, jettonWallets: rows })
 * snapshot.poolByAddress.get('EQD…')?.reserve0 // 1000000000n
 * ```
 */
export function referenceSnapshot(p: {
  readonly routers: readonly RouterRow[]
  readonly assets: readonly AssetRow[]
  readonly pools: readonly PoolRow[]
  readonly farms: readonly FarmRow[]
  readonly jettonWallets: readonly Record<string, unknown>[]
}): ReferenceSnapshot {
  const { byAddress: poolByAddress, byPair: poolsByPair } = indexPools(p.pools)
  const jettonWallets = new Map<string, string>()
  for (const row of p.jettonWallets) {
    jettonWallets.set(`${row.owner_address} ${row.jetton_address}`, String(row.wallet_address))
  }
  return {
    routers: p.routers,
    routerByAddress: new Map(p.routers.map((r) => [r.address, r])),
    assets: p.assets,
    assetByAddress: new Map(p.assets.map((a) => [a.address, a])),
    pools: p.pools,
    poolByAddress,
    poolsByPair,
    farms: p.farms,
    farmByAddress: new Map(p.farms.map((f) => [f.minterAddress, f])),
    jettonWallets,
  }
}
