/**
 * Farm v3 minter statuses, as `get_farming_minter_data` reports them (SDK `FarmNftMinterV3`
 * documentation: uninitialized 0, operational 1, pause_all 2, frozen 3, retired 4).
 *
 * @example
 * ```ts
 * FARM_MINTER_STATUS.operational // 1
 * ```
 */
export const FARM_MINTER_STATUS = {
  uninitialized: 0,
  operational: 1,
  pause_all: 2,
  frozen: 3,
  retired: 4,
} as const

/**
 * Farm v3 stake-position (NFT item) statuses, as `get_farming_data` reports them (SDK
 * `FarmNftItemV3`: uninitialized 0, active 1, unstaked 2, claiming 3, unstaked_pending 4).
 *
 * @example
 * ```ts
 * FARM_ITEM_STATUS.unstaked // 2
 * ```
 */
export const FARM_ITEM_STATUS = {
  uninitialized: 0,
  active: 1,
  unstaked: 2,
  claiming: 3,
  unstaked_pending: 4,
} as const

/**
 * Reward-pool statuses (the `status` byte of a pool's parameters cell). Only 1 is seen on
 * mainnet (the REST API shows it as `active`); the other values and names are this library's
 * (`docs/farms.md`): 0 a pool that is not running, 2 a pool the admin paused.
 *
 * @example
 * ```ts
 * FARM_POOL_STATUS.active // 1
 * ```
 */
export const FARM_POOL_STATUS = {
  inactive: 0,
  active: 1,
  paused: 2,
} as const

/**
 * The name of a status code of one of the tables above, or `undefined` for an unknown code.
 *
 * @example
 * ```ts
 * farmStatusName(FARM_MINTER_STATUS, 1) // 'operational'
 * farmStatusName(FARM_ITEM_STATUS, 9) // undefined
 * ```
 */
export function farmStatusName<T extends Record<string, number>>(
  table: T,
  code: number,
): keyof T | undefined {
  for (const [name, value] of Object.entries(table)) if (value === code) return name as keyof T
  return undefined
}
