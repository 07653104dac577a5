import type { MarketData } from '../store/rows/MarketData.js'
import type { Store } from '../store/Store.js'
import { type BuildEmulatedMarketOptions, buildEmulatedMarket } from './buildEmulatedMarket.js'
import { demoMarket } from './demoMarket.js'
import { withDemoReference } from './demoReferenceData.js'
import { TON_ADDRESS } from './runScenario.js'

/**
 * Options of {@link seedDemoMarket}: the scenario's size and progress, and where it runs (by
 * default a fresh emulator; the local exchange passes its live chain's exchange and `execute`).
 */
export type SeedDemoOptions = Pick<
  BuildEmulatedMarketOptions,
  'swaps' | 'onProgress' | 'dex' | 'execute' | 'fundMore' | 'blockOf' | 'dated' | 'chunk'
> & {
  /**
   * Receives the market before it is written to the store, and is awaited: what it stores
   * beside the market (the live chain's snapshot, the market base) is in place before the store
   * stops being empty, the mark of a whole first build.
   */
  readonly onMarket?: ((market: MarketData) => void | Promise<void>) | undefined
}

/**
 * Builds the demo market into an empty store and returns whether it did (false when the store
 * already holds a market). The market is real emulator history: the scripted scenario runs
 * through a fresh emulator, every transaction is indexed into `store`, and the routers, pools,
 * assets, balances, LP positions and referral vaults the scenario left are written (pools of
 * every DEX v2 kind included); its farms and STON staking run through the contracts too and
 * are indexed (`demoFarmLife`, `docs/demo-market.md`).
 *
 * @example
 * ```ts
 * await seedDemoMarket(store, { swaps: 500 }) // true on a new database, false afterwards
 * ```
 */
export async function seedDemoMarket(
  store: Store,
  options: SeedDemoOptions = {},
): Promise<boolean> {
  if (!(await store.isEmpty())) return false
  const { market, pricesUsd } = await buildEmulatedMarket(store, options)
  const written = withDemoReference(market, pricesUsd.get(TON_ADDRESS))
  await options.onMarket?.(written)
  await store.replaceMarket(written)
  return true
}

/**
 * Stores the hand-written reference market (`demoMarket()`, the fixture of the service's
 * contract tests) if the store holds no market yet; returns whether it did.
 *
 * @example
 * ```ts
 * await seedReferenceMarket(store) // true on a new database, false afterwards
 * ```
 */
export async function seedReferenceMarket(store: Store): Promise<boolean> {
  if (!(await store.isEmpty())) return false
  await store.replaceMarket(demoMarket())
  return true
}
