import type { Address, Transaction } from '@ton/core'
import { Decimal } from 'decimal.js'
import type { PoolState } from '../core/pool/PoolState.js'
import { createLocalDex } from '../emulator/createLocalDex.js'
import type { LocalDex } from '../emulator/LocalDex.js'
import {
  createIndexer,
  type IngestStats,
  type SourceTransaction,
  type TransactionBlock,
} from '../indexer/ingest/createIndexer.js'
import { formatUsd, usdPrices } from '../service/wire/usdPricing.js'
import type { IndexedPoolRow } from '../store/rows/indexerRows.js'
import type { MarketData } from '../store/rows/MarketData.js'
import type { Store } from '../store/Store.js'
import { chainReader } from './chainReader.js'
import { demoFarmLife } from './demoFarmLife.js'
import { demoReferencePath } from './demoHistory.js'
import { demoVenues } from './demoVenues.js'
import { emulatedReference } from './emulatedReference.js'
import { emulatedWalletData } from './emulatedWalletData.js'
import { jettonDecimals } from './jettonDecimals.js'
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
  /**
   * The live chain's block of a transaction `execute` ran (its number and time go into the
   * index with it); default none.
   */
  readonly blockOf?: ((transaction: Transaction) => TransactionBlock | undefined) | undefined
  /**
   * Dates the history (runScenario's `dated`): the set-up at `from`, the swaps spread over the
   * time to `to` by the daily activity pattern, the tail and `fundMore` at `to`; `onTime` hears
   * each part's time before it runs (the live chain's `HistoryClock` follows it). The scenario
   * then runs in parts of `chunk` swaps, one `execute` each after a turn of the event loop (a
   * signal is handled between two parts), and an arbitrage wallet holds the pools near the
   * demo's reference path (`demoReferencePath`, ending at the reference prices at `to`).
   * Default: undated, one `execute`.
   */
  readonly dated?:
    | {
        readonly from: number
        readonly to: number
        readonly onTime?: ((now: number) => void) | undefined
      }
    | undefined
  /** Swaps per part of a dated history (default 10; the arbitrage wallet trades after each). */
  readonly chunk?: number | undefined
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
 * the scenario left on chain: every DEX v2 pool kind (`kinds: true`: constant product,
 * stableswap, weighted constant product, weighted stableswap) beside DEX v1. Pool rows — kind
 * parameters included — come from the indexer's tracked state; jetton balances,
 * LP positions (LP tokens and LP-account amounts) and referral-vault balances come from the
 * indexer's wallet ledger — all derived from transactions alone and checked against the
 * emulator's getters (a mismatch throws). Native TON balances are read from the emulator (no
 * exchange message carries them). Write the rows with `store.replaceMarket` (after adding
 * reference data).
 *
 * @example
 * ```ts
 * const { market, ingest } = await buildEmulatedMarket(store, { swaps: 500 })
 * market.pools.length // 9
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
  // Farms and STON staking live beside the trading, through the contracts.
  const farmLife = demoFarmLife(dex)
  // The referral venues (venue A's fee-vault minter, the escrow minter) beside them too.
  const venues = demoVenues(dex)
  const recorded: Transaction[] = []
  const stop = dex.onTransactions((txs) => {
    recorded.push(...txs)
  })
  let ran: ScenarioResult
  let funded: readonly Address[]
  const scenarioOptions = {
    swaps: options.swaps ?? 1500,
    seed: options.seed ?? 1,
    tonPoolUsdt: TON_POOL_USDT,
    // Every DEX v2 pool kind: stableswap, weighted constant product, weighted stableswap.
    kinds: true,
    onPart: async (world: ScenarioWorld, progress: number) => {
      await farmLife.onPart(world, progress)
      await venues.onPart(world, progress)
    },
    onProgress: (done: number, total: number) => options.onProgress?.('emulate', done, total),
  }
  const { dated } = options
  try {
    if (dated === undefined) {
      ;[ran, funded] = await execute(async () => {
        const result = await runScenario(dex, scenarioOptions)
        return [result, (await options.fundMore?.(result)) ?? []] as const
      })
    } else {
      // The emulator runs synchronously between resolved promises: a turn of the event loop
      // before each part lets a signal (Ctrl-C) be handled during a long history.
      const part = async <T>(job: () => Promise<T>): Promise<T> => {
        await new Promise((resolve) => setImmediate(resolve))
        return execute(job)
      }
      ran = await runScenario(dex, {
        ...scenarioOptions,
        run: part,
        chunk: options.chunk ?? 10,
        dated,
        reference: demoReferencePath({ to: dated.to, tonPoolUsdt: TON_POOL_USDT }),
      })
      const result = ran
      funded = await part(async () => (await options.fundMore?.(result)) ?? [])
    }
  } finally {
    stop()
  }
  // The funded wallets' rows are derived and checked like the scenario's own.
  const scenario: ScenarioResult = {
    ...ran,
    wallets: [...ran.wallets, ...funded],
    assets: [...ran.assets, ...farmLife.assets()],
  }
  const total = recorded.length
  const ingest = await createIndexer({
    store,
    source: withBlocks(recorded, options.blockOf),
    assetOf: scenario.assetOf,
    farmMinters: new Set(farmLife.farmMinters()),
    stakingMinters: new Set(farmLife.stakingMinters()),
    escrowMinters: new Set(venues.escrowMinters()),
    feeVaultMinters: new Set(venues.feeVaultMinters()),
    onBatch: (stats) => options.onProgress?.('index', stats.transactions, total),
  }).run()
  // A dated history is `npm start`'s first start: its pools and every indexed account are
  // checked; the sweep of every wallet × jetton / pool / vault is the undated build's (tests).
  const { market, pricesUsd } = await deriveEmulatedMarket(store, dex, scenario, {
    walletSweep: dated === undefined,
  })
  return { market, pricesUsd, ingest, scenario: ran }
}

/**
 * The market rows of what the scenario left, from the index in `store` (which must hold every
 * transaction so far): pool rows from the indexer's tracked state, prices from the v2 pools
 * with USDT, per-wallet rows from the wallet ledger — each checked against the emulator's
 * getters (a mismatch throws): every pool's reserves, LP supply, fees, collected protocol fees
 * and kind parameters (amp, w0, rate) equal its `get_pool_data`; every indexed jetton wallet,
 * LP account and vault equals its getter; and, unless `options.walletSweep` is false, every
 * scenario wallet × jetton / pool / vault equals `LocalDex`'s answer (nothing missed).
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
  options: { readonly walletSweep?: boolean | undefined } = {},
): Promise<{
  readonly market: EmulatedMarket
  readonly pricesUsd: ReadonlyMap<string, string>
}> {
  const indexed = await store.listIndexedPools()
  for (const pool of scenario.pools) {
    const row = indexed.find((p) => p.address === pool.address.toString())
    const onChain = await dex.poolState(pool)
    const differs = row === undefined ? ['not indexed'] : stateDifferences(row, onChain)
    if (differs.length > 0) {
      throw new Error(
        `indexed state of pool ${pool.address} (${pool.router.kind}) differs from the emulator's: ${differs.join(', ')}`,
      )
    }
  }
  const usdt = scenario.assets.find((a) => a.kind === 'jetton' && a.symbol === 'USDT')
  if (usdt === undefined) throw new Error('the scenario has no USDT')
  const decimalsOf = (asset: string) => {
    const jetton = scenario.assets.find((a) => a.kind === 'jetton' && a.minter.toString() === asset)
    return jetton?.kind === 'jetton' ? jettonDecimals(jetton.symbol) : 9
  }
  const assetOf = (wallet: string) => scenario.assetOf(wallet) ?? wallet
  // One price per asset: the REST API's own pricing (`usdPrices`, USD per raw unit through the
  // deepest pool from USDT) on the indexed pools, per whole token, on the wire's 9 decimals.
  const raw = usdPrices(
    indexed.map((p) => ({ ...p, asset0: assetOf(p.wallet0), asset1: assetOf(p.wallet1) })),
    { address: usdt.minter.toString(), decimals: jettonDecimals('USDT') },
  )
  const pricesUsd = new Map(
    [...raw].map(([asset, price]) => [
      asset,
      formatUsd(price.mul(new Decimal(10).pow(decimalsOf(asset)))),
    ]),
  )
  const chain = chainReader(dex)
  const reference = await emulatedReference(chain, scenario, indexed, pricesUsd)
  const walletData = await emulatedWalletData(
    dex,
    chain,
    scenario,
    store,
    indexed,
    options.walletSweep ?? true,
  )
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

