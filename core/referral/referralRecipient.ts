import type { Address } from '@ton/core'
import { InvalidInputError } from '../errors/InvalidInputError.js'
import { type AssetId, NATIVE_ASSET } from './assetId.js'
import { dexV2VaultAddress } from './dexV2VaultAddress.js'
import type { NormalizedPool } from './Market.js'
import { parseAddress } from './parseAddress.js'

/**
 * Where a hop's referral fee goes:
 * - `referrer`: straight to the referrer's address — DEX v1 in the same swap (`paid_in_swap`),
 *   or the native coin on external venues A/B (`credited_instantly`);
 * - `dex_v2_vault`: the DEX v2 vault of referrer × ask token on the pool's router; for the native
 *   coin the token minter is the native-coin wrapper's master (spec rule 5). `vaultAddress` is
 *   filled in when the market gave the router's vault code and jetton wallets;
 * - `fee_vault`: the referrer's vault for that jetton at the venue's fee-vault minter (A/B); its
 *   address comes from the minter's `get_vault_address`;
 * - `escrow_vault`: the referrer's vault at the escrow minter; its address comes from the
 *   minter's `getVaultAddress`. The spec describes escrow fees in jettons only; a native-coin
 *   ask is reported with `asset: 'native'` (our reading).
 */
export type ReferralRecipient =
  | {
      readonly kind: 'referrer'
      readonly address: Address
      readonly settlement: 'paid_in_swap' | 'credited_instantly'
    }
  | {
      readonly kind: 'dex_v2_vault'
      readonly owner: Address
      readonly router: Address
      /** Master of the fee token: the ask jetton's master, or the pTON master for the native coin. */
      readonly tokenMinter: Address
      /** The router's jetton wallet of the fee token, when the market gave it. */
      readonly routerTokenWallet: Address | undefined
      /** The vault's address, when the market gave the router's vault code and wallets. */
      readonly vaultAddress: Address | undefined
    }
  | {
      readonly kind: 'fee_vault'
      readonly owner: Address
      readonly jetton: Address
      readonly minter: Address | undefined
    }
  | {
      readonly kind: 'escrow_vault'
      readonly owner: Address
      readonly asset: AssetId
      readonly minter: Address | undefined
    }

/**
 * The recipient of the referral fee of a hop through `pool` that pays in `askAsset`.
 *
 * @example
 * ```ts
 * referralRecipient(v2Pool, 'native', referrer)
 * // { kind: 'dex_v2_vault', owner: referrer, router, tokenMinter: ptonMaster, ... }
 * referralRecipient(v1Pool, usdt, referrer)
 * // { kind: 'referrer', address: referrer, settlement: 'paid_in_swap' }
 * ```
 * @throws {InvalidInputError} when `askAsset` is not one of the pool's assets, or a DEX v2 pool
 *   lacks its router (or, for a native-coin fee, the wrapper's master).
 */
export function referralRecipient(
  pool: NormalizedPool,
  askAsset: AssetId,
  referrer: Address,
): ReferralRecipient {
  const askSide = askAsset === pool.asset0 ? 0 : askAsset === pool.asset1 ? 1 : undefined
  if (askSide === undefined) {
    throw new InvalidInputError({
      field: 'askAsset',
      reason: `is not an asset of pool ${pool.id}`,
      value: askAsset,
    })
  }
  switch (pool.venue) {
    case 'dex_v1':
      return { kind: 'referrer', address: referrer, settlement: 'paid_in_swap' }
    case 'dex_v2': {
      const router = pool.router
      const tokenMinter =
        askAsset === NATIVE_ASSET ? pool.nativeWrapperMaster : parseAddress(askAsset, 'askAsset')
      if (router === undefined || tokenMinter === undefined) {
        throw new InvalidInputError({
          field: router === undefined ? 'pool.router' : 'pool.nativeWrapperMaster',
          reason: 'is required for a DEX v2 referral vault (use normalizeMarket)',
        })
      }
      const routerTokenWallet = pool.routerWallets?.[askSide]
      const vaultAddress =
        routerTokenWallet !== undefined && pool.vaultCode !== undefined
          ? dexV2VaultAddress({
              vaultCode: pool.vaultCode,
              owner: referrer,
              tokenWallet: routerTokenWallet,
              router,
            })
          : undefined
      return {
        kind: 'dex_v2_vault',
        owner: referrer,
        router,
        tokenMinter,
        routerTokenWallet,
        vaultAddress,
      }
    }
    case 'external_a':
    case 'external_b':
      return askAsset === NATIVE_ASSET
        ? { kind: 'referrer', address: referrer, settlement: 'credited_instantly' }
        : {
            kind: 'fee_vault',
            owner: referrer,
            jetton: parseAddress(askAsset, 'askAsset'),
            minter: pool.vaultMinter,
          }
    case 'escrow':
      return { kind: 'escrow_vault', owner: referrer, asset: askAsset, minter: pool.vaultMinter }
  }
}
