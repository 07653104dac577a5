import type { Address, Transaction } from '@ton/core'
import { Decimal } from 'decimal.js'
import { createLocalDex } from '../../emulator/createLocalDex.js'
import type { LocalDex } from '../../emulator/LocalDex.js'
import { createIndexer, type IngestStats } from '../../indexer/ingest/createIndexer.js'
import type { MarketData } from '../../store/rows/MarketData.js'
import type { Store } from '../../store/Store.js'
import { chainReader } from './chainReader.js'
import { emulatedReference } from './emulatedReference.js'
import { emulatedWalletData } from './emulatedWalletData.js'
import { runScenario, type ScenarioResult, type ScenarioWorld } from './runScenario.js'

/** Options of {@link buildEmulatedMarket}. */
export type BuildEmulatedMarketOptions = {
  /** Swaps of the scenario (default 1 500; each costs ~11 emulated transactions). */
  readonly swaps?: number | undefined
  /** Seed of the scenario's choices (default 1). */
  readonly seed?: number | undefined
  /** Progress: phase `emulate` counts swaps, phase `index` counts transactions. */
  readonly onProgress?:
    | ((phase: 'emulate' | 'index', done: number, total: number) => void)
    | undefined
  /** The exchange to run the scenario on (default: a fresh `createLocalDex`). */
  readonly dex?: LocalDex | undefined
  /**
   * Runs the emulating part (the live chain's `execute`, so every message chain is a block);
   * default: runs it directly.
   */
  readonly execute?: (<T>(job: () => Promise<T>) => Promise<T>) | undefined
  /**
   * Runs after the scenario, in the same `execute`: funds more wallets (the test wallets) and
   * returns them, so their rows are derived and checked like the scenario's own.
   */
  readonly fundMore?: ((scenario: ScenarioWorld) => Promise<readonly Address[]>) | undefined
}

/** The market part the emulator produced (no farms or stakes: the emulator has none). */
export type EmulatedMarket = Omit<MarketData, 'farms' | 'farmNfts' | 'stakes'>

/** What {@link buildEmulatedMarket} produced. */
export type EmulatedMarketResult = {
  readonly market: EmulatedMarket
  /** USD price of each emulated asset (decimal strings), derived from the final pool reserves. */
  readonly pricesUsd: ReadonlyMap<string, string>
  readonly ingest: IngestStats
  readonly scenario: ScenarioResult
}

/** First provision of the USDT/TON pools: 320 000 USDT against 100 000 TON (3.2 USD per TON). */
export const TON_POOL_USDT = 320_000n * 10n ** 6n

/**
 * Builds a real market history: runs the scripted scenario ({@link runScenario}) through a fresh
 * emulator, indexes every transaction it produced into `store` (operations, pool states, vault
 * withdrawals, traces, the wallet ledger), and returns the reference and per-wallet rows of what
 * the scenario left on chain. Pool rows come from the indexer's tracked state; jetton balances,
 * LP positions (LP tokens and LP-account amounts) and referral-vault balances come from the
 * indexer's wallet ledger — all derived from transactions alone and checked against the
 * emulator's getters (a mismatch throws). Native TON balances are read from the emulator (no
 * exchange message carries them). Write the rows with `store.replaceMarket` (after adding
 * reference data).
 *
 * @example
 * ```ts
 * const { market, ingest } = await buildEmulatedMarket(store, { swaps: 500 })
 * market.pools.length // 3
 * ingest.operations // 620
 * ```
 */
