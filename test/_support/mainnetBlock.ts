import { type Cell, loadTransaction, type Slice, type Transaction } from '@ton/core'

/**
 * A reader of TON block BoCs (the TL-B of ton-blockchain/ton `crypto/block/block.tlb`), just what
 * the recorded mainnet test data needs: a block's header (`BlockInfo`), its `BlockExtra`
 * (`rand_seed`, `created_by`, every account's transactions) and, for a masterchain block, its
 * shard tops (`McBlockExtra.shard_hashes`) and, for a key block, its config. Written here from the
 * TL-B scheme; nothing is checked beyond the tags, so feed it recorded blocks only.
 */

/** A reference to another block, as a header holds it (`ExtBlkRef`). */
export type ExtBlockRef = {
  readonly endLt: bigint
  readonly seqno: number
  readonly rootHash: Buffer
  readonly fileHash: Buffer
}

/** A block's header (`BlockInfo`) and the top-level fields around it. */
export type BlockHeaderFields = {
  readonly globalId: number
  readonly version: number
  readonly notMaster: boolean
  readonly afterMerge: boolean
  readonly beforeSplit: boolean
  readonly afterSplit: boolean
  readonly wantSplit: boolean
  readonly wantMerge: boolean
  readonly keyBlock: boolean
  readonly vertSeqnoIncr: boolean
  readonly flags: number
  readonly seqno: number
  readonly vertSeqno: number
  readonly workchain: number
  /** The shard id as an unsigned 64-bit number (`0x8000000000000000` for a whole chain). */
  readonly shard: bigint
  readonly genUtime: number
  readonly startLt: bigint
  readonly endLt: bigint
  readonly genValidatorListHashShort: number
  readonly genCatchainSeqno: number
  readonly minRefMcSeqno: number
  readonly prevKeyBlockSeqno: number
  /** `gen_software` (`GlobalVersion`), when the header has it. */
  readonly genSoftware: { readonly version: number; readonly capabilities: bigint } | undefined
  /** The masterchain block this shard block was built on (`master_ref`); none in a masterchain block. */
  readonly masterRef: ExtBlockRef | undefined
  /** The previous block(s): one, or two after a merge. */
  readonly prevRefs: readonly ExtBlockRef[]
}

/** A transaction read from a block: its cell, hash and parsed form. */
export type BlockTransaction = {
  /** The account id (256 bits). */
  readonly accountId: Buffer
  readonly lt: bigint
  readonly cell: Cell
  readonly hash: Buffer
  readonly transaction: Transaction
}

/** A shard top a masterchain block records (`ShardDescr`, with its shard from the tree path). */
export type ShardTop = {
  readonly workchain: number
  readonly shard: bigint
  readonly seqno: number
  readonly regMcSeqno: number
  readonly startLt: bigint
  readonly endLt: bigint
  readonly rootHash: Buffer
  readonly fileHash: Buffer
  readonly minRefMcSeqno: number
  readonly genUtime: number
}

/** What {@link readBlock} reads of a block. */
export type ParsedBlock = {
  /** The block cell's hash: the block id's `root_hash`. */
  readonly rootHash: Buffer
  readonly header: BlockHeaderFields
  readonly randSeed: Buffer
  readonly createdBy: Buffer
  /** Every transaction, by account id then lt (the order a liteserver lists them in). */
  readonly transactions: readonly BlockTransaction[]
  /** A masterchain block's shard tops (empty for a shard block). */
  readonly shardTops: readonly ShardTop[]
  /** A key block's config dict root (`Hashmap 32 ^Cell`), else undefined. */
  readonly config: Cell | undefined
}

const BLOCK_TAG = 0x11ef55aa
const BLOCK_INFO_TAG = 0x9bc7a987
const BLOCK_EXTRA_TAG = 0x4a33f6fd
const MC_BLOCK_EXTRA_TAG = 0xcca5
const WHOLE_SHARD = 1n << 63n

/**
 * Reads a block BoC's root cell.
 *
 * @example
 * ```ts
 * const block = readBlock(Cell.fromBoc(bytes)[0])
 * block.header.seqno // 57314442
 * block.randSeed.toString('hex') // '74657713…bb01'
 * ```
 */
export function readBlock(root: Cell): ParsedBlock {
  const s = root.beginParse(true)
  const tag = s.loadUint(32)
  if (tag !== BLOCK_TAG) throw new Error(`not a block: tag 0x${tag.toString(16)}`)
  const globalId = s.loadInt(32)
  const info = s.loadRef()
  s.loadRef() // value_flow
  s.loadRef() // state_update (a Merkle update of the shard state)
  const extra = s.loadRef()
  const header = readBlockInfo(info, globalId)
  const e = extra.beginParse(true)
  const extraTag = e.loadUint(32)
  if (extraTag !== BLOCK_EXTRA_TAG) throw new Error(`not a BlockExtra: 0x${extraTag.toString(16)}`)
  e.loadRef() // in_msg_descr
  e.loadRef() // out_msg_descr
  const accountBlocks = e.loadRef()
  const randSeed = e.loadBuffer(32)
  const createdBy = e.loadBuffer(32)
  const custom = e.loadMaybeRef()
  const transactions = readAccountBlocks(accountBlocks)
  let shardTops: ShardTop[] = []
  let config: Cell | undefined
  if (custom !== null) {
    const mc = readMcBlockExtra(custom)
    shardTops = mc.shardTops
    config = mc.config
  }
  return { rootHash: root.hash(), header, randSeed, createdBy, transactions, shardTops, config }
}

