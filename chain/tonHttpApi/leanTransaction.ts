import { Cell, Dictionary, loadMessage, loadTransaction, type Message } from '@ton/core'

/**
 * What a `raw.transaction` of the TON HTTP API v2 shows of a transaction: its time, fees, and
 * messages.
 *
 * @example
 * ```ts
 * const parts: RenderedParts = { now: 1_764_000_000, fee: 3_000_000n, storageFee: 0n, inMessage, outMessages: [] }
 * ```
 */
export type RenderedParts = {
  readonly now: number
  /** Total fees in nanotons (extra currencies are not shown). */
  readonly fee: bigint
  /** Storage fees collected (0 for a transaction without a storage phase). */
  readonly storageFee: bigint
  readonly inMessage: Message | undefined
  readonly outMessages: readonly Message[]
}

/**
 * Reads from a transaction's bag of cells only what a `raw.transaction` shows (TL-B
 * `transaction$0111`, ton/crypto/block/block.tlb): the time and total fees from the root
 * cell's bytes, the storage fees from the head of the description's bytes, and the messages
 * (the one subtree of the transaction that is parsed into cells, with their hashes: a
 * message's body hash and BoC are shown). The root, the state update and the description are
 * never built as cells nor hashed; the account, lts, statuses and phases are not read. A bag
 * this reader does not take (stored hashes, cache bits, several roots) is parsed whole.
 *
 * @example
 * ```ts
 * readRenderedParts(entry.boc).outMessages.length // 1
 * ```
 */
export function readRenderedParts(boc: Uint8Array): RenderedParts {
  const bag = RawBag.read(Buffer.from(boc.buffer, boc.byteOffset, boc.byteLength))
  if (bag === undefined) return partsOfWhole(boc)
  const root = bag.reader(0)
  if (root.uint(4) !== 0x7) throw new Error('not a transaction cell (transaction$0111)')
  // account_addr:bits256 lt:uint64 prev_trans_hash:bits256 prev_trans_lt:uint64
  root.skip(256 + 64 + 256 + 64)
  const now = root.uint(32)
  // outmsg_cnt:uint15 orig_status:AccountStatus end_status:AccountStatus
  root.skip(15 + 2 + 2)
  const fee = root.coins()
  const extraCurrencies = root.bit()
  // refs: ^[in_msg out_msgs], the fees' extra currencies if any, ^state_update, ^description
  const refs = bag.refs(0)
  const messagesAt = refs[0]
  const descriptionAt = refs[extraCurrencies ? 3 : 2]
  if (messagesAt === undefined || descriptionAt === undefined) {
    throw new Error('a transaction cell lacks its references')
  }
  const description = bag.reader(descriptionAt)
  const type = description.uint(4)
  let storageFee = 0n
  if (type === 0x0) {
    // trans_ord$0000 credit_first:Bool storage_ph:(Maybe TrStoragePhase) …
    description.skip(1)
    if (description.bit()) storageFee = description.coins()
  } else if (type === 0x2 || type === 0x3) {
    // trans_tick_tock$001 is_tock:Bool storage_ph:TrStoragePhase …
    storageFee = description.coins()
  }
  const messages = (Cell.fromBoc(bag.subtree(messagesAt))[0] as Cell).beginParse()
  const inMessage = messages.loadBit() ? loadMessage(messages.loadRef().beginParse()) : undefined
  const outMessages = [
    ...messages.loadDict(Dictionary.Keys.Uint(15), Dictionary.Values.Cell()).values(),
  ].map((message) => loadMessage(message.beginParse()))
  return { now, fee, storageFee, inMessage, outMessages }
}

/** The parts of a transaction from its whole parse (for a bag {@link RawBag} does not take). */
function partsOfWhole(boc: Uint8Array): RenderedParts {
  const tx = loadTransaction((Cell.fromBoc(Buffer.from(boc))[0] as Cell).beginParse())
  const d = tx.description
  return {
    now: tx.now,
    fee: tx.totalFees.coins,
    storageFee:
      d.type === 'generic' || d.type === 'tick-tock'
        ? (d.storagePhase?.storageFeesCollected ?? 0n)
        : 0n,
    inMessage: tx.inMessage ?? undefined,
    outMessages: [...tx.outMessages.values()],
  }
}

const BOC_MAGIC = 0xb5ee9c72

/**
 * A standard bag of cells (`serialized_boc#b5ee9c72`, one root) read as its cells' bytes, with
 * no cell built and no hash computed: a cell's bits are read in place, and a subtree can be
 * cut out as a bag of its own (same cells, so the same hashes once parsed).
 */
class RawBag {
  private constructor(
    private readonly boc: Buffer,
    /** Bytes per cell index. */
    private readonly size: number,
    /** Where each cell's descriptor bytes start. */
    private readonly starts: readonly number[],
  ) {}

