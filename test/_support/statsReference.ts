import { unixSeconds } from '../../protocol/timeText.js'
/**
 * The statistics as the service computed them before the store aggregated them in SQL: one
 * JavaScript pass over every operation of the window. Kept only as the reference the SQL
 * statistics are tested against (test/service/statsSql.test.ts); never used by the service.
 * @module
 */

import { canonicalPair, decimalPrice } from '../../service/wire/exports.js'
import type {
  AssetMeta,
  IndexedMarketPool,
  UsdStablecoin,
} from '../../service/wire/indexedMarket.js'
import {
  decimalised,
  formatUsd,
  usdDecimal,
  type usdPrices,
  usdValue,
} from '../../service/wire/usdPricing.js'
import type { OperationRow } from '../../store/rows/historyRows.js'
import type { FeeWithdrawalRow } from '../../store/rows/indexerRows.js'

type Prices = ReturnType<typeof usdPrices>
const LP_DECIMALS = 9
const YEAR_SECONDS = 365 * 24 * 3600

/** `/v1/stats/dex`'s `stats` from every operation of the window. */
export function referenceDexStats(
  ops: readonly OperationRow[],
  pools: readonly IndexedMarketPool[],
  prices: Prices,
  usd: UsdStablecoin | undefined,
) {
  let tvl = usdDecimal(0)
  for (const p of pools) tvl = tvl.add(poolTvl(p, prices))
  const swaps = ops.filter((o) => o.operationType === 'Swap' && o.success)
  let volume = usdDecimal(0)
  for (const o of swaps) volume = volume.add(swapVolumeUsd(o, prices, usd))
  return {
    tvl: formatUsd(tvl),
    volume_usd: formatUsd(volume),
    unique_wallets: new Set(ops.map((o) => o.walletAddress)).size,
    trades: swaps.length,
  }
}

/** `/v1/stats/pool`'s body from every operation of the window (of the wanted pools). */
export function referencePoolStats(
  ops: readonly OperationRow[],
  pools: readonly IndexedMarketPool[],
  prices: Prices,
  meta: (address: string) => AssetMeta,
  since: string,
  until: string,
  wanted: readonly string[] | undefined,
) {
  const swapsByPool = new Map<string, OperationRow[]>()
  for (const o of ops) {
    if (o.operationType !== 'Swap' || !o.success) continue
    swapsByPool.set(o.poolAddress, [...(swapsByPool.get(o.poolAddress) ?? []), o])
  }
  const seconds = Math.max(1, unixSeconds(until) - unixSeconds(since))
  const stats = []
  for (const p of pools) {
    if (wanted !== undefined && !wanted.includes(p.address)) continue
    const [m0, m1] = [meta(p.asset0), meta(p.asset1)]
    let base = 0n
    let quote = 0n
    let lpFeesUsd = usdDecimal(0)
    for (const o of swapsByPool.get(p.address) ?? []) {
      base += o.asset0Amount
      quote += o.asset1Amount
      // The LP fee is in the fee asset, the ask asset (`docs/wire.md` C26).
      const ask = o.asset0Delta > 0n ? o.asset1Address : o.asset0Address
      lpFeesUsd = lpFeesUsd.add(usdValue(prices, o.feeAssetAddress ?? ask, o.lpFeeAmount))
    }
    const tvl = poolTvl(p, prices)
    const supply = usdDecimal(p.totalSupply).div(usdDecimal(10).pow(LP_DECIMALS))
    const lastPrice =
      p.reserve0 === 0n
        ? usdDecimal(0)
        : usdDecimal(p.reserve1)
            .div(usdDecimal(10).pow(m1.decimals))
            .div(usdDecimal(p.reserve0).div(usdDecimal(10).pow(m0.decimals)))
    const valueInQuote = usdDecimal(2n * p.reserve1).div(usdDecimal(10).pow(m1.decimals))
    stats.push({
      pool_address: p.address,
      base_volume: decimalised(base, m0.decimals),
      quote_volume: decimalised(quote, m1.decimals),
      last_price: formatUsd(lastPrice),
      lp_price: supply.isZero() ? '0' : formatUsd(valueInQuote.div(supply)),
      lp_price_usd: supply.isZero() ? '0' : formatUsd(tvl.div(supply)),
      apy: tvl.isZero() ? null : formatUsd(lpFeesUsd.div(tvl).mul(YEAR_SECONDS / seconds)),
    })
  }
  return { unique_wallets_count: new Set(ops.map((o) => o.walletAddress)).size, stats }
}

/**
 * `/v1/stats/fees`' per-asset sums (sorted by asset) and USD totals from a referrer's
 * operations, each asset at today's price.
 */
