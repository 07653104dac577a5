import { Address, TupleReader } from '@ton/core'
import { isoSeconds } from '../indexer/ingest/isoSeconds.js'
import { walletPositions } from '../indexer/wallets/walletPositions.js'
import { readJettonContent } from '../protocol/jettonContent.js'
import { readDexV1PoolData, readDexV2PoolData } from '../protocol/poolData.js'
import { NATIVE_ADDRESS } from '../service/address/canonicalAddress.js'
import { kindParameters, ROUTER_TYPE_OF_KIND } from '../store/readModel/poolReadModel.js'
import type { IndexedPoolRow } from '../store/rows/indexerRows.js'
import type { MarketData } from '../store/rows/MarketData.js'
import type { AssetRow, JettonWalletRow, PoolRow, RouterRow } from '../store/rows/referenceRows.js'
import type { WalletBalanceRow } from '../store/rows/walletRows.js'
import type { Store } from '../store/Store.js'
import type { LiveChain } from './chain/LiveChain.js'
import { LiveChainError } from './chain/LiveChainError.js'

/** The activity window behind popularity: the week before the newest indexed transaction. */
const POPULARITY_WINDOW_SECONDS = 7 * 24 * 3600

/**
 * Keeps the market rows the REST API reads (pools, assets, balances, LP positions, referral
 * vaults, jetton wallets) equal to the live chain: after every indexed batch, the pools'
 * reserves, LP supply, collected fees and kind parameters (`amp`, `w0`, `rate`) are the
 * indexer's tracked state, and every wallet's rows are derived again from the indexer's wallet
 * ledger (as the demo build derives them), with native TON balances read from the chain. What a dApp creates on the chain is listed too: every
 * jetton master the ledger saw a wallet of (an asset, named from its minter's TEP-64 content)
 * and every pool the indexer tracks on a listed router between listed assets, of any kind the
 * router makes (constant product, stableswap, weighted constant product, weighted stableswap;
 * the wire's pool type is its router's, the kind fields its kind has). Popularity follows
 * activity: a pool's `popularity_index` is its successful swaps in the week before the newest
 * indexed transaction, an asset's the sum over its pools (the native coin keeps its own), so
 * the busiest pools sort first. Everything else (routers, prices, farms, stakes, the
 * hand-written parts) is `base`, the market the demo build wrote. The whole market is replaced
 * in one store transaction.
 *
 * @example
 * ```ts
 * const refresh = liveMarketRefresh({ store, chain, base, assetOf })
 * await refresh() // after the indexer stored a block
 * ```
 */
export function liveMarketRefresh(options: {
  readonly store: Store
  readonly chain: LiveChain
  readonly base: MarketData
  readonly assetOf: (routerWallet: string) => string | undefined
}): () => Promise<void> {
  const { store, chain, base } = options
  const contracts = new Set([
    ...base.routers.map((r) => r.address),
    ...base.pools.map((p) => p.address),
  ])
  const listed = createListing(chain, base)
  return async () => {
    const indexed = await store.listIndexedPools()
    for (const p of indexed) contracts.add(p.address)
    const ledgerWallets = await store.listIndexedJettonWallets()
    const derived = walletPositions({
      ledger: {
        jettonWallets: ledgerWallets,
        lpAccounts: await store.listIndexedLpAccounts(),
        vaults: await store.listIndexedVaults(),
      },
      pools: indexed,
      assetOf: options.assetOf,
    })
    // Routers and pools hold the exchange's tokens; they are not wallets.
    const owned = <T extends { walletAddress: string }>(rows: readonly T[]) =>
      rows.filter((r) => !contracts.has(r.walletAddress))
    const balances = owned(derived.balances)
    const lpPositions = owned(derived.lpPositions)
    const owners = new Set([
      ...base.balances.map((b) => b.walletAddress),
      ...balances.map((b) => b.walletAddress),
      ...lpPositions.map((p) => p.walletAddress),
    ])
    const native: WalletBalanceRow[] = []
    for (const owner of owners) {
      const { balance } = await chain.account(Address.parse(owner))
      native.push({
        ...{ walletAddress: owner, assetAddress: NATIVE_ADDRESS, balance },
        jettonWalletAddress: owner,
      })
    }
    const byPool = new Map(indexed.map((p) => [p.address, p]))
    const current = base.pools.map((pool) => {
      const p = byPool.get(pool.address)
      if (p === undefined) return pool
      return {
        ...pool,
        ...{ reserve0: p.reserve0, reserve1: p.reserve1, lpTotalSupply: p.totalSupply },
        collectedToken0ProtocolFee: p.collected0,
        collectedToken1ProtocolFee: p.collected1,
        // `set_params` / `set_rate` change them after the demo was built.
        ...kindParameters(p),
      }
    })
    const created = await listed(
      indexed,
      ledgerWallets.map((w) => w.masterAddress),
    )
    const activity = await swapActivity(store)
    const pools = [...current, ...created.pools].map((pool) => ({
      ...pool,
      popularityIndex: activity.get(pool.address) ?? 0,
    }))
    const assets = withAssetPopularity([...base.assets, ...created.assets], pools)
    const wallets = new Map<string, JettonWalletRow>()
    for (const w of [...base.jettonWallets, ...created.jettonWallets]) {
      wallets.set(`${w.ownerAddress} ${w.jettonAddress}`, w)
    }
    for (const b of balances) {
      if (b.jettonWalletAddress === null) continue
      const row = {
        ...{ ownerAddress: b.walletAddress, jettonAddress: b.assetAddress },
        walletAddress: b.jettonWalletAddress,
      }
      wallets.set(`${row.ownerAddress} ${row.jettonAddress}`, row)
    }
    await store.replaceMarket({
      ...base,
      assets,
      pools,
      jettonWallets: [...wallets.values()],
      balances: [...native, ...balances],
      lpPositions,
      feeVaults: derived.feeVaults,
    })
  }
}

