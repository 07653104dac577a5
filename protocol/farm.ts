import { type Address, beginCell, type Cell, Dictionary, type TupleReader } from '@ton/core'
import type { FarmPoolAccrual } from '../core/farm/farmAccrual.js'

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
 * The farm v3 minter's initial storage (our layout, `contracts-fixtures/sources/farm/`):
 * uninitialized until the admin's `init` names its LP wallet.
 *
 * @example
 * ```ts
 * farmV3MinterData({ admin, itemCode, content: beginCell().endCell(), minStakeTime: 864_000n,
 *   contractUniqueId: 1n })
 * ```
 */
export function farmV3MinterData(params: {
  admin: Address
  itemCode: Cell
  content: Cell
  minStakeTime: bigint
  contractUniqueId: bigint
}): Cell {
  const config = beginCell()
    .storeUint(params.contractUniqueId, 64)
    .storeAddress(params.admin)
    .storeRef(params.itemCode)
    .storeRef(params.content)
    .endCell()
  return beginCell()
    .storeUint(0, 8) // status uninitialized
    .storeUint(0, 64) // next item index
    .storeUint(0, 8) // pool count
    .storeCoins(0n) // current stake
    .storeUint(params.minStakeTime, 64)
    .storeAddress(null) // staking token wallet, set by `init`
    .storeBit(false) // accrued dict
    .storeBit(false) // parameters dict
    .storeRef(config)
    .endCell()
}

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

/**
 * A farm v3 reward pool's parameters cell (SDK `farmDataParameters`, v3.0: no ramp days).
 *
 * @example
 * ```ts
 * const p: FarmV3PoolParameters = { adminFee: 0n, nanorewardsPer24h: 10n ** 21n,
 *   unrestrictedDepositRewards: true, rewardTokenWallet: wallet, canChangeFee: false, status: 1 }
 * ```
 */
export type FarmV3PoolParameters = {
  readonly adminFee: bigint
  readonly nanorewardsPer24h: bigint
  readonly unrestrictedDepositRewards: boolean
  readonly rewardTokenWallet: Address
  readonly canChangeFee: boolean
  readonly status: number
}

/**
 * `get_farming_minter_data` of a farm v3 minter, by stack position; the accrued cells are read
 * as `FarmPoolAccrual` (position 3 = accrued to stakers, 6 = admin fee: `docs/farms.md`).
 *
 * @example
 * ```ts
 * const data = readFarmV3MinterData((await chain.runGetMethod(minter,
 *   'get_farming_minter_data')).stackReader)
 * data.pools.get(0)?.accrued.accruedPerUnit
 * ```
 */
export type FarmV3MinterData = {
  readonly nextItemIndex: bigint
  readonly status: number
  readonly poolCount: number
  readonly currentStakedTokens: bigint
  readonly contractUniqueId: bigint
  readonly minStakeTime: bigint
  readonly stakingTokenWallet: Address | null
  readonly custodian: Address | null
  readonly canChangeCustodian: boolean
  readonly canSendRawMsg: boolean
  readonly pools: ReadonlyMap<
    number,
    { readonly accrued: FarmPoolAccrual; readonly parameters: FarmV3PoolParameters }
  >
}

/**
 * Reads `get_farming_minter_data` (farm v3.0 layout).
 *
 * @example
 * ```ts
 * readFarmV3MinterData(stack).currentStakedTokens // 248359521312n on the mainnet snapshot
 * ```
 */
export function readFarmV3MinterData(stack: TupleReader): FarmV3MinterData {
  const nextItemIndex = stack.readBigNumber()
  const status = stack.readNumber()
  const poolCount = stack.readNumber()
  const currentStakedTokens = stack.readBigNumber()
  const contractUniqueId = stack.readBigNumber()
  const minStakeTime = stack.readBigNumber()
  const stakingTokenWallet = stack.readAddressOpt()
  const custodian = stack.readAddressOpt()
  const canChangeCustodian = stack.readBoolean()
  const canSendRawMsg = stack.readBoolean()
  const accrued = readRefDict(stack.readCellOpt())
  const parameters = readRefDict(stack.readCellOpt())
  const pools = new Map<number, { accrued: FarmPoolAccrual; parameters: FarmV3PoolParameters }>()
  for (const [index, cell] of accrued) {
    const p = parameters.get(index)
    if (p !== undefined) pools.set(index, readPool(cell, p))
  }
  return {
    nextItemIndex,
    status,
    poolCount,
    currentStakedTokens,
    contractUniqueId,
    minStakeTime,
    stakingTokenWallet,
    custodian,
    canChangeCustodian,
    canSendRawMsg,
    pools,
  }
}

/**
 * `get_farming_data` of a farm v3 item (a stake position), by stack position.
 *
 * @example
 * ```ts
 * const item: FarmV3ItemData = readFarmV3ItemData(stack)
 * item.claimedPerUnit.get(0) // 34014696971n on the mainnet snapshot
 * ```
 */
