import { type Address, Dictionary, type TupleReader } from '@ton/core'
import type { FarmPoolAccrual } from '../../core/farm/farmAccrual.js'
import { type GetMethod, noArgs } from '../getMethod.js'
import { type FarmV3PoolParameters, readPool, readRefDict } from './storage.js'

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

/**
 * A farm v3 minter's `get_farming_minter_data` (`readFarmV3MinterData`).
 *
 * @example
 * ```ts
 * (await world.call(farm.minter, FARM_V3_MINTER_DATA)).currentStakedTokens // 1000000000n
 * ```
 */
export const FARM_V3_MINTER_DATA: GetMethod<[], FarmV3MinterData> = {
  name: 'get_farming_minter_data',
  args: noArgs,
  read: readFarmV3MinterData,
}

/**
 * A farm v3 position's `get_farming_data` (`readFarmV3ItemData`).
 *
 * @example
 * ```ts
 * (await world.call(item, FARM_V3_ITEM_DATA)).stakedTokens // 1000000000n
 * ```
 */
export const FARM_V3_ITEM_DATA: GetMethod<[], FarmV3ItemData> = {
  name: 'get_farming_data',
  args: noArgs,
  read: readFarmV3ItemData,
}
