import { Address } from '@ton/core'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz } from '../test/_support/fuzz.js'
import { addressText, canonicalAddressText } from './addressText.js'
import { NATIVE_ADDRESS } from './nativeAddress.js'

describe('addressText', () => {
  test('default: the bounceable, URL-safe, mainnet form', () => {
    expect(addressText(Address.parseRaw(`0:${'0'.repeat(64)}`))).toBe(NATIVE_ADDRESS)
    expect(addressText(null)).toBe('')
    const text = addressText(Address.parseRaw(`0:${'fb'.repeat(32)}`))
    expect(text).toMatch(/^EQ[A-Za-z0-9_-]{46}$/)
    expect(Address.parseFriendly(text)).toMatchObject({ isBounceable: true, isTestOnly: false })
  })

  test('property: every form of an address reads back to its canonical text', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.constantFrom(0, -1),
        fc.boolean(),
        fc.boolean(),
        (bytes, workchain, bounceable, testOnly) => {
          const address = new Address(workchain, Buffer.from(bytes))
          const canonical = addressText(address)
          expect(canonicalAddressText(address.toRawString())).toBe(canonical)
          expect(
            canonicalAddressText(address.toString({ bounceable, testOnly, urlSafe: !bounceable })),
          ).toBe(canonical)
        },
      ),
      fuzz(),
    )
  })

  test('behavior: text that is not an address reads as undefined', () => {
    for (const input of ['', 'hello', `0:${'0'.repeat(63)}`, `5:${'0'.repeat(64)}`]) {
      expect(canonicalAddressText(input)).toBeUndefined()
    }
  })
})
