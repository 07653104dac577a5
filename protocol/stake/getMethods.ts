import type { Address, TupleReader } from '@ton/core'
import { type GetMethod, noArgs } from '../getMethod.js'

/**
 * `get_staking_minter_data` of the staking minter, by stack position (stake-sdk names).
 *
 * @example
 * ```ts
 * const data: StakeMinterData = readStakeMinterData(stack)
 * data.totalVotePower
 * ```
 */
export type StakeMinterData = {
  readonly currentStakedTokens: bigint
  readonly claimedFractionrewards: bigint
  readonly accruedPerVoteFractionrewards: bigint
  readonly accruedFractionrewards: bigint
  readonly rewardRemainder: bigint
  readonly totalVotePower: bigint
  readonly id: bigint
  readonly lockDate: bigint
  readonly originTime: bigint
  readonly isRewardDepositLocked: boolean
  readonly isContractLocked: boolean
  readonly allowInstantUnstake: boolean
  readonly stakingTokenWallet: Address | null
  readonly secondaryTokenMinter: Address | null
}

/**
 * Reads `get_staking_minter_data`.
 *
 * @example
 * ```ts
 * readStakeMinterData(stack).currentStakedTokens
 * ```
 */
export function readStakeMinterData(stack: TupleReader): StakeMinterData {
  return {
    currentStakedTokens: stack.readBigNumber(),
    claimedFractionrewards: stack.readBigNumber(),
    accruedPerVoteFractionrewards: stack.readBigNumber(),
    accruedFractionrewards: stack.readBigNumber(),
    rewardRemainder: stack.readBigNumber(),
    totalVotePower: stack.readBigNumber(),
    id: stack.readBigNumber(),
    lockDate: stack.readBigNumber(),
    originTime: stack.readBigNumber(),
    isRewardDepositLocked: stack.readBoolean(),
    isContractLocked: stack.readBoolean(),
    allowInstantUnstake: stack.readBoolean(),
    stakingTokenWallet: stack.readAddressOpt(),
    secondaryTokenMinter: stack.readAddressOpt(),
  }
}

/**
 * `get_staking_data` of a stake position, by stack position (stake-sdk names).
 *
 * @example
 * ```ts
 * const item: StakeItemData = readStakeItemData(stack)
 * item.secondaryTokensMinted // GEMSTON minted for it
 * ```
 */
export type StakeItemData = {
  readonly status: number
  readonly claimedPerVoteFractionrewards: bigint
  readonly votePower: bigint
  readonly minUnstakeDate: bigint
  readonly lockDate: bigint
  readonly stakedTokens: bigint
  readonly owner: Address | null
  readonly secondaryTokensMinted: bigint
  readonly revokeTime: bigint
}

/**
 * Reads `get_staking_data`.
 *
 * @example
 * ```ts
 * readStakeItemData(stack).stakedTokens // 100000000n on the mainnet snapshot
 * ```
 */
export function readStakeItemData(stack: TupleReader): StakeItemData {
  return {
    status: stack.readNumber(),
    claimedPerVoteFractionrewards: stack.readBigNumber(),
    votePower: stack.readBigNumber(),
    minUnstakeDate: stack.readBigNumber(),
    lockDate: stack.readBigNumber(),
    stakedTokens: stack.readBigNumber(),
    owner: stack.readAddressOpt(),
    secondaryTokensMinted: stack.readBigNumber(),
    revokeTime: stack.readBigNumber(),
  }
}

/**
 * A staking minter's `get_staking_minter_data` (`readStakeMinterData`).
 *
 * @example
 * ```ts
 * (await world.call(staking.minter, STAKE_MINTER_DATA)).currentStakedTokens // 100000000n
 * ```
 */
export const STAKE_MINTER_DATA: GetMethod<[], StakeMinterData> = {
  name: 'get_staking_minter_data',
  args: noArgs,
  read: readStakeMinterData,
}

/**
 * A stake position's `get_staking_data` (`readStakeItemData`).
 *
 * @example
 * ```ts
 * (await world.call(item, STAKE_ITEM_DATA)).stakedTokens // 100000000n on the mainnet snapshot
 * ```
 */
export const STAKE_ITEM_DATA: GetMethod<[], StakeItemData> = {
  name: 'get_staking_data',
  args: noArgs,
  read: readStakeItemData,
}
