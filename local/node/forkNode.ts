import { Address } from '@ton/core'
import { type ChainJournal, MemoryChainJournal } from '../../chain/ChainJournal.js'
import { type ForkStatus, type OpenedFork, openFork } from '../../chain/fork/openFork.js'
import { SqliteChainJournal } from '../../chain/journal/SqliteChainJournal.js'
import { LiveChain } from '../../chain/LiveChain.js'
import { testWallets } from '../../chain/wallets/testWallets.js'
import type { Unnamed } from '../../indexer/follow/nameRouterWallets.js'
import { getMethodPriorState } from '../../indexer/follow/tonApiPriorState.js'
import { createService } from '../../service/createService.js'
import type { MarketData } from '../../store/rows/MarketData.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'
import { redact } from '../../upstream/redact.js'
import { FORK_FUNDS_NOTE, forkFaucet, fundForkTestWallets } from '../forkFaucet.js'
import {
  adoptForkMarket,
  adoptionNote,
  chainGetMethod,
  forkChainReader,
  forkUnnamed,
} from '../forkMarket.js'
import { LocalExchangeError } from '../LocalExchangeError.js'
import { startLiveIndexer } from '../liveIndexer.js'
import { liveMarketRefresh, parseMarket, stringifyMarket } from '../liveMarket.js'
import { forkStartProgress } from '../operations/progress.js'
import type { WithOperations } from '../operations/withOperations.js'
import { routerAssets } from '../routerAssets.js'
import type { ForkServeOptions, ServeOptions } from '../serveOptions.js'
import { restartableIndex } from './chainPlugins.js'
import type { NodeLive, NodeParts } from './NodePlugin.js'

/** Options of a fork node (`serve --fork`). */
export type ForkNodeOptions = ServeOptions & { readonly fork: ForkServeOptions } & WithOperations

/**
 * What a fork node keeps for its caller.
 *
 * @example
 * ```ts
 * const extra: ForkNodeExtra = { fork } // fork.status().seqno: the pinned block
 * ```
 */
export type ForkNodeExtra = { readonly fork: OpenedFork }

/**
 * `GET /local/status` of a fork node.
 *
 * @example
 * ```ts
 * const status: ForkNodeStatus = { mode: 'fork', state: 'ready',
 *   chain: { seqno: 3, time: 1_764_070_000, transactions: 9 }, index: { seqno: 3 },
 *   fork: { url: 'http://127.0.0.1:8080/api/v2/jsonRPC', seqno: 1532, time: 1_764_064_807,
 *     exact: false, requests: 14, cached_accounts: 9, libraries: 0, missing_libraries: 0,
 *     config: { global_version: 12, emulator_global_version: 13 } },
 *   warning: FORK_KEY_WARNING }
 * ```
 */
export type ForkNodeStatus = {
  readonly mode: 'fork'
  readonly state: 'ready'
  readonly chain: { readonly seqno: number; readonly time: number; readonly transactions: number }
  readonly index: { readonly seqno: number }
  readonly fork: ForkStatus
  /** Always said: a message signed for the fork is valid on the upstream's chain. */
  readonly warning: string
  /**
   * Pools, router wallets and assets the fork could not name from its state, with the reason
   * (`forkUnnamed`); a pool named here is not listed by the REST API.
   */
  readonly unnamed?: readonly Unnamed[]
}

/**
 * What a fork says about keys, in its banner and its status.
 *
 * @example
 * ```ts
 * FORK_KEY_WARNING.startsWith('Use test wallets only') // true
 * ```
 */
export const FORK_KEY_WARNING =
  "Use test wallets only: the fork keeps the upstream's global_id, so a message signed for the fork is valid on the real chain (the fork never forwards it, but whoever sees it can)."

/**
 * Opens a fork's parts (`serve --fork <TON API URL>`): the store (SQLite only: the fork's cache
 * lives in its file), the forked chain (`openFork`: the upstream's state at one pinned block,
 * loaded on first touch and cached; local blocks above it, journaled), the upstream's market
 * adopted at the block on an empty database (`adoptForkMarket`), the test wallets funded on a
 * new fork, the live index of the local blocks, and the REST API. Served by `startNode`, which
 * gives it the TON HTTP API, the test funds and the control API.
 *
 * @example
 * ```ts
 * const parts = await openForkNode({ dbPath: './fork.sqlite', host: '127.0.0.1', port: 0,
 *   fork: { url: 'http://127.0.0.1:8080/api/v2/jsonRPC', rps: Number.POSITIVE_INFINITY } })
 * parts.extra.fork.pin.seqno // 1532
 * ```
 * @throws {LocalExchangeError} `FORK_NEEDS_SQLITE` with `--db postgres://…`.
 * @throws {ForkError} when the upstream cannot be read at start, or the database is another fork.
 */
