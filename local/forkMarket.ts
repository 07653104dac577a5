import { Address, type TupleItem, TupleReader } from '@ton/core'
import { ForkError } from '../chain/fork/ForkError.js'
import type { LiveChain } from '../chain/LiveChain.js'
import { LiveChainError } from '../chain/LiveChainError.js'
import { adoptPools, type PoolToAdopt, readPoolAt } from '../indexer/follow/adoptPools.js'
import {
  type ExplainedGetMethod,
  type NamedWallet,
  nameRouterWallet,
  type Unnamed,
} from '../indexer/follow/nameRouterWallets.js'
import { addressText, canonicalAddressText } from '../protocol/addressText.js'
import { DEX_V1_POOL_DATA } from '../protocol/dex/getMethods.js'
import { readJettonContent } from '../protocol/jetton/content.js'
import {
  JETTON_BALANCE,
  JETTON_DATA,
  JETTON_WALLET_ADDRESS,
  JETTON_WALLET_DATA,
} from '../protocol/jetton/getMethods.js'
import { NATIVE_ADDRESS } from '../protocol/nativeAddress.js'
import type { ChainReader } from '../service/chain/ChainReader.js'
import { INDEX_CURSOR } from '../store/indexCursor.js'
import { unlistedPools } from '../store/readModel/poolReadModel.js'
import type { MarketData } from '../store/rows/MarketData.js'
import type { AssetRow, JettonWalletRow, RouterRow } from '../store/rows/referenceRows.js'
import type { Store } from '../store/Store.js'
import type { TonApiClient } from '../upstream/tonApiClient.js'
import type { ForkSeed } from './forkSeed.js'
import { liveChainReader } from './liveChainReader.js'
import { jettonAsset } from './liveMarket.js'
import {
  poolOfRouter,
  routerWalletAssets,
  upstreamPools,
  upstreamReference,
} from './upstreamMarket.js'

/** Options of {@link adoptForkMarket}. */
export type ForkMarketOptions = {
  /** The forked chain, opened: its head is the block the market is adopted at. */
  readonly chain: LiveChain
  readonly store: Store
  /** The upstream: its origin's REST API, when it serves one, names the market. */
  readonly client: TonApiClient
  /** `--fork-seed`: names the market instead of the upstream's REST API. */
  readonly seed?: ForkSeed | undefined
  /**
   * Keeps the market written (the reference data the fork's live market refresh overlays),
   * before the pools and the cursor are stored.
   */
  readonly keepMarket?: ((market: MarketData) => void | Promise<void>) | undefined
  /**
   * The library hashes an account references that the fork could not have (the upstream does
   * not know them): named in the reason of a get-method that exits 9.
   */
  readonly missingLibraries?: ((address: string) => readonly string[]) | undefined
}

/**
 * What {@link adoptForkMarket} did.
 *
 * @example
 * ```ts
 * const adopted: ForkMarketAdoption = { source: 'upstream', seqno: 0, routers: 4, assets: 3, pools: 5, offchain: [], unnamed: [] }
 * ```
 */
export type ForkMarketAdoption = {
  /** Where the routers, assets and pool list came from (`none`: neither a seed nor a REST API). */
  readonly source: 'seed' | 'upstream' | 'none'
  /** The local block whose state was adopted (0: the fork's block itself). */
  readonly seqno: number
  readonly routers: number
  readonly assets: number
  /** Pools adopted (a listed pool that has no state at the block is left to the indexer). */
  readonly pools: number
  /**
   * Jettons named by their master's TEP-64 content whose content is off-chain: their symbol is
   * the URI's file name (the metadata is not fetched).
   */
  readonly offchain: readonly string[]
  /**
   * Pools, router wallets and assets that could not be named from the fork's state, each with
   * the reason: never left out silently (the start's log and `/local/status` say them).
   */
  readonly unnamed: readonly Unnamed[]
}

