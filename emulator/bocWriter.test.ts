import { BitString, beginCell, Cell } from '@ton/core'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fuzz } from '../test/_support/fuzz.js'
import { writeBoc } from './bocWriter.js'

/** xorshift32 over a seed: one random tree per seed. */
function random(seed: number) {
  let s = seed || 1
  return (below: number) => {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    return (s >>> 0) % below
  }
}

/** A random tree: bit lengths 0–1023 (byte edges often), 0–4 refs, shared subtrees, and bit
 * strings that do not start on a byte (as slices' cells have). */
function randomTree(next: (below: number) => number, depth: number, shared: Cell[]): Cell {
  const length = [0, 1, 7, 8, 9, 255, 1016, 1023][next(8)] ?? next(1024)
  const bytes = Buffer.alloc(130)
  for (let i = 0; i < bytes.length; i++) bytes[i] = next(256)
  const offset = next(3) === 0 ? next(8) : 0
  const refs: Cell[] = []
  const count = depth === 0 ? 0 : next(5)
  for (let r = 0; r < count; r++) {
    const reuse = shared.length > 0 && next(4) === 0
    refs.push(reuse ? (shared[next(shared.length)] as Cell) : randomTree(next, depth - 1, shared))
  }
  const cell = new Cell({ bits: new BitString(bytes, offset, length), refs })
  if (next(3) === 0) shared.push(cell)
  return cell
}

describe('writeBoc', () => {
  it('behavior: writes what @ton/core writes, byte for byte, with and without index and CRC', () => {
    let compared = 0
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 0, max: 5 }),
        fc.boolean(),
        fc.boolean(),
        (seed, depth, idx, crc32) => {
          const tree = randomTree(random(seed), depth, [])
          expect(writeBoc(tree, { idx, crc32 }).toString('hex')).toBe(
            tree.toBoc({ idx, crc32 }).toString('hex'),
          )
          compared += 1
        },
      ),
      fuzz({ numRuns: 300 }),
    )
    expect(compared).toBeGreaterThanOrEqual(fuzz({ numRuns: 300 }).numRuns ?? 300)
  })

  it('behavior: a bag of more than 255 cells and a deep chain', () => {
    let wide = beginCell().endCell()
    for (let i = 0; i < 300; i++) wide = beginCell().storeUint(i, 16).storeRef(wide).endCell()
    expect(writeBoc(wide)).toEqual(wide.toBoc())
    expect(Cell.fromBoc(writeBoc(wide))[0]?.hash()).toEqual(wide.hash())
  })
})
