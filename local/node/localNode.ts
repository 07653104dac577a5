import { existsSync, renameSync, rmSync } from 'node:fs'
import { type Address, type Transaction, toNano } from '@ton/core'
import { type ChainJournal, MemoryChainJournal } from '../../chain/ChainJournal.js'
import { PostgresChainJournal } from '../../chain/journal/PostgresChainJournal.js'
import { SqliteChainJournal } from '../../chain/journal/SqliteChainJournal.js'
import { LiveChain } from '../../chain/LiveChain.js'
import { type TestWallet, testWallets } from '../../chain/wallets/testWallets.js'
import { DAY_SECONDS, DEMO_HISTORY_DAYS, HistoryClock } from '../../demo/demoHistory.js'
import { jettonDecimals } from '../../demo/jettonDecimals.js'
import type { ScenarioWorld } from '../../demo/runScenario.js'
import {
  type SeedDemoOptions,
  seedDemoMarket,
  seedReferenceMarket,
} from '../../demo/seedDemoMarket.js'
import { createLocalDex } from '../../emulator/createLocalDex.js'
import type { LocalDex } from '../../emulator/LocalDex.js'
import type { TransactionBlock } from '../../indexer/ingest/createIndexer.js'
import { createService } from '../../service/createService.js'
import { createPostgresStore } from '../../store/postgres/createPostgresStore.js'
import type { MarketData } from '../../store/rows/MarketData.js'
import type { Store } from '../../store/Store.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'
import { contractLayoutRecorder, liveGetMethodRunner } from '../contractLayoutRecorder.js'
import { faucet } from '../faucet.js'
import { liveChainReader } from '../liveChainReader.js'
import { startLiveIndexer } from '../liveIndexer.js'
import { liveMarketRefresh, parseMarket, stringifyMarket } from '../liveMarket.js'
import type { LocalStatus } from '../localRoutes.js'
import type { WithOperations } from '../operations/withOperations.js'
import { progressBar } from '../progressBar.js'
import { routerAssets } from '../routerAssets.js'
import type { ServeOptions } from '../serveOptions.js'
import { restartableIndex } from './chainPlugins.js'
import type { NodeLive, NodeParts } from './NodePlugin.js'

/** Options of the local exchange's node (`startLocalExchange`, `npm start`). */
export type LocalNodeOptions = ServeOptions & {
  /**
   * `'scenario'` (default): build the demo market from a scenario run through the live chain;
   * `'reference'`: the hand-written reference market (fast; what the contract tests use; the
   * chain then holds only the funded test wallets).
   */
  readonly demo?: 'scenario' | 'reference' | undefined
  /** Where the demo build draws its progress bar (none when absent). */
  readonly progress?: NodeJS.WriteStream | undefined
  /**
   * A dated first start (what `npm start` does): on a new database the demo is built as the
   * history of the {@link DEMO_HISTORY_DAYS} days before the first start (the set-up 30 days
   * ago, the swaps spread over the month, the arbitrage wallet holding the reference prices)
   * before the server listens, in the database itself (an interrupted build is started over at
   * the next start); from the first answer on the chain runs on the wall clock. Default false:
   * the demo is built undated (every block at the chain's time), in `<db>.building`, renamed
   * when whole.
   */
  readonly datedHistory?: boolean | undefined
  /** Logs, metrics, `/healthz`, `/readyz` and the drain of an operator's node (`docs/operations.md`). */
  readonly operations?: WithOperations['operations']
}

/**
 * What the local exchange's node keeps for its caller.
 *
 * @example
 * ```ts
 * const extra: LocalNodeExtra = { seeded: true, wallets }
 * ```
 */
export type LocalNodeExtra = {
  /** Whether the demo market was seeded into an empty database now. */
  readonly seeded: boolean
  /** The funded test wallets (none over a snapshot database). LOCAL USE ONLY. */
  readonly wallets: readonly TestWallet[]
}