/**
 * Adopts the upstream's STON.fi market into a fork's empty index, from the fork's own state at
 * the block it forked (run locally on the accounts it loads, each load cached by the fork's
 * cache): the routers, the assets and the pool list come from `--fork-seed` if given, else from
 * the upstream's REST API when its origin serves a STON.fi-compatible one (a ton-dex-lab:
 * `/v1/routers`, `/v1/assets`, `/v1/pools`); assets the seed does not list are named from their
 * jetton's TEP-64 content on the fork (on-chain content; off-chain content is not fetched).
 * Each router's own jetton wallets are found by the minters' `get_wallet_address` and stored
 * with the market, and each pool's state — reserves, LP supply, fees, collected fees, `amp` /
 * `w0` / `rate` — and the routers' wallets' balances are adopted by `adoptPools`, with the
 * index's cursor at the block, so the fork's indexer then follows the pools from the next
 * block on. Only once: a database whose index began (a cursor is stored) is left as it is
 * (`undefined`). With neither a seed nor a REST API nothing is written: the REST API lists no
 * routers or pools.
 *
 * @example
 * ```ts
 * const adopted = await adoptForkMarket({ chain, store, client: fork.client })
 * // { source: 'upstream', seqno: 0, routers: 4, assets: 3, pools: 5, offchain: [], unnamed: [] }
 * ```
 * @throws {ForkError} / {LiveChainError} when the upstream cannot be read (nothing is stored).
 */
export async function adoptForkMarket(
  options: ForkMarketOptions,
): Promise<ForkMarketAdoption | undefined> {
  const { chain, store, client, seed } = options
  if ((await store.getCursor(INDEX_CURSOR)) !== undefined) return undefined
  const seqno = chain.head.seqno
  const onChain = chainGetMethod(chain)
  const run = (address: string, method: string, args?: readonly TupleItem[]) =>
    onChain(address, method, seqno, args)
  const offchain: string[] = []
  let market: MarketData
  let pools: PoolToAdopt[]
  let source: ForkMarketAdoption['source']
  if (seed !== undefined) {
    source = 'seed'
    const routers = new Map(seed.market.routers.map((r) => [r.address, r]))
    const unlisted = new Set(seed.unlistedAssets)
    const assets = []
    for (const asset of seed.market.assets) {
      const named = unlisted.has(asset.address) ? await jettonAsset(chain, asset.address) : null
      if (named !== null && (await offchainContent(run, asset.address)))
        offchain.push(asset.address)
      assets.push(named ?? asset)
    }
    // Pools are the index's (their state at the block); farms are not adopted on a fork.
    market = { ...seed.market, assets, pools: [], farms: [], jettonWallets: [] }
    pools = seed.market.pools.flatMap((p) => {
      const router = routers.get(p.routerAddress)
      const pool = router === undefined ? undefined : poolOfRouter(router, p.address)
      return pool === undefined
        ? []
        : [{ ...pool, tokens: [p.token0Address, p.token1Address] as const }]
    })
  } else {
    const reference = await upstreamReference(client)
    if (reference === undefined) {
      return { source: 'none', seqno, routers: 0, assets: 0, pools: 0, offchain, unnamed: [] }
    }
    source = 'upstream'
    market = { ...reference, pools: [], jettonWallets: [] }
    pools = await upstreamPools(client, reference.routers)
  }
  // Each pool's two router wallets named by their own get_wallet_data on the forked state
  // (owner = the router, asset = the master, cross-checked by the master when it can be had):
  // what names a pool's assets. A pool or wallet that cannot be named is reported by name.
  const runner = explainedGetMethod(chain, seqno, options.missingLibraries)
  const said = source === 'seed' ? "the seed's" : "the upstream REST API's"
  const named = await namePoolWallets(runner, pools, market.routers, said)
  const unnamed = [...named.unnamed]
  // A master the chain names that the seed or the REST API did not list is listed from its
  // TEP-64 content on the fork.
  const listed = new Set(market.assets.map((a) => a.address))
  const assets = [...market.assets]
  for (const wallet of named.wallets.values()) {
    if (wallet.asset === NATIVE_ADDRESS || listed.has(wallet.asset)) continue
    listed.add(wallet.asset)
    const asset = await jettonAsset(chain, wallet.asset)
    if (asset === null) {
      unnamed.push({
        address: wallet.asset,
        kind: 'asset',
        why: `its get_jetton_data gives no TEP-64 content on the fork: listed as ${wallet.asset.slice(-6)} with 9 decimals (name it in --fork-seed's assets)`,
      })
    }
    assets.push(asset ?? placeholderAsset(wallet.asset))
  }
  market = { ...market, assets }
  // The routers' own wallets at the block: the named ones, then each listed jetton's wallet of
  // each router by the minter's get_wallet_address (a router wallet no pool holds yet); they
  // vouch for the user wallets they pay into.
  const jettonWallets: JettonWalletRow[] = []
  const routerWallets = new Map<string, string>()
  for (const wallet of named.wallets.values()) {
    routerWallets.set(wallet.wallet, wallet.asset)
    if (wallet.asset !== NATIVE_ADDRESS) {
      jettonWallets.push({
        ownerAddress: wallet.router,
        jettonAddress: wallet.asset,
        walletAddress: wallet.wallet,
      })
    }
  }
  const derived = await routerWalletAssets(
    market.routers,
    market.assets,
    async (jetton, router) => {
      const had = jettonWallets.find((w) => w.ownerAddress === router && w.jettonAddress === jetton)
      if (had !== undefined) return had.walletAddress
      const wallet = addressOf(
        await run(
          jetton,
          JETTON_WALLET_ADDRESS.name,
          JETTON_WALLET_ADDRESS.args(Address.parse(router)),
        ),
      )
      if (wallet !== undefined) {
        jettonWallets.push({ ownerAddress: router, jettonAddress: jetton, walletAddress: wallet })
      }
      return wallet
    },
  )
  for (const [wallet, asset] of derived)
    if (!routerWallets.has(wallet)) routerWallets.set(wallet, asset)
  // The reference data first, then the pools with the cursor (one batch): a start that stops
  // in between adopts again at the next start.
  await store.replaceMarket({ ...market, jettonWallets })
  await options.keepMarket?.({ ...market, jettonWallets })
  const adopted = await adoptPools({
    run: (address, method) => run(address, method),
    store,
    seqno,
    pools: named.pools,
    assetOf: (wallet) => routerWallets.get(wallet),
    wallets: [...routerWallets.keys()],
  })
  return {
    source,
    seqno,
    routers: market.routers.length,
    assets: market.assets.length,
    pools: adopted,
    offchain,
    unnamed,
  }
}

