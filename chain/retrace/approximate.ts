import { type Address, beginCell, type Cell, storeShardAccount } from '@ton/core'
import { type AddressInformation, approximate } from '../fork/forkUpstream.js'

/**
 * The ShardAccount cell `getAddressInformation` allows (zero storage stats and last-paid time:
 * a replay on it is approximate); `account_none` for an account that does not exist.
 *
 * @example
 * ```ts
 * approximateShardAccount(pool, await client.call('getAddressInformation', { address, seqno })).refs.length // 1
 * ```
 */
export function approximateShardAccount(address: Address, info: AddressInformation): Cell {
  const sa = approximate(address, info) ?? {
    account: undefined,
    lastTransactionLt: BigInt(info.last_transaction_id?.lt ?? 0),
    lastTransactionHash: BigInt(
      `0x${Buffer.from(info.last_transaction_id?.hash ?? '', 'base64').toString('hex') || '0'}`,
    ),
  }
  return beginCell().store(storeShardAccount(sa)).endCell()
}
