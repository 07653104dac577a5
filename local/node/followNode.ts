import { installCellCache } from '../../emulator/cellCache.js'
import { installNativeSha256 } from '../../emulator/nativeSha256.js'
import { adoptPools } from '../../indexer/follow/adoptPools.js'
import { createFollower, type Follower } from '../../indexer/follow/createFollower.js'
import { tonApiPriorPool, tonApiPriorState } from '../../indexer/follow/tonApiPriorState.js'
import type { ChainSource } from '../../indexer/source/ChainSource.js'
import { tonApiAccountsSource } from '../../indexer/source/tonApiAccountsSource.js'
import { tonApiBlockSource } from '../../indexer/source/tonApiBlockSource.js'
import { canonicalAddressText } from '../../protocol/addressText.js'
import { JETTON_WALLET_ADDRESS } from '../../protocol/jetton/getMethods.js'
import { createService } from '../../service/createService.js'
import { INDEX_CURSOR } from '../../store/indexCursor.js'
import { createPostgresStore } from '../../store/postgres/createPostgresStore.js'
import type { Store } from '../../store/Store.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'
import { FatalSourceError } from '../../upstream/errors.js'
import { createTonApiClient, type TonApiClient } from '../../upstream/tonApiClient.js'
import { withRetries } from '../../upstream/withRetries.js'
import { contractLayoutRecorder, remoteGetMethodRunner } from '../contractLayoutRecorder.js'
import { type FollowedVenues, followedVenues } from '../followVenues.js'
import { LocalExchangeError } from '../LocalExchangeError.js'
import type { LocalStatus } from '../localRoutes.js'
import type { WithOperations } from '../operations/withOperations.js'
import { remoteAddressGetter, remoteChainReader } from '../remoteChainReader.js'
import type { FollowOptions, ServeOptions } from '../serveOptions.js'
import {
  isMainnet,
  routerWalletAssets,
  STONFI_API,
  upstreamPools,
  upstreamReference,
} from '../upstreamMarket.js'
import type { NodeParts } from './NodePlugin.js'

/** Options of a follow node (`serve --follow`). */
export type FollowNodeOptions = ServeOptions & { readonly follow: FollowOptions } & WithOperations

/**
 * What a follow node keeps for its caller.
 *
 * @example
 * ```ts
 * const extra: FollowNodeExtra = { follower, routers: ['EQB3…'], farmMinters: [], stakingMinters: [],
 *   venues: { escrowMinters: [], feeVaultMinters: [] }, upstream: 'http://127.0.0.1:8080' }
 * ```
 */
export type FollowNodeExtra = {
  readonly follower: Follower
  /** The routers that count as the exchange. */
  readonly routers: readonly string[]
  /** The farm v3 minters followed (`--farms`, else the upstream's `/v1/farms`). */
  readonly farmMinters: readonly string[]
  /** The STON staking minters followed (`--staking`, else the upstream's `/local/status`). */
  readonly stakingMinters: readonly string[]
  /** The referral venues' minters followed (`--venues`, else the upstream's `/local/status`). */
  readonly venues: FollowedVenues
  /** The upstream's origin. */
  readonly upstream: string
}

/**
 * `GET /local/status` of a follow node.
 *
 * @example
 * ```ts
 * const status: FollowStatus = { mode: 'follow', upstream: 'http://127.0.0.1:8080',
 *   state: 'following', index: { seqno: 3021 }, head: { seqno: 3021 }, lag_seconds: 0,
 *   requests: 12_093, retries: 2 }
 * ```
 */
export type FollowStatus = {
  readonly mode: 'follow'
  readonly upstream: string
  readonly state: Follower['status']['state']
  readonly index: { readonly seqno: number }
  readonly head: { readonly seqno: number } | null
  readonly lag_seconds: number
  readonly requests: number
  readonly retries: number
  /** The farm and staking minters followed (a follower of this node takes the staking ones). */
  readonly farm_minters: readonly string[]
  readonly staking_minters: readonly string[]
  readonly error?: string
  /** The referral venues' minters followed, as the local exchange's status says them. */
  readonly venue_minters?: LocalStatus['venue_minters']
}

