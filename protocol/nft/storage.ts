import type { Cell } from '@ton/core'

/**
 * The item index an NFT item's state-init data starts with (TEP-62's `index:uint64` before the
 * collection's address): how a farm v3 or stake item is numbered by its minter, read from the
 * deploying message's state-init (0 for data too short to hold one).
 *
 * @example
 * ```ts
 * readNftItemInitIndex(beginCell().storeUint(7, 64).storeAddress(minter).endCell()) // 7n
 * ```
 */
export function readNftItemInitIndex(data: Cell): bigint {
  const slice = data.beginParse()
  return slice.remainingBits >= 64 ? slice.loadUintBig(64) : 0n
}