/** TON each test wallet gets at genesis. */
const WALLET_TON = toNano('100000')
/** Whole tokens of every demo jetton each test wallet gets at genesis. */
const WALLET_TOKENS = 1_000_000n
/**
 * Swaps of the dated demo history by default: sized so that `npm start` on an empty database
 * answers within 10 s on two cores (`--demo-swaps` builds a larger one, before listening too).
 *
 * @example
 * ```ts
 * await startLocalExchange({ dbPath, host, port, datedHistory: true }) // DATED_DEMO_SWAPS (60) swaps
 * ```
 */
export const DATED_DEMO_SWAPS = 60
/** The emulator seed of the local chain (its TVM random seed). */
const CHAIN_SEED = 'ton-dex-lab demo market'

/**
 * Opens the local exchange's parts over one database (a SQLite file, or PostgreSQL with
 * `databaseUrl`): the store, the REST API, and — unless the database is a snapshot (`ton-dex-lab
 * import`) — the live chain journaled in it, the demo built on a new database (undated in
 * `<db>.building`, renamed when whole; or dated, in the database itself), and the live index.
 *
 * @example
 * ```ts
 * const parts = await openLocalNode({ dbPath: ':memory:', host: '127.0.0.1', port: 0, demo: 'reference' })
 * parts.extra.wallets.length // 5
 * ```
 */
export async function openLocalNode(options: LocalNodeOptions): Promise<NodeParts<LocalNodeExtra>> {
  const wallets = testWallets() // key derivation runs while the chain opens
  const postgres = options.databaseUrl !== undefined
  const memory = !postgres && (options.dbPath === ':memory:' || options.dbPath === '')
  let seeded = false
  if (!postgres && !memory && !existsSync(options.dbPath) && options.datedHistory !== true) {
    seeded = await buildLocalDatabase(options, wallets)
  }
  const parts = await openParts(options.dbPath, memory, options, wallets)
  return { ...parts, extra: { ...parts.extra, seeded: seeded || parts.extra.seeded } }
}

/**
 * The undated first start's build of a new SQLite database (what {@link openLocalNode} does
 * before it opens one that does not exist): the demo built in `<dbPath>.building`, closed, and
 * renamed to `dbPath` when whole. Returns whether the demo was seeded. The test suite builds one
 * such file per demo size and starts its exchanges on copies of it.
 *
 * @example
 * ```ts
 * await buildLocalDatabase({ dbPath: '/tmp/demo.sqlite', host: '127.0.0.1', port: 0, demoSwaps: 2 }) // true
 * ```
 */