/**
 * Opens the parts of a self-hosted STON.fi-compatible REST API over a real chain (`ton-dex-lab serve --follow
 * <TON API URL>`): the indexer's follower reads the upstream TON HTTP API block by block
 * (`blocks` mode) into the store — no local chain, no demo, no faucet — and the REST API serves
 * what it indexed. Which routers count as the exchange is a list: `--routers`, else the routers
 * the upstream's own REST API lists when it is a ton-dex-lab (or any STON.fi-compatible API on the
 * same origin); the assets' names and images are that API's reference data, joined at read time
 * with the chain state the index keeps. Farm and staking minters are lists too: `--farms` and
 * `--staking`, else the farms the upstream's `/v1/farms` lists and the staking minters its
 * `GET /local/status` names (a ton-dex-lab). `GET /local/status` reports how far the index is (served by `startNode`).
 *
 * @example
 * ```ts
 * const parts = await openFollowNode({ dbPath: './follow.sqlite', host: '127.0.0.1', port: 8081,
 *   follow: { url: 'http://127.0.0.1:8080/api/v2/jsonRPC', mode: 'blocks', rps: Infinity } })
 * await parts.extra.follower.indexed(3021)
 * await parts.close()
 * ```
 * @throws {LocalExchangeError} `FOLLOW_NO_ROUTERS` when no router list can be had;
 *   `FOLLOW_NOT_A_VENUE` when a `--venues` address is no venue minter.
 */
