import { createHash } from 'node:crypto'
import { beginCell, Dictionary } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { readJettonContent } from './content.js'

const key = (name: string) => BigInt(`0x${createHash('sha256').update(name).digest('hex')}`)
const snake = (text: string) => beginCell().storeUint(0, 8).storeStringTail(text).endCell()

describe('readJettonContent (TEP-64)', () => {
  test('on-chain: snake and chunked values by attribute name; unknown keys left out', () => {
    const dict = Dictionary.empty(Dictionary.Keys.BigUint(256), Dictionary.Values.Cell())
    dict.set(key('name'), snake('Moon Coin'))
    dict.set(key('symbol'), snake('MOON'))
    dict.set(key('decimals'), snake('6'))
    // A long description crosses cells (snake) — 300 bytes do not fit in one cell.
    dict.set(key('description'), snake('m'.repeat(300)))
    const chunks = Dictionary.empty(Dictionary.Keys.Uint(32), Dictionary.Values.Cell())
    chunks.set(1, beginCell().storeStringTail('.png').endCell())
    chunks.set(0, beginCell().storeStringTail('https://x.org/moon').endCell())
    dict.set(key('image'), beginCell().storeUint(1, 8).storeDict(chunks).endCell())
    dict.set(key('unknown_attribute'), snake('x'))
    const content = beginCell().storeUint(0, 8).storeDict(dict).endCell()
    expect(readJettonContent(content)).toEqual({
      type: 'onchain',
      data: {
        name: 'Moon Coin',
        symbol: 'MOON',
        decimals: '6',
        description: 'm'.repeat(300),
        image: 'https://x.org/moon.png',
      },
    })
  })

  test('off-chain: the URI; another layout or a malformed cell is undefined', () => {
    const uri = 'https://local.ton-dex-lab/MOON.json'
    expect(readJettonContent(beginCell().storeUint(1, 8).storeStringTail(uri).endCell())).toEqual({
      type: 'offchain',
      data: uri,
    })
    expect(readJettonContent(beginCell().storeUint(7, 8).endCell())).toBeUndefined()
    expect(readJettonContent(beginCell().endCell())).toBeUndefined()
  })
})
