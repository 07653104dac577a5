import { type Address, beginCell, type Cell } from '@ton/core'

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
