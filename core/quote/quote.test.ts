import { describe, expect, test } from 'vitest'
import { referenceCpPool } from '../../test/_support/pools.js'
import { formatRatio, parseDecimal } from './decimal.js'
import { minAskAmount } from './minAskAmount.js'
import { priceImpact } from './priceImpact.js'
import { swapRate } from './swapRate.js'

describe('minAskAmount', () => {
  test('the API example: 19948369245 at 0.5 % slippage', () => {
    expect(minAskAmount(19_948_369_245n, '0.005')).toBe(19_848_627_398n)
  })

  test('rounds down, and the edges 0 and 1', () => {
    expect(minAskAmount(999n, '0.001')).toBe(998n) // 998.001 → 998
    expect(minAskAmount(1000n, '0')).toBe(1000n)
    expect(minAskAmount(1000n, '1')).toBe(0n)
    expect(minAskAmount(1000n, '0.0000000000000000000000001')).toBe(999n)
  })

  test('behavior: malformed slippage names the field', () => {
    expect(() => minAskAmount(1000n, '1.5')).toThrowErrorMatchingInlineSnapshot(`
      [InvalidInputError: Invalid slippage: must be between 0 and 1.

      value: "1.5"]
    `)
    for (const bad of ['-0.1', '1e-3', '', '.5', '0.', 'abc', ' 0.1']) {
      expect(() => minAskAmount(1000n, bad)).toThrowError(/Invalid slippage/)
    }
    expect(() => minAskAmount(-1n, '0.1')).toThrowError(/Invalid amountOut/)
  })
})

describe('decimal edge helpers', () => {
  test('parseDecimal is exact', () => {
    expect(parseDecimal('0.001', 'x')).toEqual({ numerator: 1n, denominator: 1000n })
    expect(parseDecimal('12.50', 'x')).toEqual({ numerator: 1250n, denominator: 100n })
  })

  test('formatRatio floors and trims', () => {
    expect(formatRatio({ numerator: 2n, denominator: 3n })).toBe('0.666666666')
    expect(formatRatio({ numerator: 10n, denominator: 5n })).toBe('2')
    expect(formatRatio({ numerator: 1n, denominator: 3n }, 2)).toBe('0.33')
  })
})

describe('swapRate', () => {
  test('the API example: 5 TON → 19.948369245', () => {
    expect(
      swapRate({
        amountIn: 5_000_000_000n,
        amountOut: 19_948_369_245n,
        decimalsIn: 9,
        decimalsOut: 9,
      }),
    ).toBe('3.989673849')
  })

  test('different decimals: 1 TON (9) → 3.2 USDT (6)', () => {
    expect(
      swapRate({ amountIn: 1_000_000_000n, amountOut: 3_200_000n, decimalsIn: 9, decimalsOut: 6 }),
    ).toBe('3.2')
  })

  test('behavior: bad decimals and amounts', () => {
    expect(() =>
      swapRate({ amountIn: 0n, amountOut: 1n, decimalsIn: 9, decimalsOut: 9 }),
    ).toThrowError(/amountIn/)
    expect(() =>
      swapRate({ amountIn: 1n, amountOut: 1n, decimalsIn: 1.5, decimalsOut: 9 }),
    ).toThrowError(/decimalsIn/)
  })
})

describe('priceImpact', () => {
  test('constant product: about a′ / (Ri + a′), fees excluded', () => {
    // a′ = 1e9·0.998 = 998000000; a′/(1e12 + a′) = 0.000997005…; B is floored, so slightly more.
    expect(priceImpact(referenceCpPool(), { side: 0, amountIn: 1_000_000_000n })).toBe(
      '0.000997005',
    )
    expect(priceImpact(referenceCpPool(), { side: 1, amountIn: 2_000_000_000n })).toBe(
      '0.000997005',
    )
  })

  test('grows with the input', () => {
    const pool = referenceCpPool()
    const small = Number(priceImpact(pool, { side: 0, amountIn: 1_000_000n }))
    const large = Number(priceImpact(pool, { side: 0, amountIn: 100_000_000_000n }))
    expect(small).toBeLessThan(large)
  })

  test('behavior: an empty pool has no price', () => {
    expect(() =>
      priceImpact({ ...referenceCpPool(), reserve0: 0n }, { side: 0, amountIn: 1n }),
    ).toThrowError(/has no price/)
  })
})
