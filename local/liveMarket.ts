import { Address, TupleReader } from '@ton/core'
import type { LiveChain } from '../chain/LiveChain.js'
import { LiveChainError } from '../chain/LiveChainError.js'
import { readJettonContent } from '../protocol/jetton/content.js'
import { JETTON_DATA } from '../protocol/jetton/getMethods.js'
import { NATIVE_ADDRESS } from '../protocol/nativeAddress.js'
import type { MarketData } from '../store/rows/MarketData.js'
import type { AssetRow } from '../store/rows/referenceRows.js'
import type { Store } from '../store/Store.js'

/**
 * Lists the jettons a dApp creates on the live chain: after an indexed batch, every jetton
 * master the indexer's wallet ledger saw a wallet of that the market does not list yet (and
 * that is no pool's LP token nor a proxy-TON) is read once from its minter's TEP-64 content and
 * added to the assets, in one store transaction with `base` (the market the demo build
 * wrote) — only when something new was found. Everything the chain changes otherwise is read
 * by the REST API from the index itself: pools' state and the pools created on the chain
 * (`listedPools`), wallets' jettons, LP positions and vaults (`walletReadModel`), native TON
 * balances (the live chain), popularity (the indexed swaps).
 *
 * @example
 * ```ts
 * const refresh = liveMarketRefresh({ store, chain, base })
 * await refresh() // after the indexer stored a block
 * ```
 */
export function liveMarketRefresh(options: {
  readonly store: Store
  readonly chain: LiveChain
  readonly base: MarketData
}): () => Promise<void> {
  const { store, chain, base } = options
  const checked = new Set([
    NATIVE_ADDRESS,
    ...base.assets.map((a) => a.address),
    ...base.pools.map((p) => p.address),
    ...base.routers.map((r) => r.ptonMasterAddress),
  ])
  const created: AssetRow[] = []
  return async () => {
    for (const p of await store.listIndexedPools()) checked.add(p.address) // LP token masters
    const found: AssetRow[] = []
    for (const wallet of await store.listIndexedJettonWallets()) {
      const master = wallet.masterAddress
      if (master === null || checked.has(master)) continue
      checked.add(master)
      const asset = await jettonAsset(chain, master)
      if (asset !== null) found.push(asset)
    }
    if (found.length === 0) return
    created.push(...found)
    await store.replaceMarket({ ...base, assets: [...base.assets, ...created] })
  }
}

/**
 * The asset row of a jetton master on the chain (created on it, or a fork's at its block), named
 * from its TEP-64 content: on-chain `symbol`, `name`, `image`, `decimals` (9, TEP-64's default,
 * when absent); off-chain content is not fetched (the local exchange has no network), so the
 * symbol is the URI's file name (`…/MOON.json` → `MOON`). A community jetton, no price known.
 * `null` when the account answers no `get_jetton_data`.
 *
 * @example
 * ```ts
 * (await jettonAsset(chain, 'EQ…MOON minter'))?.symbol // 'MOON'
 * ```
 */
export async function jettonAsset(chain: LiveChain, master: string): Promise<AssetRow | null> {
  let stack: TupleReader
  try {
    const outcome = await chain.runGetMethod(Address.parse(master), JETTON_DATA.name)
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
