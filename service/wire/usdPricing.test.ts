import { Decimal } from 'decimal.js'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { fuzz } from '../../test/_support/fuzz.js'
import { decimalised, usdPrices } from './usdPricing.js'

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

test('usdPrices: a weighted 80/20 pool prices at its curve’s slope, not its reserve ratio', () => {
  const E18 = 10n ** 18n
  const usd = { address: 'USDT', decimals: 6 }
  const base = {
    address: 'pool',
    routerAddress: 'router',
    dex: 'v2' as const,
    wallet0: 'w0',
    wallet1: 'w1',
    totalSupply: 10n ** 12n,
    lpFee: 20n,
    protocolFee: 10n,
    refFee: 0n,
    collected0: 0n,
    collected1: 0n,
    amp: 0n,
    rate: 0n,
    protocolFeeAddress: null,
  }
  // STON (token0, 9 decimals) weighs 80 %: 4 000 000 STON against 200 000 USDT. The reserve
  // ratio says 0.05 USD per STON; the curve's marginal price R1·w0 / (R0·w1) says 0.2 USD.
  const weighted = {
    ...base,
    kind: 'weighted_const_product' as const,
    asset0: 'STON',
    asset1: 'USDT',
    asset0Address: 'STON',
    asset1Address: 'USDT',
    reserve0: 4_000_000n * 10n ** 9n,
    reserve1: 200_000n * 10n ** 6n,
    w0: (8n * E18) / 10n,
  }
  const ston = usdPrices([weighted], usd).get('STON')
  // spot = R1·w0 / (R0·w1) = 2e11·0.8 / (4e15·0.2) = 2e-4 USDT units per STON unit.
  expect(ston?.mul(10n ** 9n).toString()).toBe('0.2')
  // With no weight set the pool has no price and prices nothing.
  expect(usdPrices([{ ...weighted, w0: 0n }], usd).has('STON')).toBe(false)
  // Constant product: the reserve ratio.
  const cp = { ...weighted, kind: 'constant_product' as const, w0: 0n }
  expect(
    usdPrices([cp], usd)
      .get('STON')
      ?.mul(10n ** 9n)
      .toString(),
  ).toBe('0.05')
})
