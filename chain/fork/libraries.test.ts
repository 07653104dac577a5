import { Address, beginCell, type Cell, toNano } from '@ton/core'
import { createShardAccount } from '@ton/sandbox'
import { describe, expect, test } from 'vitest'
import { LocalBlockchain } from '../../emulator/LocalBlockchain.js'
import { libraryCount, libraryRefs, withLibraries } from './libraries.js'

/** A library cell standing for `code`: tag 2, then the code's hash (what a v2 deploy writes). */
function libraryCell(code: Cell): Cell {
  return beginCell().storeUint(2, 8).storeBuffer(code.hash()).endCell({ exotic: true })
}

/** `DROP` (the method id) then `7 PUSHINT`: a get-method answering 7 whatever it is called. */
const SEVEN = beginCell().storeUint(0x3077, 16).endCell()

describe('library cells of a forked account', () => {
  test('libraryRefs finds each library once, in code and deep in data, not behind one', () => {
    const a = beginCell().storeUint(1, 32).endCell()
    const b = beginCell().storeUint(2, 32).endCell()
    const data = beginCell()
      .storeRef(libraryCell(a))
      .storeRef(beginCell().storeRef(libraryCell(b)).storeRef(libraryCell(a)).endCell())
      .endCell()
    expect(libraryRefs([libraryCell(a), data, null]).sort()).toEqual(
      [a.hash().toString('hex'), b.hash().toString('hex')].sort(),
    )
    expect(libraryRefs([a, b])).toEqual([])
  })

  test('an account whose code is a library runs only once the library is installed', async () => {
    const chain = await LocalBlockchain.createLocal()
    const address = new Address(0, Buffer.alloc(32, 5))
    await chain.setShardAccount(
      address,
      createShardAccount({
        address,
        code: libraryCell(SEVEN),
        data: beginCell().endCell(),
        balance: toNano('1'),
      }),
    )
    const unresolved = await chain
      .runGetMethod(address, 'anything')
      .then((r) => r.exitCode)
      .catch((e: { exitCode?: number }) => e.exitCode)
    expect(unresolved).toBe(9)
    chain.libs = withLibraries(chain.libs, new Map([[SEVEN.hash().toString('hex'), SEVEN]]))
    expect(libraryCount(chain.libs)).toBe(1)
    const resolved = await chain.runGetMethod(address, 'anything')
    expect(resolved.exitCode).toBe(0)
    expect(resolved.stackReader.readNumber()).toBe(7)
  })
})
