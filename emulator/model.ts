import type { Address } from '@ton/core'
import type { PoolKind } from '../core/pool/PoolState.js'

/**
 * A TEP-74 jetton deployed by `createLocalDex` (test minter, admin = the world's admin).
 *
 * @example
 * ```ts
 * const usdt: LocalJetton = await dex.deployJetton('USDT') // { kind: 'jetton', symbol: 'USDT', minter }
 * ```
 */
export type LocalJetton = {
  readonly kind: 'jetton'
  readonly symbol: string
  readonly minter: Address
}

/**
 * A deployed proxy-TON minter: v1 pairs with DEX v1 routers, v2 (2.1) with DEX v2 routers.
 *
 * @example
 * ```ts
 * const ton: LocalPton = await dex.deployPton('v2') // { kind: 'pton', version: 'v2', minter }
 * ```
 */
export type LocalPton = {
  readonly kind: 'pton'
  readonly version: 'v1' | 'v2'
  readonly minter: Address
}

/**
 * Anything a pool can hold: a jetton, or TON through a proxy-TON minter.
 *
 * @example
 * ```ts
 * const path: LocalAsset[] = [usdt, ton]
 * ```
 */
export type LocalAsset = LocalJetton | LocalPton

/**
 * A deployed router. A DEX v2 (v2.2) router serves one pool kind, as on chain; DEX v1 routers
 * are constant product.
 *
 * @example
 * ```ts
 * const router: LocalRouter = await dex.deployRouter('v2', { pton: ton, kind: 'stableswap' })
 * // { dex: 'v2', kind: 'stableswap', address, pton }
 * ```
 */
export type LocalRouter = {
  readonly dex: 'v1' | 'v2'
  /** The pool kind of every pool of this router (`get_router_data`'s type string). */
  readonly kind: PoolKind
  readonly address: Address
  /** The proxy-TON this router trades TON through (its wallet is deployed with the router). */
  readonly pton: LocalPton | undefined
}

/**
 * A pool of a router, with its two router-owned token wallets in pool order.
 *
 * @example
 * ```ts
 * const pool: LocalPool = await dex.pool(router, usdt, ton)
 * pool.asset0.minter.equals(ton.minter) // true when TON's router wallet has the larger hash
 * ```
 */
export type LocalPool = {
  readonly router: LocalRouter
  readonly address: Address
  /** The router's wallet of token0 (the larger slice hash, `docs/contracts.md` §0). */
  readonly wallet0: Address
  readonly wallet1: Address
  /** The assets behind wallet0 and wallet1. */
  readonly asset0: LocalAsset
  readonly asset1: LocalAsset
}