export function referenceFeeStats(
  referrerOps: readonly OperationRow[],
  withdrawals: readonly FeeWithdrawalRow[],
  dexOf: ReadonlyMap<string, 'v1' | 'v2'>,
  prices: Prices,
) {
  const totals = new Map<string, { accrued: bigint; withdrawn: bigint }>()
  const entry = (asset: string) => {
    const found = totals.get(asset) ?? { accrued: 0n, withdrawn: 0n }
    totals.set(asset, found)
    return found
  }
  for (const o of referrerOps) {
    if (!o.success || o.referralFeeAmount <= 0n) continue
    const e = entry(o.feeAssetAddress ?? '')
    e.accrued += o.referralFeeAmount
    if (dexOf.get(o.poolAddress) === 'v1') e.withdrawn += o.referralFeeAmount
  }
  for (const w of withdrawals) if (w.success) entry(w.assetAddress).withdrawn += w.amount
  let accruedUsd = usdDecimal(0)
  let withdrawnUsd = usdDecimal(0)
  const assets = [...totals]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([asset, t]) => {
      const accrued = usdValue(prices, asset, t.accrued)
      const withdrawn = usdValue(prices, asset, t.withdrawn)
      accruedUsd = accruedUsd.add(accrued)
      withdrawnUsd = withdrawnUsd.add(withdrawn)
      return {
        asset_address: asset,
        accrued: t.accrued.toString(),
        accrued_usd: formatUsd(accrued),
        withdrawn: t.withdrawn.toString(),
        withdrawn_usd: formatUsd(withdrawn),
      }
    })
  return {
    assets_fee_stats: assets,
    total_accrued_usd: formatUsd(accruedUsd),
    total_withdrawn_usd: formatUsd(withdrawnUsd),
  }
}

/**
 * `/export/cmc/v1`'s volumes and last prices from the swaps since the feed's start: one ticker
 * per market (canonical base/quote), the market's pools summed on the canonical sides, the last
 * price that of the market's newest swap (the combined reserves when none).
 */
export function referenceMarketData(
  ops: readonly OperationRow[],
  pools: readonly IndexedMarketPool[],
  meta: (address: string) => AssetMeta,
  usd: string | undefined,
) {
  const markets: Record<string, Record<string, string>> = {}
  const groups = new Map<string, { base: string; quote: string; pools: IndexedMarketPool[] }>()
  for (const p of pools) {
    const { base, quote } = canonicalPair(p.asset0, p.asset1, usd)
    const key = `${base}_${quote}`
    const found = groups.get(key)
    if (found === undefined) groups.set(key, { base, quote, pools: [p] })
    else found.pools.push(p)
  }
  for (const [key, { base, quote, pools: group }] of groups) {
    const [mb, mq] = [meta(base), meta(quote)]
    const addresses = new Set(group.map((p) => p.address))
    let baseVolume = 0n
    let quoteVolume = 0n
    let last: { base: bigint; quote: bigint } | undefined
    for (const o of ops) {
      if (o.operationType !== 'Swap' || !o.success || !addresses.has(o.poolAddress)) continue
      const [b, q] =
        o.asset0Address === base
          ? [o.asset0Amount, o.asset1Amount]
          : [o.asset1Amount, o.asset0Amount]
      baseVolume += b
      quoteVolume += q
      last = { base: b, quote: q }
    }
    let baseLiquidity = 0n
    let quoteLiquidity = 0n
    for (const p of group) {
      baseLiquidity += p.asset0 === base ? p.reserve0 : p.reserve1
      quoteLiquidity += p.asset0 === base ? p.reserve1 : p.reserve0
    }
    markets[key] = {
      last_price: decimalPrice(
        last?.base ?? baseLiquidity,
        last?.quote ?? quoteLiquidity,
        mb.decimals,
        mq.decimals,
      ),
      base_volume: decimalised(baseVolume, mb.decimals),
      quote_volume: decimalised(quoteVolume, mq.decimals),
    }
  }
  return markets
}

function poolTvl(p: IndexedMarketPool, prices: Prices) {
  const v0 = prices.has(p.asset0) ? usdValue(prices, p.asset0, p.reserve0) : undefined
  const v1 = prices.has(p.asset1) ? usdValue(prices, p.asset1, p.reserve1) : undefined
  if (v0 !== undefined && v1 !== undefined) return v0.add(v1)
  return (v0 ?? v1 ?? usdDecimal(0)).mul(2)
}

function swapVolumeUsd(o: OperationRow, prices: Prices, usd: UsdStablecoin | undefined) {
  if (usd !== undefined && o.asset0Address === usd.address)
    return usdValue(prices, usd.address, o.asset0Amount)
  if (usd !== undefined && o.asset1Address === usd.address)
    return usdValue(prices, usd.address, o.asset1Amount)
  return o.asset0Delta > 0n
    ? usdValue(prices, o.asset0Address, o.asset0Amount)
    : usdValue(prices, o.asset1Address, o.asset1Amount)
}
