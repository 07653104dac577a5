import { beginCell, Cell } from '@ton/core'
import { deserializeBoc } from '@ton/core/dist/boc/cell/serialization.js'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  CELL_CACHE_GENERATION,
  cellCacheSize,
  clearCellCache,
  deserializeBocCached,
  installCellCache,
  uninstallCellCache,
} from './cellCache.js'

/** xorshift32: the same trees on every run. */
function random(seed: number) {
  let s = seed
  return (below: number) => {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    return (s >>> 0) % below
  }
}

/** A random tree: any bit length 0–1023, 0–4 refs, some subtrees shared. */
function randomTree(next: (below: number) => number, depth: number, shared: Cell[]): Cell {
  const b = beginCell()
  const bits = [0, 1, 7, 8, 9, 255, 1023][next(7)] ?? next(1024)
  for (let i = 0; i < bits; i++) b.storeBit(next(2))
  const refs = depth === 0 ? 0 : next(5)
  for (let r = 0; r < refs; r++) {
    const reuse = shared.length > 0 && next(4) === 0
    b.storeRef(reuse ? (shared[next(shared.length)] as Cell) : randomTree(next, depth - 1, shared))
  }
  const cell = b.endCell()
  if (next(3) === 0) shared.push(cell)
  return cell
}

/** Everything that makes two cells equal, down the tree. */
function shape(cell: Cell): unknown {
  return {
    hash: cell.hash().toString('hex'),
    bits: cell.bits.toString(),
    exotic: cell.isExotic,
    level: cell.level(),
    depth: cell.depth(),
    refs: cell.refs.map(shape),
  }
}

describe('deserializeBocCached', () => {
  beforeEach(() => clearCellCache())

  it('reads exactly what @ton/core reads, with and without index and CRC', () => {
    const next = random(20_261_122)
    for (let i = 0; i < 60; i++) {
      const tree = randomTree(next, 4, [])
      for (const options of [
        {},
        { idx: true, crc32: true },
        { idx: false, crc32: false },
        { idx: true, crc32: false },
      ]) {
        const boc = tree.toBoc(options)
        const mine = deserializeBocCached(boc)
        expect(mine).toBeDefined()
        expect((mine ?? []).map(shape)).toEqual(deserializeBoc(boc).map(shape))
      }
    }
  })

  it('reads exotic cells (library and pruned-branch references) as @ton/core does', () => {
    const library = beginCell()
      .storeUint(2, 8)
      .storeBuffer(Buffer.alloc(32, 0xab))
      .endCell({ exotic: true })
    const pruned = beginCell()
      .storeUint(1, 8)
      .storeUint(1, 8)
      .storeBuffer(Buffer.alloc(32, 0x11))
      .storeUint(7, 16)
      .endCell({ exotic: true })
    const root = beginCell().storeUint(5, 3).storeRef(library).storeRef(pruned).endCell()
    const boc = root.toBoc()
    const [mine] = deserializeBocCached(boc) ?? []
    expect(mine?.refs[0]?.type).toBe(library.type)
    expect(mine?.refs[1]?.level()).toBe(1)
    expect(shape(mine as Cell)).toEqual(shape(deserializeBoc(boc)[0] as Cell))
  })

  it('returns the cells it already built: same content, same object', () => {
    const code = beginCell()
      .storeUint(0xc0de, 16)
      .storeRef(beginCell().storeUint(1, 300).endCell())
      .endCell()
    const state = (balance: number) =>
      beginCell().storeUint(balance, 64).storeRef(code).endCell().toBoc()
    const [first] = deserializeBocCached(state(1)) ?? []
    const [again] = deserializeBocCached(state(1)) ?? []
    const [changed] = deserializeBocCached(state(2)) ?? []
    expect(again).toBe(first)
    expect(changed).not.toBe(first)
    expect(changed?.refs[0]).toBe(first?.refs[0]) // the unchanged code is shared
    expect(
      changed?.hash().equals(beginCell().storeUint(2, 64).storeRef(code).endCell().hash()),
    ).toBe(true)
    expect(cellCacheSize()).toBe(4)
  })

  it('keeps at most two generations of cells', () => {
    for (let i = 0; i < 2 * CELL_CACHE_GENERATION + 10; i++) {
      deserializeBocCached(beginCell().storeUint(i, 32).endCell().toBoc())
    }
    expect(cellCacheSize()).toBe(CELL_CACHE_GENERATION + 10)
  })

  it('leaves what it does not handle to @ton/core: wrong CRC, other formats, garbage', () => {
    const boc = beginCell().storeUint(42, 8).endCell().toBoc({ idx: false, crc32: true })
    const corrupt = Buffer.from(boc)
    corrupt[corrupt.length - 1] = (corrupt[corrupt.length - 1] as number) ^ 0xff
    expect(deserializeBocCached(corrupt)).toBeUndefined()
    expect(deserializeBocCached(Buffer.from('68ff65f30101', 'hex'))).toBeUndefined()
    expect(deserializeBocCached(Buffer.from('b5ee9c72', 'hex'))).toBeUndefined()
    expect(deserializeBocCached(boc.subarray(0, boc.length - 2))).toBeUndefined()
    // A ref that points backwards is invalid.
    const bad = Buffer.from([
      0xb5, 0xee, 0x9c, 0x72, 0x01, 0x01, 0x02, 0x01, 0x00, 0x05, 0x00, 0x01, 0x00, 0x00, 0x00,
      0x00,
    ])
    expect(() => deserializeBoc(bad)).toThrow()
    expect(deserializeBocCached(bad)).toBeUndefined()
  })

  it('once installed, Cell.fromBoc uses the cache and still rejects a corrupt BOC', () => {
    installCellCache()
    installCellCache() // idempotent
    const cell = beginCell().storeUint(0xdead, 16).storeRef(beginCell().endCell()).endCell()
    const boc64 = cell.toBoc().toString('base64')
    const a = Cell.fromBase64(boc64)
    expect(Cell.fromBase64(boc64)).toBe(a)
    expect(a.equals(cell)).toBe(true)
    const corrupt = cell.toBoc({ idx: false, crc32: true })
    corrupt[corrupt.length - 1] = (corrupt[corrupt.length - 1] as number) ^ 0xff
    expect(() => Cell.fromBoc(corrupt)).toThrow('Invalid CRC32C')
  })

  it('uninstalls: @ton/core parses on its own again', () => {
    installCellCache()
    const boc = beginCell().storeUint(9, 8).endCell().toBoc()
    expect(Cell.fromBoc(boc)[0]).toBe(Cell.fromBoc(boc)[0])
    uninstallCellCache()
    uninstallCellCache() // idempotent
    expect(Cell.fromBoc(boc)[0]).not.toBe(Cell.fromBoc(boc)[0])
    expect(cellCacheSize()).toBe(0)
  })
})