  /**
   * The cells of a bag, or `undefined` for one this reader does not take (another magic, cache
   * bits, several roots, absent cells, stored hashes, inconsistent sizes): the caller then
   * parses it whole.
   */
  static read(boc: Buffer): RawBag | undefined {
    if (boc.length < 6 || boc.readUInt32BE(0) !== BOC_MAGIC) return undefined
    const flags = boc[4] as number
    const size = flags & 0x07
    const offBytes = boc[5] as number
    if ((flags & 0x38) !== 0 || size < 1 || size > 4 || offBytes < 1 || offBytes > 6) {
      return undefined
    }
    let p = 6
    const read = (bytes: number): number => {
      let value = 0
      for (let i = 0; i < bytes; i++) value = value * 256 + (boc[p++] as number)
      return value
    }
    if (p + 3 * size + offBytes + size > boc.length) return undefined
    const count = read(size)
    const roots = read(size)
    const absent = read(size)
    const dataSize = read(offBytes)
    const root = read(size)
    if (roots !== 1 || absent !== 0 || root !== 0 || count < 1) return undefined
    if ((flags & 0x80) !== 0) p += count * offBytes
    const end = p + dataSize
    if (end > boc.length) return undefined
    const starts = new Array<number>(count)
    for (let i = 0; i < count; i++) {
      if (p + 2 > end) return undefined
      starts[i] = p
      const d1 = boc[p] as number
      const d2 = boc[p + 1] as number
      if ((d1 & 0x10) !== 0 || (d1 & 0x07) > 4) return undefined
      p += 2 + Math.ceil(d2 / 2) + (d1 & 0x07) * size
    }
    if (p !== end) return undefined
    return new RawBag(boc, size, starts)
  }

  /** The indexes of cell `i`'s references, in order. */
  refs(i: number): number[] {
    const start = this.starts[i] as number
    const d1 = this.boc[start] as number
    let q = start + 2 + Math.ceil((this.boc[start + 1] as number) / 2)
    const out: number[] = []
    for (let r = 0; r < (d1 & 0x07); r++) {
      let index = 0
      for (let k = 0; k < this.size; k++) index = index * 256 + (this.boc[q++] as number)
      if (index <= i || index >= this.starts.length)
        throw new Error('a bag of cells is not ordered')
      out.push(index)
    }
    return out
  }

  /** A reader of cell `i`'s bits, in place. */
  reader(i: number): BitsReader {
    const start = this.starts[i] as number
    const d2 = this.boc[start + 1] as number
    const length = Math.ceil(d2 / 2)
    let bits = length * 8
    if (d2 % 2 === 1) {
      // The last byte ends with the completion tag `1 0…0`.
      const last = this.boc[start + 1 + length] as number
      if (last === 0) throw new Error('a cell lacks its completion tag')
      let zeros = 0
      while (((last >> zeros) & 1) === 0) zeros++
      bits -= zeros + 1
    }
    return new BitsReader(this.boc, start + 2, bits)
  }

  /** Cell `i` and everything it references, as a bag of its own (no index, no CRC). */
  subtree(i: number): Buffer {
    const members = new Set<number>()
    const visit = (at: number) => {
      if (members.has(at)) return
      members.add(at)
      for (const ref of this.refs(at)) visit(ref)
    }
    visit(i)
    // A parent comes before its children in the bag, so ascending order keeps that, and `i`,
    // the lowest, becomes the root.
    const order = [...members].sort((a, b) => a - b)
    const renumbered = new Map(order.map((at, n) => [at, n]))
    const size = bytesFor(order.length)
    let dataSize = 0
    for (const at of order) dataSize += this.cellBytes(at, size)
    const offBytes = bytesFor(dataSize)
    const out = Buffer.alloc(6 + 4 * size + offBytes + dataSize)
    out.writeUInt32BE(BOC_MAGIC, 0)
    out[4] = size
    out[5] = offBytes
    let p = 6
    const write = (value: number, bytes: number) => {
      for (let k = bytes - 1; k >= 0; k--) out[p++] = Math.floor(value / 256 ** k) % 256
    }
    write(order.length, size)
    write(1, size)
    write(0, size)
    write(dataSize, offBytes)
    write(0, size)
    for (const at of order) {
      const start = this.starts[at] as number
      const head = 2 + Math.ceil((this.boc[start + 1] as number) / 2)
      this.boc.copy(out, p, start, start + head)
      p += head
      for (const ref of this.refs(at)) write(renumbered.get(ref) as number, size)
    }
    return out
  }

  /** Bytes of cell `at` in a bag with `size`-byte indexes. */
  private cellBytes(at: number, size: number): number {
    const start = this.starts[at] as number
    const d1 = this.boc[start] as number
    return 2 + Math.ceil((this.boc[start + 1] as number) / 2) + (d1 & 0x07) * size
  }
}

/** Bytes needed to write `n` (at least 1). */
function bytesFor(n: number): number {
  let bytes = 1
  while (n >= 256 ** bytes) bytes++
  return bytes
}

/** Reads a cell's bits in place, most significant first; reading past the end throws. */
class BitsReader {
  private at = 0

  constructor(
    private readonly bytes: Buffer,
    private readonly offset: number,
    private readonly length: number,
  ) {}

  bit(): boolean {
    return this.uint(1) === 1
  }

  /** An unsigned integer of `n` ≤ 32 bits. */
  uint(n: number): number {
    if (this.at + n > this.length) throw new Error('read past the end of a cell')
    let value = 0
    for (let k = 0; k < n; k++) {
      const bit = this.at + k
      value =
        value * 2 + (((this.bytes[this.offset + (bit >> 3)] as number) >> (7 - (bit & 7))) & 1)
    }
    this.at += n
    return value
  }

  skip(n: number): void {
    if (this.at + n > this.length) throw new Error('read past the end of a cell')
    this.at += n
  }

  /** `Grams` (`VarUInteger 16`): a 4-bit byte count, then that many bytes. */
  coins(): bigint {
    const bytes = this.uint(4)
    let value = 0n
    for (let i = 0; i < bytes; i++) value = (value << 8n) | BigInt(this.uint(8))
    return value
  }
}
