import { Decimal } from 'decimal.js'
import { formatUsd } from '../service/wire/usdPricing.js'
import { kindParameters, ROUTER_TYPE_OF_KIND } from '../store/readModel/poolReadModel.js'
import type { IndexedPoolRow } from '../store/rows/indexerRows.js'
import type { AssetRow, JettonWalletRow, PoolRow, RouterRow } from '../store/rows/referenceRows.js'
import type { ChainReader } from './chainReader.js'
import { jettonDecimals } from './jettonDecimals.js'
import { type ScenarioWorld, TON_ADDRESS } from './runScenario.js'

/** Reference rows (routers, jetton assets, pools, routers' jetton wallets) of an emulated market. */
export type EmulatedReference = {
  readonly routers: readonly RouterRow[]
  /** The scenario's jettons (the native coin's row is reference data of the caller). */
  readonly assets: readonly AssetRow[]
  readonly pools: readonly PoolRow[]
  readonly jettonWallets: readonly JettonWalletRow[]
}

const JETTON_META: Record<string, { name: string; decimals: number; tags: string[] }> = {
  USDT: {
    name: 'Tether USD (emulated)',
    decimals: jettonDecimals('USDT'),
    tags: ['asset:essential'],
  },
  STON: { name: 'STON (emulated)', decimals: jettonDecimals('STON'), tags: ['asset:popular'] },
  // Minted by the demo's staking minter for every STON lock (demoFarmLife).
  GEMSTON: { name: 'GEMSTON (emulated)', decimals: jettonDecimals('GEMSTON'), tags: [] },
  XTON: {
    name: 'Staked TON (emulated)',
    decimals: jettonDecimals('XTON'),
    tags: ['asset:popular'],
  },
  USDC: {
    name: 'USD Coin (emulated)',
    decimals: jettonDecimals('USDC'),
    tags: ['asset:essential'],
  },
}

/**
 * Builds the reference rows of what the scenario deployed: its routers (with their real pTON
 * wallets; the type is the kind the indexer read off the router's pools, which must be the
 * router's), its jettons (metadata is the only hand-written part: name and decimals), and its pools
 * with the indexer's final state — reserves, supply, fees and the kind parameters (`amp`,
 * `rate`, `w0`) its kind has; TVL and LP price follow from `pricesUsd` (`docs/demo-market.md`).
 *
 * @example
 * ```ts
 * const ref = await emulatedReference(chainReader(dex), scenario, await store.listIndexedPools(), prices)
 * ref.routers.map((r) => r.routerType) // ['ConstantProduct', 'ConstantProduct', 'StableSwap', …]
 * ```
 */
