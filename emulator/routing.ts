import type { Address } from '@ton/core'
import type { Side } from '../core/curves/Curve.js'
import { isToken0 } from '../core/pool/tokenOrder.js'
import {
  DEX_LP_ACCOUNT_ADDRESS,
  DEX_POOL_ADDRESS,
  DEX_VAULT_ADDRESS,
} from '../protocol/dex/getMethods.js'
import type { DexWorld } from './DexWorld.js'
import { LocalDexError } from './LocalDexError.js'
import type { LocalAsset, LocalPool, LocalPton, LocalRouter } from './model.js'
import type { SwapRequest } from './requests.js'

/**
 * Throws unless a pTON matches the DEX version (pTON v1 for DEX v1, v2 for DEX v2), as the SDK
 * asserts. `undefined` (no pTON) always passes.
 *
 * @example
 * ```ts
 * assertPtonFits('v1', ptonV2) // throws LocalDexError { code: 'LOCAL_DEX_INVALID_REQUEST' }
 * ```
 */
export function assertPtonFits(dex: 'v1' | 'v2', pton: LocalPton | undefined): void {
  if (pton !== undefined && pton.version !== dex) {
    throw new LocalDexError({
      reason: 'invalid_request',
      message: `A DEX ${dex} router trades TON through pTON ${dex}, not pTON ${pton.version}.`,
    })
  }
}

/**
 * Throws unless a TON asset's proxy matches the router (see {@link assertPtonFits}).
 *
 * @example
 * ```ts
 * assertTradable(routerV1, ptonV2) // throws LocalDexError { code: 'LOCAL_DEX_INVALID_REQUEST' }
 * ```
 */
export function assertTradable(router: LocalRouter, asset: LocalAsset): void {
  assertPtonFits(router.dex, asset.kind === 'pton' ? asset : undefined)
}

/**
 * Throws for a helper that only DEX v2 has.
 *
 * @example
 * ```ts
 * requireV2('v1', 'referral vaults') // throws LocalDexError 'DEX v1 has no referral vaults.'
 * ```
 */
export function requireV2(dex: 'v1' | 'v2', what: string): void {
  if (dex !== 'v2') {
    throw new LocalDexError({ reason: 'invalid_request', message: `DEX v1 has no ${what}.` })
  }
}

/**
 * The router's wallet of an asset (its jetton wallet or pTON wallet).
 *
 * @example
 * ```ts
 * await routerWallet(world, router, usdt) // the router's USDT jetton wallet
 * ```
 */
export function routerWallet(world: DexWorld, router: LocalRouter, asset: LocalAsset) {
  return world.walletAddress(asset.minter, router.address)
}

/**
 * The core `side` of offering `asset` into `pool`: 0 when it is the pool's token0 (the router
 * wallet with the larger slice hash, `isToken0` of `ton-dex-lab/core`), else 1. Use it to turn
 * a swap request into the `side` of core's `swap` and to pick `amount0`/`amount1` of a payout.
 *
 * @example
 * ```ts
 * swap(await dex.poolState(pool), { side: sideOf(pool, usdt), amountIn: 1_000_000_000n })
 * sideOf(pool, pool.asset0) // 0
 * ```
 */
export function sideOf(pool: LocalPool, asset: LocalAsset): Side {
  if (pool.asset0.minter.equals(asset.minter)) return 0
  if (pool.asset1.minter.equals(asset.minter)) return 1
  throw new LocalDexError({
    reason: 'invalid_request',
    message: `Asset ${asset.minter} is not one of pool ${pool.address}'s tokens.`,
  })
}

/**
 * Whether two assets are the same token.
 *
 * @example
 * ```ts
 * sameAsset(usdt, usdt) // true
 * ```
 */
export function sameAsset(a: LocalAsset, b: LocalAsset): boolean {
  return a.minter.equals(b.minter)
}

/**
 * Resolves the pool of two assets on a router through its `get_pool_address` getter.
 *
 * @example
 * ```ts
 * const pool = await resolvePool(world, router, usdt, ton) // { address, wallet0, wallet1, asset0, asset1, router }
 * ```
 */
export async function resolvePool(
  world: DexWorld,
  router: LocalRouter,
  assetA: LocalAsset,
  assetB: LocalAsset,
): Promise<LocalPool> {
  const walletA = await routerWallet(world, router, assetA)
  const walletB = await routerWallet(world, router, assetB)
  const address = await world.cached(
    `pool/${router.address.toRawString()}/${walletA.toRawString()}/${walletB.toRawString()}`,
    async () => world.call(router.address, DEX_POOL_ADDRESS, walletA, walletB),
  )
  const aFirst = isToken0(walletA, walletB)
  return {
    router,
    address,
    wallet0: aFirst ? walletA : walletB,
    wallet1: aFirst ? walletB : walletA,
    asset0: aFirst ? assetA : assetB,
    asset1: aFirst ? assetB : assetA,
  }
}

/**
 * Where a swap goes: the router's wallet of the ask asset, the pool that answers (the router
 * itself when offer and ask are the same asset: it refuses them before any pool) and the
 * receiver (default the sender).
 *
 * @example
 * ```ts
 * const { askWallet, answerer, receiver } = await swapRoute(world, router, { from: alice, offer: a, ask: b, amount: 1n })
 * answerer.equals(poolAB.address) // true
 * ```
 */
export async function swapRoute(
  world: DexWorld,
  router: LocalRouter,
  req: Pick<SwapRequest, 'from' | 'offer' | 'ask' | 'receiver'>,
): Promise<{ askWallet: Address; answerer: Address; receiver: Address }> {
  const askWallet = await routerWallet(world, router, req.ask)
  const answerer = sameAsset(req.offer, req.ask)
    ? router.address
    : (await resolvePool(world, router, req.offer, req.ask)).address
  return { askWallet, answerer, receiver: req.receiver ?? req.from.address }
}

/**
 * The referral vault of `owner` for `asset` on a DEX v2 router (`get_vault_address`).
 *
 * @example
 * ```ts
 * const vault = await vaultAddress(world, router, bob.address, usdt) // bob's USDT vault
 * ```
 */
export async function vaultAddress(
  world: DexWorld,
  router: LocalRouter,
  owner: Address,
  asset: LocalAsset,
): Promise<Address> {
  const wallet = await routerWallet(world, router, asset)
  return world.call(router.address, DEX_VAULT_ADDRESS, owner, wallet)
}

/**
 * The LP account of `owner` in a pool (`get_lp_account_address`), active or not.
 *
 * @example
 * ```ts
 * const account = await lpAccountAddress(world, pool, bob.address) // where bob's half provision waits
 * ```
 */
export async function lpAccountAddress(
  world: DexWorld,
  pool: LocalPool,
  owner: Address,
): Promise<Address> {
  return world.call(pool.address, DEX_LP_ACCOUNT_ADDRESS, owner)
}
