import { Decimal } from 'decimal.js'
import type { Ratio, Side } from '../../core/curves/Curve.js'
import { BaseError } from '../../core/errors/BaseError.js'
import { createPoolState } from '../../core/pool/PoolState.js'
import { spotPrice } from '../../core/quote/spotPrice.js'
import type { IndexedMarketPool, UsdStablecoin } from './indexedMarket.js'

/** 60 significant digits: uint120 reserves and 10^-18 prices fit with room to spare. */
const D = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_EVEN })

/**
 * USD prices of every asset reachable from the stablecoin through indexed pools, as USD per
 * RAW unit (so `amount × price` is USD for a raw amount). The stablecoin is worth exactly
 * 1 USD per `10^decimals` units. A pool with one priced side prices the other side at the
 * pool's marginal price before fees, core's `spotPrice` for its kind (constant product
 * `reservePriced / reserveOther`; stableswap, weighted constant product and weighted
 * stableswap their curves' slopes, so an 80/20 pool is not read as 50/50); when several pools
 * could price an asset, the one with the most USD on its priced side wins; the walk repeats
 * until nothing new is priced. Pools with an empty side, or whose kind has no price yet (a
 * weight or rate not set), price nothing. Divisions are decimal.js at 60 significant digits,
 * rounded half-to-even.
 *
 * @example
 * ```ts
 * // USDT (6 decimals) / TON pool with 3_000_000 USDT and 100_000 TON:
 * usdPrices(pools, { address: usdt, decimals: 6 }).get(TON)?.toString() // '3e-8' (30 USD per 10^9)
 * ```
 */
export function usdPrices(
  pools: readonly IndexedMarketPool[],
  usd: UsdStablecoin | undefined,
): ReadonlyMap<string, Decimal> {
  const prices = new Map<string, Decimal>()
  if (usd === undefined) return prices
  prices.set(usd.address, new D(1).div(new D(10).pow(usd.decimals)))
  for (;;) {
    const best = new Map<string, { price: Decimal; depth: Decimal }>()
    for (const p of pools) {
      if (p.reserve0 === 0n || p.reserve1 === 0n) continue
      const sides: [string, bigint, string, Side][] = [
        [p.asset0, p.reserve0, p.asset1, 1],
        [p.asset1, p.reserve1, p.asset0, 0],
      ]
      for (const [known, knownReserve, other, otherSide] of sides) {
        const price = prices.get(known)
        if (price === undefined || prices.has(other)) continue
        const depth = price.mul(knownReserve.toString())
        const current = best.get(other)
        if (current?.depth.gte(depth)) continue
        // Units of the priced asset one unit of the other is worth, offering the other side.
        const rate = marginalRate(p, otherSide)
        if (rate === undefined) continue
        best.set(other, {
          price: price.mul(rate.numerator.toString()).div(rate.denominator.toString()),
          depth,
        })
      }
    }
    if (best.size === 0) return prices
    for (const [asset, { price }] of best) prices.set(asset, price)
  }
}

/** The pool's marginal price offering `side` (ask units per offer unit), or undefined. */
function marginalRate(p: IndexedMarketPool, side: Side): Ratio | undefined {
  try {
    const state = createPoolState({
      dex: p.dex,
      kind: p.kind,
      reserve0: p.reserve0,
      reserve1: p.reserve1,
      totalSupply: p.totalSupply,
      amp: p.amp,
      w0: p.w0,
      rate: p.rate,
    })
    return spotPrice(state, side)
  } catch (error) {
    // No price for this state (a weight or rate not set yet, the kind's math failing).
    if (error instanceof BaseError) return undefined
    throw error
  }
}

/**
 * USD value of a raw amount, or 0 when the asset has no price.
 *
 * @example
 * ```ts
 * usdValue(prices, TON, 2_000_000_000n).toString() // '60' at 30 USD/TON
 * ```
 */
export function usdValue(prices: ReadonlyMap<string, Decimal>, asset: string, raw: bigint) {
  return (prices.get(asset) ?? new D(0)).mul(raw.toString())
}

/**
 * A USD (or other decimal) amount on the wire: at most 9 decimals, half-to-even, no exponent.
 *
 * @example
 * ```ts
 * formatUsd(new Decimal('1234.5678901234')) // '1234.56789012'
 * ```
 */
export function formatUsd(value: Decimal): string {
  return new D(value).toDecimalPlaces(9, Decimal.ROUND_HALF_EVEN).toFixed()
}

/**
 * A raw amount decimalised by `decimals` (exact: a power-of-ten division), as a plain string.
 *
 * @example
 * ```ts
 * decimalised(1_500_000n, 6) // '1.5'
 * ```
 */
export function decimalised(raw: bigint, decimals: number): string {
  // Exact by string: the digits with a point `decimals` places from the right, trailing zeros
  // and a bare point dropped — what decimal.js's `toFixed()` prints, without its 60-digit cost.
  if (!Number.isInteger(decimals) || decimals < 0) {
    return new D(raw.toString()).div(new D(10).pow(decimals)).toFixed()
  }
  const negative = raw < 0n
  const digits = (negative ? -raw : raw).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  const text = fraction === '' ? whole : `${whole}.${fraction}`
  return negative && text !== '0' ? `-${text}` : text
}

/**
 * A decimal from decimal.js's configured context (for callers that need arithmetic).
 *
 * @example
 * ```ts
 * usdDecimal(3).div(4).toString() // '0.75'
 * ```
 */
export function usdDecimal(value: bigint | number | string): Decimal {
  return new D(typeof value === 'bigint' ? value.toString() : value)
}

/**
 * A pool's TVL in USD: both sides priced; a side without a price counts as much as the other
 * (the pool holds equal value on both sides at its spot price).
 *
 * @example
 * ```ts
 * poolTvlUsd({ asset0: TON, asset1: usdt, reserve0: 10n ** 12n, reserve1: 3n * 10n ** 10n }, prices)
 *   .toString() // '60000' at 30 USD/TON
 * ```
 */
export function poolTvlUsd(
  p: { asset0: string; asset1: string; reserve0: bigint; reserve1: bigint },
  prices: ReadonlyMap<string, Decimal>,
): Decimal {
  const v0 = prices.has(p.asset0) ? usdValue(prices, p.asset0, p.reserve0) : undefined
  const v1 = prices.has(p.asset1) ? usdValue(prices, p.asset1, p.reserve1) : undefined
  if (v0 !== undefined && v1 !== undefined) return v0.add(v1)
  return (v0 ?? v1 ?? new D(0)).mul(2)
}
