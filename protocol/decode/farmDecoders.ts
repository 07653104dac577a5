import { type Address, type Cell, Dictionary, type Slice } from '@ton/core'
import { FARM_V3_OP } from '../farm/messages.js'
import { STAKE_OP } from '../stake/messages.js'
import { decodeByOp, loadAddress, loadCoins } from './slices.js'

/** A position's claimed-per-unit values by reward pool index (`HashmapE 8 uint150`). */
export type ClaimedPerUnit = ReadonlyMap<number, bigint>

/**
 * A message body a farm v3 **minter** receives (`docs/farms.md`, "Messages"): the admin's
 * `init` and pool ops, and its items' `update_claim` / `internal_unstake`. Stakes and reward
 * deposits arrive as jetton transfer notifications; their payloads are
 * {@link decodeFarmPayload}'s.
 *
 * @example
 * ```ts
 * const body: FarmMinterBody = { type: 'farm.change_rate', queryId: 0n, poolIndex: 0,
 *   nanorewardsPer24h: 10n ** 21n }
 * ```
 */
export type FarmMinterBody =
  | {
      readonly type: 'farm.minter_init'
      readonly queryId: bigint
      readonly stakingTokenWallet: Address | null
    }
  | {
      readonly type: 'farm.update_claim'
      readonly queryId: bigint
      readonly index: bigint
      readonly owner: Address | null
      readonly staked: bigint
      readonly claimAll: boolean
      readonly poolIndex: number
      readonly claimedPerUnit: ClaimedPerUnit
    }
  | {
      readonly type: 'farm.internal_unstake'
      readonly queryId: bigint
      readonly index: bigint
      readonly owner: Address | null
      readonly staked: bigint
      readonly stakeDate: bigint
      readonly claimedPerUnit: ClaimedPerUnit
    }
  | {
      readonly type: 'farm.create_pool'
      readonly queryId: bigint
      readonly rewardTokenWallet: Address | null
      readonly nanorewardsPer24h: bigint
      readonly adminFee: bigint
      readonly unrestrictedDepositRewards: boolean
    }
  | {
      readonly type: 'farm.change_rate'
      readonly queryId: bigint
      readonly poolIndex: number
      readonly nanorewardsPer24h: bigint
    }
  | {
      readonly type: 'farm.change_pool_status'
      readonly queryId: bigint
      readonly poolIndex: number
      readonly status: number
    }
  | { readonly type: 'farm.change_status'; readonly queryId: bigint; readonly status: number }
  | {
      readonly type: 'farm.update_stake_time'
      readonly queryId: bigint
      readonly minStakeTime: bigint
    }
  | {
      readonly type: 'farm.withdraw_rewards'
      readonly queryId: bigint
      readonly poolIndex: number
      readonly amount: bigint
    }
  | { readonly type: 'farm.update_accrued_values'; readonly queryId: bigint }

/**
 * A message body a farm v3 **item** (a stake position) receives: the minter's `init` and
 * `update_claim_final`, the owner's `claim_rewards`, `unstake` and TEP-85 `destroy`.
 *
 * @example
 * ```ts
 * const body: FarmItemBody = { type: 'farm.claim_rewards', queryId: 0n, claimAll: true, poolIndex: 0 }
 * ```
 */
export type FarmItemBody =
  | {
      readonly type: 'farm.item_init'
      readonly queryId: bigint
      readonly owner: Address | null
      readonly staked: bigint
      readonly stakeDate: bigint
      readonly claimedPerUnit: ClaimedPerUnit
    }
  | {
      readonly type: 'farm.claim_rewards'
      readonly queryId: bigint
      readonly claimAll: boolean
      readonly poolIndex: number
    }
  | { readonly type: 'farm.unstake'; readonly queryId: bigint }
  | { readonly type: 'farm.destroy'; readonly queryId: bigint }
  | {
      readonly type: 'farm.update_claim_final'
      readonly queryId: bigint
      readonly status: number
      readonly claimedPerUnit: ClaimedPerUnit
    }

/**
 * The forward payload of a jetton transfer to a farm v3 minter: the SDK's `stake` (owner
 * addr_none = the sender) or our `deposit_rewards`.
 *
 * @example
 * ```ts
 * const payload: FarmPayload = { type: 'farm.stake', owner: null }
 * ```
 */
export type FarmPayload =
  | { readonly type: 'farm.stake'; readonly owner: Address | null }
  | { readonly type: 'farm.deposit_rewards'; readonly poolIndex: number }

