import type { FastifyInstance } from 'fastify'
import { type ChainJournal, MemoryChainJournal } from '../chain/ChainJournal.js'
import { type ForkStatus, type OpenedFork, openFork } from '../chain/fork/openFork.js'
import { SqliteChainJournal } from '../chain/journal/SqliteChainJournal.js'
import { LiveChain } from '../chain/LiveChain.js'
import { tonHttpApi } from '../chain/tonHttpApi/tonHttpApi.js'
import { type TestWallet, testWallets } from '../chain/wallets/testWallets.js'
import { getMethodPriorState } from '../indexer/follow/tonApiPriorState.js'
import { createService } from '../service/createService.js'
import { allowCrossOrigin } from '../service/http/cors.js'
import type { MarketData } from '../store/rows/MarketData.js'
import type { Store } from '../store/Store.js'
import { createSqliteStore } from '../store/sqlite/createSqliteStore.js'
import { blockActions } from './blockActions.js'
import { FORK_FUNDS_NOTE, forkFaucet, fundForkTestWallets } from './forkFaucet.js'
import { adoptForkMarket, adoptionNote, chainGetMethod, forkChainReader } from './forkMarket.js'
import { CHAIN_PATHS, frontServer, listenUrl } from './frontServer.js'
import { LocalExchangeError } from './LocalExchangeError.js'
import { type LiveIndexer, startLiveIndexer } from './liveIndexer.js'
import { liveMarketRefresh, parseMarket, stringifyMarket } from './liveMarket.js'
import { answerLocalErrors, type LocalFunds, registerFundRoutes } from './localRoutes.js'
import { forkCheck } from './operations/health.js'
import { forkStartProgress } from './operations/progress.js'
import type { WithOperations } from './operations/withOperations.js'
import { routerAssets } from './routerAssets.js'
import type { ForkServeOptions, ServeOptions } from './serveOptions.js'

/** A running `serve --fork` node; see {@link startForkNode}. */
export type RunningForkNode = {
  /** The REST service over {@link RunningForkNode.store}. */
  readonly app: FastifyInstance
  readonly store: Store
  /** The forked chain: local blocks on top of the upstream's state at the pinned block. */
  readonly chain: LiveChain
  readonly fork: OpenedFork
  /** Base URL, e.g. `http://127.0.0.1:8082`. */
  readonly url: string
  /** Resolves once block `seqno` of the chain is in the index. */
  indexed(seqno: number): Promise<void>
  /** Stops listening, stores a chain snapshot, and closes the database. */
  close(): Promise<void>
}

/**
 * `GET /local/status` of a fork node.
 *
 * @example
 * ```ts
 * const status: ForkNodeStatus = { mode: 'fork', state: 'ready',
 *   chain: { seqno: 3, time: 1_764_070_000, transactions: 9 }, index: { seqno: 3 },
 *   fork: { url: 'http://127.0.0.1:8080/api/v2/jsonRPC', seqno: 1532, time: 1_764_064_807,
 *     exact: false, requests: 14, cached_accounts: 9, libraries: 0 } }
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
 * Runs a fork of a live chain (`ton-dex-lab serve --fork <TON API URL>`): a local chain whose
 * state is the upstream's at one pinned masterchain block, each account (and every library
 * its code or data references) loaded on first touch and cached in the database's SQLite file,
 * the config the upstream's at that block; local blocks continue above it. Messages sent to
 * its TON HTTP API (`sendBoc`) execute locally only — never forwarded upstream. The REST API
 * lists the upstream's STON.fi market as it was at the block: on an empty database the routers,
 * assets and pool list come from `--fork-seed` (`ton-dex-lab import`'s format; assets it leaves
 * out are named from their jetton's on-chain TEP-64 content) or else from the upstream's own
 * REST API (a ton-dex-lab), and every pool's state — reserves, LP supply, fees, `amp` / `w0` /
 * `rate` — and the routers' jetton wallets are adopted from get-methods run on the forked state
 * at the block (see `adoptForkMarket`); the indexer then follows the local blocks, so a swap on
 * the fork moves its pools in the REST API. A restart keeps what the database holds (nothing is
 * adopted twice). `GET /local/status` says `{ mode: 'fork', fork: { url, seqno, time, exact,
 * requests, cached_accounts, libraries } }`. SQLite only.
 *
 * @example
 * ```ts
 * const node = await startForkNode({ dbPath: './fork.sqlite', host: '127.0.0.1', port: 0,
 *   fork: { url: 'http://127.0.0.1:8080/api/v2/jsonRPC', rps: Number.POSITIVE_INFINITY } })
 * await fetch(`${node.url}/api/v2/getAddressInformation?address=EQ…`) // the upstream's account at the block
 * await fetch(`${node.url}/v1/pools`) // the upstream's pools, their reserves at the block
 * await node.close()
 * ```
 * @throws {LocalExchangeError} `FORK_NEEDS_SQLITE` with `--db postgres://…`.
 * @throws {ForkError} when the upstream cannot be read at start, or the database is another fork.
 */
