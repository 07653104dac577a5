import { Cell, loadTransaction, type Transaction } from '@ton/core'
import { FatalSourceError } from './errors.js'
import type { TonApiClient } from './tonApiClient.js'

/**
 * The masterchain's shard in toncenter's wire (the signed 64-bit `0x8000000000000000`).
 *
 * @example
 * ```ts
 * blockHeader(client, { workchain: -1, shard: MASTERCHAIN_SHARD, seqno: 1531 })
 * ```
 */
export const MASTERCHAIN_SHARD = '-9223372036854775808'

/**
 * A block id as toncenter v2 renders it (`ton.blockIdExt`, hashes left out).
 *
 * @example
 * ```ts
 * const id: BlockId = { workchain: 0, shard: '-9223372036854775808', seqno: 1531 }
 * ```
 */
export type BlockId = { workchain: number; shard: string; seqno: number }

/**
 * What the sources read of `getBlockHeader`'s answer.
 *
 * @example
 * ```ts
 * const header: BlockHeader = { gen_utime: 1_764_064_807, prev_blocks: [{ workchain: 0, shard: '-9223372036854775808', seqno: 1530 }] }
 * ```
 */
export type BlockHeader = { gen_utime: number; prev_blocks: readonly BlockId[] }

/**
 * A `raw.transaction` of toncenter v2 (`getBlockTransactionsExt`, `getTransactions`): the
 * transaction's BoC and its id.
 *
 * @example
 * ```ts
 * const raw: RawTransaction = { data: 'te6cckEC…', transaction_id: { lt: '46000003', hash: 'X4y…=' } }
 * ```
 */
export type RawTransaction = { data: string; transaction_id: { lt: string; hash: string } }

/**
 * The upstream's masterchain head: its seqno and its block's time (unix seconds).
 *
 * @example
 * ```ts
 * const head: UpstreamHead = { seqno: 1540, now: 1_764_064_811 }
 * ```
 */
export type UpstreamHead = { readonly seqno: number; readonly now: number }

/**
 * `getBlockHeader` of a block.
 *
 * @example
 * ```ts
 * const { gen_utime } = await blockHeader(client, { workchain: -1, shard: MASTERCHAIN_SHARD, seqno: 1531 })
 * ```
 */
export function blockHeader(client: TonApiClient, id: BlockId): Promise<BlockHeader> {
  return client.call<BlockHeader>('getBlockHeader', {
    workchain: id.workchain,
    shard: id.shard,
    seqno: id.seqno,
  })
}

/**
 * The head of a TON HTTP API as a chain source answers it: the masterchain's last block
 * (`getMasterchainInfo`, final when answered) and its time, kept monotone — a load-balanced
 * replica behind the one asked before is not a step back.
 *
 * @example
 * ```ts
 * const head = headReader(client)
 * await head() // { seqno: 1540, now: 1_764_064_811 }
 * ```
 */
export function headReader(client: TonApiClient): () => Promise<UpstreamHead> {
  let head: UpstreamHead | undefined
  return async () => {
    const info = await client.call<{ last: BlockId }>('getMasterchainInfo', {})
    const seqno = info.last.seqno
    if (head !== undefined && seqno <= head.seqno) return head
    const { gen_utime } = await blockHeader(client, info.last)
    head = { seqno, now: gen_utime }
    return head
  }
}

/**
 * The transaction of a `raw.transaction`, after checking its BoC against its id's hash.
 *
 * @example
 * ```ts
 * verifiedTransaction(raw).lt // 46000003n
 * ```
 * @throws {FatalSourceError} `SOURCE_INVALID_DATA` for a BoC that does not parse or does not
 *   hash to its id.
 */
export function verifiedTransaction(raw: RawTransaction): Transaction {
  let cell: Cell
  try {
    cell = Cell.fromBoc(Buffer.from(raw.data, 'base64'))[0] as Cell
  } catch (cause) {
    throw new FatalSourceError({
      code: 'SOURCE_INVALID_DATA',
      message: `The upstream's transaction ${raw.transaction_id.hash} is not a bag of cells`,
      cause,
    })
  }
  const hash = cell.hash()
  if (!hash.equals(Buffer.from(raw.transaction_id.hash, 'base64'))) {
    throw new FatalSourceError({
      code: 'SOURCE_INVALID_DATA',
      message: `The upstream's transaction BoC hashes to ${hash.toString('base64')}, not to its id ${raw.transaction_id.hash}`,
      txHash: hash.toString('hex'),
    })
  }
  return loadTransaction(cell.beginParse())
}
