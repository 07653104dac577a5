import {
  type FarmV3ItemData,
  type FarmV3MinterData,
  readFarmV3ItemData,
  readFarmV3MinterData,
} from '../farm.js'
import { type GetMethod, noArgs } from '../getMethod.js'

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