/**
 * A message body the STON **staking minter** receives besides STON transfer notifications: the
 * admin's `init` and its items' `internal_unstake` / `internal_restake` (`docs/staking.md`).
 *
 * @example
 * ```ts
 * const body: StakeMinterBody = { type: 'stake.internal_unstake', queryId: 0n, index: 0n,
 *   owner: alice, staked: 10n ** 9n, votePower: 1_414_227_920n }
 * ```
 */
export type StakeMinterBody =
  | {
      readonly type: 'stake.minter_init'
      readonly queryId: bigint
      readonly stakingTokenWallet: Address | null
      readonly secondaryTokenMinter: Address | null
    }
  | {
      readonly type: 'stake.internal_unstake'
      readonly queryId: bigint
      readonly index: bigint
      readonly owner: Address | null
      readonly staked: bigint
      readonly votePower: bigint
    }
  | {
      readonly type: 'stake.internal_restake'
      readonly queryId: bigint
      readonly index: bigint
      readonly owner: Address | null
      readonly staked: bigint
      readonly votePower: bigint
      readonly lockDate: bigint
      readonly minUnstakeDate: bigint
      readonly gemston: bigint
    }

/**
 * A message body a stake NFT item receives: the minter's `init`, `internal_unstake_final` and
 * `internal_restake_final`, the owner's `unstake`, `restake`, `claim_rewards` and `destroy`.
 *
 * @example
 * ```ts
 * const body: StakeItemBody = { type: 'stake.restake', queryId: 0n, duration: 15_778_800n }
 * ```
 */
export type StakeItemBody =
  | {
      readonly type: 'stake.item_init'
      readonly queryId: bigint
      readonly owner: Address | null
      readonly staked: bigint
      readonly votePower: bigint
      readonly minUnstakeDate: bigint
      readonly lockDate: bigint
      readonly gemston: bigint
    }
  | { readonly type: 'stake.unstake'; readonly queryId: bigint }
  | { readonly type: 'stake.restake'; readonly queryId: bigint; readonly duration: bigint }
  | { readonly type: 'stake.claim_rewards'; readonly queryId: bigint }
  | { readonly type: 'stake.destroy'; readonly queryId: bigint }
  | { readonly type: 'stake.internal_unstake_final'; readonly queryId: bigint }
  | {
      readonly type: 'stake.internal_restake_final'
      readonly queryId: bigint
      readonly votePower: bigint
      readonly minUnstakeDate: bigint
      readonly gemston: bigint
    }

/**
 * The forward payload of a STON transfer to the staking minter (stake-sdk's `stake`).
 *
 * @example
 * ```ts
 * const payload: StakeLockPayload = { duration: 7_889_400n, nftRecipient: null, tokenRecipient: null }
 * ```
 */
export type StakeLockPayload = {
  readonly duration: bigint
  readonly nftRecipient: Address | null
  readonly tokenRecipient: Address | null
}

function loadClaimedPerUnit(s: Slice): ClaimedPerUnit {
  const dict = s.loadDict(Dictionary.Keys.Uint(8), Dictionary.Values.BigUint(150))
  return new Map(dict)
}

