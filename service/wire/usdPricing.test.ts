import { Decimal } from 'decimal.js'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { fuzz } from '../../test/_support/fuzz.js'
import { decimalised } from './usdPricing.js'

const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_EVEN })

test('decimalised: pinned values', () => {
  expect(decimalised(1_500_000n, 6)).toBe('1.5')
  expect(decimalised(0n, 9)).toBe('0')
  expect(decimalised(-1n, 3)).toBe('-0.001')
  expect(decimalised(100n, 2)).toBe('1')
  expect(decimalised(10n, 0)).toBe('10')
})

test('property: decimalised prints what a 60-digit decimal division prints', () => {
  fc.assert(
    fc.property(
      fc.bigInt({ min: -(2n ** 130n), max: 2n ** 130n }),
      fc.integer({ min: 0, max: 30 }),
      (raw, decimals) => {
        expect(decimalised(raw, decimals)).toBe(
          new D(raw.toString()).div(new D(10).pow(decimals)).toFixed(),
        )
      },
    ),
    fuzz({ numRuns: 500 }),
  )
})
