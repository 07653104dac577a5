import type { MarketData } from '../store/rows/MarketData.js'
import { demoMarket } from './demoMarket.js'

/** The emulated part a demo market is built around (see `buildEmulatedMarket`). */
export type EmulatedPart = Omit<MarketData, 'farms' | 'farmNfts' | 'stakes'>

/**
 * Completes an emulated market with the one hand-written row the emulator has no equivalent
 * for (`docs/demo-market.md`): the native coin's asset row, at `tonPriceUsd` (DEX and
 * third-party: one price). Everything else — routers of every kind, pools, jettons, balances,
 * LP positions, vaults, and the farms and stakes (`demoFarmLife`, indexed from the chain) — is
 * the emulated market's.
 *
 * @example
 * ```ts
 * const market = withDemoReference(emulated.market, '3.2')
 * market.routers.length // 5 (DEX v1, DEX v2 constant product, stableswap, both weighted kinds)
 * ```
 */
export function withDemoReference(
  emulated: EmulatedPart,
  tonPriceUsd: string | undefined,
): MarketData {
  const reference = demoMarket()
  // The native coin is no invention: its row is the only hand-written asset kept.
  const native = reference.assets
    .filter((a) => a.kind === 'Ton')
    .map((a) =>
      tonPriceUsd === undefined
        ? a
        : { ...a, dexPriceUsd: tonPriceUsd, thirdPartyPriceUsd: tonPriceUsd },
    )
  if (emulated.pools.length === 0) throw new Error('the emulated market has no pools')
  return {
    routers: emulated.routers,
    assets: [...native, ...emulated.assets],
    pools: emulated.pools,
    // Farms and stakes are the chain's, indexed (demoFarmLife): no hand-written rows.
    farms: [],
    jettonWallets: emulated.jettonWallets,
    balances: emulated.balances,
    lpPositions: emulated.lpPositions,
    farmNfts: [],
    stakes: [],
    feeVaults: emulated.feeVaults,
  }
}
