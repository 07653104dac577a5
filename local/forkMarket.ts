import { Address, beginCell, type TupleItem, TupleReader } from '@ton/core'
import type { LiveChain } from '../chain/LiveChain.js'
import { LiveChainError } from '../chain/LiveChainError.js'
import { adoptPools, type PoolToAdopt } from '../indexer/follow/adoptPools.js'
import { addressText } from '../protocol/addressText.js'
import { readJettonContent } from '../protocol/jettonContent.js'
import { NATIVE_ADDRESS } from '../protocol/nativeAddress.js'
import type { ChainReader } from '../service/chain/ChainReader.js'
import { INDEX_CURSOR } from '../store/indexCursor.js'
import type { MarketData } from '../store/rows/MarketData.js'
import type { JettonWalletRow } from '../store/rows/referenceRows.js'
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
}

/**
 * What {@link adoptForkMarket} did.
 *
 * @example
 * ```ts
 * const adopted: ForkMarketAdoption = { source: 'upstream', seqno: 0, routers: 4, assets: 3, pools: 5, offchain: [] }
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
 * // { source: 'upstream', seqno: 0, routers: 4, assets: 3, pools: 5, offchain: [] }
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
      return pool === undefined ? [] : [pool]
    })
  } else {
    const reference = await upstreamReference(client)
    if (reference === undefined) {
      return { source: 'none', seqno, routers: 0, assets: 0, pools: 0, offchain }
    }
    source = 'upstream'
    market = { ...reference, pools: [], jettonWallets: [] }
    pools = await upstreamPools(client, reference.routers)
  }
  // The routers' own wallets at the block: what names a pool's assets, and what vouches for
  // the user wallets they pay into.
  const jettonWallets: JettonWalletRow[] = []
  const routerWallets = await routerWalletAssets(
    market.routers,
    market.assets,
    async (jetton, router) => {
      const wallet = addressOf(
        await run(jetton, 'get_wallet_address', [
          { type: 'slice', cell: beginCell().storeAddress(Address.parse(router)).endCell() },
        ]),
      )
      if (wallet !== undefined) {
        jettonWallets.push({ ownerAddress: router, jettonAddress: jetton, walletAddress: wallet })
      }
      return wallet
    },
  )
  // The reference data first, then the pools with the cursor (one batch): a start that stops
  // in between adopts again at the next start.
  await store.replaceMarket({ ...market, jettonWallets })
  await options.keepMarket?.({ ...market, jettonWallets })
  const adopted = await adoptPools({
    run: (address, method) => run(address, method),
    store,
    seqno,
    pools,
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
  const reader = await run(master, 'get_jetton_data')
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
 * adoptionNote({ source: 'upstream', seqno: 0, routers: 4, assets: 9, pools: 9, offchain: [] },
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
  return `fork: adopted ${adopted.pools} pools of ${adopted.routers} routers and ${adopted.assets} assets (from ${from}) at block ${fork.seqno}${offchain}.`
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
          const reader = await run(wallet, 'get_wallet_data', chain.head.seqno)
          const balance = reader?.readBigNumber() ?? 0n
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
