import { describe, expect, test } from 'vitest'
import { PoolMathError } from '../../errors/PoolMathError.js'
import { exp } from './exp.js'

const ONE = 10n ** 18n

describe('exp', () => {
  test('pinned values (18 decimals)', () => {
    expect(exp(0n)).toBe(ONE)
    expect(exp(ONE)).toBe(2_718_281_828_459_045_235n) // exactly FB's e
    expect(exp(-ONE)).toBe(367_879_441_171_442_321n) // floor(1e36 / e)
    expect(exp(2n * ONE)).toBe(7_389_056_098_930_650_227n)
    expect(exp(ONE / 2n)).toBe(1_648_721_270_700_128_146n)
    // e^64 and e^128 are stored without decimals: the low digits are the table's zeros.
    expect(exp(64n * ONE)).toBe(6_235_149_080_811_616_882_910_000_000n * ONE)
    expect(exp(130n * ONE)).toBe(
      287_264_955_081_783_193_326_519_143_742_863_858_051_506n * 10n ** 33n,
    )
    expect(exp(-41n * ONE)).toBe(1n)
  })

  test('behavior: outside [−41, 130] is error 50004', () => {
    for (const x of [130n * ONE + 1n, -41n * ONE - 1n]) {
      try {
        exp(x)
        expect.unreachable()
      } catch (error) {
        expect(error).toBeInstanceOf(PoolMathError)
        expect((error as PoolMathError).code).toBe('INVALID_EXPONENT')
        expect((error as PoolMathError).exitCode).toBe(50004)
      }
    }
  })
})
