import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz } from '../test/_support/fuzz.js'
import { isoSeconds, unixSeconds } from './timeText.js'

describe('isoSeconds / unixSeconds', () => {
  test('default: the wire shape, UTC, no zone, no fraction', () => {
    expect(isoSeconds(1_700_000_000)).toBe('2023-11-14T22:13:20')
    expect(isoSeconds(0)).toBe('1970-01-01T00:00:00')
    expect(unixSeconds('2023-11-14T22:13:20')).toBe(1_700_000_000)
    expect(unixSeconds('not a time')).toBeNaN()
  })

  test('behavior: a fraction of a second is cut, not rounded', () => {
    expect(isoSeconds(1_700_000_000.999)).toBe('2023-11-14T22:13:20')
  })

  test('property: round trip, and text order is time order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 253_402_300_799 }),
        fc.integer({ min: 0, max: 253_402_300_799 }),
        (a, b) => {
          expect(unixSeconds(isoSeconds(a))).toBe(a)
          expect(isoSeconds(a) < isoSeconds(b)).toBe(a < b)
        },
      ),
      fuzz(),
    )
  })
})
