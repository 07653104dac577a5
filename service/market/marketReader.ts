import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import type { AssetRow, FarmRow, PoolRow, RouterRow } from '../../store/rows/referenceRows.js'
import type { StakeTotals } from '../../store/rows/statsRows.js'
import type { FarmNftRow, StakeRow, WalletBalanceRow } from '../../store/rows/walletRows.js'
import type { StoreReader } from '../../store/Store.js'
import type { ChainReader } from '../chain/ChainReader.js'
import { NotFoundError } from '../errors/NotFoundError.js'
import type { UsdStablecoin } from '../wire/indexedMarket.js'
import { type IndexedFarmView, indexedFarmView } from './indexedFarms.js'
import { dexOf } from './poolState.js'
import { indexedPoolYields, type PoolYield, withYield } from './poolYields.js'

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
 *
 * Pools the indexer tracks are read with the figures of their indexed history
 * (`lp_total_supply_usd`, `lp_price_usd`, `apy_1d`, `apy_7d`, `apy_30d`, `volume_24h_usd`; see
 * {@link indexedPoolYields}), priced against `usdStablecoin` (default: the stored USDT). The yields are recomputed when the
 * newest indexed transaction changes (asked of the store on every read, so a swap shows at once).
 */
export function createMarketReader(
  store: StoreReader,
  usdStablecoin?: UsdStablecoin,
  chain?: ChainReader,
) {
  let cached: { key: string; yields: Promise<ReadonlyMap<string, PoolYield>> } | undefined
  /** The yields of the history as it is now: computed again only once history grew. */
  const yields = async (): Promise<ReadonlyMap<string, PoolYield>> => {
    const [newest] = await store.listIndexedTransactions({ limit: 1 })
    const key = newest === undefined ? '' : `${newest.lt}:${newest.hash}`
    if (cached?.key !== key) {
      const computing = indexedPoolYields(store, usdStablecoin)
      cached = { key, yields: computing }
      // A failed computation is not kept.
      computing.catch(() => {
        if (cached?.yields === computing) cached = undefined
      })
    }
    return cached.yields
  }
  let farmCache: { version: string; view: Promise<IndexedFarmView> } | undefined
  /** The indexed farms and stakes as of the store's data version (derived once per version). */
  const farmView = async (): Promise<IndexedFarmView> => {
    const version = await store.dataVersion()
    if (farmCache?.version !== version) {
      const view = indexedFarmView(store, usdStablecoin)
      farmCache = { version, view }
      view.catch(() => {
        if (farmCache?.view === view) farmCache = undefined
      })
    }
    return farmCache.view
  }
  return {
    store,
    /**
     * Every farm: the followed farm minters' from indexed chain state (`indexedFarmView`), then
     * the stored ones (an imported snapshot's) they do not replace, by minter address.
     */
    async farms(): Promise<readonly FarmRow[]> {
      const indexed = (await farmView()).farms
      const known = new Set(indexed.map((f) => f.minterAddress))
      const stored = (await store.listFarms()).filter((f) => !known.has(f.minterAddress))
      return [...indexed, ...stored].sort((a, b) => (a.minterAddress < b.minterAddress ? -1 : 1))
    },

    /** One farm by minter address (indexed first), `undefined` when unknown. */
    async findFarm(address: string): Promise<FarmRow | undefined> {
      const indexed = (await farmView()).farms.find((f) => f.minterAddress === address)
      return indexed ?? (await store.getFarm(address))
    },

    /** A wallet's farm NFTs: its indexed positions and the stored ones of other farms. */
    async farmNfts(owner: string): Promise<readonly FarmNftRow[]> {
      const view = await farmView()
      const indexed = await view.farmNfts(owner)
      const farms = new Set(view.farms.map((f) => f.minterAddress))
      const stored = (await store.listFarmNfts(owner)).filter((n) => !farms.has(n.farmAddress))
      return [...indexed, ...stored]
    },

    /** A wallet's staking position: indexed when the indexer follows a staking minter. */
    async stake(owner: string): Promise<StakeRow | undefined> {
      const view = await farmView()
      const totals = await view.stakeTotals()
      return totals === undefined ? store.getStake(owner) : view.stake(owner)
    },

    /** Staking totals: indexed when the indexer follows a staking minter, else stored. */
    async stakeTotals(): Promise<StakeTotals> {
      return (await (await farmView()).stakeTotals()) ?? store.stakeTotals()
    },

    /** The running chain's answers, when one runs (the local exchange); see {@link ChainReader}. */
    chain,

    /** The configured USD stablecoin, if any (else statistics use the stored USDT). */
    usdStablecoin,

    /** Every stored pool, with the figures of its indexed history where the indexer tracks it. */
    async pools(): Promise<readonly PoolRow[]> {
      const rows = await store.listPools()
      const found = await yields()
      return found.size === 0 ? rows : rows.map((row) => withYield(row, found.get(row.address)))
    },

    /** The pools of a pair (either order), with their indexed yields. */
    async poolsByPair(assetA: string, assetB: string): Promise<readonly PoolRow[]> {
      const rows = await store.listPoolsByPair(assetA, assetB)
      const found = await yields()
      return found.size === 0 ? rows : rows.map((row) => withYield(row, found.get(row.address)))
    },

    /**
     * Every listed asset; where the index follows pools, a jetton's `popularityIndex` is the sum
     * of its pools' (their swaps of the last 7 days), so the busiest assets sort first (the
     * native coin keeps its stored figure).
     */
    async assets(): Promise<readonly AssetRow[]> {
      const rows = await store.listAssets()
      const found = await yields()
      if (![...found.values()].some((y) => y.indexed)) return rows
      const sums = new Map<string, number>()
      for (const pool of await this.pools()) {
        for (const asset of [pool.token0Address, pool.token1Address]) {
          sums.set(asset, (sums.get(asset) ?? 0) + (pool.popularityIndex ?? 0))
        }
      }
      return rows.map((a) =>
        a.kind === 'Ton' ? a : { ...a, popularityIndex: sums.get(a.address) ?? 0 },
      )
    },

    /**
     * A wallet's balances: the store's (its jettons, from the index) — or the chain's where the
     * index cannot know them all (`ChainReader.jettonBalances`) — with the native TON balance
     * the running chain reports now, where one answers.
     */
    async balances(owner: string): Promise<readonly WalletBalanceRow[]> {
      const held = await chain?.jettonBalances?.(owner)
      const rows =
        held === undefined
          ? await store.listBalances(owner)
          : held.map((h) => ({
              walletAddress: owner,
              assetAddress: h.jetton,
              balance: h.balance,
              jettonWalletAddress: h.wallet,
            }))
      const native = await chain?.balance(owner)
      if (native === undefined) return rows
      const others = rows.filter((b) => b.assetAddress !== NATIVE_ADDRESS)
      if (native === 0n) return others
      return [
        {
          walletAddress: owner,
          assetAddress: NATIVE_ADDRESS,
          balance: native,
          jettonWalletAddress: owner,
        },
        ...others,
      ]
    },

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
      return withYield(row, (await yields()).get(address))
    },

    /** One pool with its indexed yields, `undefined` when unknown. */
    async findPool(address: string): Promise<PoolRow | undefined> {
      const row = await store.getPool(address)
      return row === undefined ? undefined : withYield(row, (await yields()).get(address))
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