export async function buildEmulatedMarket(
  store: Store,
  options: BuildEmulatedMarketOptions = {},
): Promise<EmulatedMarketResult> {
  const dex =
    options.dex ?? (await createLocalDex({ seed: 'ton-dex-lab demo market', fastCells: true }))
  const execute = options.execute ?? (<T>(job: () => Promise<T>) => job())
  const recorded: Transaction[] = []
  const stop = dex.onTransactions((txs) => {
    recorded.push(...txs)
  })
  let ran: ScenarioResult
  let funded: readonly Address[]
  try {
    ;[ran, funded] = await execute(async () => {
      const result = await runScenario(dex, {
        swaps: options.swaps ?? 1500,
        seed: options.seed ?? 1,
        tonPoolUsdt: TON_POOL_USDT,
        onProgress: (done, total) => options.onProgress?.('emulate', done, total),
      })
      return [result, (await options.fundMore?.(result)) ?? []] as const
    })
  } finally {
    stop()
  }
  // The funded wallets' rows are derived and checked like the scenario's own.
  const scenario: ScenarioResult = { ...ran, wallets: [...ran.wallets, ...funded] }
  const total = recorded.length
  const ingest = await createIndexer({
    store,
    source: recorded,
    assetOf: scenario.assetOf,
    onBatch: (stats) => options.onProgress?.('index', stats.transactions, total),
  }).run()
  const { market, pricesUsd } = await deriveEmulatedMarket(store, dex, scenario)
  return { market, pricesUsd, ingest, scenario: ran }
}

/**
 * The market rows of what the scenario left, from the index in `store` (which must hold every
 * transaction so far): pool rows from the indexer's tracked state, prices from the v2 pools
 * with USDT, per-wallet rows from the wallet ledger — each checked against the emulator's
 * getters (a mismatch throws).
 *
 * @example
 * ```ts
 * const { market, pricesUsd } = await deriveEmulatedMarket(store, dex, world)
 * pricesUsd.get(TON_ADDRESS) // '3.1822514'
 * ```
 */
export async function deriveEmulatedMarket(
  store: Store,
  dex: LocalDex,
  scenario: ScenarioWorld,
): Promise<{ readonly market: EmulatedMarket; readonly pricesUsd: ReadonlyMap<string, string> }> {
  const indexed = await store.listIndexedPools()
  for (const pool of scenario.pools) {
    const row = indexed.find((p) => p.address === pool.address.toString())
    const onChain = await dex.poolState(pool)
    if (
      row === undefined ||
      row.reserve0 !== onChain.reserve0 ||
      row.reserve1 !== onChain.reserve1 ||
      row.totalSupply !== onChain.totalSupply
    ) {
      throw new Error(`indexed state of pool ${pool.address} differs from the emulator's`)
    }
  }
  const usdt = scenario.assets.find((a) => a.kind === 'jetton' && a.symbol === 'USDT')
  if (usdt === undefined) throw new Error('the scenario has no USDT')
  const usdtAddress = usdt.minter.toString()
  const decimalsOf = (asset: string) => (asset === usdtAddress ? 6 : 9)
  const pricesUsd = new Map<string, string>([[usdtAddress, '1']])
  const assetOf = (wallet: string) => scenario.assetOf(wallet) ?? wallet
  // Price of X = (USDT reserve / 10^6) / (X reserve / 10^decimals) in a v2 X/USDT pool.
  for (const p of indexed.filter((row) => row.dex === 'v2')) {
    const [a0, a1] = [assetOf(p.wallet0), assetOf(p.wallet1)]
    const [other, otherReserve, usdtReserve] =
      a0 === usdtAddress ? [a1, p.reserve1, p.reserve0] : [a0, p.reserve0, p.reserve1]
    if (a0 !== usdtAddress && a1 !== usdtAddress) continue
    const price = new Decimal(usdtReserve.toString())
      .div(10 ** 6)
      .div(new Decimal(otherReserve.toString()).div(new Decimal(10).pow(decimalsOf(other))))
    pricesUsd.set(other, price.toSignificantDigits(8, Decimal.ROUND_HALF_EVEN).toFixed())
  }
  const chain = chainReader(dex)
  const reference = await emulatedReference(chain, scenario, indexed, pricesUsd)
  const walletData = await emulatedWalletData(dex, chain, scenario, store, indexed)
  const { userJettonWallets, ...wallets } = walletData
  return {
    market: {
      ...reference,
      ...wallets,
      jettonWallets: [...reference.jettonWallets, ...userJettonWallets],
    },
    pricesUsd,
  }
}
