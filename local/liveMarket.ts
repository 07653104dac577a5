import { Address } from '@ton/core'
import { walletPositions } from '../indexer/wallets/walletPositions.js'
import { NATIVE_ADDRESS } from '../service/address/canonicalAddress.js'
import type { MarketData } from '../store/rows/MarketData.js'
import type { JettonWalletRow } from '../store/rows/referenceRows.js'
import type { WalletBalanceRow } from '../store/rows/walletRows.js'
import type { Store } from '../store/Store.js'
import type { LiveChain } from './chain/LiveChain.js'

/**
 * Keeps the market rows the REST API reads (pools, balances, LP positions, referral vaults,
 * jetton wallets) equal to the live chain: after every indexed batch, the pools' reserves, LP
 * supply and collected fees are the indexer's tracked state, and every wallet's rows are
 * derived again from the indexer's wallet ledger (as the demo build derives them), with native
 * TON balances read from the chain. Everything else (routers, assets and their prices, farms,
 * stakes, the hand-written parts) is `base`, the market the demo build wrote. The whole market
 * is replaced in one store transaction.
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
  return async () => {
    const indexed = await store.listIndexedPools()
    const derived = walletPositions({
      ledger: {
        jettonWallets: await store.listIndexedJettonWallets(),
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
    const pools = base.pools.map((pool) => {
      const p = byPool.get(pool.address)
      if (p === undefined) return pool
      return {
        ...pool,
        ...{ reserve0: p.reserve0, reserve1: p.reserve1, lpTotalSupply: p.totalSupply },
        collectedToken0ProtocolFee: p.collected0,
        collectedToken1ProtocolFee: p.collected1,
      }
    })
    const wallets = new Map<string, JettonWalletRow>()
    for (const w of base.jettonWallets) wallets.set(`${w.ownerAddress} ${w.jettonAddress}`, w)
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
      pools,
      jettonWallets: [...wallets.values()],
      balances: [...native, ...balances],
      lpPositions,
      feeVaults: derived.feeVaults,
    })
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
