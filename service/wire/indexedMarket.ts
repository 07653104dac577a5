import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import type { IndexedPoolRow } from '../../store/rows/indexerRows.js'
import type { StoreReader } from '../../store/Store.js'

/** Market pools derived from each store's indexed pools, with the data version they were read at. */
const marketPools = new WeakMap<
  StoreReader,
  { readonly version: string; readonly pools: readonly IndexedMarketPool[] }
>()

const TON_ADDRESS = NATIVE_ADDRESS

/** A USD stablecoin the statistics price everything against. */
export type UsdStablecoin = {
  /** Jetton master address, canonical form. */
  readonly address: string
  /** Its decimals (6 for USD₮). */
  readonly decimals: number
}

/** An indexed pool with the assets behind its router wallets. */
export type IndexedMarketPool = IndexedPoolRow & {
  readonly asset0: string
  readonly asset1: string
}

/** Name, symbol and decimals of an asset, from reference data or documented defaults. */
export type AssetMeta = {
  readonly name: string
  readonly symbol: string
  readonly decimals: number
}

/**
 * The indexed market: every pool the indexer tracks (current reserves) with its asset addresses
 * (as the indexer stored them), and a metadata lookup for assets. Metadata comes from
 * the store's reference data; an asset the store does not describe is named by its address,
 * TON is `TON` with 9 decimals, the configured stablecoin has its configured decimals, and any
 * other jetton has the TEP-64 default of 9 decimals.
 *
 * @example
 * ```ts
 * const market = await loadIndexedMarket(store, { address: usdt, decimals: 6 })
 * market.pools[0]?.asset0 // 'EQ…usdt'
 * (await market.meta(usdt)).decimals // 6
 * ```
 */
export async function loadIndexedMarket(store: StoreReader, usd: UsdStablecoin | undefined) {
  // The indexer stores each pool's assets with it: one read for the whole market, mapped once
  // per data version (read first: pools read after a later write are kept under the older
  // version, and read again at the next call, which sees the newer one).
  const version = await store.dataVersion()
  let pools =
    marketPools.get(store)?.version === version ? marketPools.get(store)?.pools : undefined
  if (pools === undefined) {
    pools = (await store.listIndexedPools()).map((pool) => ({
      ...pool,
      asset0: pool.asset0Address,
      asset1: pool.asset1Address,
    }))
    marketPools.set(store, { version, pools })
  }
  const meta = async (address: string): Promise<AssetMeta> => {
    const row = await store.getAsset(address)
    if (row !== undefined) {
      return { name: row.displayName ?? row.symbol, symbol: row.symbol, decimals: row.decimals }
    }
    if (address === TON_ADDRESS) return { name: 'Toncoin', symbol: 'TON', decimals: 9 }
    const decimals = address === usd?.address ? usd.decimals : 9
    return { name: address, symbol: address, decimals }
  }
  return { pools, meta }
}

/**
 * The stablecoin to price against: `configured` when given, else the stored asset whose symbol
 * is `USDT` or `USD₮`, else none (USD values are then reported as `"0"`).
 *
 * @example
 * ```ts
 * await resolveStablecoin(store, undefined) // { address: 'EQCxE6…', decimals: 6 } on the demo
 * ```
 */
export async function resolveStablecoin(
  store: StoreReader,
  configured: UsdStablecoin | undefined,
): Promise<UsdStablecoin | undefined> {
  if (configured !== undefined) return configured
  const row = (await store.listAssets()).find((a) => a.symbol === 'USDT' || a.symbol === 'USD₮')
  return row === undefined ? undefined : { address: row.address, decimals: row.decimals }
}
