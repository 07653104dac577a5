import { Address, type Transaction } from '@ton/core'
import { Decimal } from 'decimal.js'
import type { PoolState } from '../../core/pool/PoolState.js'
import { createLocalDex } from '../../emulator/createLocalDex.js'
import type { LocalDex } from '../../emulator/LocalDex.js'
import {
  createIndexer,
  type IngestStats,
  type SourceTransaction,
  type TransactionBlock,
} from '../../indexer/ingest/createIndexer.js'
import { formatUsd, usdPrices } from '../../service/wire/usdPricing.js'
import type { MarketData } from '../../store/rows/MarketData.js'
import type { Store } from '../../store/Store.js'
import { chainReader } from './chainReader.js'
import { demoRouters } from './demoRouters.js'
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
  /**
   * The live chain's block of a transaction `execute` ran (its number and time go into the
   * index with it); default none.
   */
  readonly blockOf?: ((transaction: Transaction) => TransactionBlock | undefined) | undefined
}

/** The market part the emulator produced (no farms or stakes: the emulator has none). */
export type EmulatedMarket = Omit<MarketData, 'farms' | 'farmNfts' | 'stakes'>

/** What {@link buildEmulatedMarket} produced. */
export type EmulatedMarketResult = {
  readonly market: EmulatedMarket
  /** USD price of each emulated asset (decimal strings), derived from the final pool reserves. */
  readonly pricesUsd: ReadonlyMap<string, string>
  /** The hand-written stable and weighted routers' wallets of the emulated pTON v2.1. */
  readonly ptonWallets: ReadonlyMap<string, string>
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
        // The stable and weighted pools stay out until the indexer reads their storage layout
        // (it reads the constant-product one only): `kinds: true` adds them.
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
    source: withBlocks(recorded, options.blockOf),
    assetOf: scenario.assetOf,
    onBatch: (stats) => options.onProgress?.('index', stats.transactions, total),
  }).run()
  const { market, pricesUsd, ptonWallets } = await deriveEmulatedMarket(store, dex, scenario)
  return { market, pricesUsd, ptonWallets, ingest, scenario: ran }
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
): Promise<{
  readonly market: EmulatedMarket
  readonly pricesUsd: ReadonlyMap<string, string>
  readonly ptonWallets: ReadonlyMap<string, string>
}> {
  const indexed = await store.listIndexedPools()
  const states = new Map<string, PoolState>()
  for (const pool of scenario.pools) {
    const row = indexed.find((p) => p.address === pool.address.toString())
    const onChain = await dex.poolState(pool)
    if (
      row === undefined ||
      row.reserve0 !== onChain.reserve0 ||
      row.reserve1 !== onChain.reserve1 ||
      row.totalSupply !== onChain.totalSupply
    ) {
      throw new Error(
        `indexed state of pool ${pool.address} (${pool.router.kind}) differs from the emulator's: ${row?.reserve0}/${row?.reserve1}/${row?.totalSupply} vs ${onChain.reserve0}/${onChain.reserve1}/${onChain.totalSupply}`,
      )
    }
    states.set(row.address, onChain)
  }
  const usdt = scenario.assets.find((a) => a.kind === 'jetton' && a.symbol === 'USDT')
  if (usdt === undefined) throw new Error('the scenario has no USDT')
  const decimalsOf = (asset: string) =>
    scenario.assets.some(
      (a) =>
        a.kind === 'jetton' &&
        (a.symbol === 'USDT' || a.symbol === 'USDC') &&
        a.minter.toString() === asset,
    )
      ? 6
      : 9
  const assetOf = (wallet: string) => scenario.assetOf(wallet) ?? wallet
  // One price per asset: the REST API's own pricing (`usdPrices`, USD per raw unit through the
  // deepest pool from USDT) on the indexed pools, per whole token, on the wire's 9 decimals.
  const raw = usdPrices(
    indexed.map((p) => ({ ...p, asset0: assetOf(p.wallet0), asset1: assetOf(p.wallet1) })),
    { address: usdt.minter.toString(), decimals: 6 },
  )
  const pricesUsd = new Map(
    [...raw].map(([asset, price]) => [
      asset,
      formatUsd(price.mul(new Decimal(10).pow(decimalsOf(asset)))),
    ]),
  )
  const chain = chainReader(dex)
  // The hand-written stable and weighted routers trade TON through the emulated pTON v2.1 too
  // (one master for every DEX v2 router, as on chain): their wallets are the master's answer.
  const ptonWallets = new Map<string, string>()
  const ptonV2 = scenario.routers.find((r) => r.dex === 'v2')?.pton
  if (ptonV2 !== undefined) {
    for (const router of demoRouters().filter((r) => r.routerType !== 'ConstantProduct')) {
      const wallet = await chain.walletAddress(ptonV2.minter, Address.parse(router.address))
      ptonWallets.set(router.address, wallet.toString())
    }
  }
  const reference = await emulatedReference(chain, scenario, indexed, pricesUsd, states)
  const walletData = await emulatedWalletData(dex, chain, scenario, store, indexed)
  const { userJettonWallets, ...wallets } = walletData
  return {
    market: {
      ...reference,
      ...wallets,
      jettonWallets: [...reference.jettonWallets, ...userJettonWallets],
    },
    pricesUsd,
    ptonWallets,
  }
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
