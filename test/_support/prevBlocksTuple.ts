import { beginCell, Cell, parseTuple, type TupleItem } from '@ton/core'
import type { BlockId, PrevBlocksInfo } from '@ton/sandbox'
import type { TxEmulationVector } from './mainnetData.js'

/**
 * A recorded emulation vector's c7 previous-blocks tuple (a `VmStackValue` BoC) as
 * `@ton/sandbox`'s `prevBlocksInfo`; `undefined` when the vector has none. ston-fi/ton-rs records
 * the third element as one block id rather than a list of 16: it is kept as a list of one.
 *
 * @example
 * ```ts
 * prevBlocksOf(loadTxEmulation('hashExact'))?.lastMcBlocks.length // 16
 * ```
 */
export function prevBlocksOf(v: TxEmulationVector): PrevBlocksInfo | undefined {
  if (v.prevBlocksInfo === null) return undefined
  // A one-entry VmStack around the value, for @ton/core's parser.
  const stack = beginCell()
    .storeUint(1, 24)
    .storeRef(Cell.EMPTY)
    .storeSlice(v.prevBlocksInfo.beginParse())
    .endCell()
  const [top] = parseTuple(stack)
  const items = (t: TupleItem | undefined) => (t?.type === 'tuple' ? t.items : [])
  const hash = (x: bigint | undefined) =>
    Buffer.from((x ?? 0n).toString(16).padStart(64, '0'), 'hex')
  const id = (t: TupleItem | undefined): BlockId => {
    const [wc, shard, seqno, root, file] = items(t).map((i) => (i.type === 'int' ? i.value : 0n))
    return {
      workchain: Number(wc),
      shard: BigInt.asUintN(64, shard ?? 0n),
      seqno: Number(seqno),
      rootHash: hash(root),
      fileHash: hash(file),
    }
  }
  const [last, key, hundreds] = items(top)
  const list = items(hundreds)
  return {
    lastMcBlocks: items(last).map(id),
    prevKeyBlock: id(key),
    lastMcBlocks100:
      hundreds === undefined ? [] : list[0]?.type === 'tuple' ? list.map(id) : [id(hundreds)],
  }
}