export async function openFollowNode(
  options: FollowNodeOptions,
): Promise<NodeParts<FollowNodeExtra>> {
  const { follow } = options
  const ops = options.operations
  // The follower parses every transaction's bag of cells and hashes each cell against its id:
  // Node's native SHA-256 and the bounded cache of parsed cells, process-wide, as the local
  // exchange's chain installs them (same results, property-tested in `emulator/`).
  installNativeSha256()
  installCellCache()
  const client = createTonApiClient({
    url: follow.url,
    apiKey: follow.apiKey,
    rps: follow.rps,
    timeoutMs: follow.timeoutMs,
    onEvent: ops?.upstream,
  })
  // One indexer writing: SQLite, or PostgreSQL that `serve --read-only` replicas read.
  const opened =
    options.databaseUrl === undefined
      ? createSqliteStore({ path: options.dbPath })
      : await createPostgresStore({ url: options.databaseUrl })
  const store = ops === undefined ? opened : ops.store(opened)
  const closers: (() => unknown)[] = [() => store.close()]
  const close = async () => {
    for (const closer of closers.splice(0)) await closer()
  }
  try {
    // Reference data from the upstream's own REST API; for a plain TON API on mainnet, from
    // STON.fi's published API (its routers are then the exchange).
    const stonfi = async () => {
      if (!(await isMainnet(client))) return undefined
      const rest = createTonApiClient({
        ...{ url: STONFI_API, rps: 1, timeoutMs: follow.timeoutMs },
        onEvent: ops?.upstream,
      })
      const market = await upstreamReference(rest).catch(() => undefined)
      return market === undefined ? undefined : { rest, market }
    }
    // The reference data imported into the database (`ton-dex-lab import <market.json> --db …`
    // before the start): what the chain cannot say, joined at read time with the pools the
    // index follows.
    const imported = await importedReference(store)
    // The REST API that lists the market (and the pools to adopt): none when `--routers` names
    // the routers; else the upstream's own; else, unless an import names them, STON.fi's for
    // mainnet (offline, asking it cost half a minute of retries before the start).
    const listing =
      (follow.routers?.length ?? 0) > 0
        ? undefined
        : await upstreamReference(client).then((market) =>
            market !== undefined
              ? { rest: client, market }
              : imported === undefined
                ? stonfi()
                : undefined,
          )
    const reference = listing?.market
    const known = reference ?? imported
    const routers = follow.routers ?? known?.routers.map((r) => r.address)
    if (routers === undefined || routers.length === 0) {
      throw new LocalExchangeError({
        code: 'FOLLOW_NO_ROUTERS',
        message: `${client.origin} lists no routers (it is not a STON.fi-compatible API): name the exchange's routers with --routers <address,…>.`,
      })
    }
    // Farms and staking, like the routers, are lists: named, else the upstream's own.
    const farmMinters = follow.farms ?? (reference === undefined ? [] : await upstreamFarms(client))
    const stakingMinters = follow.staking ?? (await upstreamStakings(client))
    // The referral venues' minters: named (kind read from the chain), else the upstream's.
    const venues = await followedVenues(client, follow.venues)
    if (reference !== undefined) {
      // Reference data only (what the chain cannot say); pools come from the index.
      await store.replaceMarket({ ...reference, pools: [], jettonWallets: [] })
    }
    // Following the exchange's traces only, or from a block after the chain's first (the
    // wallets a user has not moved since are not met), the index cannot know every jetton
    // balance: wallets' jetton balances are read from the upstream when asked.
    const chain = remoteChainReader(client, {
      jettonBalances: follow.mode === 'accounts' || (follow.fromSeqno ?? 1) > 1,
    })
    const routerWallets = await routerWalletAssets(
      known?.routers ?? [],
      known?.assets ?? [],
      (jetton, router) =>
        withRetries(() => remoteAddressGetter(client, jetton, JETTON_WALLET_ADDRESS, [router]), {
          onRetry: () => client.noteRetry(),
        }),
    )
    // Ask the head four times a second, within the request budget (a quarter of it at most).
    const rps = follow.rps ?? (follow.apiKey === undefined ? 1 : 10)
    const pollMs = Math.max(250, 4000 / rps)
    // Blocks read concurrently: where the rate binds, more in flight only bunches requests.
    const readAhead = Number.isFinite(rps) ? 2 : 8
    const source: ChainSource =
      follow.mode === 'accounts'
        ? tonApiAccountsSource({ client, pollMs, routers })
        : tonApiBlockSource({ client, pollMs, readAhead })
    // Started after the chain's first block: the pools that exist then are adopted from their
    // state at the block before (once: a stored cursor means indexing already began).
    if (
      follow.fromSeqno !== undefined &&
      follow.fromSeqno > 1 &&
      (await store.getCursor(INDEX_CURSOR)) === undefined
    ) {
      // Pools the REST API does not list (or all, without one) are adopted on their first
      // transaction seen (`priorPool`).
      const pools =
        listing === undefined ? [] : await upstreamPools(listing.rest, listing.market.routers)
      const adopted = await adoptPools({
        client,
        store,
        seqno: follow.fromSeqno - 1,
        pools,
        assetOf: (wallet) => routerWallets.get(wallet),
        wallets: [...routerWallets.keys()],
      })
      console.error(`adopted ${adopted} pools at block ${follow.fromSeqno - 1}`)
    }
    // What replicas derive addresses from (wallet and pool layouts), asked of the upstream in
    // the background, within the follower's request budget; again after each batch for
    // whatever is not settled yet (a read that failed).
    const layouts = contractLayoutRecorder({ store, run: remoteGetMethodRunner(client) })
    // Its write in flight ends before the store closes (after the follower: its last batch).
    closers.unshift(() => layouts.close())
    const recordLayouts = () => {
      layouts.record().catch((error) => console.error('recording layouts:', error))
    }
    const follower = createFollower({
      store,
      source,
      routers: new Set(routers),
      farmMinters: new Set(farmMinters),
      stakingMinters: new Set(stakingMinters),
      escrowMinters: new Set(venues.escrowMinters),
      feeVaultMinters: new Set(venues.feeVaultMinters),
      assetOf: (wallet) => routerWallets.get(wallet),
      afterBatch: recordLayouts,
      // Wallets, LP accounts and vaults that existed before the index met them (a start after
      // the first block, or earlier history the source did not deliver) hold what their state said.
      priorState: tonApiPriorState(client),
      priorPool: tonApiPriorPool(client),
      ...(follow.fromSeqno === undefined ? {} : { fromSeqno: follow.fromSeqno }),
      backoff: follow.backoff,
      onRetry: (error, delayMs) => {
        client.noteRetry(error)
        // With operations, the client's hook logs the failure and the retry (one line each).
        if (ops === undefined) {
          console.error(
            `following ${client.origin}: ${error instanceof Error ? error.message : String(error)}; again in ${Math.round(delayMs)} ms`,
          )
        }
      },
      onFatal: (error) =>
        ops === undefined
          ? console.error('following stopped:', error)
          : ops.logger.fatal({ err: error, component: 'follower' }, 'following stopped'),
    })
    closers.unshift(() => follower.close())
    recordLayouts()
    const app = await createService({
      store,
      cors: options.cors ?? true,
      chain,
      server: ops?.server,
      setup: ops?.setup,
    })
    closers.unshift(() => app.close())
    const status = async (): Promise<FollowStatus> => {
      const s = follower.status
      return {
        mode: 'follow',
        upstream: client.origin,
        state: s.state,
        index: s.index,
        head: s.head === undefined ? null : { seqno: s.head.seqno },
        lag_seconds: s.lagSeconds,
        requests: client.stats.requests,
        retries: s.retries,
        farm_minters: farmMinters,
        staking_minters: stakingMinters,
        ...(s.error === undefined ? {} : { error: s.error }),
        venue_minters: [
          ...venues.escrowMinters.map((address) => ({ address, kind: 'escrow' as const })),
          ...venues.feeVaultMinters.map((address) => ({ address, kind: 'fee_vault' as const })),
        ],
      }
    }
    return {
      ...{ store, app, chain: undefined, live: undefined, status, close },
      indexed: (seqno) => follower.indexed(seqno),
      extra: { follower, routers, farmMinters, stakingMinters, venues, upstream: client.origin },
    }
  } catch (error) {
    await close()
    throw error
  }
}

