import { type Static, Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { unixSeconds } from '../../protocol/timeText.js'
import { sendJsonList } from '../http/jsonListStream.js'
import { optionalAddress } from '../http/params.js'
import type { SharedAnswers } from '../http/sharedAnswers.js'
import { timeRange } from '../http/timeRange.js'
import type { TypedInstance } from '../http/typeProvider.js'
import type { MarketReader } from '../market/marketReader.js'
import { lpFeeUsd, swapVolumeUsd } from '../market/poolYields.js'
import { ERROR_RESPONSES } from '../wire/common.js'
import { loadIndexedMarket, resolveStablecoin, type UsdStablecoin } from '../wire/indexedMarket.js'
import {
  OperationsInfoSchema,
  stringifyOperationWithAssets,
  toWireOperationsWithAssets,
} from '../wire/operation.js'
import {
  DexStatsSchema,
  PoolStatsResponseSchema,
  StakingStatsSchema,
  StatsPoolQuery,
  StatsRangeQuery,
} from '../wire/stats.js'
import {
  decimalised,
  formatUsd,
  poolTvlUsd,
  usdDecimal,
  usdPrices,
  usdValue,
} from '../wire/usdPricing.js'

/** LP jettons of both DEX versions have 9 decimals. */
const LP_DECIMALS = 9
const YEAR_SECONDS = 365 * 24 * 3600

/**
 * Statistics served from indexed history (`docs/wire.md` §6.14): `/v1/stats/dex` (TVL,
 * volume, unique wallets, trades), `/v1/stats/pool` (per-pool prices, volumes, liquidity, LP
 * price, APY), `/v1/stats/operations` and `/v1/stats/staking` (alias `/v1/stats/stake`). USD
 * values come from pool prices toward `usd` (see `docs/indexer.md`); time ranges are
 * `YYYY-MM-DDTHH:MM:SS` (UTC) and a malformed or reversed range is a 400.
 *
 * @example
 * ```ts
 * registerStatsRoutes(app, market, { address: usdtMaster, decimals: 6 }, shared)
 * ```
 */
export function registerStatsRoutes(
  fastify: FastifyInstance,
  market: MarketReader,
  configured: UsdStablecoin | undefined,
  shared: SharedAnswers,
): void {
  const app: TypedInstance = fastify.withTypeProvider()
  const { store } = market
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
  const poolFilter = (raw: readonly string[] | undefined) => {
    if (raw === undefined || raw.length === 0) return undefined
    const list = raw.flatMap((value) => value.split(',')).filter((value) => value !== '')
    if (list.length === 0) return undefined
    return list.map((value) => optionalAddress({ pool_address: value }, 'pool_address') ?? '')
  }
  const tags = ['stats']

  app.get(
    '/v1/stats/dex',
    {
      schema: {
        tags,
        summary: 'TVL, volume, users and trades',
        querystring: StatsRangeQuery,
        response: { 200: DexStatsSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { since, until } = timeRange(request.query, true)
      return shared.serve(request, reply, async () => {
        const { pools, prices, usd } = await pricing()
        let tvl = usdDecimal(0)
        for (const p of pools) tvl = tvl.add(poolTvlUsd(p, prices))
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
      })
    },
  )

  app.get(
    '/v1/stats/pool',
    {
      schema: {
        tags,
        summary: 'Pool statistics for a time period',
        querystring: StatsPoolQuery,
        response: { 200: PoolStatsResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { since, until } = timeRange(request.query)
      const wanted = poolFilter(request.query.pool_address)
      return shared.serve(request, reply, async () => {
        const { pools, prices, meta } = await pricing()
        const totals = new Map(
          (await store.poolSwapTotals({ since, until, poolAddresses: wanted })).map((t) => [
            t.poolAddress,
            t,
          ]),
        )
        const seconds = Math.max(1, unixSeconds(until) - unixSeconds(since))
        const stats = []
        for (const p of pools) {
          if (wanted !== undefined && !wanted.includes(p.address)) continue
          const [m0, m1] = [await meta(p.asset0), await meta(p.asset1)]
          const t = totals.get(p.address)
          const base = t === undefined ? 0n : t.offer0.amount0 + t.offer1.amount0
          const quote = t === undefined ? 0n : t.offer0.amount1 + t.offer1.amount1
          // LP fees are in the ask asset (the fee asset): priced by `lpFeeUsd`.
          const lpFeesUsd = t === undefined ? usdDecimal(0) : lpFeeUsd(t, prices)
          const tvl = poolTvlUsd(p, prices)
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
      })
    },
  )

  app.get(
    '/v1/stats/operations',
    {
      schema: {
        tags,
        summary: 'Operations of a time period',
        querystring: StatsPoolQuery,
        response: {
          200: Type.Object({ operations: Type.Array(OperationsInfoSchema) }),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request, reply) => {
      const { since, until } = timeRange(request.query)
      // Every operation of the window, streamed page by page through the wire mapping; the
      // response schema above documents the shape.
      const pages = store.operationPages({
        since,
        until,
        poolAddresses: poolFilter(request.query.pool_address),
      })
      return sendJsonList(
        reply,
        'operations',
        pages,
        (ops): Promise<readonly Static<typeof OperationsInfoSchema>[]> =>
          toWireOperationsWithAssets(store, ops),
        { stringify: stringifyOperationWithAssets },
      )
    },
  )

  const staking = async (query: { since?: string | undefined; until?: string | undefined }) => {
    // Positions carry no history: a range is validated and otherwise has no effect.
    timeRange(query, true)
    const totals = await market.stakeTotals()
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
  const stakeSchema = {
    tags,
    summary: 'Staking totals over the stored staking positions',
    querystring: StatsRangeQuery,
    response: { 200: StakingStatsSchema, ...ERROR_RESPONSES },
  }
  for (const path of ['/v1/stats/staking', '/v1/stats/stake']) {
    app.get(path, { schema: stakeSchema }, async (request, reply) =>
      shared.serve(request, reply, () => staking(request.query)),
    )
  }
}