export type FarmV3ItemData = {
  readonly status: number
  readonly revokeTime: bigint
  readonly stakedTokens: bigint
  readonly stakeDate: bigint
  readonly claimedPerUnit: ReadonlyMap<number, bigint>
  readonly owner: Address | null
}

/**
 * Reads `get_farming_data` of a farm v3 item.
 *
 * @example
 * ```ts
 * readFarmV3ItemData(stack).stakedTokens // 57093n on the mainnet snapshot
 * ```
 */
export function readFarmV3ItemData(stack: TupleReader): FarmV3ItemData {
  const status = stack.readNumber()
  const revokeTime = stack.readBigNumber()
  const stakedTokens = stack.readBigNumber()
  const stakeDate = stack.readBigNumber()
  const root = stack.readCellOpt()
  const claimedPerUnit = new Map<number, bigint>()
  if (root) {
    const dict = root
      .beginParse()
      .loadDictDirect(Dictionary.Keys.Uint(8), Dictionary.Values.BigUint(150))
    for (const [index, value] of dict) claimedPerUnit.set(index, value)
  }
  return {
    status,
    revokeTime,
    stakedTokens,
    stakeDate,
    claimedPerUnit,
    owner: stack.readAddressOpt(),
  }
}

function readRefDict(root: Cell | null): Map<number, Cell> {
  const result = new Map<number, Cell>()
  if (root === null) return result
  const dict = root.beginParse().loadDictDirect(Dictionary.Keys.Uint(8), Dictionary.Values.Cell())
  for (const [index, cell] of dict) result.set(index, cell)
  return result
}

/**
 * A farm v3 minter's storage as {@link farmV3MinterData} lays it out — what a deploying
 * message's state-init carries, from which an indexer starts following the farm. Reward pools
 * in the storage are read like the getter's dicts.
 *
 * @example
 * ```ts
 * const init = readFarmV3MinterStorage(farmV3MinterData({ admin, itemCode, content,
 *   minStakeTime: 864_000n, contractUniqueId: 1n }))
 * init.minStakeTime // 864000n
 * ```
 */
export type FarmV3MinterStorage = {
  readonly status: number
  readonly nextItemIndex: bigint
  readonly currentStaked: bigint
  readonly minStakeTime: bigint
  readonly stakingTokenWallet: Address | null
  readonly contractUniqueId: bigint
  readonly admin: Address
  readonly pools: FarmV3MinterData['pools']
}

/**
 * Reads a farm v3 minter's storage cell (our layout); throws on a cell of another layout.
 *
 * @example
 * ```ts
 * readFarmV3MinterStorage(stateInit.data).status // 0 (uninitialized until `init`)
 * ```
 */
export function readFarmV3MinterStorage(data: Cell): FarmV3MinterStorage {
  const s = data.beginParse()
  const status = s.loadUint(8)
  const nextItemIndex = s.loadUintBig(64)
  s.loadUint(8) // pool count: the dicts say it
  const currentStaked = s.loadCoins()
  const minStakeTime = s.loadUintBig(64)
  const stakingTokenWallet = s.loadMaybeAddress()
  const accrued = s.loadMaybeRef()
  const parameters = s.loadMaybeRef()
  const config = s.loadRef().beginParse()
  const contractUniqueId = config.loadUintBig(64)
  const admin = config.loadAddress()
  const pools = new Map<number, { accrued: FarmPoolAccrual; parameters: FarmV3PoolParameters }>()
  const params = readRefDict(parameters)
  for (const [index, cell] of readRefDict(accrued)) {
    const p = params.get(index)
    if (p !== undefined) pools.set(index, readPool(cell, p))
  }
  return {
    status,
    nextItemIndex,
    currentStaked,
    minStakeTime,
    stakingTokenWallet,
    contractUniqueId,
    admin,
    pools,
  }
}

function readPool(
  accrued: Cell,
  parameters: Cell,
): { accrued: FarmPoolAccrual; parameters: FarmV3PoolParameters } {
  const a = accrued.beginParse()
  const q = parameters.beginParse()
  return {
    accrued: {
      deposited: a.loadUintBig(150),
      accruedPerUnit: a.loadUintBig(150),
      accrued: a.loadUintBig(150),
      claimed: a.loadUintBig(150),
      claimedFee: a.loadUintBig(150),
      accruedFee: a.loadUintBig(150),
      lastUpdateTime: a.loadUintBig(64),
    },
    parameters: {
      adminFee: q.loadUintBig(16),
      nanorewardsPer24h: q.loadUintBig(150),
      unrestrictedDepositRewards: q.loadBit(),
      rewardTokenWallet: q.loadAddress(),
      canChangeFee: q.loadBit(),
      status: q.loadUint(8),
    },
  }
}