/**
 * What {@link namePoolWallets} found: the pools to adopt (those with a state at the block),
 * each router wallet's asset, and what could not be named.
 */
type NamedPools = {
  readonly pools: PoolToAdopt[]
  readonly wallets: Map<string, NamedWallet & { readonly router: string }>
  readonly unnamed: Unnamed[]
}

/**
 * Reads each pool's `get_pool_data` on the fork and names its two router wallets
 * (`nameRouterWallet`): a pool whose state cannot be read (its code exits, its answer is not of
 * its router's layout) is not adopted and is reported; a pool with an unnamed wallet is adopted
 * (its state is the chain's) and reported, with the wallet. A pool with no account at the block
 * is left to the indexer (deployed later), as before.
 */
async function namePoolWallets(
  runner: ExplainedGetMethod,
  pools: readonly PoolToAdopt[],
  routers: readonly RouterRow[],
  /** Whose pool rows the pools' `tokens` are ("the seed's"). */
  said: string,
): Promise<NamedPools> {
  const ptonMasters = new Set(
    routers.flatMap((r) => canonicalAddressText(r.ptonMasterAddress) ?? []),
  )
  const wallets = new Map<string, NamedWallet & { readonly router: string }>()
  const unnamed: Unnamed[] = []
  const routerOf = new Map(routers.map((r) => [r.address, r]))
  const adoptable: PoolToAdopt[] = []
  for (const pool of pools) {
    let read: Awaited<ReturnType<typeof readPoolAt>>
    try {
      read = await readPoolAt((address, method) => runner.run(address, method), pool)
    } catch (error) {
      if (error instanceof ForkError || error instanceof LiveChainError) throw error
      const message = error instanceof Error ? error.message : String(error)
      unnamed.push({
        address: pool.address,
        kind: 'pool',
        why: `its get_pool_data is not a DEX ${pool.dex} ${pool.kind} pool's answer (${message}): not adopted`,
      })
      continue
    }
    if (read === undefined) {
      const why = runner.failure(pool.address, DEX_V1_POOL_DATA.name)
      if (why === undefined || why === NO_ACCOUNT) {
        adoptable.push(pool) // not deployed at the block: the indexer follows its deployment
      } else {
        unnamed.push({
          address: pool.address,
          kind: 'pool',
          why: `its get_pool_data gives nothing on the fork (${why}): not adopted`,
        })
      }
      continue
    }
    adoptable.push(pool)
    const router = routerOf.get(pool.routerAddress)
    for (const [side, wallet, index] of [
      ['token0', read.wallet0, 0],
      ['token1', read.wallet1, 1],
    ] as const) {
      if (wallets.has(wallet)) continue
      const named = await nameRouterWallet(runner, {
        wallet,
        router: pool.routerAddress,
        ptonMasters,
      })
      if (!('kind' in named)) {
        wallets.set(wallet, { ...named, router: pool.routerAddress })
        const claimed = pool.tokens?.[index]
        if (claimed !== undefined && claimed !== named.asset) {
          unnamed.push({
            address: pool.address,
            kind: 'pool',
            why: `${said} pool row says its ${side} is ${claimed}, its ${side} wallet ${wallet} names ${named.asset}: the chain's is used`,
          })
        }
        continue
      }
      // The chain cannot say: the reference data's word (the router's pTON wallet, the pool
      // row's token), said as such; with neither, the pool is not listed.
      const claimed = pool.tokens?.[index]
      const claim =
        wallet === router?.ptonWalletAddress
          ? { asset: NATIVE_ADDRESS, by: "the router row's pton_wallet_address" }
          : claimed === undefined
            ? undefined
            : { asset: claimed, by: `${said} ${side}_address` }
      if (claim === undefined) {
        unnamed.push(named)
        unnamed.push({
          address: pool.address,
          kind: 'pool',
          why: `its ${side} wallet ${wallet} cannot be named (${named.why}): adopted with its state, not listed by the REST API`,
        })
        continue
      }
      wallets.set(wallet, {
        ...{ wallet, asset: claim.asset, master: claim.asset, crossChecked: false },
        router: pool.routerAddress,
      })
      unnamed.push({
        ...named,
        why: `${named.why}; named ${claim.asset} by ${claim.by} only, not confirmed on the chain`,
      })
    }
  }
  const once = new Map(unnamed.map((u) => [`${u.kind} ${u.address} ${u.why}`, u]))
  return { pools: adoptable, wallets, unnamed: [...once.values()] }
}

