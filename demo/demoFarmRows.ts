import { indexedFarmView } from '../service/market/indexedFarms.js'
import type { MarketData } from '../store/rows/MarketData.js'
import type { FarmNftRow, StakeRow } from '../store/rows/walletRows.js'
import type { Store } from '../store/Store.js'

/**
 * The demo's farms and stakes as the REST API derives them from indexed chain state, with the
 * reference rows they stand on (their pools, those pools' routers, assets and router-owned
 * jetton wallets): the part of the service tests' fixture that is no longer hand-written.
 *
 * @example
 * ```ts
 * const rows: DemoFarmRows = await demoFarmRows(store, market)
 * rows.farms.length // 2
 * ```
 */
export type DemoFarmRows = Pick<
  MarketData,
  'routers' | 'assets' | 'pools' | 'jettonWallets' | 'farms' | 'farmNfts' | 'stakes'
>

/** How many swaps the demo that produces `demoFarmFixture()` runs (undated, seeded). */
export const DEMO_FARM_FIXTURE_SWAPS = 40

/**
 * Derives {@link DemoFarmRows} from a store the demo market was built into (`seedDemoMarket`,
 * its farms and staking run through the contracts and indexed) and the market it wrote:
 * `/v1/farms`' rows, every position owner's farm NFTs and every staker's stake, as
 * `indexedFarmView` answers them, and the market rows the farms' pools need. Deterministic for
 * an undated demo (a seeded emulator at a fixed time).
 *
 * @example
 * ```ts
 * await seedDemoMarket(store, { swaps: DEMO_FARM_FIXTURE_SWAPS, onMarket: (m) => { market = m } })
 * const rows = await demoFarmRows(store, market)
 * rows.stakes.length // 3
 * ```
 */
export async function demoFarmRows(store: Store, market: MarketData): Promise<DemoFarmRows> {
  const view = await indexedFarmView(store, undefined)
  const farmOwners = [
    ...new Set((await store.listIndexedFarmPositions()).map((p) => p.ownerAddress)),
  ].sort()
  const farmNfts: FarmNftRow[] = []
  for (const owner of farmOwners) farmNfts.push(...(await view.farmNfts(owner)))
  const stakers = [
    ...new Set((await store.listIndexedStakePositions()).map((p) => p.ownerAddress)),
  ].sort()
  const stakes: StakeRow[] = []
  for (const owner of stakers) {
    const stake = await view.stake(owner)
    if (stake !== undefined) stakes.push(stake)
  }
  const farms = [...view.farms].sort((a, b) => (a.minterAddress < b.minterAddress ? -1 : 1))
  const poolAddresses = new Set(farms.map((f) => f.poolAddress))
  const pools = market.pools.filter((p) => poolAddresses.has(p.address))
  const routerAddresses = new Set(pools.map((p) => p.routerAddress))
  const routers = market.routers.filter((r) => routerAddresses.has(r.address))
  const assetAddresses = new Set([
    ...pools.flatMap((p) => [p.token0Address, p.token1Address]),
    ...farms.flatMap((f) => f.rewards.flatMap((r) => (r.address === null ? [] : [r.address]))),
  ])
  // The native coin's row is the reference market's own.
  const assets = market.assets.filter((a) => a.kind !== 'Ton' && assetAddresses.has(a.address))
  const jettonWallets = market.jettonWallets.filter(
    (w) => routerAddresses.has(w.ownerAddress) && assetAddresses.has(w.jettonAddress),
  )
  return { routers, assets, pools, jettonWallets, farms, farmNfts, stakes }
}
