import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { PoolSwapTotals } from '../../store/rows/statsRows.js'
import { jsonListStream } from '../http/jsonListStream.js'
import { optionalAddress, type Params } from '../http/params.js'
import { timeRange } from '../http/timeRange.js'
import type { MarketReader } from '../market/marketReader.js'
import { loadIndexedMarket, resolveStablecoin, type UsdStablecoin } from '../wire/indexedMarket.js'
import { toWireOperationsWithAssets } from '../wire/operation.js'
import { decimalised, formatUsd, usdDecimal, usdPrices, usdValue } from '../wire/usdPricing.js'

/** LP jettons of both DEX versions have 9 decimals. */
const LP_DECIMALS = 9
const YEAR_SECONDS = 365 * 24 * 3600

/**
 * Statistics served from indexed history (`wire-contract.md` §6.14): `/v1/stats/dex` (TVL,
 * volume, unique wallets, trades), `/v1/stats/pool` (per-pool prices, volumes, liquidity, LP
 * price, APY), `/v1/stats/operations` and `/v1/stats/staking` (alias `/v1/stats/stake`). USD
 * values come from pool prices toward `usd` (see `docs/indexer.md`); time ranges are
 * `YYYY-MM-DDTHH:MM:SS` (UTC) and a malformed or reversed range is a 400.
 *
 * @example
 * ```ts
 * registerStatsRoutes(app, market, { address: usdtMaster, decimals: 6 })
 * ```
 */