const FARM_MINTER_DECODERS = new Map<number, (s: Slice, queryId: bigint) => FarmMinterBody>([
  [
    FARM_V3_OP.init,
    (s, queryId) => ({ type: 'farm.minter_init', queryId, stakingTokenWallet: loadAddress(s) }),
  ],
  [
    FARM_V3_OP.updateClaim,
    (s, queryId) => ({
      type: 'farm.update_claim',
      queryId,
      index: s.loadUintBig(64),
      owner: loadAddress(s),
      staked: loadCoins(s),
      claimAll: s.loadBit(),
      poolIndex: s.loadUint(8),
      claimedPerUnit: loadClaimedPerUnit(s),
    }),
  ],
  [
    FARM_V3_OP.internalUnstake,
    (s, queryId) => ({
      type: 'farm.internal_unstake',
      queryId,
      index: s.loadUintBig(64),
      owner: loadAddress(s),
      staked: loadCoins(s),
      stakeDate: s.loadUintBig(64),
      claimedPerUnit: loadClaimedPerUnit(s),
    }),
  ],
  [
    FARM_V3_OP.createPool,
    (s, queryId) => ({
      type: 'farm.create_pool',
      queryId,
      rewardTokenWallet: loadAddress(s),
      nanorewardsPer24h: s.loadUintBig(150),
      adminFee: s.loadUintBig(16),
      unrestrictedDepositRewards: s.loadBit(),
    }),
  ],
  [
    FARM_V3_OP.changeRate,
    (s, queryId) => ({
      type: 'farm.change_rate',
      queryId,
      poolIndex: s.loadUint(8),
      nanorewardsPer24h: s.loadUintBig(150),
    }),
  ],
  [
    FARM_V3_OP.changePoolStatus,
    (s, queryId) => ({
      type: 'farm.change_pool_status',
      queryId,
      poolIndex: s.loadUint(8),
      status: s.loadUint(8),
    }),
  ],
  [
    FARM_V3_OP.changeStatus,
    (s, queryId) => ({ type: 'farm.change_status', queryId, status: s.loadUint(8) }),
  ],
  [
    FARM_V3_OP.updateStakeTime,
    (s, queryId) => ({ type: 'farm.update_stake_time', queryId, minStakeTime: s.loadUintBig(64) }),
  ],
  [
    FARM_V3_OP.withdrawRewards,
    (s, queryId) => ({
      type: 'farm.withdraw_rewards',
      queryId,
      poolIndex: s.loadUint(8),
      amount: loadCoins(s),
    }),
  ],
  [
    FARM_V3_OP.updateAccruedValues,
    (_s, queryId) => ({ type: 'farm.update_accrued_values', queryId }),
  ],
])

const FARM_ITEM_DECODERS = new Map<number, (s: Slice, queryId: bigint) => FarmItemBody>([
  [
    FARM_V3_OP.init,
    (s, queryId) => ({
      type: 'farm.item_init',
      queryId,
      owner: loadAddress(s),
      staked: loadCoins(s),
      stakeDate: s.loadUintBig(64),
      claimedPerUnit: loadClaimedPerUnit(s),
    }),
  ],
  [
    FARM_V3_OP.claimRewards,
    (s, queryId) => ({
      type: 'farm.claim_rewards',
      queryId,
      claimAll: s.loadBit(),
      poolIndex: s.loadUint(8),
    }),
  ],
  [FARM_V3_OP.unstake, (_s, queryId) => ({ type: 'farm.unstake', queryId })],
  [FARM_V3_OP.destroy, (_s, queryId) => ({ type: 'farm.destroy', queryId })],
  [
    FARM_V3_OP.updateClaimFinal,
    (s, queryId) => ({
      type: 'farm.update_claim_final',
      queryId,
      status: s.loadUint(8),
      claimedPerUnit: loadClaimedPerUnit(s),
    }),
  ],
])

const STAKE_MINTER_DECODERS = new Map<number, (s: Slice, queryId: bigint) => StakeMinterBody>([
  [
    STAKE_OP.init,
    (s, queryId) => ({
      type: 'stake.minter_init',
      queryId,
      stakingTokenWallet: loadAddress(s),
      secondaryTokenMinter: loadAddress(s),
    }),
  ],
  [
    STAKE_OP.internalUnstake,
    (s, queryId) => ({
      type: 'stake.internal_unstake',
      queryId,
      index: s.loadUintBig(64),
      owner: loadAddress(s),
      staked: loadCoins(s),
      votePower: s.loadUintBig(200),
    }),
  ],
  [
    STAKE_OP.internalRestake,
    (s, queryId) => ({
      type: 'stake.internal_restake',
      queryId,
      index: s.loadUintBig(64),
      owner: loadAddress(s),
      staked: loadCoins(s),
      votePower: s.loadUintBig(200),
      lockDate: s.loadUintBig(64),
      minUnstakeDate: s.loadUintBig(64),
      gemston: loadCoins(s),
    }),
  ],
])

