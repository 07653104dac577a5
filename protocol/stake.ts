import { type Address, beginCell, type Cell, type TupleReader } from '@ton/core'

/**
 * STON staking op codes: `stake`, `unstake`, `restake` and `claim_rewards` are stake-sdk's
 * (ston-fi/sdk `packages/stake-sdk/src/constants.ts`), `destroy` is TEP-85's; the internal ones
 * are ours, each the CRC-32 of its snake_case name (`docs/staking.md`, "Messages").
 *
 * @example
 * ```ts
 * STAKE_OP.restake // 0x1649abed
 * ```
 */
export const STAKE_OP = {
  stake: 0x6ec9dc65,
  unstake: 0xb92965a0,
  restake: 0x1649abed,
  claimRewards: 0x78d9f109,
  destroy: 0x1f04537a,
  init: 0xc674e474,
  internalUnstake: 0xa1312496,
  internalUnstakeFinal: 0x09be6453,
  internalRestake: 0x0e51eadb,
  internalRestakeFinal: 0x055fc605,
} as const

/**
 * The staking minter's initial storage (our layout, `contracts-fixtures/sources/stake/`): no
 * STON wallet or GEMSTON minter until the admin's `init`.
 *
 * @example
 * ```ts
 * stakeMinterData({ admin, itemCode, content: beginCell().endCell(), id: 1n })
 * ```
 */
export function stakeMinterData(params: {
  admin: Address
  itemCode: Cell
  content: Cell
  id: bigint
}): Cell {
  const config = beginCell()
    .storeUint(params.id, 64)
    .storeAddress(params.admin)
    .storeRef(params.itemCode)
    .storeRef(params.content)
    .endCell()
  return beginCell()
    .storeBit(false) // contract lock
    .storeUint(0, 64) // next item index
    .storeCoins(0n) // staked
    .storeUint(0, 200) // total vote power
    .storeUint(0, 64) // origin time
    .storeAddress(null)
    .storeAddress(null)
    .storeRef(config)
    .endCell()
}

/**
 * `init#c674e474 query_id staking_token_wallet secondary_token_minter` — ours: the admin names
 * the minter's STON wallet and the GEMSTON minter; the block time becomes `origin_time`.
 *
 * @example
 * ```ts
 * stakeMinterInitBody({ stakingTokenWallet, secondaryTokenMinter: gemston.minter })
 * ```
 */
export function stakeMinterInitBody(params: {
  stakingTokenWallet: Address
  secondaryTokenMinter: Address
  queryId?: bigint
}): Cell {
  return beginCell()
    .storeUint(STAKE_OP.init, 32)
    .storeUint(params.queryId ?? 0n, 64)
    .storeAddress(params.stakingTokenWallet)
    .storeAddress(params.secondaryTokenMinter)
    .endCell()
}

/**
 * `stake#6ec9dc65 duration:uint64 nft_recipient:MsgAddress token_recipient:MsgAddress` — the
 * forward payload of a STON transfer to the staking minter, as stake-sdk builds it (`null` =
 * the sender).
 *
 * @example
 * ```ts
 * stakePayload({ duration: 7_889_400n }) // 3 months, NFT and GEMSTON to the sender
 * ```
 */
export function stakePayload(params: {
  duration: bigint
  nftRecipient?: Address | null
  tokenRecipient?: Address | null
}): Cell {
  return beginCell()
    .storeUint(STAKE_OP.stake, 32)
    .storeUint(params.duration, 64)
    .storeAddress(params.nftRecipient ?? null)
    .storeAddress(params.tokenRecipient ?? null)
    .endCell()
}

/**
 * A stake position's user messages as stake-sdk builds them: `unstake#b92965a0 query_id`,
 * `restake#1649abed query_id duration:uint64`, `claim_rewards#78d9f109 query_id`.
 *
 * @example
 * ```ts
 * stakeItemBody({ op: 'restake', duration: 15_778_800n })
 * ```
 */
export function stakeItemBody(
  params: ({ op: 'unstake' } | { op: 'claimRewards' } | { op: 'restake'; duration: bigint }) & {
    queryId?: bigint
  },
): Cell {
  const b = beginCell()
    .storeUint(STAKE_OP[params.op], 32)
    .storeUint(params.queryId ?? 0n, 64)
  return params.op === 'restake' ? b.storeUint(params.duration, 64).endCell() : b.endCell()
}

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
 * The staking minter's storage as {@link stakeMinterData} lays it out: what its deploying
 * state-init carries, from which an indexer starts following it.
 *
 * @example
 * ```ts
 * readStakeMinterStorage(stakeMinterData({ admin, itemCode, content, id: 1n })).originTime // 0n
 * ```
 */
export type StakeMinterStorage = {
  readonly isLocked: boolean
  readonly nextItemIndex: bigint
  readonly currentStaked: bigint
  readonly totalVotePower: bigint
  readonly originTime: bigint
  readonly stakingTokenWallet: Address | null
  readonly secondaryTokenMinter: Address | null
  readonly id: bigint
  readonly admin: Address
}

/**
 * Reads the staking minter's storage cell (our layout); throws on a cell of another layout.
 *
 * @example
 * ```ts
 * readStakeMinterStorage(stateInit.data).stakingTokenWallet // null until `init`
 * ```
 */
export function readStakeMinterStorage(data: Cell): StakeMinterStorage {
  const s = data.beginParse()
  const isLocked = s.loadBit()
  const nextItemIndex = s.loadUintBig(64)
  const currentStaked = s.loadCoins()
  const totalVotePower = s.loadUintBig(200)
  const originTime = s.loadUintBig(64)
  const stakingTokenWallet = s.loadMaybeAddress()
  const secondaryTokenMinter = s.loadMaybeAddress()
  const config = s.loadRef().beginParse()
  const id = config.loadUintBig(64)
  const admin = config.loadAddress()
  return {
    isLocked,
    nextItemIndex,
    currentStaked,
    totalVotePower,
    originTime,
    stakingTokenWallet,
    secondaryTokenMinter,
    id,
    admin,
  }
}
