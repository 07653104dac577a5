import { type Address, beginCell, type Cell, Dictionary } from '@ton/core'
import type { FarmPoolAccrual } from '../../core/farm/farmAccrual.js'

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
  readonly pools: ReadonlyMap<
    number,
    { readonly accrued: FarmPoolAccrual; readonly parameters: FarmV3PoolParameters }
  >
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

/**
 * The minter's `uint8 → ^cell` pool dicts (accrued values, parameters), as its storage and its
 * `get_farming_minter_data` hold them; an absent dict is empty.
 *
 * @example
 * ```ts
 * readRefDict(null).size // 0
 * ```
 */
export function readRefDict(root: Cell | null): Map<number, Cell> {
  const result = new Map<number, Cell>()
  if (root === null) return result
  const dict = root.beginParse().loadDictDirect(Dictionary.Keys.Uint(8), Dictionary.Values.Cell())
  for (const [index, cell] of dict) result.set(index, cell)
  return result
}

/**
 * One reward pool's accrued-values and parameters cells (farm v3.0 layout), as both the storage
 * and the getter hold them.
 *
 * @example
 * ```ts
 * readPool(accrued, parameters).parameters.nanorewardsPer24h // 1000000000000000000000n
 * ```
 */
export function readPool(
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
