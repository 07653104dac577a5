import { Address, beginCell, external, storeMessage } from '@ton/core'
import { expect, test } from 'vitest'
import { externalMessageHash } from './externalMessageHash.js'

test('the normalized hash ignores the state init and where the body is stored', () => {
  const to = Address.parse(`0:${'ab'.repeat(32)}`)
  const body = beginCell().storeUint(0xdeadbeef, 32).endCell()
  const init = { code: beginCell().storeUint(1, 8).endCell(), data: beginCell().endCell() }
  const plain = beginCell()
    .store(storeMessage(external({ to, body })))
    .endCell()
  const withInit = beginCell()
    .store(storeMessage(external({ to, body, init })))
    .endCell()
  // the same message with its body in a reference: already the normal form
  const inRef = beginCell()
    .storeUint(0b10, 2)
    .storeUint(0, 2)
    .storeAddress(to)
    .storeCoins(0)
    .storeBit(false)
    .storeBit(true)
    .storeRef(body)
    .endCell()
  const hashes = [plain, withInit, inRef].map((m) => externalMessageHash(m))
  expect(new Set(hashes.map((h) => h.hash.toString('hex'))).size).toBe(3)
  expect(new Set(hashes.map((h) => h.normalizedHash.toString('hex'))).size).toBe(1)
  expect(hashes[0]!.normalizedHash).toEqual(inRef.hash())
})
