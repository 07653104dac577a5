import type { Cell } from '@ton/core'
import { crc32c } from './cellCache.js'

/** Options of {@link writeBoc}: those of `Cell.toBoc`. */
export type WriteBocOptions = {
  /** Writes the cells' offset index (default false, as toncenter writes cells). */
  readonly idx?: boolean | undefined
  /** Appends the CRC-32C of the bag (default true). */
  readonly crc32?: boolean | undefined
}

type Node = { readonly cell: Cell; readonly refs: readonly string[] }

/**
 * Serializes a cell tree as a standard bag of cells (`serialized_boc#b5ee9c72`, one root, no
 * cache bits), byte for byte what `@ton/core`'s `cell.toBoc(options)` writes, about five
 * times as fast (`npm run bench:boc`): the cells are ordered the same way (each distinct cell once, found by hash in
 * breadth-first order; then a depth-first walk from each of them in that order, children last
 * to first, lists them in reverse post-order, so every parent precedes its children) and the
 * data bytes are copied from the cells' bit strings instead of being rebuilt bit by bit.
 * The TON HTTP API renders every message body and state-init of every transaction it answers
 * with it.
 *
 * @example
 * ```ts
 * const cell = beginCell().storeUint(7, 8).endCell()
 * writeBoc(cell, { idx: false }).toString('hex') // 'b5ee9c724101010100030000020738031695'
 * ```
 */
export function writeBoc(root: Cell, options: WriteBocOptions = {}): Buffer {
  const withIndex = options.idx ?? false
  const withCrc = options.crc32 ?? true
  const cells = ordered(root)
  const count = cells.length
  const sizeBytes = Math.max(1, bytesFor(count))
  const index = new Map<string, number>()
  for (let i = 0; i < count; i++) index.set(keyOf((cells[i] as Node).cell), i)
  let total = 0
  const ends = new Array<number>(count)
  for (let i = 0; i < count; i++) {
    const { cell } = cells[i] as Node
    total += 2 + Math.ceil(cell.bits.length / 8) + cell.refs.length * sizeBytes
    ends[i] = total
  }
  const offsetBytes = Math.max(1, bytesFor(total))
  const length =
    6 +
    4 * sizeBytes +
    offsetBytes +
    (withIndex ? count * offsetBytes : 0) +
    total +
    (withCrc ? 4 : 0)
  const out = Buffer.alloc(length)
  let p = 0
  const uint = (value: number, bytes: number) => {
    for (let k = bytes - 1; k >= 0; k--) {
      out[p + k] = value & 0xff
      value = Math.floor(value / 256)
    }
    p += bytes
  }
  out.writeUInt32BE(0xb5ee9c72, 0)
  p = 4
  out[p++] = (withIndex ? 0x80 : 0) | (withCrc ? 0x40 : 0) | sizeBytes
  out[p++] = offsetBytes
  uint(count, sizeBytes)
  uint(1, sizeBytes) // roots
  uint(0, sizeBytes) // absent
  uint(total, offsetBytes)
  uint(0, sizeBytes) // the root is cell 0
  if (withIndex) for (const end of ends) uint(end, offsetBytes)
  for (const { cell, refs } of cells) {
    const bits = cell.bits.length
    out[p++] = cell.refs.length + (cell.isExotic ? 8 : 0) + cell.mask.value * 32
    out[p++] = Math.ceil(bits / 8) + Math.floor(bits / 8)
    p = writeData(cell, out, p)
    for (const ref of refs) uint(index.get(ref) as number, sizeBytes)
  }
  if (withCrc) out.writeUInt32LE(crc32c(out, p), p)
  return out
}

/** The distinct cells of a tree, parents before children, in `@ton/core`'s order. */
function ordered(root: Cell): Node[] {
  const nodes = new Map<string, Node>()
  let level: Cell[] = [root]
  while (level.length > 0) {
    const next: Cell[] = []
    for (const cell of level) {
      const key = keyOf(cell)
      if (nodes.has(key)) continue
      nodes.set(key, { cell, refs: cell.refs.map(keyOf) })
      for (const ref of cell.refs) next.push(ref)
    }
    level = next
  }
  const done = new Set<string>()
  const postOrder: string[] = []
  // An explicit stack: deep trees (long dictionaries, snake data) must not overflow the call stack.
  for (const start of nodes.keys()) {
    if (done.has(start)) continue
    const stack: { key: string; next: number }[] = [{ key: start, next: 0 }]
    const open = new Set<string>([start])
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { key: string; next: number }
      const refs = (nodes.get(top.key) as Node).refs
      if (top.next < refs.length) {
        const child = refs[refs.length - 1 - top.next] as string
        top.next += 1
        if (done.has(child)) continue
        if (open.has(child)) throw new Error('Not a DAG: a cell refers to itself')
        open.add(child)
        stack.push({ key: child, next: 0 })
        continue
      }
      stack.pop()
      open.delete(top.key)
      done.add(top.key)
      postOrder.push(top.key)
    }
  }
  const result: Node[] = []
  for (let i = postOrder.length - 1; i >= 0; i--)
    result.push(nodes.get(postOrder[i] as string) as Node)
  return result
}

/** A cell's identity in a bag: its representation hash. */
function keyOf(cell: Cell): string {
  return cell.hash().toString('latin1')
}

/** Writes a cell's data bytes, the last one completed with a 1 bit and zeros. */
function writeData(cell: Cell, out: Buffer, at: number): number {
  const bits = cell.bits
  const length = bits.length
  const whole = Math.floor(length / 8)
  const aligned = whole > 0 ? bits.subbuffer(0, whole * 8) : Buffer.alloc(0)
  let p = at
  if (aligned !== null) {
    aligned.copy(out, p)
    p += whole
  } else {
    for (let i = 0; i < whole; i++) {
      let byte = 0
      for (let k = 0; k < 8; k++) byte = (byte << 1) | (bits.at(i * 8 + k) ? 1 : 0)
      out[p++] = byte
    }
  }
  const rest = length - whole * 8
  if (rest > 0) {
    let byte = 0
    for (let k = 0; k < rest; k++) byte = (byte << 1) | (bits.at(whole * 8 + k) ? 1 : 0)
    byte = (byte << 1) | 1
    out[p++] = byte << (7 - rest)
  }
  return p
}

function bytesFor(n: number): number {
  let bytes = 0
  while (n > 0) {
    bytes += 1
    n = Math.floor(n / 256)
  }
  return bytes
}
