import type { BitString, Cell, Slice } from '@ton/core'
import { Address } from '@ton/core'

/** `addr_std$10 anycast:(Maybe Anycast) workchain_id:int8 address:bits256`, no anycast: 267 bits. */
const STD_ADDRESS_BITS = 267

/**
 * Reads a `MsgAddress`: an internal address, or `null` for addr_none. External addresses do not
 * occur in the exchange's messages and are rejected as malformed.
 *
 * The common case (`addr_std` without anycast) is read straight off the cell's bits, a byte at a
 * time; `Slice.loadAddress` builds every bit of the 256-bit account id into a `bigint`, which
 * made it the indexer's single largest cost. Anycast addresses take that general path.
 *
 * @example
 * ```ts
 * loadAddress(beginCell().storeAddress(null).endCell().beginParse()) // null
 * ```
 */
export function loadAddress(slice: Slice): Address | null {
  const tag = slice.remainingBits >= 3 ? slice.preloadUint(3) : -1
  if (tag === 0b100 && slice.remainingBits >= STD_ADDRESS_BITS) {
    const bits = slice.loadBits(STD_ADDRESS_BITS)
    return new Address((byteAt(bits, 3) << 24) >> 24, accountId(bits))
  }
  const address = slice.loadAddressAny()
  if (address === null || address instanceof Address) return address
  throw new Error('external address where an internal one was expected')
}

/**
 * The 32-byte account id at bits 11..267 of an `addr_std`. The bits are a view into the cell's
 * bytes: find the first byte boundary at or after bit 11 (`subbuffer` answers only there), take
 * the aligned bytes in one view and shift them together; only the bits before that boundary and
 * after the last whole byte are read one by one.
 */
function accountId(bits: BitString): Buffer {
  let start = 11
  while (bits.subbuffer(start, 8) === null) start += 1
  const shift = start - 11
  const aligned = bits.subbuffer(start, 248) as Buffer
  if (shift === 0) {
    const id = Buffer.allocUnsafe(32)
    aligned.copy(id, 0, 0, 31)
    id[31] = byteAt(bits, 259)
    return id
  }
  // id byte i = bits [11 + 8i, 19 + 8i) = low `shift` bits of aligned[i - 1], high rest of aligned[i].
  const id = Buffer.allocUnsafe(32)
  const rest = 8 - shift
  id[0] = byteAt(bits, 11)
  for (let i = 1; i < 31; i += 1) {
    id[i] = (((aligned[i - 1] as number) << rest) | ((aligned[i] as number) >> shift)) & 0xff
  }
  id[31] = byteAt(bits, 259)
  return id
}

/** The 8 bits at `offset`, big-endian, as an unsigned byte. */
function byteAt(bits: BitString, offset: number): number {
  let byte = 0
  for (let i = 0; i < 8; i += 1) byte = (byte << 1) | (bits.at(offset + i) ? 1 : 0)
  return byte
}

/**
 * Reads `Coins` (`VarUInteger 16`: a 4-bit byte count, then that many bytes, big-endian) — the
 * same value as `Slice.loadCoins`, which adds the value up one bit at a time in `bigint`s. Here
 * the bytes are gathered in a `number` (up to 6 at a time, exact below 2^53) and joined into
 * the `bigint` once per 48 bits.
 *
 * @example
 * ```ts
 * loadCoins(beginCell().storeCoins(1_000_000_000n).endCell().beginParse()) // 1000000000n
 * ```
 */
export function loadCoins(slice: Slice): bigint {
  const length = slice.loadUint(4)
  if (length === 0) return 0n
  const bits = slice.loadBits(length * 8)
  let value = 0n
  let chunk = 0
  let chunkBytes = 0
  for (let i = 0; i < length; i += 1) {
    chunk = chunk * 256 + byteAt(bits, i * 8)
    chunkBytes += 1
    if (chunkBytes === 6 || i === length - 1) {
      value = (value << BigInt(chunkBytes * 8)) | BigInt(chunk)
      chunk = 0
      chunkBytes = 0
    }
  }
  return value
}

/**
 * Reads an `Either Cell ^Cell` forward payload (TEP-74): bit 0 means the rest of this slice is
 * the payload, bit 1 a reference to it. Returns the payload as a cell, or `null` when empty.
 *
 * @example
 * ```ts
 * loadEitherPayload(beginCell().storeBit(1).storeRef(payload).endCell().beginParse()) // payload
 * ```
 */
export function loadEitherPayload(slice: Slice): Cell | null {
  if (slice.remainingBits === 0) return null
  if (slice.loadBit()) return slice.loadRef()
  if (slice.remainingBits === 0 && slice.remainingRefs === 0) return null
  return slice.asCell()
}

/**
 * The first 32 bits of an inline `Either Cell ^Cell` payload (bit 0, then at least 32 bits),
 * without consuming them; `undefined` for a referenced, empty or shorter payload. Read a bit at
 * a time into a `number` (`Slice.preloadUint` builds a `bigint` bit by bit).
 *
 * @example
 * ```ts
 * preloadInlineUint32(beginCell().storeBit(0).storeUint(0x0f5681d3, 32).endCell().beginParse())
 * // 0x0f5681d3
 * ```
 */
export function preloadInlineUint32(slice: Slice): number | undefined {
  if (slice.remainingBits < 33 || slice.preloadBit()) return undefined
  const bits = slice.preloadBits(33)
  let value = 0
  for (let i = 1; i < 33; i += 1) value = value * 2 + (bits.at(i) ? 1 : 0)
  return value
}

/**
 * Decodes a message body by its op: `table` maps each op (the first 32 bits) to a reader of the
 * rest, given the slice after `op query_id:uint64` and the query id. `undefined` for no body, a
 * body shorter than the two fields, an op the table does not know, or a body its reader cannot
 * read (malformed: not this layout).
 *
 * @example
 * ```ts
 * const table = new Map([[0x6ec9dc65, (_s: Slice, queryId: bigint) => ({ type: 'claim', queryId })]])
 * decodeByOp(beginCell().storeUint(0x6ec9dc65, 32).storeUint(7, 64).endCell(), table)
 * // { type: 'claim', queryId: 7n }
 * ```
 */
export function decodeByOp<B>(
  body: Cell | null | undefined,
  table: ReadonlyMap<number, (s: Slice, queryId: bigint) => B>,
): B | undefined {
  if (!body) return undefined
  try {
    const s = body.beginParse()
    if (s.remainingBits < 96) return undefined
    const read = table.get(s.loadUint(32))
    if (read === undefined) return undefined
    return read(s, s.loadUintBig(64))
  } catch {
    return undefined
  }
}