function readExtBlkRef(s: Slice): ExtBlockRef {
  return {
    endLt: s.loadUintBig(64),
    seqno: s.loadUint(32),
    rootHash: s.loadBuffer(32),
    fileHash: s.loadBuffer(32),
  }
}

/** `shard_ident$00 shard_pfx_bits:(#<= 60) workchain_id:int32 shard_prefix:uint64`. */
function readShardIdent(s: Slice): { workchain: number; shard: bigint } {
  const tag = s.loadUint(2)
  if (tag !== 0) throw new Error('bad ShardIdent tag')
  const bits = s.loadUint(6)
  const workchain = s.loadInt(32)
  const prefix = s.loadUintBig(64)
  return { workchain, shard: prefix | (1n << BigInt(63 - bits)) }
}

function readBlockInfo(cell: Cell, globalId: number): BlockHeaderFields {
  const s = cell.beginParse(true)
  const tag = s.loadUint(32)
  if (tag !== BLOCK_INFO_TAG) throw new Error(`not a BlockInfo: 0x${tag.toString(16)}`)
  const version = s.loadUint(32)
  const notMaster = s.loadBit()
  const afterMerge = s.loadBit()
  const beforeSplit = s.loadBit()
  const afterSplit = s.loadBit()
  const wantSplit = s.loadBit()
  const wantMerge = s.loadBit()
  const keyBlock = s.loadBit()
  const vertSeqnoIncr = s.loadBit()
  const flags = s.loadUint(8)
  const seqno = s.loadUint(32)
  const vertSeqno = s.loadUint(32)
  const { workchain, shard } = readShardIdent(s)
  const genUtime = s.loadUint(32)
  const startLt = s.loadUintBig(64)
  const endLt = s.loadUintBig(64)
  const genValidatorListHashShort = s.loadUint(32)
  const genCatchainSeqno = s.loadUint(32)
  const minRefMcSeqno = s.loadUint(32)
  const prevKeyBlockSeqno = s.loadUint(32)
  let genSoftware: BlockHeaderFields['genSoftware']
  if ((flags & 1) === 1) {
    const t = s.loadUint(8)
    if (t !== 0xc4) throw new Error('bad GlobalVersion tag')
    genSoftware = { version: s.loadUint(32), capabilities: s.loadUintBig(64) }
  }
  let masterRef: ExtBlockRef | undefined
  if (notMaster) masterRef = readExtBlkRef(s.loadRef().beginParse(true))
  const prev = s.loadRef().beginParse(true)
  const prevRefs = afterMerge
    ? [
        readExtBlkRef(prev.loadRef().beginParse(true)),
        readExtBlkRef(prev.loadRef().beginParse(true)),
      ]
    : [readExtBlkRef(prev)]
  return {
    globalId,
    version,
    notMaster,
    afterMerge,
    beforeSplit,
    afterSplit,
    wantSplit,
    wantMerge,
    keyBlock,
    vertSeqnoIncr,
    flags,
    seqno,
    vertSeqno,
    workchain,
    shard,
    genUtime,
    startLt,
    endLt,
    genValidatorListHashShort,
    genCatchainSeqno,
    minRefMcSeqno,
    prevKeyBlockSeqno,
    genSoftware,
    masterRef,
    prevRefs,
  }
}

/** Bits of `#<= m`: the length of m in binary. */
function lenBits(m: number): number {
  return m === 0 ? 0 : Math.floor(Math.log2(m)) + 1
}

/** Reads a `HmLabel ~l m`: the label's bits as a bigint and its length. */
function readLabel(s: Slice, m: number): { bits: bigint; length: number } {
  if (!s.loadBit()) {
    // hml_short$0 len:(Unary ~n) s:(n * Bit)
    let n = 0
    while (s.loadBit()) n++
    return { bits: n === 0 ? 0n : s.loadUintBig(n), length: n }
  }
  if (!s.loadBit()) {
    // hml_long$10 n:(#<= m) s:(n * Bit)
    const n = s.loadUint(lenBits(m))
    return { bits: n === 0 ? 0n : s.loadUintBig(n), length: n }
  }
  // hml_same$11 v:Bit n:(#<= m)
  const v = s.loadBit()
  const n = s.loadUint(lenBits(m))
  return { bits: v && n > 0 ? (1n << BigInt(n)) - 1n : 0n, length: n }
}

