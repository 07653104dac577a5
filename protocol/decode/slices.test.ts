import { Address, beginCell } from '@ton/core'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { loadAddress, loadCoins } from './slices.js'

describe('loadAddress', () => {
  it('reads an addr_std at any bit offset exactly as @ton/core does, and leaves the rest', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: -128, max: 127 }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.integer({ min: 0, max: 15 }),
        (pad, workChain, id, tail) => {
          const address = new Address(workChain, Buffer.from(id))
          const cell = beginCell().storeUint(0, pad).storeAddress(address).storeUint(tail, 4)
          const slice = cell.endCell().beginParse()
          slice.skip(pad)
          const read = loadAddress(slice)
          expect(read?.equals(address)).toBe(true)
          expect(read?.workChain).toBe(workChain)
          expect(slice.loadUint(4)).toBe(tail)
        },
      ),
    )
  })

  it('reads addr_none as null and rejects an external address', () => {
    const none = beginCell().storeAddress(null).storeUint(3, 2).endCell().beginParse()
    expect(loadAddress(none)).toBeNull()
    expect(none.loadUint(2)).toBe(3)
    const external = beginCell().storeUint(0b01, 2).storeUint(8, 9).storeUint(255, 8)
    expect(() => loadAddress(external.endCell().beginParse())).toThrow(/external address/)
  })

  it('falls back to the general reader for an anycast address', () => {
    // addr_std$10 anycast:(just depth:5 rewrite_pfx:bits5) workchain:int8 address:bits256
    const id = Buffer.alloc(32, 0xab)
    const cell = beginCell().storeUint(0b10, 2).storeBit(1).storeUint(5, 5).storeUint(0b10101, 5)
    const slice = cell.storeInt(0, 8).storeBuffer(id).endCell().beginParse()
    expect(loadAddress(slice)?.workChain).toBe(0)
  })
})

describe('loadCoins', () => {
  it('reads every Coins value at any bit offset exactly as @ton/core does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }),
        fc.oneof(fc.bigInt({ min: 0n, max: 2n ** 120n - 1n }), fc.bigInt({ min: 0n, max: 300n })),
        fc.integer({ min: 0, max: 7 }),
        (pad, coins, tail) => {
          const cell = beginCell().storeUint(0, pad).storeCoins(coins).storeUint(tail, 3).endCell()
          const slice = cell.beginParse()
          slice.skip(pad)
          expect(loadCoins(slice)).toBe(coins)
          expect(slice.loadUint(3)).toBe(tail)
        },
      ),
      {
        examples: [
          [0, 0n, 0],
          [5, 2n ** 120n - 1n, 7],
          [1, 2n ** 48n, 1],
          [3, 2n ** 48n - 1n, 0],
        ],
      },
    )
  })
})
