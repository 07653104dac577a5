import { type GetMethod, noArgs } from '../getMethod.js'
import {
  readStakeItemData,
  readStakeMinterData,
  type StakeItemData,
  type StakeMinterData,
} from '../stake.js'

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
