import { BitString, Cell } from '@ton/core'

/**
 * Cells kept per generation of the cache. Two generations are kept (at most twice this many
 * cells, about 10 MB of heap): a cell used again within about a hundred transactions (contract
 * code, unchanged account state) stays cached; one-off cells (transaction roots, message bodies)
 * age out. Generations of 2 048 to 65 536 cells ran the demo scenario equally fast.
 *
 * @example
 * ```ts
 * CELL_CACHE_GENERATION // 4_096
 * ```
 */
export const CELL_CACHE_GENERATION = 4_096

const BOC_MAGIC = 0xb5ee9c72
const CRC32C_TABLE = crc32cTable()

/**
 * Where the cells of a bag of cells (TL-B `serialized_boc`) lie: the reference size in bytes,
 * the root indexes and each cell's first byte (its descriptors).
 *
 * @example
 * ```ts
 * const layout = readBocLayout(beginCell().storeUint(7, 8).endCell().toBoc())
 * layout?.starts // [<the one cell's offset>]
 * ```
 */
export type BocLayout = {
  readonly size: number
  readonly roots: readonly number[]
  readonly starts: readonly number[]
}

/**
 * Reads the layout of a bag of cells, or `undefined` for one this reader does not take —
 * another magic, cache bits, absent cells, stored hashes, more than four references, sizes that
 * do not add up, or (with `checkCrc`, the default) a wrong CRC-32C — which the caller leaves to
 * `@ton/core`. The one reading of the format behind {@link deserializeBocCached} and the TON
 * HTTP API's lean transaction reader.
 *
 * @example
 * ```ts
 * readBocLayout(cell.toBoc())?.roots // [0]
 * readBocLayout(Buffer.from('not a boc')) // undefined
 * ```
 */
export function readBocLayout(boc: Buffer, checkCrc = true): BocLayout | undefined {
  if (boc.length < 6 || boc.readUInt32BE(0) !== BOC_MAGIC) return undefined
  const flags = boc[4] as number
  const hasIdx = (flags & 0x80) !== 0
  const hasCrc = (flags & 0x40) !== 0
  const size = flags & 0x07
  const offBytes = boc[5] as number
  // Cache bits and the two reserved flag bits are not handled here.
  if ((flags & 0x38) !== 0 || size < 1 || size > 4 || offBytes < 1 || offBytes > 6) {
    return undefined
  }
  let p = 6
  const read = (bytes: number): number => {
    let value = 0
    for (let i = 0; i < bytes; i++) value = value * 256 + (boc[p++] as number)
    return value
  }
  const headerEnd = p + 3 * size + offBytes
  if (headerEnd > boc.length) return undefined
  const count = read(size)
  const rootCount = read(size)
  const absent = read(size)
  const dataSize = read(offBytes)
  // Every cell takes at least its two descriptor bytes.
  if (absent !== 0 || rootCount < 1 || rootCount > count || count * 2 > dataSize) return undefined
  if (p + rootCount * size > boc.length) return undefined
  const roots: number[] = []
  for (let i = 0; i < rootCount; i++) roots.push(read(size))
  if (hasIdx) p += count * offBytes
  const end = p + dataSize
  if (end + (hasCrc ? 4 : 0) !== boc.length) return undefined
  if (checkCrc && hasCrc && crc32c(boc, end) !== boc.readUInt32LE(end)) return undefined
  const starts = new Array<number>(count)
  for (let i = 0; i < count; i++) {
    if (p + 2 > end) return undefined
    starts[i] = p
    const d1 = boc[p] as number
    const d2 = boc[p + 1] as number
    // Stored hashes (bit 4) and more than four refs are left to @ton/core.
    if ((d1 & 0x10) !== 0 || (d1 & 0x07) > 4) return undefined
    p += 2 + Math.ceil(d2 / 2) + (d1 & 0x07) * size
  }
  if (p !== end) return undefined
  return { size, roots, starts }
}

/** A cached cell and its number, which the keys of its parents use instead of its hash. */
type Entry = { readonly cell: Cell; readonly id: number }

let current = new Map<string, Entry>()
let previous = new Map<string, Entry>()
let nextId = 0
let original: ((src: Buffer) => Cell[]) | undefined

/**
 * Parses a standard bag of cells (`serialized_boc#b5ee9c72`) and reuses the `Cell` objects of
 * cells it has already built, so their hashes are not computed again. A cell is found by its
 * descriptor bytes, its data and the cached `Cell` objects of its children (each has a
 * number), i.e. by its content; `Cell`s are immutable, so sharing them is safe. Returns the
 * roots, or `undefined` for a BOC this reader does not handle (another magic, cache bits,
 * stored hashes, a wrong CRC or inconsistent sizes): the caller then uses `@ton/core`'s own
 * parser, which also reports the errors.
 *
 * The emulator parses every transaction and, after each one, the whole state of the account it
 * ran on; the code and most of the data of that state did not change, and the code of the
 * contracts is repeated in the state-inits of many messages. Reusing those cells makes the
 * sandbox's parsing several times cheaper.
 *
 * @example
 * ```ts
 * const boc = beginCell().storeUint(7, 8).storeRef(beginCell().endCell()).endCell().toBoc()
 * const [a] = deserializeBocCached(boc) ?? []
 * const [b] = deserializeBocCached(boc) ?? []
 * a === b // true: the second parse returns the cached cell
 * ```
 */
