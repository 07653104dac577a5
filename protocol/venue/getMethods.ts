import type { Address } from '@ton/core'
import { addressArg, type GetMethod, noArgs } from '../getMethod.js'

/**
 * An escrow factory's `getEscrowData`: `(global id, protocol, protocol tier, item code, vault
 * code)` ([referral-venues.md](../../docs/referral-venues.md)); read here for its global id, what
 * tells an escrow factory from another contract.
 *
 * @example
 * ```ts
 * (await callGetMethod(run, factory, ESCROW_FACTORY_DATA))?.globalId // the factory's id, a bigint
 * ```
 */
export const ESCROW_FACTORY_DATA: GetMethod<[], { globalId: bigint }> = {
  name: 'getEscrowData',
  args: noArgs,
  read: (r) => ({ globalId: r.readBigNumber() }),
}

/**
 * A fee-vault minter's `get_vault_address(owner, minter_jetton_wallet)`: the owner's vault, or
 * `addr_none`-like `0:0` before a fee was credited (`null` then is the caller's reading).
 *
 * @example
 * ```ts
 * await callGetMethod(run, feeVaultMinter, FEE_VAULT_ADDRESS, referrer, minterUsdtWallet) // the vault
 * ```
 */
export const FEE_VAULT_ADDRESS: GetMethod<[owner: Address, minterWallet: Address], Address> = {
  name: 'get_vault_address',
  args: (owner, minterWallet) => [addressArg(owner), addressArg(minterWallet)],
  read: (r) => r.readAddress(),
}

/**
 * An escrow factory's `getVaultAddress(jettonWallet, owner)` — **the wallet first** — the vault of
 * `owner` for the factory's jetton wallet (always the computed address).
 *
 * @example
 * ```ts
 * await world.call(escrow.minter, ESCROW_VAULT_ADDRESS, factoryUsdtWallet, bob) // bob's USD₮ escrow vault
 * ```
 */
export const ESCROW_VAULT_ADDRESS: GetMethod<[jettonWallet: Address, owner: Address], Address> = {
  name: 'getVaultAddress',
  args: (jettonWallet, owner) => [addressArg(jettonWallet), addressArg(owner)],
  read: (r) => r.readAddress(),
}