/** The `minter_address` of every farm the upstream's REST API lists; none when it lists none. */
async function upstreamFarms(client: TonApiClient): Promise<string[]> {
  try {
    const body = await withRetries(() => client.get('/v1/farms'), {
      onRetry: () => client.noteRetry(),
    })
    const list = (body as { farm_list?: unknown } | null)?.farm_list
    return addressList(Array.isArray(list) ? list.map((f) => f?.minter_address) : [])
  } catch (error) {
    if (error instanceof FatalSourceError) return []
    throw error
  }
}

/**
 * The staking minters a ton-dex-lab upstream names in `GET /local/status` (`staking_minters`:
 * a local exchange's, or a follow node's); none from any other upstream.
 */
async function upstreamStakings(client: TonApiClient): Promise<string[]> {
  try {
    const body = await withRetries(() => client.get('/local/status'), {
      onRetry: () => client.noteRetry(),
    })
    const list = (body as { staking_minters?: unknown } | null)?.staking_minters
    return addressList(Array.isArray(list) ? list : [])
  } catch (error) {
    if (error instanceof FatalSourceError) return []
    throw error
  }
}

/** The canonical addresses among `items` (anything else left out). */
function addressList(items: readonly unknown[]): string[] {
  return items.flatMap((item) => {
    const address = typeof item === 'string' ? canonicalAddressText(item) : undefined
    return address === undefined ? [] : [address]
  })
}

/** The routers and assets a database holds (an import's), or `undefined` when it has none. */
async function importedReference(store: Store) {
  const routers = await store.listRouters()
  return routers.length === 0 ? undefined : { routers, assets: await store.listAssets() }
}