/**
 * Walks a (possibly augmented) hashmap node of `n` key bits whose edge starts at `s`, calling
 * `leaf` with each key and the slice at the leaf's content (for an augmented map: the extra,
 * then the value), in ascending key order. Fork nodes' extras are not read.
 */
function walkHashmap(
  s: Slice,
  n: number,
  leaf: (key: bigint, s: Slice) => void,
  prefix = 0n,
): void {
  const label = readLabel(s, n)
  const key = (prefix << BigInt(label.length)) | label.bits
  const rest = n - label.length
  if (rest === 0) {
    leaf(key, s)
    return
  }
  const left = s.loadRef()
  const right = s.loadRef()
  walkHashmap(left.beginParse(true), rest - 1, leaf, key << 1n)
  walkHashmap(right.beginParse(true), rest - 1, leaf, (key << 1n) | 1n)
}

/** Skips a `CurrencyCollection` (grams, then a `HashmapE 32` of extra currencies). */
function skipCurrencyCollection(s: Slice): void {
  s.loadCoins()
  s.loadMaybeRef()
}

/** `ShardAccountBlocks`: every account's transactions, by account id then lt. */
function readAccountBlocks(cell: Cell): BlockTransaction[] {
  const s = cell.beginParse(true)
  const out: BlockTransaction[] = []
  if (!s.loadBit()) return out // ahme_empty
  const root = s.loadRef()
  walkHashmap(root.beginParse(true), 256, (key, leaf) => {
    skipCurrencyCollection(leaf)
    // acc_trans#5 account_addr:bits256 transactions:(HashmapAug 64 ^Transaction CurrencyCollection)
    const tag = leaf.loadUint(4)
    if (tag !== 5) throw new Error('bad AccountBlock tag')
    const accountId = leaf.loadBuffer(32)
    if (BigInt(`0x${accountId.toString('hex')}`) !== key)
      throw new Error('AccountBlock key mismatch')
    walkHashmap(leaf, 64, (lt, txLeaf) => {
      skipCurrencyCollection(txLeaf)
      const cell = txLeaf.loadRef()
      const transaction = loadTransaction(cell.beginParse())
      if (transaction.lt !== lt) throw new Error('transaction key mismatch')
      out.push({ accountId, lt, cell, hash: cell.hash(), transaction })
    })
  })
  return out
}

/** `McBlockExtra`: the shard tops and, in a key block, the config. */
function readMcBlockExtra(cell: Cell): { shardTops: ShardTop[]; config: Cell | undefined } {
  const s = cell.beginParse(true)
  const tag = s.loadUint(16)
  if (tag !== MC_BLOCK_EXTRA_TAG) throw new Error(`not a McBlockExtra: 0x${tag.toString(16)}`)
  const keyBlock = s.loadBit()
  const shardTops: ShardTop[] = []
  const hashes = s.loadMaybeRef() // ShardHashes = HashmapE 32 ^(BinTree ShardDescr)
  if (hashes !== null) {
    walkHashmap(hashes.beginParse(true), 32, (key, leaf) => {
      const workchain = Number(BigInt.asIntN(32, key))
      readBinTree(leaf.loadRef(), WHOLE_SHARD, (shard, descr) => {
        shardTops.push(readShardDescr(descr, workchain, shard))
      })
    })
  }
  s.loadMaybeRef() // shard_fees
  s.loadRef() // prev_blk_signatures, recover_create_msg, mint_msg
  let config: Cell | undefined
  if (keyBlock) {
    s.loadBuffer(32) // config_addr
    config = s.loadRef()
  }
  return { shardTops, config }
}

function readBinTree(cell: Cell, shard: bigint, leaf: (shard: bigint, s: Slice) => void): void {
  const s = cell.beginParse(true)
  if (!s.loadBit()) {
    leaf(shard, s)
    return
  }
  const half = (shard & -shard) >> 1n
  readBinTree(s.loadRef(), shard - half, leaf)
  readBinTree(s.loadRef(), shard + half, leaf)
}

function readShardDescr(s: Slice, workchain: number, shard: bigint): ShardTop {
  const tag = s.loadUint(4)
  if (tag !== 0xa && tag !== 0xb) throw new Error(`bad ShardDescr tag ${tag}`)
  const seqno = s.loadUint(32)
  const regMcSeqno = s.loadUint(32)
  const startLt = s.loadUintBig(64)
  const endLt = s.loadUintBig(64)
  const rootHash = s.loadBuffer(32)
  const fileHash = s.loadBuffer(32)
  s.skip(8) // before_split … flags
  s.skip(32) // next_catchain_seqno
  s.skip(64) // next_validator_shard
  const minRefMcSeqno = s.loadUint(32)
  const genUtime = s.loadUint(32)
  return {
    workchain,
    shard,
    seqno,
    regMcSeqno,
    startLt,
    endLt,
    rootHash,
    fileHash,
    minRefMcSeqno,
    genUtime,
  }
}