const STAKE_ITEM_DECODERS = new Map<number, (s: Slice, queryId: bigint) => StakeItemBody>([
  [
    STAKE_OP.init,
    (s, queryId) => ({
      type: 'stake.item_init',
      queryId,
      owner: loadAddress(s),
      staked: loadCoins(s),
      votePower: s.loadUintBig(200),
      minUnstakeDate: s.loadUintBig(64),
      lockDate: s.loadUintBig(64),
      gemston: loadCoins(s),
    }),
  ],
  [STAKE_OP.unstake, (_s, queryId) => ({ type: 'stake.unstake', queryId })],
  [
    STAKE_OP.restake,
    (s, queryId) => ({ type: 'stake.restake', queryId, duration: s.loadUintBig(64) }),
  ],
  [STAKE_OP.claimRewards, (_s, queryId) => ({ type: 'stake.claim_rewards', queryId })],
  [STAKE_OP.destroy, (_s, queryId) => ({ type: 'stake.destroy', queryId })],
  [
    STAKE_OP.internalUnstakeFinal,
    (_s, queryId) => ({ type: 'stake.internal_unstake_final', queryId }),
  ],
  [
    STAKE_OP.internalRestakeFinal,
    (s, queryId) => ({
      type: 'stake.internal_restake_final',
      queryId,
      votePower: s.loadUintBig(200),
      minUnstakeDate: s.loadUintBig(64),
      gemston: loadCoins(s),
    }),
  ],
])

/**
 * Decodes a body sent to a farm v3 minter. Farm, staking and DEX contracts share op codes
 * (`init`, `unstake`, `internal_unstake` are each the CRC-32 of one name), so a body is decoded
 * by the role of the contract receiving it; `undefined` for another op or a malformed body.
 *
 * @example
 * ```ts
 * decodeFarmMinterBody(farmV3AdminBody({ op: 'changeStatus', status: 4 }))?.type // 'farm.change_status'
 * ```
 */
export function decodeFarmMinterBody(body: Cell | null | undefined): FarmMinterBody | undefined {
  return decodeByOp(body, FARM_MINTER_DECODERS)
}

/**
 * Decodes a body sent to a farm v3 item (see {@link decodeFarmMinterBody} on roles).
 *
 * @example
 * ```ts
 * decodeFarmItemBody(claimBody)?.type // 'farm.claim_rewards'
 * ```
 */
export function decodeFarmItemBody(body: Cell | null | undefined): FarmItemBody | undefined {
  return decodeByOp(body, FARM_ITEM_DECODERS)
}

/**
 * Decodes a body sent to the staking minter (see {@link decodeFarmMinterBody} on roles).
 *
 * @example
 * ```ts
 * decodeStakeMinterBody(stakeMinterInitBody({ stakingTokenWallet, secondaryTokenMinter }))?.type
 * // 'stake.minter_init'
 * ```
 */
export function decodeStakeMinterBody(body: Cell | null | undefined): StakeMinterBody | undefined {
  return decodeByOp(body, STAKE_MINTER_DECODERS)
}

/**
 * Decodes a body sent to a stake NFT item (see {@link decodeFarmMinterBody} on roles).
 *
 * @example
 * ```ts
 * decodeStakeItemBody(stakeItemBody({ op: 'unstake' }))?.type // 'stake.unstake'
 * ```
 */
export function decodeStakeItemBody(body: Cell | null | undefined): StakeItemBody | undefined {
  return decodeByOp(body, STAKE_ITEM_DECODERS)
}

/**
 * Decodes the forward payload of a jetton transfer to a farm v3 minter (`stake` or
 * `deposit_rewards`); `undefined` for anything else.
 *
 * @example
 * ```ts
 * decodeFarmPayload(farmV3DepositRewardsPayload(1)) // { type: 'farm.deposit_rewards', poolIndex: 1 }
 * ```
 */
export function decodeFarmPayload(payload: Cell | null | undefined): FarmPayload | undefined {
  if (!payload) return undefined
  try {
    const s = payload.beginParse()
    if (s.remainingBits < 32) return undefined
    const op = s.loadUint(32)
    if (op === FARM_V3_OP.stake) return { type: 'farm.stake', owner: loadAddress(s) }
    if (op === FARM_V3_OP.depositRewards) {
      return { type: 'farm.deposit_rewards', poolIndex: s.loadUint(8) }
    }
    return undefined
  } catch {
    return undefined
  }
}

/**
 * Decodes the forward payload of a STON transfer to the staking minter; `undefined` for
 * anything else.
 *
 * @example
 * ```ts
 * decodeStakePayload(stakePayload({ duration: 7_889_400n }))?.duration // 7889400n
 * ```
 */
export function decodeStakePayload(payload: Cell | null | undefined): StakeLockPayload | undefined {
  if (!payload) return undefined
  try {
    const s = payload.beginParse()
    if (s.remainingBits < 96 || s.loadUint(32) !== STAKE_OP.stake) return undefined
    return {
      duration: s.loadUintBig(64),
      nftRecipient: loadAddress(s),
      tokenRecipient: loadAddress(s),
    }
  } catch {
    return undefined
  }
}