/** The reason {@link explainedGetMethod} gives for an account with no code at the block. */
const NO_ACCOUNT = "no active account at the fork's block"

/**
 * Runs get-methods on the fork's state at `seqno` ({@link chainGetMethod}), remembering why a
 * run gave nothing: no active account, or the exit code (an exit 9 with the libraries the fork
 * could not have).
 */
function explainedGetMethod(
  chain: LiveChain,
  seqno: number,
  missingLibraries: ((address: string) => readonly string[]) | undefined,
): ExplainedGetMethod {
  const reasons = new Map<string, string>()
  return {
    async run(address, method, args = []) {
      const key = `${address} ${method}`
      reasons.delete(key)
      try {
        const outcome = await chain.runGetMethod(Address.parse(address), method, args, { seqno })
        if (outcome.exitCode === 0) return new TupleReader([...outcome.stack])
        const missing = missingLibraries?.(address) ?? []
        reasons.set(
          key,
          outcome.exitCode === 9 && missing.length > 0
            ? `exit 9: its code runs a library the upstream does not have (missing libraries: ${missing.join(', ')})`
            : `exit ${outcome.exitCode}`,
        )
        return undefined
      } catch (error) {
        if (error instanceof LiveChainError && error.reason === 'account_not_active') {
          reasons.set(key, NO_ACCOUNT)
          return undefined
        }
        throw error
      }
    },
    failure: (address, method) => reasons.get(`${address} ${method}`),
  }
}

