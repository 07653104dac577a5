import type { Decimal } from 'decimal.js'
import { isoSeconds, unixSeconds } from '../../protocol/timeText.js'
import type { PoolRow } from '../../store/rows/referenceRows.js'
import type { PoolSwapTotals } from '../../store/rows/statsRows.js'
import type { StoreReader } from '../../store/Store.js'
import { loadIndexedMarket, resolveStablecoin, type UsdStablecoin } from '../wire/indexedMarket.js'
import { formatUsd, poolTvlUsd, usdDecimal, usdPrices, usdValue } from '../wire/usdPricing.js'

const DAY_SECONDS = 24 * 3600
const WINDOWS = [1, 7, 30] as const

/** What the index says about a pool's value, yield and activity. */
export type PoolYield = {
  /**
   * Whether the indexer tracks the pool: its APYs and volume come from its history. A listed
   * pool it does not track (a hand-written or imported one) only gets its value re-priced.
   */
  readonly indexed: boolean
  /** Today's reserves at the index's USD prices (`null` when neither side has a price). */
  readonly lpTotalSupplyUsd: string | null
  /** `lpTotalSupplyUsd` per whole LP token (9 decimals); `null` without TVL or supply. */
  readonly lpPriceUsd: string | null
  /** LP fees of the last 1 / 7 / 30 days in USD ÷ TVL, annualised linearly (× 365 / days). */
  readonly apy1d: string | null
  readonly apy7d: string | null
  readonly apy30d: string | null
  /** USD volume of the last 24 hours (each swap's stablecoin leg, else its input). */
  readonly volume24hUsd: string
  /**
   * Successful swaps of the last 7 days (the wire's `popularity_index`: the busiest pools sort
   * first); `null` for a pool the index does not track (its stored figure stands).
   */
  readonly popularityIndex: number | null
}

/**
 * Value and yields of the pools the indexer tracks, from their history, at the same USD prices
 * as the statistics ({@link usdPrices}), so that a consumer pricing assets from `/v1/pools`
 * and volume from `/v1/stats/dex` sees one price per asset. The windows end at the newest
 * indexed transaction (the chain's clock, not the wall clock: the emulator's chain keeps its
 * own time), summed by the store ({@link Store.poolSwapTotals}); LP fees are the swaps'
 * `lpFeeAmount` priced at the fee asset's (the ask asset's) USD price; TVL is
 * today's reserves at today's prices; `null` APY for a pool without TVL. A listed pool the
 * index does not track but one of whose assets it prices is valued at those prices too (its
 * stored reserves, an unpriced side worth as much as the priced one), so that one asset has one
 * price across `/v1/pools`. Without indexed history (an imported snapshot) nothing changes.
 *
 * @example
 * ```ts
 * const yields = await indexedPoolYields(store, undefined)
 * yields.get(pool)?.apy1d // '0.083012345'
 * ```
 */
