import { type Static, Type } from '@sinclair/typebox'
import type { FarmRow } from '../../store/rows/referenceRows.js'
import type { FarmNftRow } from '../../store/rows/walletRows.js'
import { AddressString, AmountString, Nullable } from './common.js'

const FarmNftSchema = Type.Object({
  address: AddressString,
  create_timestamp: Type.String(),
  min_unstake_timestamp: Type.String(),
  nonclaimed_rewards: AmountString,
  rewards: Type.Array(Type.Object({ address: AddressString, amount: AmountString })),
  staked_tokens: AmountString,
  status: Type.String({ examples: ['active'] }),
  unstake_timestamp: Nullable(Type.String()),
})

/** Farm object (`docs/wire.md` §4.5). */
export const FarmSchema = Type.Object({
  minter_address: AddressString,
  pool_address: AddressString,
  status: Type.String({ examples: ['operational'] }),
  version: Type.String({ examples: ['v3'] }),
  min_stake_duration_s: Type.String({ examples: ['86400'] }),
  apy: Nullable(Type.String()),
  locked_total_lp: AmountString,
  locked_total_lp_usd: Nullable(Type.String()),
  all_rewards_distributed: Type.Boolean(),
  custodian_address: AddressString,
  owner_address: Nullable(Type.String()),
  create_timestamp: Nullable(Type.String()),
  meta: Nullable(
    Type.Object({
      image: Nullable(Type.String()),
      name: Nullable(Type.String()),
      description: Nullable(Type.String()),
      social_links: Nullable(Type.Array(Type.String())),
      marketplace: Nullable(Type.String()),
    }),
  ),
  rewards: Type.Array(
    Type.Object({
      index: Type.Integer(),
      address: Nullable(Type.String()),
      status: Type.String(),
      admin_fee: Type.String(),
      remaining_rewards: AmountString,
      reward_rate_24h: Type.String(),
      estimated_end_timestamp: Nullable(Type.String()),
      rewards_distributed: Type.Boolean(),
    }),
  ),
  reward_token_address: Nullable(
    Type.String({
      description:
        "The first reward's token (index 0), beside rewards[]: what yield adapters read (docs/wire.md C23)",
    }),
  ),
  nft_infos: Type.Array(FarmNftSchema, {
    description: "The wallet's farm NFTs on wallet endpoints; empty elsewhere",
  }),
})

/** A farm as the wire sends it. */
export type WireFarm = Static<typeof FarmSchema>

/**
 * A stored farm in the wire shape, with the given NFTs (a wallet's, or none).
 *
 * @example
 * ```ts
 * toWireFarm(farm, []).rewards[0].remaining_rewards // '250000000000000'
 * ```
 */
export function toWireFarm(row: FarmRow, nfts: readonly FarmNftRow[]): WireFarm {
  return {
    minter_address: row.minterAddress,
    pool_address: row.poolAddress,
    status: row.status,
    version: row.version,
    min_stake_duration_s: row.minStakeDurationS.toString(),
    apy: row.apy,
    locked_total_lp: row.lockedTotalLp.toString(),
    locked_total_lp_usd: row.lockedTotalLpUsd,
    all_rewards_distributed: row.allRewardsDistributed,
    custodian_address: row.custodianAddress,
    owner_address: row.ownerAddress,
    create_timestamp: row.createTimestamp,
    meta:
      row.meta === null
        ? null
        : {
            image: row.meta.image,
            name: row.meta.name,
            description: row.meta.description,
            social_links: row.meta.socialLinks === null ? null : [...row.meta.socialLinks],
            marketplace: row.meta.marketplace,
          },
    rewards: row.rewards.map((reward) => ({
      index: reward.index,
      address: reward.address,
      status: reward.status,
      admin_fee: reward.adminFee,
      remaining_rewards: reward.remainingRewards.toString(),
      reward_rate_24h: reward.rewardRate24h,
      estimated_end_timestamp: reward.estimatedEndTimestamp,
      rewards_distributed: reward.rewardsDistributed,
    })),
    reward_token_address: firstRewardToken(row),
    nft_infos: nfts.map((nft) => ({
      address: nft.address,
      create_timestamp: nft.createTimestamp,
      min_unstake_timestamp: nft.minUnstakeTimestamp,
      nonclaimed_rewards: nft.nonclaimedRewards.toString(),
      rewards: nft.rewards.map((r) => ({ address: r.address, amount: r.amount.toString() })),
      staked_tokens: nft.stakedTokens.toString(),
      status: nft.status,
      unstake_timestamp: nft.unstakeTimestamp,
    })),
  }
}

/**
 * The token of a farm's first reward stream (lowest `index`), `null` for a farm without one:
 * the live API's `reward_token_address`, which typed clients dropped (TS 0.22) but DefiLlama's
 * yield adapter still reads with `apy` and `status` (`docs/wire.md` C23).
 *
 * @example
 * ```ts
 * firstRewardToken(farm) // 'EQDiD79d…' (the farm's STON reward)
 * ```
 */
export function firstRewardToken(row: Pick<FarmRow, 'rewards'>): string | null {
  let first: FarmRow['rewards'][number] | undefined
  for (const reward of row.rewards) {
    if (reward.address !== null && (first === undefined || reward.index < first.index))
      first = reward
  }
  return first?.address ?? null
}
