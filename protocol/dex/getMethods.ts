import type { Address, Cell } from '@ton/core'
import type { PoolKind } from '../../core/pool/PoolState.js'
import { addressArg, type GetMethod, noArgs } from '../getMethod.js'
import {
  type LpAccountData,
  readLpAccountData,
  readVaultData,
  type VaultData,
} from './accountData.js'
import {
  type DexV1PoolData,
  type DexV2PoolData,
  readDexV1PoolData,
  readDexV2PoolData,
} from './poolData.js'

/**
 * A router's `get_pool_address(wallet0, wallet1)` (DEX v1 and v2): the pool of the router's two
 * jetton wallets, in either order.
 *
 * @example
 * ```ts
 * (await world.call(router, DEX_POOL_ADDRESS, walletA, walletB)).toString() // 'EQ…' (the pool)
 * ```
 */
export const DEX_POOL_ADDRESS: GetMethod<[wallet0: Address, wallet1: Address], Address> = {
  name: 'get_pool_address',
  args: (wallet0, wallet1) => [addressArg(wallet0), addressArg(wallet1)],
  read: (r) => r.readAddress(),
}

/**
 * A DEX v2 router's `get_vault_address(owner, token_wallet)`: the owner's referral vault of
 * one router wallet.
 *
 * @example
 * ```ts
 * await world.call(router, DEX_VAULT_ADDRESS, bob, routerUsdtWallet) // bob's USD₮ vault
 * ```
 */
export const DEX_VAULT_ADDRESS: GetMethod<[owner: Address, tokenWallet: Address], Address> = {
  name: 'get_vault_address',
  args: (owner, tokenWallet) => [addressArg(owner), addressArg(tokenWallet)],
  read: (r) => r.readAddress(),
}

/**
 * A pool's `get_lp_account_address(owner)`: where the owner's half provision waits.
 *
 * @example
 * ```ts
 * await world.call(pool, DEX_LP_ACCOUNT_ADDRESS, bob) // bob's LP account (active or not)
 * ```
 */
export const DEX_LP_ACCOUNT_ADDRESS: GetMethod<[owner: Address], Address> = {
  name: 'get_lp_account_address',
  args: (owner) => [addressArg(owner)],
  read: (r) => r.readAddress(),
}

/**
 * An LP account's `get_lp_account_data`: `(user, pool, amount0, amount1)`.
 *
 * @example
 * ```ts
 * (await world.call(account, DEX_LP_ACCOUNT_DATA)).amount0 // 1000000n while half a pair waits
 * ```
 */
export const DEX_LP_ACCOUNT_DATA: GetMethod<[], LpAccountData> = {
  name: 'get_lp_account_data',
  args: noArgs,
  read: readLpAccountData,
}

/**
 * A DEX v2 vault's `get_vault_data`: `(owner, token_wallet, router, deposited)`.
 *
 * @example
 * ```ts
 * (await world.call(vault, DEX_VAULT_DATA)).deposited // 1994010n after a 1e9 swap with 10 bps to bob
 * ```
 */
export const DEX_VAULT_DATA: GetMethod<[], VaultData> = {
  name: 'get_vault_data',
  args: noArgs,
  read: readVaultData,
}

/**
 * A DEX v1 pool's `get_pool_data` (`docs/contracts.md` §1.7).
 *
 * @example
 * ```ts
 * (await world.call(pool, DEX_V1_POOL_DATA)).reserve0 // 1000000000000n
 * ```
 */
export const DEX_V1_POOL_DATA: GetMethod<[], DexV1PoolData> = {
  name: 'get_pool_data',
  args: noArgs,
  read: readDexV1PoolData,
}

/**
 * A DEX v2 pool's `get_pool_data` for a pool of `kind` (the common fields, then the kind's own:
 * `POOL_KIND_FACTS[kind].readPoolDataExtra`).
 *
 * @example
 * ```ts
 * (await world.call(pool, dexV2PoolData('stableswap'))).amp // 100n
 * ```
 */
export function dexV2PoolData(kind: PoolKind): GetMethod<[], DexV2PoolData> {
  return { name: 'get_pool_data', args: noArgs, read: (r) => readDexV2PoolData(r, kind) }
}

/**
 * The lock of a DEX v2 pool alone: the first entry of its `get_pool_data` (any kind).
 *
 * @example
 * ```ts
 * await world.call(pool, DEX_V2_POOL_LOCKED) // false
 * ```
 */
export const DEX_V2_POOL_LOCKED: GetMethod<[], boolean> = {
  name: 'get_pool_data',
  args: noArgs,
  read: (r) => r.readBoolean(),
}

/**
 * A DEX v1 router's `get_router_data` answer: `(is_locked, admin, temp_upgrade, pool_code,
 * lp_wallet_code, lp_account_code)`.
 *
 * @example
 * ```ts
 * const data: DexV1RouterData = { isLocked: false, admin, poolCode, lpWalletCode, lpAccountCode }
 * ```
 */
export type DexV1RouterData = {
  readonly isLocked: boolean
  readonly admin: Address
  readonly poolCode: Cell
  readonly lpWalletCode: Cell
  readonly lpAccountCode: Cell
}

/**
 * A DEX v1 router's `get_router_data`.
 *
 * @example
 * ```ts
 * (await world.call(router, DEX_V1_ROUTER_DATA)).isLocked // false
 * ```
 */
export const DEX_V1_ROUTER_DATA: GetMethod<[], DexV1RouterData> = {
  name: 'get_router_data',
  args: noArgs,
  read: (r) => {
    const isLocked = r.readBoolean()
    const admin = r.readAddress()
    r.readCell() // temp_upgrade
    return {
      isLocked,
      admin,
      poolCode: r.readCell(),
      lpWalletCode: r.readCell(),
      lpAccountCode: r.readCell(),
    }
  },
}

/**
 * A DEX v2 router's `get_router_data` answer (`docs/contracts.md` §2.14): `(id, dex_type,
 * is_locked, admin, temp_upgrade, pool_code, lp_wallet_code, lp_account_code, vault_code)`;
 * `dexType` is the kind's string (`POOL_KIND_FACTS[kind].dexType`).
 *
 * @example
 * ```ts
 * const data: DexV2RouterData = { id: 0n, dexType: 'stableswap', isLocked: false, admin, poolCode, lpWalletCode, lpAccountCode }
 * ```
 */
export type DexV2RouterData = {
  readonly id: bigint
  readonly dexType: string
  readonly isLocked: boolean
  readonly admin: Address
  readonly poolCode: Cell
  readonly lpWalletCode: Cell
  readonly lpAccountCode: Cell
}

/**
 * A DEX v2 router's `get_router_data`.
 *
 * @example
 * ```ts
 * (await world.call(router, DEX_V2_ROUTER_DATA)).dexType // 'stableswap'
 * ```
 */
export const DEX_V2_ROUTER_DATA: GetMethod<[], DexV2RouterData> = {
  name: 'get_router_data',
  args: noArgs,
  read: (r) => {
    const id = r.readBigNumber()
    const dexType = r.readCell().beginParse().loadStringTail()
    const isLocked = r.readBoolean()
    const admin = r.readAddress()
    r.readCell() // temp_upgrade
    return {
      ...{ id, dexType, isLocked, admin },
      ...{ poolCode: r.readCell(), lpWalletCode: r.readCell(), lpAccountCode: r.readCell() },
    }
  },
}
