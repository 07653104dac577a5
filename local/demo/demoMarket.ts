import type { MarketData } from '../../store/rows/MarketData.js'
import type { JettonWalletRow } from '../../store/rows/referenceRows.js'
import { type DemoSymbol, demoAssets } from './demoAssets.js'
import { demoFarms } from './demoFarms.js'
import { demoPools } from './demoPools.js'
import { demoRouters, demoRouterWallet } from './demoRouters.js'
import { demoWallets } from './demoWallets.js'

/**
 * The hand-written reference market (`docs/demo-market.md`): made-up but realistic, fully
 * deterministic. It is the fixture of the service's contract tests, and the source of the
 * reference data (stable and weighted pools, farms, stakes, asset metadata) that `npm start`'s
 * emulated demo market is completed with (`seedDemoMarket`).
 * The native coin, a USD stablecoin and seven jettons; a DEX v1 router and DEX v2 routers 2.1
 * and 2.2 of all four kinds; sixteen pools of every kind; four farms; three wallets with
 * balances, LP positions, farm NFTs, a staking position and referral-fee vaults. Router-owned
 * jetton wallets of every pool token are stored too.
 *
 * @example
 * ```ts
 * const market = demoMarket()
 * market.routers.length // 9
 * market.pools.length // 16
 * ```
 */
export function demoMarket(): MarketData {
  const routers = demoRouters()
  const assets = demoAssets()
  const pools = demoPools(routers)
  const farms = demoFarms(pools)
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
  return { routers, assets, pools, farms, jettonWallets, ...demoWallets(assets, pools, routers) }
}
