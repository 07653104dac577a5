import { Address } from '@ton/core'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { canonicalAddressText } from '../../protocol/addressText.js'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import { fuzz } from '../../test/_support/fuzz.js'
import { canonicalAddress } from './canonicalAddress.js'

const zeroRaw = `0:${'0'.repeat(64)}`

describe('canonicalAddressText', () => {
  test('default: every form of the same address gives the bounceable URL-safe form', () => {
    const address = Address.parseRaw(`0:${'ab'.repeat(32)}`)
    const canonical = address.toString({ bounceable: true, urlSafe: true })
    for (const form of [
      address.toRawString(),
      address.toRawString().toUpperCase(),
      address.toString({ bounceable: false, urlSafe: true }),
      address.toString({ bounceable: true, urlSafe: false }),
      address.toString({ bounceable: true, urlSafe: true, testOnly: true }),
    ]) {
      expect(canonicalAddressText(form)).toBe(canonical)
    }
    expect(canonicalAddressText(zeroRaw)).toBe(NATIVE_ADDRESS)
    expect(canonicalAddressText('UQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAJKZ')).toBe(
      NATIVE_ADDRESS,
    )
    expect(canonicalAddressText(`-1:${'f'.repeat(64)}`)).toMatch(/^Ef/)
  })

  test.each([
    ['', 'empty'],
    ['hello', 'not an address'],
    [`0:${'0'.repeat(63)}`, 'short hash'],
    [`0:${'g'.repeat(64)}`, 'not hex'],
    [`5:${'0'.repeat(64)}`, 'unknown workchain'],
    ['EQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAM9d', 'bad checksum'],
    ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'bad tag'],
  ])('behavior: %j is not an address (%s)', (input) => {
    expect(canonicalAddressText(input)).toBeUndefined()
    expect(() => canonicalAddress(input, 'offer_address')).toThrowError(
      expect.objectContaining({ code: 'INVALID_ADDRESS', field: 'offer_address' }),
    )
  })

  test('property: any basechain hash round-trips through raw and friendly forms', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.boolean(),
        (bytes, bounceable) => {
          const address = new Address(0, Buffer.from(bytes))
          const canonical = address.toString({ bounceable: true, urlSafe: true })
          expect(canonicalAddressText(address.toRawString())).toBe(canonical)
          expect(canonicalAddressText(address.toString({ bounceable, urlSafe: !bounceable }))).toBe(
            canonical,
          )
        },
      ),
      fuzz(),
    )
  })

  test('property: arbitrary text never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 70 }), (text) => {
        const result = canonicalAddressText(text)
        if (result !== undefined) expect(canonicalAddressText(result)).toBe(result)
      }),
      fuzz(),
    )
  })
})