export async function indexedPoolYields(
  store: StoreReader,
  configured: UsdStablecoin | undefined,
): Promise<ReadonlyMap<string, PoolYield>> {
  const [newest] = await store.listIndexedTransactions({ limit: 1 })
  if (newest === undefined) return new Map()
  const usd = await resolveStablecoin(store, configured)
  const { pools } = await loadIndexedMarket(store, usd)
  const prices = usdPrices(pools, usd)
  const end = unixSeconds(newest.timestamp)
  // The store sums each window's swaps in SQL; a window is the `days` × 24 h before the newest
  // transaction, that second excluded at the start (whole-second timestamps).
  const totals = new Map<number, ReadonlyMap<string, PoolSwapTotals>>()
  for (const days of WINDOWS) {
    const since = isoSeconds(end - days * DAY_SECONDS + 1)
    const rows = await store.poolSwapTotals({ since })
    totals.set(days, new Map(rows.map((t) => [t.poolAddress, t])))
  }
  const out = new Map<string, PoolYield>()
  for (const pool of pools) {
    const tvl = poolTvlUsd(pool, prices)
    const supply = usdDecimal(pool.totalSupply).div(1e9)
    const own = (days: number) => totals.get(days)?.get(pool.address)
    const apy = (days: number) => {
      if (tvl.isZero()) return null
      const t = own(days)
      const fees = t === undefined ? usdDecimal(0) : lpFeeUsd(t, prices)
      return formatUsd(fees.div(tvl).mul(365 / days))
    }
    const [apy1d, apy7d, apy30d] = WINDOWS.map(apy)
    const day = own(1)
    const volume = day === undefined ? usdDecimal(0) : swapVolumeUsd(day, prices, usd)
    const week = own(7)
    out.set(pool.address, {
      indexed: true,
      lpTotalSupplyUsd: tvl.isZero() ? null : formatUsd(tvl),
      lpPriceUsd: tvl.isZero() || supply.isZero() ? null : formatUsd(tvl.div(supply)),
      apy1d: apy1d ?? null,
      apy7d: apy7d ?? null,
      apy30d: apy30d ?? null,
      volume24hUsd: formatUsd(volume),
      popularityIndex: week === undefined ? 0 : week.offer0.swaps + week.offer1.swaps,
    })
  }
  for (const row of await store.listPools()) {
    if (out.has(row.address)) continue
    if (!prices.has(row.token0Address) && !prices.has(row.token1Address)) continue
    const tvl = poolTvlUsd(
      {
        ...{ asset0: row.token0Address, asset1: row.token1Address },
        ...{ reserve0: row.reserve0, reserve1: row.reserve1 },
      },
      prices,
    )
    const supply = usdDecimal(row.lpTotalSupply).div(1e9)
    out.set(row.address, {
      indexed: false,
      lpTotalSupplyUsd: tvl.isZero() ? null : formatUsd(tvl),
      lpPriceUsd: tvl.isZero() || supply.isZero() ? null : formatUsd(tvl.div(supply)),
      ...{ apy1d: null, apy7d: null, apy30d: null, volume24hUsd: '0', popularityIndex: null },
    })
  }
  return out
}

/**
 * A stored pool with the index's figures: TVL and LP price at the index's prices, and — when
 * the indexer tracks the pool — the APYs and 24 h volume of its history; the stored row
 * otherwise.
 *
 * @example
 * ```ts
 * withYield(row, yields.get(row.address)).apy1d // '0.083012345'
 * ```
 */
export function withYield(row: PoolRow, found: PoolYield | undefined): PoolRow {
  if (found === undefined) return row
  const value = {
    lpTotalSupplyUsd: found.lpTotalSupplyUsd ?? row.lpTotalSupplyUsd,
    lpPriceUsd: found.lpPriceUsd ?? row.lpPriceUsd,
  }
  if (!found.indexed) return { ...row, ...value }
  return {
    ...row,
    ...value,
    apy1d: found.apy1d,
    apy7d: found.apy7d,
    apy30d: found.apy30d,
    volume24hUsd: found.volume24hUsd,
    popularityIndex: found.popularityIndex,
  }
}

/**
 * The LP fees of a pool's swaps in USD: `lpFeeAmount` is in the fee asset, the ask asset
 * (`docs/wire.md` C26), so the swaps that offered asset0 withheld asset1 and vice versa.
 *
 * @example
 * ```ts
 * lpFeeUsd(totals, prices).toString() // '0.011976'
 * ```
 */
export function lpFeeUsd(t: PoolSwapTotals, prices: ReadonlyMap<string, Decimal>): Decimal {
  return usdValue(prices, t.asset1Address, t.offer0.lpFee).add(
    usdValue(prices, t.asset0Address, t.offer1.lpFee),
  )
}

/**
 * USD volume of a pool's successful swaps: their stablecoin leg when the pool has one, else
 * each swap's offer at today's price.
 *
 * @example
 * ```ts
 * swapVolumeUsd(totals, prices, usdt).toString() // '6.02'
 * ```
 */
export function swapVolumeUsd(
  t: PoolSwapTotals,
  prices: ReadonlyMap<string, Decimal>,
  usd: UsdStablecoin | undefined,
): Decimal {
  if (usd !== undefined && t.asset0Address === usd.address)
    return usdValue(prices, usd.address, t.offer0.amount0 + t.offer1.amount0)
  if (usd !== undefined && t.asset1Address === usd.address)
    return usdValue(prices, usd.address, t.offer0.amount1 + t.offer1.amount1)
  return usdValue(prices, t.asset0Address, t.offer0.amount0).add(
    usdValue(prices, t.asset1Address, t.offer1.amount1),
  )
}