export async function emulatedReference(
  chain: ChainReader,
  scenario: ScenarioWorld,
  indexed: readonly IndexedPoolRow[],
  pricesUsd: ReadonlyMap<string, string>,
): Promise<EmulatedReference> {
  const routers: RouterRow[] = []
  for (const router of scenario.routers) {
    const pton = router.pton
    if (pton === undefined) throw new Error('a demo router has no pTON')
    const v1 = router.dex === 'v1'
    const address = router.address.toString()
    // The router's type is the kind the indexer read off its pools' state-inits.
    const kinds = new Set(indexed.filter((p) => p.routerAddress === address).map((p) => p.kind))
    const [kind = router.kind, ...more] = kinds
    if (more.length > 0 || kind !== router.kind) {
      throw new Error(`indexed pools of router ${address} are ${[...kinds]}, not ${router.kind}`)
    }
    routers.push({
      address,
      majorVersion: v1 ? 1 : 2,
      minorVersion: v1 ? 0 : 2,
      routerType: ROUTER_TYPE_OF_KIND[kind],
      ptonMasterAddress: pton.minter.toString(),
      ptonWalletAddress: (await chain.walletAddress(pton.minter, router.address)).toString(),
      ptonVersion: v1 ? '1.0' : '2.1',
      // The real DEX v1 router no longer creates pools.
      poolCreationEnabled: !v1,
    })
  }
  const assets: AssetRow[] = []
  const decimals = new Map<string, number>([[TON_ADDRESS, 9]])
  for (const asset of scenario.assets) {
    if (asset.kind !== 'jetton') continue
    const meta = JETTON_META[asset.symbol]
    if (meta === undefined) throw new Error(`no metadata for demo jetton ${asset.symbol}`)
    const address = asset.minter.toString()
    decimals.set(address, meta.decimals)
    assets.push({
      ...{ address, symbol: asset.symbol, displayName: meta.name, imageUrl: null },
      ...{ decimals: meta.decimals, kind: 'Jetton', priority: 10, pairPriority: null },
      ...{ deprecated: false, community: false, blacklisted: false, defaultSymbol: false },
      ...{ taxable: false, tags: [...meta.tags, 'asset:liquidity:high'] },
      ...{ dexPriceUsd: pricesUsd.get(address) ?? null, thirdPartyPriceUsd: null },
      ...{ popularityIndex: null, customPayloadApiUri: null, extensions: null, scale: null },
      jettonWalletCode: null,
    })
  }
  const assetOf = (wallet: string) => scenario.assetOf(wallet) ?? wallet
  const pools: PoolRow[] = []
  for (const p of indexed) {
    const local = scenario.pools.find((l) => l.address.toString() === p.address)
    if (local === undefined) continue
    const token0Address = assetOf(p.wallet0)
    const token1Address = assetOf(p.wallet1)
    const usd = (asset: string, reserve: bigint) => {
      const price = pricesUsd.get(asset)
      const scale = decimals.get(asset)
      if (price === undefined || scale === undefined) return undefined
      return new Decimal(reserve.toString()).div(new Decimal(10).pow(scale)).mul(price)
    }
    const usd0 = usd(token0Address, p.reserve0)
    const usd1 = usd(token1Address, p.reserve1)
    const tvl = usd0 !== undefined && usd1 !== undefined ? usd0.add(usd1) : undefined
    const protocolFeeAddress = (await chain.protocolFeeAddress(local))?.toString() ?? TON_ADDRESS
    pools.push({
      ...{ address: p.address, routerAddress: p.routerAddress, token0Address, token1Address },
      ...{ reserve0: p.reserve0, reserve1: p.reserve1, lpTotalSupply: p.totalSupply },
      ...{ lpFee: p.lpFee, protocolFee: p.protocolFee, refFee: p.refFee, protocolFeeAddress },
      collectedToken0ProtocolFee: p.collected0,
      collectedToken1ProtocolFee: p.collected1,
      deprecated: false,
      ...kindParameters(p),
      // TVL and the price of a whole LP token (9 decimals) on the wire's 9 decimals (`formatUsd`).
      lpTotalSupplyUsd: tvl === undefined ? null : formatUsd(tvl),
      lpPriceUsd:
        tvl === undefined || p.totalSupply === 0n
          ? null
          : formatUsd(tvl.div(new Decimal(p.totalSupply.toString()).div(10 ** 9))),
      ...{ apy1d: null, apy7d: null, apy30d: null, volume24hUsd: null, popularityIndex: null },
    })
  }
  const jettonWallets: JettonWalletRow[] = []
  for (const p of scenario.pools) {
    for (const [asset, wallet] of [
      [p.asset0, p.wallet0],
      [p.asset1, p.wallet1],
    ] as const) {
      if (asset.kind !== 'jetton') continue
      const row = {
        ownerAddress: p.router.address.toString(),
        jettonAddress: asset.minter.toString(),
        walletAddress: wallet.toString(),
      }
      if (
        !jettonWallets.some(
          (j) => j.ownerAddress === row.ownerAddress && j.jettonAddress === row.jettonAddress,
        )
      )
        jettonWallets.push(row)
    }
  }
  return { routers, assets, pools, jettonWallets }
}
