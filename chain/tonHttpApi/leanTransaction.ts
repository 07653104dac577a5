import {
  type AccountStatus,
  Cell,
  Dictionary,
  loadMessage,
  loadTransaction,
  loadTransactionDescription,
  type Message,
  type Transaction,
  type TransactionDescription,
} from '@ton/core'
import { readBocLayout } from '../../emulator/cellCache.js'

/**
 * What the TON HTTP API shows of a transaction (v2's `raw.transaction`, v3's `Transaction`, the
 * v3 index's message hashes), read once from its bag of cells by {@link readTransaction}.
 *
 * @example
 * ```ts
 * const tx: LeanTransaction = readTransaction(entry.boc)
 * tx.fee // 3000000n
 * ```
 */
export type LeanTransaction = {
  readonly now: number
  /** The account's previous transaction: its hash (32 bytes) and lt. */
  readonly prevTransactionHash: Buffer
  readonly prevTransactionLt: bigint
  readonly oldStatus: AccountStatus
  readonly endStatus: AccountStatus
  /** Total fees in nanotons (extra currencies are not shown). */
  readonly fee: bigint
  /** Storage fees collected (0 for a transaction without a storage phase). */
  readonly storageFee: bigint
  /** The account state's hashes before and after (`state_update`). */
  readonly stateUpdate: { readonly oldHash: Buffer; readonly newHash: Buffer }
  readonly inMessage: Message | undefined
  /** The hash of the in-message's cell as the transaction stores it. */
  readonly inMessageHash: Buffer | undefined
  readonly outMessages: readonly Message[]
  /** The phases, parsed when first asked (only v3 shows them). */
  description(): TransactionDescription
}

/**
 * Reads a transaction's bag of cells for what the TON HTTP API shows (TL-B
 * `transaction$0111`, ton/crypto/block/block.tlb): the header fields and total fees from the
 * root cell's bytes, the state hashes from the `state_update` cell's bytes, the storage fees
 * from the head of the description's bytes; the messages' subtree is the one part parsed into
 * cells, with their hashes (a message's body hash and BoC are shown), and the description is
 * parsed only if asked for. The root, the state update and (unless asked) the description are
 * never built as cells nor hashed. A bag this reader does not take (stored hashes, cache bits,
 * several roots) is parsed whole.
 *
 * @example
 * ```ts
 * readTransaction(entry.boc).outMessages.length // 1
 * ```
 */
export function readTransaction(boc: Uint8Array): LeanTransaction {
  const bag = RawBag.read(Buffer.from(boc.buffer, boc.byteOffset, boc.byteLength))
  if (bag === undefined) {
    return leanOf(loadTransaction((Cell.fromBoc(Buffer.from(boc))[0] as Cell).beginParse()))
  }
  const root = bag.reader(0)
  if (root.uint(4) !== 0x7) throw new Error('not a transaction cell (transaction$0111)')
  // account_addr:bits256 lt:uint64
  root.skip(256 + 64)
  const prevTransactionHash = root.bytes(32)
  const prevTransactionLt = root.bigUint(64)
  const now = root.uint(32)
  root.skip(15) // outmsg_cnt
  const oldStatus = accountStatus(root.uint(2))
  const endStatus = accountStatus(root.uint(2))
  const fee = root.coins()
  const extraCurrencies = root.bit()
  // refs: ^[in_msg out_msgs], the fees' extra currencies if any, ^state_update, ^description
  const refs = bag.refs(0)
  const messagesAt = refs[0]
  const stateUpdateAt = refs[extraCurrencies ? 2 : 1]
  const descriptionAt = refs[extraCurrencies ? 3 : 2]
  if (messagesAt === undefined || stateUpdateAt === undefined || descriptionAt === undefined) {
    throw new Error('a transaction cell lacks its references')
  }
  const update = bag.reader(stateUpdateAt)
  if (update.uint(8) !== 0x72) throw new Error('not a state update (update_hashes#72)')
  const stateUpdate = { oldHash: update.bytes(32), newHash: update.bytes(32) }

  const head = bag.reader(descriptionAt)
  const type = head.uint(4)
  let storageFee = 0n
  if (type === 0x0) {
    // trans_ord$0000 credit_first:Bool storage_ph:(Maybe TrStoragePhase) …
    head.skip(1)
    if (head.bit()) storageFee = head.coins()
  } else if (type === 0x2 || type === 0x3) {
    // trans_tick_tock$001 is_tock:Bool storage_ph:TrStoragePhase …
    storageFee = head.coins()
  }
  let description: TransactionDescription | undefined
  const messages = (Cell.fromBoc(bag.subtree(messagesAt))[0] as Cell).beginParse()
  let inMessage: Message | undefined
  let inMessageHash: Buffer | undefined
  if (messages.loadBit()) {
    const cell = messages.loadRef()
    inMessage = loadMessage(cell.beginParse())
    inMessageHash = cell.hash()
  }
  const outMessages = [
    ...messages.loadDict(Dictionary.Keys.Uint(15), Dictionary.Values.Cell()).values(),
  ].map((message) => loadMessage(message.beginParse()))
  return {
    now,
    prevTransactionHash,
    prevTransactionLt,
    oldStatus,
    endStatus,
    fee,
    storageFee,
    stateUpdate,
    inMessage,
    inMessageHash,
    outMessages,
    description() {
      description ??= loadTransactionDescription(
        (Cell.fromBoc(bag.subtree(descriptionAt))[0] as Cell).beginParse(),
      )
      return description
    },
  }
}

