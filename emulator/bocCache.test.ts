import { beginCell, Cell } from '@ton/core'
import { serializeBoc } from '@ton/core/dist/boc/cell/serialization.js'
import { afterAll, expect, it } from 'vitest'
import { installBocCache, uninstallBocCache } from './bocCache.js'

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

function randomTree(next: (below: number) => number, depth: number): Cell {
  const b = beginCell()
  const bits = [0, 1, 7, 8, 255, 1023][next(6)] ?? next(1024)
  for (let i = 0; i < bits; i++) b.storeBit(next(2))
  const refs = depth === 0 ? 0 : next(5)
  for (let r = 0; r < refs; r++) b.storeRef(randomTree(next, depth - 1))
  return b.endCell()
}

afterAll(() => installBocCache()) // the suite's setup installs it (test/_support/fastCells.ts)

it('writes exactly what @ton/core writes, for every option, the first time and after', () => {
  uninstallBocCache()
  installBocCache()
  installBocCache() // idempotent
  const next = random(20_261_126)
  for (let i = 0; i < 40; i++) {
    const tree = randomTree(next, 3)
    for (const options of [
      undefined,
      {},
      { idx: true },
      { crc32: false },
      { idx: true, crc32: false },
      { idx: null, crc32: null },
    ]) {
      const expected = serializeBoc(tree, {
        idx: options?.idx ?? false,
        crc32: options?.crc32 ?? true,
      })
      expect(tree.toBoc(options)).toEqual(expected)
      expect(tree.toBoc(options)).toEqual(expected)
    }
  }
})

it('a caller writing into its buffer does not change the next answer', () => {
  installBocCache()
  const cell = beginCell().storeUint(0xdead, 16).endCell()
  const first = cell.toBoc()
  const copy = Buffer.from(first)
  first.fill(0)
  const second = cell.toBoc()
  expect(second).toEqual(copy)
  second.fill(7)
  expect(cell.toBoc()).toEqual(copy)
})

it('uninstalls: the original serializer again', () => {
  installBocCache()
  uninstallBocCache()
  uninstallBocCache() // idempotent
  const cell = beginCell().storeUint(5, 8).endCell()
  expect(cell.toBoc()).toEqual(serializeBoc(cell, { idx: false, crc32: true }))
  expect(Cell.prototype.toBoc.name).toBe('toBoc')
})
