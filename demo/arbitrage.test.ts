import { describe, expect, test } from 'vitest'
import type { Ratio } from '../core/curves/Curve.js'
import { swap } from '../core/ops/swap.js'
import { createPoolState, FEE_DIVIDER, type PoolState } from '../core/pool/PoolState.js'
import { spotPrice } from '../core/quote/spotPrice.js'
import { arbitrageTrade } from './arbitrage.js'

const E18 = 10n ** 18n

/** One pool of each kind, 9-decimal tokens on both sides. */
const pools: readonly PoolState[] = [
  createPoolState({
    dex: 'v1',
    kind: 'constant_product',
    reserve0: 100_000n * 10n ** 9n,
    reserve1: 320_000n * 10n ** 6n,
    totalSupply: 10n ** 12n,
  }),
  createPoolState({
    dex: 'v2',
    kind: 'constant_product',
    reserve0: 320_000n * 10n ** 6n,
    reserve1: 100_000n * 10n ** 9n,
    totalSupply: 10n ** 12n,
  }),
  createPoolState({
    dex: 'v2',
    kind: 'stableswap',
    reserve0: 10n ** 14n,
    reserve1: 10n ** 14n,
    totalSupply: 2n * 10n ** 14n,
    amp: 200n,
  }),
  createPoolState({
    dex: 'v2',
    kind: 'weighted_const_product',
    reserve0: 4n * 10n ** 14n,
    reserve1: 10n ** 14n,
    totalSupply: 10n ** 14n,
    w0: (8n * E18) / 10n,
  }),
  createPoolState({
    dex: 'v2',
    kind: 'weighted_stableswap',
    reserve0: 6n * 10n ** 13n,
    reserve1: 6n * 10n ** 13n,
    totalSupply: 10n ** 14n,
    amp: 100n * E18,
    w0: E18 / 2n,
    rate: E18,
  }),
]

/** `ratio` × (1 + bps / 10 000), exact. */
const shifted = (ratio: Ratio, bps: bigint): Ratio => ({
  numerator: ratio.numerator * (FEE_DIVIDER + bps),
  denominator: ratio.denominator * FEE_DIVIDER,
})

/** (a − b) / b in basis points, as a float for the assertion message. */
const offBps = (a: Ratio, b: Ratio) =>
  (Number(a.numerator * b.denominator - b.numerator * a.denominator) /
    Number(b.numerator * a.denominator)) *
  10_000

describe('arbitrageTrade', () => {
  for (const pool of pools) {
    const band = pool.lpFee + pool.protocolFee
    test(`behavior: ${pool.dex} ${pool.kind} is traded back to a target 5 % off either way, not inside its ${band} bps fee band`, () => {
      const spot = spotPrice(pool, 0)
      for (const bps of [-500n, 500n]) {
        const target = shifted(spot, bps)
        const trade = arbitrageTrade(pool, target)
        if (trade === undefined) throw new Error('no trade')
        // Price above the target → sell token0; below → sell token1.
        expect(trade.side).toBe(bps < 0n ? 0 : 1)
        const after = spotPrice(swap(pool, trade).pool, 0)
        const oneMore = spotPrice(swap(pool, { ...trade, amountIn: trade.amountIn + 1n }).pool, 0)
        // The largest input that does not carry the price past the target: one unit more does.
        const side = (r: Ratio) => Math.sign(offBps(r, target))
        expect(side(after)).not.toBe(bps < 0n ? -1 : 1)
        expect(side(oneMore)).not.toBe(bps < 0n ? 1 : -1)
        expect(Math.abs(offBps(after, target))).toBeLessThan(0.01)
      }
      // Inside the band (the fees eat the gain): no trade.
      expect(arbitrageTrade(pool, shifted(spot, band))).toBeUndefined()
      // band relative to the target: spot = target × (1 + band / 10 000)
      const below = {
        numerator: spot.numerator * FEE_DIVIDER,
        denominator: spot.denominator * (FEE_DIVIDER + band),
      }
      expect(arbitrageTrade(pool, below)).toBeUndefined()
      expect(arbitrageTrade(pool, shifted(spot, band + 1n))?.side).toBe(1)
      // A wider band waits longer; a narrower one than the fees is the fees.
      expect(arbitrageTrade(pool, shifted(spot, 100n), { bandBps: 100n })).toBeUndefined()
      expect(arbitrageTrade(pool, shifted(spot, 102n), { bandBps: 100n })?.side).toBe(1)
      expect(arbitrageTrade(pool, shifted(spot, band), { bandBps: 1n })).toBeUndefined()
    })
  }
})