/** A jetton the fork cannot name from its content: its address's tail, TEP-64's 9 decimals. */
function placeholderAsset(master: string): AssetRow {
  return {
    address: master,
    symbol: master.slice(-6),
    displayName: null,
    imageUrl: null,
    decimals: 9,
    kind: 'Jetton',
    ...{ priority: 0, pairPriority: null, deprecated: false },
    ...{ community: true, blacklisted: false, defaultSymbol: false, taxable: false, tags: [] },
    ...{ dexPriceUsd: null, thirdPartyPriceUsd: null, popularityIndex: null },
    ...{ customPayloadApiUri: null, extensions: null, scale: null, jettonWalletCode: null },
  }
}

/**
 * Runs get-methods on a live chain's state after a block (its head, or an older block the chain
 * still keeps): the stack, or `undefined` for a non-zero exit code or an account without code
 * then. What the fork adopts its market with, and what its indexer reads the prior state of the
 * accounts it meets with. A fork that cannot load an account throws (`LiveChainError`).
 *
 * @example
 * ```ts
 * const run = chainGetMethod(chain)
 * (await run('EQ…pool', 'get_pool_data', 0))?.skip(3) // the pool at the fork's block
 * ```
 */
export function chainGetMethod(chain: LiveChain) {
  return async (
    address: string,
    method: string,
    seqno: number,
    args: readonly TupleItem[] = [],
  ): Promise<TupleReader | undefined> => {
    try {
      const outcome = await chain.runGetMethod(Address.parse(address), method, args, { seqno })
      return outcome.exitCode === 0 ? new TupleReader([...outcome.stack]) : undefined
    } catch (error) {
      if (error instanceof LiveChainError && error.reason === 'account_not_active') return undefined
      throw error
    }
  }
}

/** The address on top of a get-method's stack (`get_wallet_address`), if any. */
function addressOf(reader: TupleReader | undefined): string | undefined {
  if (reader === undefined) return undefined
  try {
    const address = reader.readAddressOpt()
    return address === null ? undefined : addressText(address)
  } catch {
    return undefined
  }
}

/** Whether a jetton master's TEP-64 content is off-chain (a URI: not fetched by a fork). */
async function offchainContent(
  run: (address: string, method: string) => Promise<TupleReader | undefined>,
  master: string,
): Promise<boolean> {
  const reader = await run(master, JETTON_DATA.name)
  if (reader === undefined) return false
  try {
    reader.skip(3)
    return readJettonContent(reader.readCell())?.type === 'offchain'
  } catch {
    return false
  }
}

/**
 * What a fork's start says of the market it adopted ({@link adoptForkMarket}'s answer), or did
 * not; `undefined` when there is nothing to say (a restart without a seed).
 *
 * @example
 * ```ts
 * adoptionNote({ source: 'upstream', seqno: 0, routers: 4, assets: 9, pools: 9, offchain: [], unnamed: [] },
 *   { origin: 'http://127.0.0.1:8080', seqno: 1532 })
 * // "fork: adopted 9 pools of 4 routers and 9 assets (from http://127.0.0.1:8080's REST API) at block 1532."
 * ```
 */
export function adoptionNote(
  adopted: ForkMarketAdoption | undefined,
  fork: { readonly origin: string; readonly seqno: number; readonly seed?: string | undefined },
): string | undefined {
  if (adopted === undefined) {
    return fork.seed === undefined
      ? undefined
      : `fork: --fork-seed ${fork.seed} ignored: this database's index began, it keeps its market.`
  }
  if (adopted.source === 'none') {
    return `fork: ${fork.origin} serves no STON.fi REST API and no --fork-seed was given: the REST API lists no routers or pools (name them with --fork-seed <market.json>).`
  }
  const from = adopted.source === 'seed' ? fork.seed : `${fork.origin}'s REST API`
  const offchain =
    adopted.offchain.length === 0
      ? ''
      : `; ${adopted.offchain.length} jettons have off-chain metadata, not fetched: named by their URI's file name`
  const unnamed = adopted.unnamed.map(
    (u) => `\nfork: could not name ${u.kind} ${u.address}: ${u.why}.`,
  )
  return `fork: adopted ${adopted.pools} pools of ${adopted.routers} routers and ${adopted.assets} assets (from ${from}) at block ${fork.seqno}${offchain}.${unnamed.join('')}`
}

