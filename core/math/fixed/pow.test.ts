import { describe, expect, test } from 'vitest'
import { exitCodeOf } from '../../../test/_support/thrown.js'
import { pow, powDown, powUp } from './pow.js'

const ONE = 10n ** 18n

describe('pow', () => {
  test('pinned values (18 decimals)', () => {
    expect(pow(2n * ONE, ONE / 2n)).toBe(1_414_213_562_373_095_047n) // √2 = 1.414213562373095048…
    expect(pow(4n * ONE, -ONE / 2n)).toBe(ONE / 2n)
    expect(pow(10n ** 30n, 8n * (ONE / 10n))).toBe(3_981_071_705_534_972_505_233_557_096n)
    expect(pow(10n ** 30n, -2n * (ONE / 10n))).toBe(3_981_071_705_534_972n)
    // 0.9 < x < 1.1 goes through ln36 with floor division and floor modulo.
    expect(pow(95n * (ONE / 100n), 8n * (ONE / 10n))).toBe(959_795_886_352_039_284n)
    expect(pow(95n * (ONE / 100n), -2n * (ONE / 10n))).toBe(1_010_311_459_317_936_087n)
    // pow itself has no integer shortcut (powUp / powDown do).
    expect(pow(3n * ONE, 2n * ONE)).toBe(8_999_999_999_999_999_991n)
  })

  test('behavior: y = 0, x = 0 and x = 1 short-circuit in that order', () => {
    expect(pow(0n, 0n)).toBe(ONE)
    expect(pow(-5n, 0n)).toBe(ONE)
    expect(pow(0n, ONE)).toBe(0n)
    expect(pow(ONE, 123n * ONE)).toBe(ONE)
  })

  test('behavior: the contract error codes', () => {
    expect(exitCodeOf(() => pow(-1n, ONE / 2n))).toBe(50001) // negative base
    expect(exitCodeOf(() => pow(1n << 256n, ONE / 2n))).toBe(50001)
    expect(exitCodeOf(() => pow(2n * ONE, (1n << 254n) / 10n ** 20n))).toBe(50002)
    expect(exitCodeOf(() => pow(7_389_056_098_930_650_227n, 100n * ONE))).toBe(50003) // e^200
    expect(exitCodeOf(() => pow(2n * ONE, -(1n << 200n)))).toBe(4) // ln(x)·y leaves 257 bits
  })
})

describe('powUp and powDown', () => {
  test('pinned values: the margin is fmul(raw, 10000) + 1', () => {
    const raw = pow(10n ** 30n, 8n * (ONE / 10n))
    const margin = (raw * 10_000n) / ONE + 1n
    expect(powUp(10n ** 30n, 8n * (ONE / 10n))).toBe(raw + margin)
    expect(powDown(10n ** 30n, 8n * (ONE / 10n))).toBe(raw - margin)
    expect(powUp(2n * ONE, ONE / 2n)).toBe(1_414_213_562_373_109_190n)
    expect(powDown(2n * ONE, ONE / 2n)).toBe(1_414_213_562_373_080_904n)
  })

  test('behavior: exponents 2 and 4 are fmul chains with no margin', () => {
    expect(powUp(3n * ONE, 2n * ONE)).toBe(9n * ONE)
    expect(powDown(3n * ONE, 2n * ONE)).toBe(9n * ONE)
    expect(powUp(769_230_769_230_769_231n, 4n * ONE)).toBe(350_127_796_645_775_708n)
    expect(powDown(769_230_769_230_769_231n, 4n * ONE)).toBe(350_127_796_645_775_708n)
    // Negative bases pass through the fmul chain (no 50001 there).
    expect(powDown(-2n * ONE, 2n * ONE)).toBe(4n * ONE)
  })

  test('behavior: powDown floors at 0 when the margin exceeds the power', () => {
    expect(powDown(1n, ONE / 2n)).toBe(999_999_999n) // 1e-9 minus 1e-18
    expect(powDown(1n, 2n * ONE)).toBe(0n) // fmul(1e-18, 1e-18) = 0
    // (1e-18)^0.989 = e^−40.99: raw 1 unit, margin fmul(1, 10000) + 1 = 1.
    expect(pow(1n, 989n * (ONE / 1000n))).toBe(1n)
    expect(powDown(1n, 989n * (ONE / 1000n))).toBe(0n)
    expect(powUp(1n, 989n * (ONE / 1000n))).toBe(2n)
  })
})
