import type { Address } from '@ton/core'
import { type GetMethod, noArgs } from '../getMethod.js'

/**
 * An NFT collection's `get_nft_address_by_index(index)` (TEP-62; the farm and staking minters
 * are collections of their positions).
 *
 * @example
 * ```ts
 * await world.call(farm.minter, NFT_ADDRESS_BY_INDEX, 0n) // position 0's address
 * ```
 */
export const NFT_ADDRESS_BY_INDEX: GetMethod<[index: bigint], Address> = {
  name: 'get_nft_address_by_index',
  args: (index) => [{ type: 'int', value: index }],
  read: (r) => r.readAddress(),
}

/**
 * The next item index of an NFT collection: the first entry of `get_collection_data` (TEP-62).
 *
 * @example
 * ```ts
 * await world.call(staking.minter, NFT_NEXT_ITEM_INDEX) // 0n before the first stake
 * ```
 */
export const NFT_NEXT_ITEM_INDEX: GetMethod<[], bigint> = {
  name: 'get_collection_data',
  args: noArgs,
  read: (r) => r.readBigNumber(),
}
