import { describe, expect, test } from 'vitest'
import { PoolMathError } from '../../errors/PoolMathError.js'
import { ln, ln36 } from './ln.js'

const ONE = 10n ** 18n

describe('ln', () => {
  test('pinned values (18 decimals)', () => {
    expect(ln(ONE)).toBe(0n)
    expect(ln(2n * ONE)).toBe(693_147_180_559_945_309n) // ln 2 = 0.693147180559945309417…
    expect(ln(ONE / 2n)).toBe(-693_147_180_559_945_309n)
    expect(ln(95n * (ONE / 100n))).toBe(-51_293_294_387_550_533n)
    expect(ln(10n ** 24n)).toBe(13_815_510_557_964_274_104n) // ln 1e6 = 13.815510557964274104…
    expect(ln(1n)).toBe(-41_446_531_673_892_822_312n) // ln 1e-18
    expect(ln(1n << 255n)).toBe(135_305_999_368_893_231_589n)
  })

  test('behavior: no exact shortcut for e (the routine pow uses has none)', () => {
    expect(ln(2_718_281_828_459_045_235n)).toBe(999_999_999_999_999_999n)
  })

  test('behavior: a ≤ 0 is error 50005', () => {
    for (const a of [0n, -1n, -ONE]) {
      expect(() => ln(a)).toThrow(PoolMathError)
      try {
        ln(a)
      } catch (error) {
        expect((error as PoolMathError).exitCode).toBe(50005)
      }
    }
  })
})

describe('ln36', () => {
  test('pinned values (36 decimals)', () => {
    expect(ln36(ONE)).toBe(0n)
    expect(ln36(1_050_000_000_000_000_000n)).toBe(48_790_164_169_432_003_065_374_404_178_136_230n)
    // Below 1 every term is negative and floors toward minus infinity.
    expect(ln36(950_000_000_000_000_000n)).toBe(-51_293_294_387_550_533_426_196_144_149_312_070n)
    expect(ln36(900_000_000_000_000_001n)).toBe(-105_360_515_657_826_300_116_368_349_462_894_094n)
  })

  test('behavior: x = −1 divides by zero (exit code 4)', () => {
    try {
      ln36(-ONE)
      expect.unreachable()
    } catch (error) {
      expect((error as PoolMathError).exitCode).toBe(4)
    }
  })
})