/**
 * The REST service's `ChainReader` on a fork: the live chain's ({@link liveChainReader}), and a
 * wallet's jetton balances where the index cannot know them all — a wallet held since the
 * fork's block that only sent on the fork (the offer side of a swap) is not one the index's
 * wallet ledger follows. The index's balances stand; every listed jetton the index has no
 * wallet of for the owner is read on the fork (`get_wallet_address`, then `get_wallet_data`:
 * the owner's wallet is loaded from the upstream on its first touch and cached). `undefined`
 * (the REST API answers from the index alone) when the fork cannot be read.
 *
 * @example
 * ```ts
 * const chain = forkChainReader(live, store)
 * await chain.jettonBalances?.('EQ…alpha') // [{ jetton: 'EQ…USDT', wallet: 'EQ…', balance: 996_998_000_000n }, …]
 * ```
 */
export function forkChainReader(chain: LiveChain, store: Store): ChainReader {
  const live = liveChainReader(() => chain)
  const run = chainGetMethod(chain)
  return {
    ...live,
    async jettonBalances(owner) {
      const held: { jetton: string; wallet: string; balance: bigint }[] = []
      for (const b of await store.listBalances(owner)) {
        if (b.assetAddress === NATIVE_ADDRESS || b.jettonWalletAddress === null) continue
        held.push({ jetton: b.assetAddress, wallet: b.jettonWalletAddress, balance: b.balance })
      }
      const indexed = new Set(held.map((h) => h.jetton))
      try {
        for (const asset of await store.listAssets()) {
          if (asset.kind !== 'Jetton' || indexed.has(asset.address)) continue
          const wallet = await live.jettonWalletAddress(asset.address, owner)
          if (wallet === undefined) continue
          const reader = await run(wallet, JETTON_WALLET_DATA.name, chain.head.seqno)
          const balance = reader === undefined ? 0n : JETTON_BALANCE.read(reader)
          if (balance > 0n) held.push({ jetton: asset.address, wallet, balance })
        }
      } catch (error) {
        if (error instanceof LiveChainError) return undefined
        throw error
      }
      return held
    },
  }
}

/**
 * `/local/status`'s `unnamed` of a fork: what its market adoption could not name (this start's
 * {@link ForkMarketAdoption.unnamed}), then every pool the index follows that the REST API does
 * not list, with the read model's reason (`unlistedPools`: after a restart, what the first
 * start could not name stays said).
 *
 * @example
 * ```ts
 * await forkUnnamed(store, adopted)
 * // [{ address: 'EQCSLWJ9…', kind: 'router-wallet', why: 'its get_wallet_data gives nothing: …' }, …]
 * ```
 */
export async function forkUnnamed(
  store: Store,
  adopted: ForkMarketAdoption | undefined,
): Promise<Unnamed[]> {
  const unnamed = [...(adopted?.unnamed ?? [])]
  const said = new Set(unnamed.filter((u) => u.kind === 'pool').map((u) => u.address))
  const routers = await store.listRouters()
  const assets = await store.listAssets()
  const unlisted = unlistedPools({
    reference: await store.listPools(),
    indexed: await store.listIndexedPools(),
    routers: new Map(routers.map((r) => [r.address, r])),
    assets: new Set([NATIVE_ADDRESS, ...assets.map((a) => a.address)]),
  })
  for (const pool of unlisted) {
    if (!said.has(pool.address))
      unnamed.push({ address: pool.address, kind: 'pool', why: pool.why })
  }
  return unnamed
}
