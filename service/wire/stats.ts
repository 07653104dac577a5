import { Type } from '@sinclair/typebox'
import { AddressString, AmountString, Nullable } from './common.js'

const Timestamp = Type.String({
  description: 'YYYY-MM-DDTHH:MM:SS, UTC',
  examples: ['2023-11-14T00:00:00'],
})
const Usd = (description: string) => Type.String({ description, examples: ['1234.5'] })

/** `since` / `until`, both optional (whole history). */
export const StatsRangeQuery = Type.Object({
  since: Type.Optional(Timestamp),
  until: Type.Optional(Timestamp),
})

/** A required range and `pool_address` (repeated, bracketed or comma-separated; all if absent). */
export const StatsPoolQuery = Type.Object({
  since: Timestamp,
  until: Timestamp,
  pool_address: Type.Optional(
    Type.Array(Type.String({ description: 'Pool address (repeatable); all pools if absent' })),
  ),
})

/** `/v1/stats/dex` (`docs/wire.md` §6.14, `DexStats` §4.7). */
export const DexStatsSchema = Type.Object({
  since: Timestamp,
  until: Timestamp,
  stats: Type.Object({
    tvl: Usd('Total value locked in USD'),
    volume_usd: Usd('Swap volume of the window in USD'),
    unique_wallets: Type.Integer(),
    trades: Type.Integer({ description: 'Successful swaps' }),
  }),
})

/** `/v1/stats/pool` (`PoolStats` §4.7). */
export const PoolStatsResponseSchema = Type.Object({
  since: Timestamp,
  until: Timestamp,
  unique_wallets_count: Type.Integer(),
  stats: Type.Array(
    Type.Object({
      pool_address: AddressString,
      router_address: AddressString,
      url: Type.String(),
      base_id: Type.String(),
      base_name: Type.String(),
      base_symbol: Type.String(),
      quote_id: Type.String(),
      quote_name: Type.String(),
      quote_symbol: Type.String(),
      last_price: Type.String(),
      base_volume: Type.String(),
      quote_volume: Type.String(),
      base_liquidity: Type.String(),
      quote_liquidity: Type.String(),
      lp_price: Type.String({ description: 'Deprecated: LP price in quote units' }),
      lp_price_usd: Usd('LP price per whole LP token'),
      apy: Nullable(Type.String({ description: 'Window LP fees over TVL, annualised' })),
    }),
  ),
})

/** `/v1/stats/staking`. */
export const StakingStatsSchema = Type.Object({
  ston_total_supply: AmountString,
  total_staked_ston: AmountString,
  gemston_total_supply: AmountString,
  ston_price_usd: Usd('STON price in USD'),
})
