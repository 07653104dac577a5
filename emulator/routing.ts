import { type Address, beginCell } from '@ton/core'
import { addressArg, type DexWorld } from './DexWorld.js'
import { LocalDexError } from './LocalDexError.js'
import type { LocalAsset, LocalPool, LocalRouter } from './model.js'

/**
 * The minter behind an asset: the jetton minter, or the pTON minter for TON.
 *
 * @example
 * ```ts
 * minterOf(usdt).equals(usdt.minter) // true
 * ```
 */
export function minterOf(asset: LocalAsset): Address {
  return asset.minter
}

/**
 * Throws unless a TON asset's proxy matches the router (pTON v1 for DEX v1, v2 for DEX v2), as
 * the SDK asserts.
 *
 * @example
 * ```ts
 * assertTradable(routerV1, ptonV2) // throws LocalDexError { code: 'LOCAL_DEX_INVALID_REQUEST' }
 * ```
 */
export function assertTradable(router: LocalRouter, asset: LocalAsset): void {
  if (asset.kind === 'pton' && asset.version !== router.dex) {
    throw new LocalDexError({
      reason: 'invalid_request',
      message: `A DEX ${router.dex} router trades TON through pTON ${router.dex}, not pTON ${asset.version}.`,
    })
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
  return world.walletAddress(minterOf(asset), router.address)
}

/**
 * Whether wallet `a` sorts before `b` as token0 (the larger slice hash, `contracts.md` §0).
 *
 * @example
 * ```ts
 * isToken0(routerUsdtWallet, routerTonWallet) // true when the USDT wallet's slice hash is larger
 * ```
 */
export function isToken0(a: Address, b: Address): boolean {
  const hash = (x: Address) => BigInt(`0x${addressCellHash(x)}`)
  return hash(a) > hash(b)
}

function addressCellHash(address: Address): string {
  return beginCell().storeAddress(address).endCell().hash().toString('hex')
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
    async () =>
      (
        await world.get(router.address, 'get_pool_address', [
          addressArg(walletA),
          addressArg(walletB),
        ])
      ).readAddress(),
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