/** Successful swaps per pool in the popularity window. */
async function swapActivity(store: Store): Promise<Map<string, number>> {
  const [newest] = await store.listIndexedTransactions({ limit: 1 })
  if (newest === undefined) return new Map()
  const end = Date.parse(`${newest.timestamp}Z`) / 1000
  const totals = await store.poolSwapTotals({ since: isoSeconds(end - POPULARITY_WINDOW_SECONDS) })
  return new Map(totals.map((t) => [t.poolAddress, t.offer0.swaps + t.offer1.swaps]))
}

/** Each asset's popularity: the sum of its pools'; the native coin keeps its own. */
function withAssetPopularity(
  assets: readonly AssetRow[],
  pools: readonly PoolRow[],
): readonly AssetRow[] {
  const sums = new Map<string, number>()
  for (const p of pools) {
    for (const asset of [p.token0Address, p.token1Address]) {
      sums.set(asset, (sums.get(asset) ?? 0) + (p.popularityIndex ?? 0))
    }
  }
  return assets.map((a) =>
    a.address === NATIVE_ADDRESS ? a : { ...a, popularityIndex: sums.get(a.address) ?? 0 },
  )
}

/** What {@link createListing}'s function answers: the rows of what was created on the chain. */
type Created = {
  readonly assets: readonly AssetRow[]
  readonly pools: readonly PoolRow[]
  readonly jettonWallets: readonly JettonWalletRow[]
}

/**
 * The reference rows of the jettons and pools created on the live chain after `base` was
 * written, read once from the chain and kept (a jetton's content and a pool's protocol fee
 * address do not change in the local exchange's contracts).
 */
function createListing(
  chain: LiveChain,
  base: MarketData,
): (indexed: readonly IndexedPoolRow[], masters: readonly (string | null)[]) => Promise<Created> {
  const routers = new Map<string, RouterRow>(base.routers.map((r) => [r.address, r]))
  const known = new Set([NATIVE_ADDRESS, ...base.assets.map((a) => a.address)])
  const notJettons = new Set([
    ...base.pools.map((p) => p.address),
    ...base.routers.map((r) => r.ptonMasterAddress),
  ])
  const basePools = new Set(base.pools.map((p) => p.address))
  const jettons = new Map<string, AssetRow | null>()
  const feeAddresses = new Map<string, string | null>()
  return async (indexed, masters) => {
    for (const p of indexed) notJettons.add(p.address) // LP token masters
    for (const master of masters) {
      if (master === null || known.has(master) || notJettons.has(master)) continue
      if (!jettons.has(master)) jettons.set(master, await jettonAsset(chain, master))
    }
    const assets = [...jettons.values()].filter((a): a is AssetRow => a !== null)
    const listedAssets = new Set([...known, ...assets.map((a) => a.address)])
    const pools: PoolRow[] = []
    const jettonWallets: JettonWalletRow[] = []
    for (const p of indexed) {
      const router = routers.get(p.routerAddress)
      // Pools on a listed router of their kind (the wire's pool type is the router's), between
      // listed assets.
      if (basePools.has(p.address) || router === undefined) continue
      if (router.routerType !== ROUTER_TYPE_OF_KIND[p.kind]) continue
      if (!listedAssets.has(p.asset0Address) || !listedAssets.has(p.asset1Address)) continue
      if (!feeAddresses.has(p.address)) {
        feeAddresses.set(p.address, await protocolFeeAddress(chain, p))
      }
      pools.push({
        ...{ address: p.address, routerAddress: p.routerAddress },
        ...{ token0Address: p.asset0Address, token1Address: p.asset1Address },
        ...{ reserve0: p.reserve0, reserve1: p.reserve1, lpTotalSupply: p.totalSupply },
        ...{ lpFee: p.lpFee, protocolFee: p.protocolFee, refFee: p.refFee },
        protocolFeeAddress: feeAddresses.get(p.address) ?? NATIVE_ADDRESS,
        collectedToken0ProtocolFee: p.collected0,
        collectedToken1ProtocolFee: p.collected1,
        deprecated: false,
        ...kindParameters(p),
        ...{ lpTotalSupplyUsd: null, lpPriceUsd: null, apy1d: null, apy7d: null, apy30d: null },
        ...{ volume24hUsd: null, popularityIndex: null },
      })
      // The router's wallets of the pool's jettons (what `routerAssets` reads on a restart).
      for (const [asset, wallet] of [
        [p.asset0Address, p.wallet0],
        [p.asset1Address, p.wallet1],
      ] as const) {
        if (asset === NATIVE_ADDRESS) continue
        jettonWallets.push({
          ...{ ownerAddress: p.routerAddress, jettonAddress: asset },
          walletAddress: wallet,
        })
      }
    }
    return { assets, pools, jettonWallets }
  }
}

