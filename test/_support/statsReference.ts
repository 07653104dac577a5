/**
 * The statistics as the service computed them before the store aggregated them in SQL: one
 * JavaScript pass over every operation of the window. Kept only as the reference the SQL
 * statistics are tested against (test/service/statsSql.test.ts); never used by the service.
 * @module
 */

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
  const seconds = Math.max(1, (Date.parse(`${until}Z`) - Date.parse(`${since}Z`)) / 1000)
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
      const offer = o.asset0Delta > 0n ? o.asset0Address : o.asset1Address
      lpFeesUsd = lpFeesUsd.add(usdValue(prices, offer, o.lpFeeAmount))
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

/** `/v1/stats/fees`' `assets_fee_stats` (sorted by asset) from a referrer's operations. */
export function referenceFeeStats(
  referrerOps: readonly OperationRow[],
  withdrawals: readonly FeeWithdrawalRow[],
  dexOf: ReadonlyMap<string, 'v1' | 'v2'>,
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
  return [...totals]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([asset, t]) => ({
      asset_address: asset,
      accrued: t.accrued.toString(),
      withdrawn: t.withdrawn.toString(),
    }))
}

/** `/export/cmc/v1`'s volumes and last prices from the swaps since the feed's start. */
export function referenceMarketData(
  ops: readonly OperationRow[],
  pools: readonly IndexedMarketPool[],
  meta: (address: string) => AssetMeta,
) {
  const pairs: Record<string, Record<string, string>> = {}
  const groups = new Map<string, IndexedMarketPool[]>()
  for (const p of pools) {
    const key = `${p.asset0}_${p.asset1}`
    groups.set(key, [...(groups.get(key) ?? []), p])
  }
  for (const [key, group] of groups) {
    const [first] = group
    if (first === undefined) continue
    const [m0, m1] = [meta(first.asset0), meta(first.asset1)]
    const addresses = new Set(group.map((p) => p.address))
    const swaps = ops.filter(
      (o) => o.operationType === 'Swap' && o.success && addresses.has(o.poolAddress),
    )
    const last = swaps.at(-1)
    let base = 0n
    let quote = 0n
    for (const o of swaps) {
      base += o.asset0Amount
      quote += o.asset1Amount
    }
    const reserve0 = group.reduce((s, p) => s + p.reserve0, 0n)
    const reserve1 = group.reduce((s, p) => s + p.reserve1, 0n)
    pairs[key] = {
      last_price: price(
        last?.asset0Amount ?? reserve0,
        last?.asset1Amount ?? reserve1,
        m0.decimals,
        m1.decimals,
      ),
      base_volume: decimalised(base, m0.decimals),
      quote_volume: decimalised(quote, m1.decimals),
    }
  }
  return pairs
}

function price(a0: bigint, a1: bigint, d0: number, d1: number): string {
  if (a0 === 0n) return '0'
  const ten = usdDecimal(10)
  return formatUsd(
    usdDecimal(a1)
      .div(ten.pow(d1))
      .div(usdDecimal(a0).div(ten.pow(d0))),
  )
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