/** Where an indexed pool differs from the emulator's `get_pool_data` (`field indexed≠chain`). */
function stateDifferences(row: IndexedPoolRow, onChain: PoolState): string[] {
  const pairs: [string, unknown, unknown][] = [
    ['kind', row.kind, onChain.kind],
    ['reserve0', row.reserve0, onChain.reserve0],
    ['reserve1', row.reserve1, onChain.reserve1],
    ['totalSupply', row.totalSupply, onChain.totalSupply],
    ['lpFee', row.lpFee, onChain.lpFee],
    ['protocolFee', row.protocolFee, onChain.protocolFee],
    ['collected0', row.collected0, onChain.collectedProtocolFee0],
    ['collected1', row.collected1, onChain.collectedProtocolFee1],
    ['amp', row.amp, onChain.amp],
    ['w0', row.w0, onChain.w0],
    ['rate', row.rate, onChain.rate],
  ]
  return pairs.filter(([, a, b]) => a !== b).map(([name, a, b]) => `${name} ${a}≠${b}`)
}

/**
 * Transactions as an indexer source, each with its block where `blockOf` knows it.
 *
 * @example
 * ```ts
 * createIndexer({ store, source: withBlocks(recorded, (tx) => blocks.get(tx.hash().toString('hex'))) })
 * ```
 */
export function withBlocks(
  transactions: readonly Transaction[],
  blockOf: ((transaction: Transaction) => TransactionBlock | undefined) | undefined,
): readonly SourceTransaction[] {
  if (blockOf === undefined) return transactions
  return transactions.map((transaction) => {
    const block = blockOf(transaction)
    return block === undefined ? transaction : { transaction, block }
  })
}