/**
 * The asset row of a jetton master created on the chain, named from its TEP-64 content:
 * on-chain `symbol`, `name`, `image`, `decimals` (9, TEP-64's default, when absent); off-chain
 * content is not fetched (the local exchange has no network), so the symbol is the URI's file
 * name (`…/MOON.json` → `MOON`). `null` when the account answers no `get_jetton_data`.
 */
async function jettonAsset(chain: LiveChain, master: string): Promise<AssetRow | null> {
  let stack: TupleReader
  try {
    const outcome = await chain.runGetMethod(Address.parse(master), 'get_jetton_data')
    if (outcome.exitCode !== 0) return null
    stack = new TupleReader([...outcome.stack])
    stack.skip(3)
  } catch (error) {
    if (error instanceof LiveChainError && error.reason === 'account_not_active') return null
    throw error
  }
  let content: ReturnType<typeof readJettonContent>
  try {
    content = readJettonContent(stack.readCell())
  } catch {
    return null
  }
  const onchain = content?.type === 'onchain' ? content.data : {}
  const uri = content?.type === 'offchain' ? content.data : onchain.uri
  const fromUri = uri?.match(/([A-Za-z0-9_-]{1,32})\.json$/)?.[1]
  const decimals = Number(onchain.decimals ?? '9')
  return {
    address: master,
    symbol: onchain.symbol ?? fromUri ?? master.slice(-6),
    displayName: onchain.name ?? null,
    imageUrl: onchain.image ?? null,
    decimals: Number.isInteger(decimals) && decimals >= 0 && decimals <= 255 ? decimals : 9,
    kind: 'Jetton',
    ...{ priority: 0, pairPriority: null, deprecated: false },
    // Created by a dApp on the local chain: a community jetton, no price known.
    ...{ community: true, blacklisted: false, defaultSymbol: false, taxable: false, tags: [] },
    ...{ dexPriceUsd: null, thirdPartyPriceUsd: null, popularityIndex: null },
    ...{ customPayloadApiUri: null, extensions: null, scale: null, jettonWalletCode: null },
  }
}

/** A created pool's protocol fee address, from its `get_pool_data`. */
async function protocolFeeAddress(chain: LiveChain, pool: IndexedPoolRow): Promise<string | null> {
  const outcome = await chain.runGetMethod(Address.parse(pool.address), 'get_pool_data')
  if (outcome.exitCode !== 0) return null
  const reader = new TupleReader([...outcome.stack])
  const data = pool.dex === 'v1' ? readDexV1PoolData(reader) : readDexV2PoolData(reader, pool.kind)
  return data.protocolFeeAddress?.toString() ?? null
}

/**
 * JSON of a market with its bigints kept exact (`{"$bigint": "…"}`), to store the base market
 * beside the chain.
 *
 * @example
 * ```ts
 * parseMarket(stringifyMarket(market)) // deep-equals market
 * ```
 */
export function stringifyMarket(market: MarketData): string {
  return JSON.stringify(market, (_key, value: unknown) =>
    typeof value === 'bigint' ? { $bigint: value.toString() } : value,
  )
}

/**
 * Reads what {@link stringifyMarket} wrote.
 *
 * @example
 * ```ts
 * parseMarket('{"routers":[],…}').routers // []
 * ```
 */
export function parseMarket(json: string): MarketData {
  return JSON.parse(json, (_key, value: unknown) =>
    typeof value === 'object' && value !== null && '$bigint' in value
      ? BigInt((value as { $bigint: string }).$bigint)
      : value,
  ) as MarketData
}