export async function startForkNode(
  options: ServeOptions & { readonly fork: ForkServeOptions } & WithOperations,
): Promise<RunningForkNode> {
  const ops = options.operations
  if (options.databaseUrl !== undefined) {
    throw new LocalExchangeError({
      code: 'FORK_NEEDS_SQLITE',
      message:
        'A fork keeps its cache in a SQLite file: start it with --db <file>, not PostgreSQL.',
    })
  }
  const memory = options.dbPath === ':memory:' || options.dbPath === ''
  const opened = createSqliteStore({ path: options.dbPath })
  const store = ops === undefined ? opened : ops.store(opened)
  ops?.watchStore(store)
  const closers: (() => unknown)[] = [() => store.close()]
  const close = async () => {
    ops?.drain()
    for (const closer of closers.splice(0)) await closer()
  }
  // The first start's loading, on the console: requests counted through the client's hook.
  let requests = 0
  let loadedFork: OpenedFork | undefined
  let step = `${options.fork.url}: the block and its config`
  const onUpstream =
    ops === undefined
      ? undefined
      : (event: Parameters<typeof ops.upstream>[0]) => {
          if (event.type === 'request') requests += 1
          ops.upstream(event)
        }
  const report =
    options.consoleProgress === undefined
      ? undefined
      : forkStartProgress(options.consoleProgress, () => ({
          step,
          requests,
          accounts: loadedFork?.storage.stats.loaded ?? 0,
        }))
  try {
    const stored = memory ? undefined : new SqliteChainJournal(options.dbPath)
    if (stored !== undefined) closers.unshift(() => stored.close())
    const journal: ChainJournal = stored ?? new MemoryChainJournal()
    const forked = (await journal.loadSnapshot()) !== undefined
    const fork = await openFork({ ...options.fork, onUpstream }, options.dbPath, { forked })
    closers.push(() => fork.close())
    loadedFork = fork
    step = `the market at block ${fork.pin.seqno}`
    ops?.metrics.watchFork(() => fork.storage.stats)
    ops?.addCheck(forkCheck(() => true))
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
    const indexer: LiveIndexer = await startLiveIndexer({
      chain,
      store,
      assetOf: await routerAssets(store),
      // Users' wallets, LP accounts and vaults that existed at the fork's block hold what their
      // state said when the index meets them (get-methods on the fork, at the block before).
      priorState: getMethodPriorState(chainGetMethod(chain)),
      afterBatch: refresh,
      onError: (error) => console.error('indexing stopped (the chain goes on):', error),
    })
    closers.splice(1, 0, () => indexer.close())
    // The market as the fork's blocks left it (jettons created on it), before serving.
    await refresh?.()
    const app = await createService({
      store,
      cors: options.cors ?? true,
      chain: forkChainReader(chain, store),
      server: ops?.server,
      setup: ops?.setup,
    })
    ops?.metrics.watchIndex(() => ({
      head: chain.head.seqno,
      index: indexer.indexedSeqno,
      state: 'ready',
    }))
    closers.unshift(() => app.close())
    const status = (): ForkNodeStatus => ({
      mode: 'fork',
      state: 'ready',
      chain: { seqno: chain.head.seqno, time: chain.time, transactions: chain.transactionCount },
      index: { seqno: indexer.indexedSeqno },
      fork: fork.status(),
      warning: FORK_KEY_WARNING,
    })
    const indexed = (seqno: number) => indexer.indexed(seqno)
    const funds = forkFunds(chain, store, wallets, indexed, options.fork)
    const url = await listen(app, chain, store, indexed, status, funds, options, closers, fork, ops)
    return { app, store, chain, fork, url, indexed, close }
  } catch (error) {
    report?.stop()
    await close()
    throw error
  }
}

/** `/local/wallets` and `/local/faucet` of a fork: local changes of the forked chain only. */
function forkFunds(
  chain: LiveChain,
  store: Store,
  wallets: readonly TestWallet[],
  indexed: (seqno: number) => Promise<void>,
  fork: ForkServeOptions,
): LocalFunds {
  const fundFrom = new Map((fork.fundFrom ?? []).map((p) => [p.jetton, p.holder]))
  return {
    wallets,
    note: FORK_FUNDS_NOTE,
    async faucet(request) {
      const receipt = await forkFaucet({ chain, store, fundFrom }, request)
      // Answer once the REST API shows it.
      await indexed(Math.max(0, ...receipt.blocks))
      return receipt
    },
  }
}

/**
 * The REST API, the TON HTTP API (the forked chain's), `GET /local/status`, `GET
 * /local/wallets` and `POST /local/faucet` on one port.
 */
async function listen(
  app: FastifyInstance,
  chain: LiveChain,
  store: Store,
  indexed: (seqno: number) => Promise<void>,
  status: () => ForkNodeStatus,
  funds: LocalFunds,
  options: ServeOptions,
  closers: (() => unknown)[],
  fork: OpenedFork,
  ops: WithOperations['operations'],
): Promise<string> {
  const local = frontServer(app, [...CHAIN_PATHS, ...(ops?.paths ?? [])], ops?.server)
  ops?.serve(local)
  // The forked chain's own API: `sendBoc` runs the message here, never upstream; histories
  // go on into the upstream's before the fork.
  await local.register(tonHttpApi, {
    chain: () => chain,
    actions: blockActions({ store, indexed }),
    history: fork.history,
  })
  local.get('/local/status', async () => status())
  // Test funds: balance changes and impersonated mints or transfers, on the fork only.
  await local.register(async (scope) => {
    answerLocalErrors(scope)
    registerFundRoutes(scope, () => funds)
  })
  allowCrossOrigin(local)
  closers.unshift(() => local.close())
  return listenUrl(local, options)
}