export async function buildLocalDatabase(
  options: LocalNodeOptions,
  wallets: Promise<readonly TestWallet[]> = testWallets(),
): Promise<boolean> {
  const building = `${options.dbPath}.building`
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${building}${suffix}`, { force: true })
  const parts = await openParts(building, false, options, wallets)
  const seeded = parts.extra.seeded
  await parts.close()
  renameSync(building, options.dbPath)
  return seeded
}

/** Opens the store, and the chain with its indexer unless the database is a snapshot. */
async function openParts(
  dbPath: string,
  memory: boolean,
  options: LocalNodeOptions,
  walletsReady: Promise<readonly TestWallet[]>,
): Promise<NodeParts<LocalNodeExtra>> {
  const url = options.databaseUrl
  const opened =
    url === undefined ? createSqliteStore({ path: dbPath }) : await createPostgresStore({ url })
  const ops = options.operations
  const store = ops === undefined ? opened : ops.store(opened)
  const closers: (() => unknown)[] = [() => store.close()]
  const close = async () => {
    for (const closer of closers.splice(0)) await closer()
  }
  let liveChain: LiveChain | undefined
  // Loaded before the chain builds any history: the build holds the event loop for minutes on
  // a long history, and a plugin still loading then runs past Fastify's plugin timeout.
  const app = await createService({
    store,
    cors: options.cors ?? true,
    chain: liveChainReader(() => liveChain),
    server: ops?.server,
    setup: ops?.setup,
  })
  closers.unshift(() => app.close())
  try {
    // The chain's journal lives in the store's database, in tables of the store's migrations.
    const storedJournal =
      url !== undefined
        ? await PostgresChainJournal.open(url)
        : memory
          ? undefined
          : new SqliteChainJournal(dbPath)
    if (storedJournal !== undefined) closers.unshift(() => storedJournal.close())
    const journal: ChainJournal = storedJournal ?? new MemoryChainJournal()
    let hasChain = (await journal.loadSnapshot()) !== undefined
    const empty = await store.isEmpty()
    if (hasChain && empty && storedJournal instanceof PostgresChainJournal) {
      // A first start stopped before its market was listed: nothing was served; start over.
      await storedJournal.clear()
      hasChain = false
    }
    if (!hasChain && !empty) {
      // A snapshot database: the REST API only; `/local/*` and the TON HTTP API answer 503.
      return {
        ...{ store, app, chain: undefined, live: undefined, indexed: async () => undefined },
        status: async () => ({}),
        extra: { seeded: false, wallets: [] },
        close,
      }
    }
    if (hasChain && empty && !memory) {
      // A first start stopped before its market was listed: nothing was served; start over.
      await close()
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbPath}${suffix}`, { force: true })
      return openParts(dbPath, memory, options, walletsReady)
    }

    // The local exchange is a process of its own: it takes the emulator's process-wide speed-ups.
    const dex = await createLocalDex({ seed: CHAIN_SEED, fastCells: true })
    // The dated first start writes the demo as the history of the 30 days before it: the
    // chain's clock reads the history's time until it is written, then the wall clock.
    const firstStart = Math.floor(Date.now() / 1000)
    const dated =
      empty && !hasChain && options.datedHistory === true && options.demo !== 'reference'
        ? { from: firstStart - DEMO_HISTORY_DAYS * DAY_SECONDS, to: firstStart }
        : undefined
    const clock = dated === undefined ? undefined : new HistoryClock(dated.from)
    const chain = await LiveChain.open({
      blockchain: dex.blockchain,
      journal,
      ...(clock === undefined ? {} : { clock: () => clock.now() }),
    })
    liveChain = chain
    closers.unshift(() => chain.close())
    // The demo build indexes what it ran itself: it finds each transaction's block here (the
    // live indexer takes every block after it from the chain's stream).
    const demoBlocks = new Map<string, TransactionBlock>()
    const stopDemoBlocks = chain.onBlock((block) => {
      const at = { seqno: block.seqno, now: block.now }
      for (const tx of block.transactions) demoBlocks.set(tx.hash().toString('hex'), at)
    })
    const blockOf = (tx: Transaction) => demoBlocks.get(tx.hash().toString('hex'))
    const wallets = await walletsReady
    let base: MarketData | undefined
    const keepBase = async (market: MarketData) => {
      base = market
      // A whole first build: the chain's state and the market base are stored before the
      // market makes the store non-empty (an interrupted build is started over).
      await chain.checkpoint()
      await storedJournal?.saveMarketBase(stringifyMarket(market))
    }
    let seeded = false
    if (empty) {
      const history =
        dated === undefined || clock === undefined
          ? undefined
          : { ...dated, onTime: (now: number) => clock.advance(now) }
      seeded = await seed(store, chain, dex, wallets, options, keepBase, blockOf, history)
    } else {
      const saved = await storedJournal?.loadMarketBase()
      base = saved === undefined ? undefined : parseMarket(saved)
    }
    // Written: the chain's clock is the wall clock from now on.
    clock?.handOver()
    stopDemoBlocks()
    demoBlocks.clear()
    const assetOf = await routerAssets(store)
    // The demo market follows the chain; the hand-written reference market stays as written.
    const refresh = base === undefined ? undefined : liveMarketRefresh({ store, chain, base })
    // What replicas derive addresses from (wallet and pool layouts), found on this chain.
    const layouts = contractLayoutRecorder({
      store,
      run: liveGetMethodRunner(() => chain),
      onError: (address, error) => console.error(`no layout of ${address} yet:`, error),
    })
    // Its write in flight ends before the store closes (the last closer), after the indexer's.
    closers.splice(closers.length - 1, 0, () => layouts.close())
    // A revert to a snapshot stops the indexer and starts a new one at the restored cursor.
    const index = await restartableIndex(chain, () =>
      startLiveIndexer({
        chain,
        store,
        assetOf,
        afterBatch: async () => {
          await refresh?.()
          layouts.record().catch(() => undefined)
        },
        onError: (error) => console.error('indexing stopped (the chain goes on):', error),
      }),
    )
    const { indexed } = index.indexer
    // Stop the chain first (no new blocks), then let the indexer take the last ones.
    closers.splice(1, 0, () => index.indexer.close())
    await layouts.record().catch((error) => console.error('recording layouts:', error))
    // The market as the chain left it (its activity, what was created on it), before serving.
    await refresh?.()
    const live: NodeLive = {
      chain,
      index,
      funds: {
        wallets,
        async faucet(request) {
          const receipt = await faucet({ chain, dex, store }, request)
          // Answer once the REST API shows it.
          await indexed(Math.max(0, ...receipt.blocks))
          return receipt
        },
      },
      refresh: async () => {
        await refresh?.()
      },
      // The demo history is whole before the server listens.
      building: () => false,
    }
    // The venue minters the demo deployed and the index follows, for `/local/status`.
    const venueMinters = await store.listIndexedVenueMinters()
    const status = async (): Promise<LocalStatus> => {
      const head = chain.head
      const [farms, stakings] = await Promise.all([
        store.listIndexedFarms(),
        store.listIndexedStakings(),
      ])
      return {
        mode: 'live',
        // The demo is whole before the server listens.
        state: 'ready',
        chain: { seqno: head.seqno, time: chain.time, transactions: chain.transactionCount },
        index: { seqno: index.indexer.indexedSeqno },
        venue_minters: venueMinters,
        farm_minters: farms.map((f) => f.address),
        staking_minters: stakings.map((s) => s.address),
      }
    }
    return { store, app, chain, live, indexed, status, extra: { seeded, wallets }, close }
  } catch (error) {
    await close()
    throw error
  }
}

/** Builds the demo into an empty store through the chain, and funds the test wallets. */
async function seed(
  store: Store,
  chain: LiveChain,
  dex: LocalDex,
  wallets: readonly TestWallet[],
  options: LocalNodeOptions,
  onMarket: (market: MarketData) => Promise<void>,
  blockOf: (tx: Transaction) => TransactionBlock | undefined,
  dated: SeedDemoOptions['dated'],
): Promise<boolean> {
  const execute = async <T>(job: () => Promise<T>): Promise<T> => (await chain.execute(job)).result
  if (options.demo === 'reference') {
    await execute(async () => {
      for (const w of wallets)
        await dex.admin.send({ to: w.address, value: WALLET_TON, bounce: false })
    })
    return seedReferenceMarket(store)
  }
  const bar = options.progress === undefined ? undefined : progressBar(options.progress)
  const started = performance.now()
  const seeded = await seedDemoMarket(store, {
    swaps: options.demoSwaps ?? (dated === undefined ? undefined : DATED_DEMO_SWAPS),
    dated,
    blockOf,
    dex,
    execute,
    onMarket,
    fundMore: (world) => fundTestWallets(dex, wallets, world),
    onProgress: (phase, done, total) =>
      bar?.update(phase === 'emulate' ? 'demo: emulating swaps' : 'demo: indexing', done, total),
  })
  if (seeded) {
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    bar?.done(
      dated === undefined
        ? `demo market built on the local chain in ${seconds} s`
        : `demo history of the ${DEMO_HISTORY_DAYS} days before this first start built on the local chain in ${seconds} s`,
    )
  }
  return seeded
}

/** Gives every test wallet its TON and every jetton of the demo world; returns their addresses. */
async function fundTestWallets(
  dex: LocalDex,
  wallets: readonly TestWallet[],
  world: ScenarioWorld,
): Promise<readonly Address[]> {
  for (const w of wallets) {
    await dex.admin.send({ to: w.address, value: WALLET_TON, bounce: false })
    for (const asset of world.assets) {
      if (asset.kind !== 'jetton') continue
      const decimals = BigInt(jettonDecimals(asset.symbol))
      await dex.mint(asset, w.address, WALLET_TOKENS * 10n ** decimals)
    }
  }
  return wallets.map((w) => w.address)
}
