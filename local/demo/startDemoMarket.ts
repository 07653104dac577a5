import type { Address, Transaction } from '@ton/core'
import type { LocalDex } from '../../emulator/LocalDex.js'
import { createIndexer, type TransactionBlock } from '../../indexer/ingest/createIndexer.js'
import type { MarketData } from '../../store/rows/MarketData.js'
import type { Store } from '../../store/Store.js'
import { deriveEmulatedMarket, TON_POOL_USDT, withBlocks } from './buildEmulatedMarket.js'
import { demoReferencePath } from './demoHistory.js'
import { withDemoReference } from './demoReferenceData.js'
import { runScenario, type ScenarioResult, type ScenarioWorld, TON_ADDRESS } from './runScenario.js'

/** Options of {@link startDemoMarket}. */
export type StartDemoMarketOptions = {
  /** The exchange the scenario runs on (the live chain's). */
  readonly dex: LocalDex
  /** Runs each part of the scenario (the live chain's `execute`). */
  readonly execute: <T>(job: () => Promise<T>) => Promise<T>
  /** Swaps of the whole scenario (default 1 500). */
  readonly swaps?: number | undefined
  /** Swaps per part: other work runs between parts (default 10). */
  readonly chunk?: number | undefined
  /** Funds more wallets once the world is set up (in `execute`); returns them. */
  readonly fundMore?: ((world: ScenarioWorld) => Promise<readonly Address[]>) | undefined
  /** Progress of the swaps. */
  readonly onProgress?: ((done: number, total: number) => void) | undefined
  /**
   * The live chain's block of a transaction `execute` ran (its number and time go into the
   * index with it); default none.
   */
  readonly blockOf?: ((transaction: Transaction) => TransactionBlock | undefined) | undefined
  /**
   * Dates the history (runScenario's `dated`): the set-up at `from`, the swaps spread over the
   * time to `to`, `onTime` told each part's time before it runs (the chain's history clock
   * follows it); and an arbitrage wallet holds the pools near the demo's reference path
   * (`demoReferencePath`, ending at the reference prices at `to`).
   */
  readonly dated?:
    | {
        readonly from: number
        readonly to: number
        readonly onTime?: ((now: number) => void) | undefined
      }
    | undefined
}

/** What {@link startDemoMarket} answers once the market is listed. */
export type StartedDemoMarket = {
  /** The market written to the store (the base the live refresh overlays). */
  readonly market: MarketData
  /** Resolves when the whole scenario ran (its swaps fill in behind the listed market). */
  readonly done: Promise<ScenarioResult>
}

/**
 * The fast first start of the demo market: runs the scenario's set-up (jettons, routers, pools,
 * provisions) and the funding of `fundMore`, indexes it, writes the market (every pool and every
 * indexed jetton wallet, LP account and vault checked against the emulator's getters; the
 * caller's whole-history check, `deriveEmulatedMarket` once `done`, adds the wallet sweep) and answers — the exchange can list the market now —
 * while the scenario's swaps, burns and withdrawals go on in parts of `chunk` swaps through
 * `execute`, for a live indexer to follow.
 *
 * @example
 * ```ts
 * const { market, done } = await startDemoMarket(store, { dex, execute, swaps: 1500 })
 * market.pools.length // 9 (every DEX v2 kind and DEX v1), listed at once
 * await done // the 1 500 swaps ran
 * ```
 */
export async function startDemoMarket(
  store: Store,
  options: StartDemoMarketOptions,
): Promise<StartedDemoMarket> {
  const { dex } = options
  // The emulator runs synchronously between resolved promises: without a turn of the event
  // loop before each part, no request would be served until the whole history ran.
  const execute = async <T>(job: () => Promise<T>): Promise<T> => {
    await new Promise((resolve) => setImmediate(resolve))
    return options.execute(job)
  }
  const recorded: Transaction[] = []
  const stop = dex.onTransactions((txs) => {
    recorded.push(...txs)
  })
  let listed: (market: MarketData) => void = () => undefined
  let failed: (error: unknown) => void = () => undefined
  const ready = new Promise<MarketData>((resolve, reject) => {
    listed = resolve
    failed = reject
  })
  const done = runScenario(dex, {
    swaps: options.swaps ?? 1500,
    seed: 1,
    tonPoolUsdt: TON_POOL_USDT,
    // Every DEX v2 pool kind: stableswap, weighted constant product, weighted stableswap.
    kinds: true,
    run: execute,
    chunk: options.chunk ?? 10,
    onProgress: options.onProgress,
    dated: options.dated,
    reference:
      options.dated === undefined
        ? undefined
        : demoReferencePath({ to: options.dated.to, tonPoolUsdt: TON_POOL_USDT }),
    afterSetup: async (world) => {
      try {
        const funded = await execute(async () => (await options.fundMore?.(world)) ?? [])
        stop()
        await createIndexer({
          store,
          source: withBlocks(recorded.splice(0), options.blockOf),
          assetOf: world.assetOf,
        }).run()
        const scenario = { ...world, wallets: [...world.wallets, ...funded] }
        // Pools and every indexed account are checked now; the sweep of every wallet × jetton /
        // pool / vault waits for the whole-history check, which ends the fast start.
        const { market, pricesUsd } = await deriveEmulatedMarket(store, dex, scenario, {
          walletSweep: false,
        })
        const wallets = world.wallets.map((w) => w.toString())
        const written = withDemoReference(market, wallets, pricesUsd.get(TON_ADDRESS))
        await store.replaceMarket(written)
        listed(written)
      } catch (error) {
        stop()
        failed(error)
        throw error
      }
    },
  })
  done.catch((error: unknown) => failed(error))
  const market = await ready
  return { market, done }
}