/**
 * The lean form of a whole parse (for a bag {@link readTransaction} does not take, and as the
 * reference it is checked against).
 *
 * @example
 * ```ts
 * leanOf(loadTransaction(cell.beginParse())).storageFee // 0n
 * ```
 */
export function leanOf(tx: Transaction): LeanTransaction {
  const d = tx.description
  const slice = tx.raw.refs[0]?.beginParse()
  return {
    now: tx.now,
    prevTransactionHash: Buffer.from(tx.prevTransactionHash.toString(16).padStart(64, '0'), 'hex'),
    prevTransactionLt: tx.prevTransactionLt,
    oldStatus: tx.oldStatus,
    endStatus: tx.endStatus,
    fee: tx.totalFees.coins,
    storageFee:
      d.type === 'generic' || d.type === 'tick-tock'
        ? (d.storagePhase?.storageFeesCollected ?? 0n)
        : 0n,
    stateUpdate: tx.stateUpdate,
    inMessage: tx.inMessage ?? undefined,
    inMessageHash: slice?.loadBit() ? slice.loadRef().hash() : undefined,
    outMessages: [...tx.outMessages.values()],
    description: () => d,
  }
}

const STATUSES: readonly AccountStatus[] = ['uninitialized', 'frozen', 'active', 'non-existing']

function accountStatus(code: number): AccountStatus {
  return STATUSES[code] as AccountStatus
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
    // The log's own BoCs: their CRC, when they carry one, is not checked again on each read.
    const layout = readBocLayout(boc, false)
    if (layout === undefined || layout.roots.length !== 1 || layout.roots[0] !== 0) return undefined
    return new RawBag(boc, layout.size, layout.starts)
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
    // A parent comes before its children in the bag, so one pass in index order marks the
    // subtree, ascending order keeps parents first, and `i`, the lowest, becomes the root.
    const count = this.starts.length
    const member = new Uint8Array(count)
    const renumbered = new Int32Array(count)
    const order: number[] = []
    member[i] = 1
    for (let at = i; at < count; at++) {
      if (member[at] === 0) continue
      renumbered[at] = order.length
      order.push(at)
      for (const ref of this.refs(at)) member[ref] = 1
    }
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
      for (const ref of this.refs(at)) write(renumbered[ref] as number, size)
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
    private readonly data: Buffer,
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
      value = value * 2 + (((this.data[this.offset + (bit >> 3)] as number) >> (7 - (bit & 7))) & 1)
    }
    this.at += n
    return value
  }

  skip(n: number): void {
    if (this.at + n > this.length) throw new Error('read past the end of a cell')
    this.at += n
  }

  /** An unsigned integer of `n` bits. */
  bigUint(n: number): bigint {
    let value = 0n
    for (let k = 0; k < n; k += 8) {
      const width = Math.min(8, n - k)
      value = (value << BigInt(width)) | BigInt(this.uint(width))
    }
    return value
  }

  /** `n` whole bytes. */
  bytes(n: number): Buffer {
    const out = Buffer.alloc(n)
    for (let i = 0; i < n; i++) out[i] = this.uint(8)
    return out
  }

  /** `Grams` (`VarUInteger 16`): a 4-bit byte count, then that many bytes. */
  coins(): bigint {
    const bytes = this.uint(4)
    let value = 0n
    for (let i = 0; i < bytes; i++) value = (value << 8n) | BigInt(this.uint(8))
    return value
  }
}
