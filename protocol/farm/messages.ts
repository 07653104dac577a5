import { type Address, beginCell, type Cell } from '@ton/core'

/**
 * Farm v3 op codes. All but TEP-85's `destroy` are the CRC-32 (IEEE, full 32 bits) of their
 * snake_case name: `stake`, `claim_rewards` and `unstake` are the SDK's (ston-fi/sdk
 * `packages/sdk/src/contracts/farm/constants.ts`); the others follow the same rule and their
 * layouts are ours (`docs/farms.md`, "Messages").
 *
 * @example
 * ```ts
 * FARM_V3_OP.stake // 0x6ec9dc65
 * FARM_V3_OP.unstake // 0xb92965a0
 * ```
 */
export const FARM_V3_OP = {
  stake: 0x6ec9dc65,
  claimRewards: 0x78d9f109,
  unstake: 0xb92965a0,
  destroy: 0x1f04537a,
  init: 0xc674e474,
  depositRewards: 0xe8e8e46c,
  updateClaim: 0xc70d3ca5,
  updateClaimFinal: 0x2d673d98,
  internalUnstake: 0xa1312496,
  createPool: 0x2e3034ef,
  changeRate: 0xbc3b7682,
  changePoolStatus: 0xb6eba1d8,
  changeStatus: 0x7331888c,
  updateStakeTime: 0xf7929fbe,
  withdrawRewards: 0x82ee3aec,
  updateAccruedValues: 0x7844c9d6,
} as const

/**
 * `init#c674e474 query_id staking_token_wallet` — the admin names the minter's LP jetton wallet
 * and makes the farm operational.
 *
 * @example
 * ```ts
 * farmV3InitBody({ stakingTokenWallet: minterLpWallet })
 * ```
 */
export function farmV3InitBody(params: { stakingTokenWallet: Address; queryId?: bigint }): Cell {
  return beginCell()
    .storeUint(FARM_V3_OP.init, 32)
    .storeUint(params.queryId ?? 0n, 64)
    .storeAddress(params.stakingTokenWallet)
    .endCell()
}

/**
 * `create_pool#2e3034ef query_id reward_token_wallet nanorewards_per_24h:uint150
 * admin_fee:uint16 unrestricted_deposit_rewards:bool` — the admin adds a reward pool.
 *
 * @example
 * ```ts
 * farmV3CreatePoolBody({ rewardTokenWallet, nanorewardsPer24h: 1_000n * 10n ** 18n, adminFee: 0n,
 *   unrestrictedDepositRewards: true })
 * ```
 */
export function farmV3CreatePoolBody(params: {
  rewardTokenWallet: Address
  nanorewardsPer24h: bigint
  adminFee: bigint
  unrestrictedDepositRewards: boolean
  queryId?: bigint
}): Cell {
  return beginCell()
    .storeUint(FARM_V3_OP.createPool, 32)
    .storeUint(params.queryId ?? 0n, 64)
    .storeAddress(params.rewardTokenWallet)
    .storeUint(params.nanorewardsPer24h, 150)
    .storeUint(params.adminFee, 16)
    .storeBit(params.unrestrictedDepositRewards)
    .endCell()
}

/**
 * `deposit_rewards#e8e8e46c pool_index:uint8` — the forward payload of a reward-jetton
 * transfer to the minter.
 *
 * @example
 * ```ts
 * farmV3DepositRewardsPayload(0) // then a jetton transfer of the reward token to the minter
 * ```
 */
export function farmV3DepositRewardsPayload(poolIndex: number): Cell {
  return beginCell().storeUint(FARM_V3_OP.depositRewards, 32).storeUint(poolIndex, 8).endCell()
}

/**
 * `stake#6ec9dc65 owner:MsgAddress` — the v3 stake forward payload as `@ston-fi/sdk` builds it
 * (`null` = the sender owns the position).
 *
 * @example
 * ```ts
 * farmV3StakePayload(null)
 * ```
 */
export function farmV3StakePayload(owner: Address | null): Cell {
  return beginCell().storeUint(FARM_V3_OP.stake, 32).storeAddress(owner).endCell()
}

/**
 * The admin ops with a pool index or a single value: `change_rate`, `change_pool_status`,
 * `change_status`, `update_stake_time`, `withdraw_rewards` (amount in reward base units),
 * `update_accrued_values`.
 *
 * @example
 * ```ts
 * farmV3AdminBody({ op: 'changeRate', poolIndex: 0, nanorewardsPer24h: 5n * 10n ** 20n })
 * farmV3AdminBody({ op: 'changeStatus', status: 4 })
 * ```
 */
export function farmV3AdminBody(
  params: (
    | { op: 'changeRate'; poolIndex: number; nanorewardsPer24h: bigint }
    | { op: 'changePoolStatus'; poolIndex: number; status: number }
    | { op: 'changeStatus'; status: number }
    | { op: 'updateStakeTime'; minStakeTime: bigint }
    | { op: 'withdrawRewards'; poolIndex: number; amount: bigint }
    | { op: 'updateAccruedValues' }
  ) & { queryId?: bigint },
): Cell {
  const b = beginCell()
    .storeUint(FARM_V3_OP[params.op], 32)
    .storeUint(params.queryId ?? 0n, 64)
  switch (params.op) {
    case 'changeRate':
      return b.storeUint(params.poolIndex, 8).storeUint(params.nanorewardsPer24h, 150).endCell()
    case 'changePoolStatus':
      return b.storeUint(params.poolIndex, 8).storeUint(params.status, 8).endCell()
    case 'changeStatus':
      return b.storeUint(params.status, 8).endCell()
    case 'updateStakeTime':
      return b.storeUint(params.minStakeTime, 64).endCell()
    case 'withdrawRewards':
      return b.storeUint(params.poolIndex, 8).storeCoins(params.amount).endCell()
    case 'updateAccruedValues':
      return b.endCell()
  }
}