export async function openForkNode(options: ForkNodeOptions): Promise<NodeParts<ForkNodeExtra>> {
  if (options.databaseUrl !== undefined) {
    throw new LocalExchangeError({
      code: 'FORK_NEEDS_SQLITE',
      message:
        'A fork keeps its cache in a SQLite file: start it with --db <file>, not PostgreSQL.',
    })
  }
  const memory = options.dbPath === ':memory:' || options.dbPath === ''
  const ops = options.operations
  const opened = createSqliteStore({ path: options.dbPath })
  const store = ops === undefined ? opened : ops.store(opened)
  const closers: (() => unknown)[] = [() => store.close()]
  const close = async () => {
    for (const closer of closers.splice(0)) await closer()
  }
  // The first start's loading on the console: requests counted through the client's hook.
  let requests = 0
  let loaded: OpenedFork | undefined
  let step = `${redact(options.fork.url)}: the block and its config`
  const onUpstream = (event: Parameters<NonNullable<typeof ops>['upstream']>[0]) => {
    if (event.type === 'request') requests += 1
    ops?.upstream(event)
  }
  const report =
    options.consoleProgress === undefined
      ? undefined
      : forkStartProgress(options.consoleProgress, () => ({
          step,
          requests,
          accounts: loaded?.storage.stats.loaded ?? 0,
        }))
  try {
    const stored = memory ? undefined : new SqliteChainJournal(options.dbPath)
    if (stored !== undefined) closers.unshift(() => stored.close())
    const journal: ChainJournal = stored ?? new MemoryChainJournal()
    const forked = (await journal.loadSnapshot()) !== undefined
    const fork = await openFork({ ...options.fork, onUpstream }, options.dbPath, { forked })
    closers.push(() => fork.close())
    loaded = fork
    // One line at every start when the upstream's config is newer than the emulator's rules.
    const { warning: versionWarning } = fork.status().config
    if (versionWarning !== undefined) console.error(`fork: ${versionWarning}`)
    step = `the market at block ${fork.pin.seqno}`
    const chain = await LiveChain.open({
      blockchain: fork.blockchain,
      journal,
      clock: fork.clock,
    })
    if (forked) fork.restored()
    closers.unshift(() => chain.close())
    // The upstream's market at the block, once (a database whose index began keeps its own).
    let kept: MarketData | undefined
    const adopted = await adoptForkMarket({
      chain,
      store,
      client: fork.client,
      seed: options.fork.seed,
      missingLibraries: (address) => fork.storage.missingLibrariesOf(Address.parse(address)),
      keepMarket: (market) => {
        kept = market
        stored?.saveMarketBase(stringifyMarket(market))
      },
    })
    // Jettons a dApp creates on the fork are listed from their TEP-64 content, over the market
    // adopted (kept in the database: a restart overlays the same one).
    const saved = kept === undefined ? stored?.loadMarketBase() : undefined
    const base = kept ?? (saved === undefined ? undefined : parseMarket(saved))
    const refresh = base === undefined ? undefined : liveMarketRefresh({ store, chain, base })
    const note = adoptionNote(adopted, {
      origin: fork.client.origin,
      seqno: fork.pin.seqno,
      seed: options.fork.seed?.path,
    })
    if (note !== undefined) console.error(note)
    const wallets = await testWallets()
    step = `the test wallets at block ${fork.pin.seqno}`
    // A new fork gives the test wallets the upstream lacks their TON (local blocks).
    if (!forked) await fundForkTestWallets(chain, wallets)
    report?.stop()
    const assetOf = await routerAssets(store)
    // A revert to a snapshot stops the indexer and starts a new one at the restored cursor.
    const index = await restartableIndex(chain, () =>
      startLiveIndexer({
        chain,
        store,
        assetOf,
        // Users' wallets, LP accounts and vaults that existed at the fork's block hold what
        // their state said when the index meets them (get-methods on the fork, the block before).
        priorState: getMethodPriorState(chainGetMethod(chain)),
        afterBatch: refresh,
        onError: (error) => console.error('indexing stopped (the chain goes on):', error),
      }),
    )
    const { indexed } = index.indexer
    closers.splice(1, 0, () => index.indexer.close())
    // The market as the fork's blocks left it (jettons created on it), before serving.
    await refresh?.()
    const app = await createService({
      store,
      cors: options.cors ?? true,
      chain: forkChainReader(chain, store),
      server: ops?.server,
      setup: ops?.setup,
    })
    closers.unshift(() => app.close())
    // Test funds: balance changes and impersonated mints or transfers, on the fork only.
    const fundFrom = new Map((options.fork.fundFrom ?? []).map((p) => [p.jetton, p.holder]))
    const live: NodeLive = {
      chain,
      index,
      funds: {
        wallets,
        note: FORK_FUNDS_NOTE,
        async faucet(request) {
          const receipt = await forkFaucet({ chain, store, fundFrom }, request)
          // Answer once the REST API shows it.
          await indexed(Math.max(0, ...receipt.blocks))
          return receipt
        },
      },
      refresh: async () => {
        await refresh?.()
      },
      building: () => false,
    }
    const status = async (): Promise<ForkNodeStatus> => ({
      mode: 'fork',
      state: 'ready',
      chain: { seqno: chain.head.seqno, time: chain.time, transactions: chain.transactionCount },
      index: { seqno: index.indexer.indexedSeqno },
      fork: fork.status(),
      warning: FORK_KEY_WARNING,
      unnamed: await forkUnnamed(store, adopted),
    })
    return {
      ...{ store, app, chain, live, indexed, status, history: fork.history },
      extra: { fork },
      close,
    }
  } catch (error) {
    report?.stop()
    await close()
    throw error
  }
}