export function registerStatsRoutes(
  app: FastifyInstance,
  market: MarketReader,
  configured: UsdStablecoin | undefined,
): void {
  const { store } = market
  const q = (request: FastifyRequest) => request.query as Params
  // Prices are computed once per copy of the indexed pools (and stablecoin).
  const priced = new WeakMap<object, Map<string, ReturnType<typeof usdPrices>>>()
  const pricing = async () => {
    const usd = await resolveStablecoin(store, configured)
    const indexed = await loadIndexedMarket(store, usd)
    const byUsd = priced.get(indexed.pools) ?? new Map<string, ReturnType<typeof usdPrices>>()
    priced.set(indexed.pools, byUsd)
    let prices = byUsd.get(usd?.address ?? '')
    if (prices === undefined) {
      prices = usdPrices(indexed.pools, usd)
      byUsd.set(usd?.address ?? '', prices)
    }
    return { ...indexed, prices, usd }
  }
  const poolFilter = (params: Params) => {
    const raw = params.pool_address
    if (raw === undefined || raw === '') return undefined
    const list = Array.isArray(raw) ? raw : String(raw).split(',')
    return list.map((value) => optionalAddress({ pool_address: value }, 'pool_address') ?? '')
  }
  const tags = ['stats']

  app.get(
    '/v1/stats/dex',
    { schema: { tags, summary: 'TVL, volume, users and trades' } },
    async (request) => {
      const { since, until } = timeRange(q(request), true)
      const { pools, prices, usd } = await pricing()
      let tvl = usdDecimal(0)
      for (const p of pools) tvl = tvl.add(poolTvl(p, prices))
      const totals = await store.poolSwapTotals({ since, until })
      let volume = usdDecimal(0)
      let trades = 0
      for (const t of totals) {
        volume = volume.add(swapVolumeUsd(t, prices, usd))
        trades += t.offer0.swaps + t.offer1.swaps
      }
      return {
        since,
        until,
        stats: {
          tvl: formatUsd(tvl),
          volume_usd: formatUsd(volume),
          unique_wallets: await store.countWallets({ since, until }),
          trades,
        },
      }
    },
  )

  app.get(
    '/v1/stats/pool',
    { schema: { tags, summary: 'Pool statistics for a time period' } },
    async (request) => {
      const { since, until } = timeRange(q(request))
      const wanted = poolFilter(q(request))
      const { pools, prices, meta } = await pricing()
      const totals = new Map(
        (await store.poolSwapTotals({ since, until, poolAddresses: wanted })).map((t) => [
          t.poolAddress,
          t,
        ]),
      )
      const seconds = Math.max(1, (Date.parse(`${until}Z`) - Date.parse(`${since}Z`)) / 1000)
      const stats = []
      for (const p of pools) {
        if (wanted !== undefined && !wanted.includes(p.address)) continue
        const [m0, m1] = [await meta(p.asset0), await meta(p.asset1)]
        const t = totals.get(p.address)
        const base = t === undefined ? 0n : t.offer0.amount0 + t.offer1.amount0
        const quote = t === undefined ? 0n : t.offer0.amount1 + t.offer1.amount1
        // LP fees are valued in the offered asset.
        const lpFeesUsd =
          t === undefined
            ? usdDecimal(0)
            : usdValue(prices, t.asset0Address, t.offer0.lpFee).add(
                usdValue(prices, t.asset1Address, t.offer1.lpFee),
              )
        const tvl = poolTvl(p, prices)
        const supply = usdDecimal(p.totalSupply).div(usdDecimal(10).pow(LP_DECIMALS))
        // Spot price of 1 base in quote, both decimalised: (r1 / 10^d1) / (r0 / 10^d0).
        const lastPrice =
          p.reserve0 === 0n
            ? usdDecimal(0)
            : usdDecimal(p.reserve1)
                .div(usdDecimal(10).pow(m1.decimals))
                .div(usdDecimal(p.reserve0).div(usdDecimal(10).pow(m0.decimals)))
        // Pool value in quote units: both sides at the spot price = 2 × the quote side.
        const valueInQuote = usdDecimal(2n * p.reserve1).div(usdDecimal(10).pow(m1.decimals))
        stats.push({
          pool_address: p.address,
          router_address: p.routerAddress,
          url: `https://app.ston.fi/pools/${p.address}`,
          base_id: p.asset0,
          base_name: m0.name,
          base_symbol: m0.symbol,
          quote_id: p.asset1,
          quote_name: m1.name,
          quote_symbol: m1.symbol,
          last_price: formatUsd(lastPrice),
          base_volume: decimalised(base, m0.decimals),
          quote_volume: decimalised(quote, m1.decimals),
          base_liquidity: decimalised(p.reserve0, m0.decimals),
          quote_liquidity: decimalised(p.reserve1, m1.decimals),
          lp_price: supply.isZero() ? '0' : formatUsd(valueInQuote.div(supply)),
          lp_price_usd: supply.isZero() ? '0' : formatUsd(tvl.div(supply)),
          // LP fees of the window, annualised linearly, over today's TVL.
          apy: tvl.isZero() ? null : formatUsd(lpFeesUsd.div(tvl).mul(YEAR_SECONDS / seconds)),
        })
      }
      return {
        since,
        until,
        unique_wallets_count: await store.countWallets({ since, until, poolAddresses: wanted }),
        stats,
      }
    },
  )

  app.get(
    '/v1/stats/operations',
    { schema: { tags, summary: 'Operations of a time period' } },
    async (request, reply) => {
      const { since, until } = timeRange(q(request))
      const pages = store.operationPages({ since, until, poolAddresses: poolFilter(q(request)) })
      const list = jsonListStream('operations', pages, (ops) =>
        toWireOperationsWithAssets(store, ops),
      )
      return reply.type('application/json; charset=utf-8').send(list)
    },
  )

  const staking = async (request: FastifyRequest) => {
    // Positions carry no history: a range is validated and otherwise has no effect.
    timeRange(q(request), true)
    const totals = await store.stakeTotals()
    const { prices, meta, pools } = await pricing()
    const ston = (await store.listAssets()).find((a) => a.symbol === 'STON')
    const held = totals.stonBalance
    const staked = totals.stakedSton
    const gemston = totals.mintedGemston
    const decimals = ston === undefined ? 9 : (await meta(ston.address)).decimals
    const price =
      ston === undefined || pools.length === 0
        ? usdDecimal(0)
        : usdValue(prices, ston.address, 10n ** BigInt(decimals))
    return {
      ston_total_supply: (held + staked).toString(),
      total_staked_ston: staked.toString(),
      gemston_total_supply: gemston.toString(),
      ston_price_usd: formatUsd(price),
    }
  }
  const stakeSchema = { tags, summary: 'Staking totals over the stored staking positions' }
  app.get('/v1/stats/staking', { schema: stakeSchema }, staking)
  app.get('/v1/stats/stake', { schema: stakeSchema }, staking)
}

/** Pool TVL in USD: both sides priced; a side without a price counts as much as the other. */
function poolTvl(
  p: { asset0: string; asset1: string; reserve0: bigint; reserve1: bigint },
  prices: ReturnType<typeof usdPrices>,
) {
  const v0 = prices.has(p.asset0) ? usdValue(prices, p.asset0, p.reserve0) : undefined
  const v1 = prices.has(p.asset1) ? usdValue(prices, p.asset1, p.reserve1) : undefined
  if (v0 !== undefined && v1 !== undefined) return v0.add(v1)
  return (v0 ?? v1 ?? usdDecimal(0)).mul(2)
}

/**
 * USD volume of a pool's successful swaps: their stablecoin leg when the pool has one, else
 * each swap's offer at today's price.
 */
function swapVolumeUsd(
  t: PoolSwapTotals,
  prices: ReturnType<typeof usdPrices>,
  usd: UsdStablecoin | undefined,
) {
  if (usd !== undefined && t.asset0Address === usd.address)
    return usdValue(prices, usd.address, t.offer0.amount0 + t.offer1.amount0)
  if (usd !== undefined && t.asset1Address === usd.address)
    return usdValue(prices, usd.address, t.offer0.amount1 + t.offer1.amount1)
  return usdValue(prices, t.asset0Address, t.offer0.amount0).add(
    usdValue(prices, t.asset1Address, t.offer1.amount1),
  )
}
