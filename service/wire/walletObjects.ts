import { type Static, Type } from '@sinclair/typebox'
import type { FeeVaultRow, StakeRow } from '../../store/rows/walletRows.js'
import { AddressString, AmountString, Nullable } from './common.js'

/** Unwrapped body of `/v1/wallets/{address}/stakes` (`docs/wire.md` §6.13). */
export const StakesSchema = Type.Object({
  ston_balance: AmountString,
  staked_ston: AmountString,
  minted_gemston: AmountString,
  voting_power: AmountString,
  nfts: Type.Array(
    Type.Object({
      address: AddressString,
      image_url: Type.String(),
      min_unstaking_timestamp: Type.String(),
      minted_gemston: AmountString,
      staked_tokens: AmountString,
      staking_timestamp: Type.String(),
      status: Type.String({ enum: ['uninitialized', 'active', 'unstaked', 'claiming'] }),
      unstake_timestamp: Nullable(Type.String()),
      voting_power: AmountString,
    }),
  ),
})

/** A wallet's staking position as the wire sends it. */
export type WireStakes = Static<typeof StakesSchema>

/**
 * A wallet's staking position in the wire shape; a wallet without one reports zeros.
 *
 * @example
 * ```ts
 * toWireStakes(undefined) // { ston_balance: '0', staked_ston: '0', minted_gemston: '0', voting_power: '0', nfts: [] }
 * ```
 */
export function toWireStakes(row: StakeRow | undefined): WireStakes {
  if (row === undefined) {
    return { ston_balance: '0', staked_ston: '0', minted_gemston: '0', voting_power: '0', nfts: [] }
  }
  return {
    ston_balance: row.stonBalance.toString(),
    staked_ston: row.stakedSton.toString(),
    minted_gemston: row.mintedGemston.toString(),
    voting_power: row.votingPower.toString(),
    nfts: row.nfts.map((nft) => ({
      address: nft.address,
      image_url: nft.imageUrl,
      min_unstaking_timestamp: nft.minUnstakingTimestamp,
      minted_gemston: nft.mintedGemston.toString(),
      staked_tokens: nft.stakedTokens.toString(),
      staking_timestamp: nft.stakingTimestamp,
      status: nft.status,
      unstake_timestamp: nft.unstakeTimestamp,
      voting_power: nft.votingPower.toString(),
    })),
  }
}

/** One referral-fee vault (`vault_list[]`, `docs/wire.md` §4.7). */
export const VaultSchema = Type.Object({
  vault_address: AddressString,
  asset_address: AddressString,
  router_address: AddressString,
  balance: AmountString,
})

/**
 * A stored fee vault in the wire shape.
 *
 * @example
 * ```ts
 * toWireVault(vault).balance // '125000000'
 * ```
 */
export function toWireVault(row: FeeVaultRow): Static<typeof VaultSchema> {
  return {
    vault_address: row.vaultAddress,
    asset_address: row.assetAddress,
    router_address: row.routerAddress,
    balance: row.balance.toString(),
  }
}
