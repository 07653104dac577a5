import type { MarketData } from '../store/rows/MarketData.js'
import type { JettonWalletRow } from '../store/rows/referenceRows.js'
import { type DemoSymbol, demoAssets } from './demoAssets.js'
import { demoPools } from './demoPools.js'
import { demoRouters, demoRouterWallet } from './demoRouters.js'
import { demoWallets } from './demoWallets.js'
import { demoFarmFixture } from './fixtures/demoFarmFixture.js'

/**
 * The reference market (`docs/demo-market.md`), fully deterministic: the fixture of the
 * service's contract tests, and the source of the native coin's row `npm start`'s emulated demo
 * market is completed with (`withDemoReference`).
 * Hand-written: the native coin, a USD stablecoin and seven jettons; a DEX v1 router and DEX v2
 * routers 2.1 and 2.2 of all four kinds; sixteen pools of every kind; three wallets with
 * balances, LP positions and referral-fee vaults. Router-owned jetton wallets of every pool
 * token are stored too. Not hand-written: the farms, farm NFTs and stakes, with the pools,
 * router and assets they stand on, are the emulated demo's as the REST API derives them from
 * its indexed chain state (`demoFarmFixture`, generated).
 *
 * @example
 * ```ts
 * const market = demoMarket()
 * market.routers.length // 10
 * market.pools.length // 18
 * ```
 */
export function demoMarket(): MarketData {
  const routers = demoRouters()
  const assets = demoAssets()
  const pools = demoPools(routers)
  const chain = demoFarmFixture()
  const jettonWallets: JettonWalletRow[] = []
  const seen = new Set<string>()
  for (const pool of pools) {
    const router = routers.find((r) => r.address === pool.routerAddress)
    for (const address of [pool.token0Address, pool.token1Address]) {
      const asset = assets.find((a) => a.address === address)
      if (router === undefined || asset === undefined || asset.kind === 'Ton') continue
      const key = `${router.address} ${address}`
      if (seen.has(key)) continue
      seen.add(key)
      jettonWallets.push({
        ownerAddress: router.address,
        jettonAddress: address,
        walletAddress: demoRouterWallet(router, asset.symbol as DemoSymbol),
      })
    }
  }
  const wallets = demoWallets(assets, pools, routers)
  return {
    routers: [...routers, ...chain.routers],
    assets: [...assets, ...chain.assets],
    pools: [...pools, ...chain.pools],
    farms: chain.farms,
    jettonWallets: [...jettonWallets, ...chain.jettonWallets],
    balances: wallets.balances,
    lpPositions: wallets.lpPositions,
    farmNfts: chain.farmNfts,
    stakes: chain.stakes,
    feeVaults: wallets.feeVaults,
  }
}
