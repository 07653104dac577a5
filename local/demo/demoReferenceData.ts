import type { MarketData } from '../../store/rows/MarketData.js'
import { demoMarket } from './demoMarket.js'
import { demoWalletAddress } from './demoWallets.js'

/** The emulated part a demo market is built around (see `buildEmulatedMarket`). */
export type EmulatedPart = Omit<MarketData, 'farms' | 'farmNfts' | 'stakes'>

/**
 * Completes an emulated market with the hand-written reference data the emulator has no
 * equivalent for (`docs/demo-market.md`): the stableswap and weighted routers and pools (the
 * emulator runs constant product only), the assets only they use, farms and their NFTs, and
 * staking positions. The hand-written constant-product routers, pools, balances, LP positions
 * and vaults are dropped: the emulated ones replace them. Farms are re-pointed to the emulated
 * pools (in order), and farm NFTs and stakes of the hand-written wallets alice, bob and carol
 * are given to the first three emulated wallets. `tonPriceUsd` replaces the hand-written TON price.
 * The hand-written DEX v2 routers take the emulated DEX v2 router's pTON v2.1 master (one master
 * for every DEX v2 router, as on chain) and their wallets of it from `ptonWallets`
 * (router → wallet, the master's `get_wallet_address` answers).
 *
 * @example
 * ```ts
 * const market = withDemoReference(emulated.market, ['EQ…alice', 'EQ…bob', 'EQ…carol'], '3.2')
 * market.routers.length // 8 (DEX v1 + DEX v2 2.2 emulated, six stable/weighted routers)
 * ```
 */
export function withDemoReference(
  emulated: EmulatedPart,
  wallets: readonly string[],
  tonPriceUsd: string | undefined,
  ptonWallets: ReadonlyMap<string, string> = new Map(),
): MarketData {
  const reference = demoMarket()
  const ptonV2 = emulated.routers.find((r) => r.majorVersion === 2)?.ptonMasterAddress
  const routers = reference.routers
    .filter((r) => r.routerType !== 'ConstantProduct')
    .map((r) => {
      const wallet = ptonWallets.get(r.address)
      if (r.majorVersion !== 2 || ptonV2 === undefined || wallet === undefined) return r
      return { ...r, ptonMasterAddress: ptonV2, ptonWalletAddress: wallet }
    })
  const kept = new Set(routers.map((r) => r.address))
  const pools = reference.pools.filter((p) => kept.has(p.routerAddress))
  const emulatedAssets = new Set(emulated.assets.map((a) => a.address))
  const assets = reference.assets
    .filter((a) => !emulatedAssets.has(a.address))
    .map((a) =>
      a.kind === 'Ton' && tonPriceUsd !== undefined ? { ...a, dexPriceUsd: tonPriceUsd } : a,
    )
  const targets = emulated.pools
  if (targets.length === 0) throw new Error('the emulated market has no pools')
  const farms = reference.farms.map((farm, i) => ({
    ...farm,
    poolAddress: targets[i % targets.length]?.address ?? farm.poolAddress,
  }))
  const owners = new Map<string, string>()
  for (const [i, name] of (['alice', 'bob', 'carol'] as const).entries()) {
    const to = wallets[i]
    if (to !== undefined) owners.set(demoWalletAddress(name), to)
  }
  const owner = (address: string) => owners.get(address) ?? address
  return {
    routers: [...emulated.routers, ...routers],
    assets: [...assets, ...emulated.assets],
    pools: [...emulated.pools, ...pools],
    farms,
    jettonWallets: [
      ...emulated.jettonWallets,
      ...reference.jettonWallets.filter((j) => kept.has(j.ownerAddress)),
    ],
    balances: emulated.balances,
    lpPositions: emulated.lpPositions,
    farmNfts: reference.farmNfts.map((n) => ({ ...n, ownerAddress: owner(n.ownerAddress) })),
    stakes: reference.stakes.map((s) => ({ ...s, walletAddress: owner(s.walletAddress) })),
    feeVaults: emulated.feeVaults,
  }
}