export function deserializeBocCached(boc: Buffer): Cell[] | undefined {
  const layout = readBocLayout(boc)
  if (layout === undefined) return undefined
  const { size, roots, starts } = layout
  const count = starts.length
  const entries = new Array<Entry>(count)
  for (let i = count - 1; i >= 0; i--) {
    const start = starts[i] as number
    const d1 = boc[start] as number
    const d2 = boc[start + 1] as number
    const dataLength = Math.ceil(d2 / 2)
    let q = start + 2 + dataLength
    const refs: Cell[] = []
    let key = ''
    for (let r = 0; r < (d1 & 0x07); r++) {
      let index = 0
      for (let k = 0; k < size; k++) index = index * 256 + (boc[q++] as number)
      const child = index > i ? entries[index] : undefined
      if (child === undefined) return undefined
      refs.push(child.cell)
      key += `${child.id},`
    }
    key += boc.toString('latin1', start, start + 2 + dataLength)
    let entry = cached(key)
    if (entry === undefined) {
      const bits = cellBits(boc, start + 2, dataLength, (d2 & 1) === 1)
      if (bits === undefined) return undefined
      entry = { cell: new Cell({ exotic: (d1 & 0x08) !== 0, bits, refs }), id: nextId++ }
      remember(key, entry)
    }
    entries[i] = entry
  }
  const result: Cell[] = []
  for (const root of roots) {
    const entry = entries[root]
    if (entry === undefined) return undefined
    result.push(entry.cell)
  }
  return result
}

/**
 * Makes `@ton/core`'s `Cell.fromBoc` (and so `Cell.fromBase64` and `Cell.fromHex`, which the
 * sandbox uses for every transaction and account state) go through
 * {@link deserializeBocCached} first, falling back to the original parser for anything it
 * does not handle. Parsed cells are equal, with the same hashes; only repeated cells are shared.
 * `LocalBlockchain.createLocal` installs it; calling it again does nothing.
 *
 * @example
 * ```ts
 * installCellCache()
 * Cell.fromBase64(boc64) === Cell.fromBase64(boc64) // true
 * ```
 */
export function installCellCache(): void {
  if (original !== undefined) return
  const parse = Cell.fromBoc.bind(Cell)
  original = parse
  Cell.fromBoc = (src: Buffer): Cell[] => deserializeBocCached(src) ?? parse(src)
}

/**
 * Puts `@ton/core`'s own `Cell.fromBoc` back and empties the cache (the emulator benchmark
 * measures the plain sandbox with it). Does nothing when the cache is not installed.
 *
 * @example
 * ```ts
 * uninstallCellCache()
 * Cell.fromBase64(boc64) === Cell.fromBase64(boc64) // false: two parses, two objects
 * ```
 */
export function uninstallCellCache(): void {
  if (original === undefined) return
  Cell.fromBoc = original
  original = undefined
  clearCellCache()
}

/**
 * Empties the cell cache (tests use it to start from a known state).
 *
 * @example
 * ```ts
 * clearCellCache()
 * cellCacheSize() // 0
 * ```
 */
export function clearCellCache(): void {
  current = new Map()
  previous = new Map()
}

/**
 * How many cells the cache holds (both generations).
 *
 * @example
 * ```ts
 * cellCacheSize() // 738 after a fresh chain's first DEX v2 pool and one swap on it
 * ```
 */
export function cellCacheSize(): number {
  return current.size + previous.size
}

function cached(key: string): Entry | undefined {
  const hit = current.get(key)
  if (hit !== undefined) return hit
  const old = previous.get(key)
  if (old !== undefined) remember(key, old)
  return old
}

function remember(key: string, entry: Entry): void {
  if (current.size >= CELL_CACHE_GENERATION) {
    previous = current
    current = new Map()
  }
  current.set(key, entry)
}

/** A cell's data bits; with `padded`, the last byte ends with the completion tag `1 0…0`. */
function cellBits(
  boc: Buffer,
  start: number,
  length: number,
  padded: boolean,
): BitString | undefined {
  if (length === 0) return BitString.EMPTY
  const data = Buffer.from(boc.subarray(start, start + length))
  if (!padded) return new BitString(data, 0, length * 8)
  const last = data[length - 1] as number
  if (last === 0) return undefined
  let zeros = 0
  while (((last >> zeros) & 1) === 0) zeros++
  return new BitString(data, 0, length * 8 - zeros - 1)
}

/**
 * CRC-32C (Castagnoli) of `bytes[0, end)`, as a BOC stores it (little-endian uint32).
 *
 * @example
 * ```ts
 * crc32c(Buffer.from('123456789'), 9) // 0xe3069283
 * ```
 */
export function crc32c(bytes: Buffer, end: number): number {
  let crc = 0xffffffff
  for (let i = 0; i < end; i++) {
    crc = (CRC32C_TABLE[(crc ^ (bytes[i] as number)) & 0xff] as number) ^ (crc >>> 8)
  }
  return (crc ^ 0xffffffff) >>> 0
}

function crc32cTable(): Uint32Array {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0x82f63b78 : c >>> 1
    table[n] = c >>> 0
  }
  return table
}
