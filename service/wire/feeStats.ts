import { type Static, Type } from '@sinclair/typebox'
import type { Decimal } from 'decimal.js'
import { AddressString, AmountString } from './common.js'
import { formatUsd, usdDecimal, usdValue } from './usdPricing.js'

const UsdString = Type.String({ description: 'USD, decimal string', examples: ['12.5'] })

/** `/v1/stats/fees` (`docs/wire.md` §6.14, `AssetFeeStats` §4.7). */
export const FeeStatsSchema = Type.Object({
  since: Type.String(),
  until: Type.String(),
  assets_fee_stats: Type.Array(
    Type.Object({
      asset_address: AddressString,
      accrued: AmountString,
      accrued_usd: UsdString,
      withdrawn: AmountString,
      withdrawn_usd: UsdString,
    }),
  ),
  total_accrued_usd: UsdString,
  total_withdrawn_usd: UsdString,
})

/** `/v1/stats/fees` on the wire. */
export type WireFeeStats = Static<typeof FeeStatsSchema>

/**
 * Referral-fee totals per fee asset on the wire, with their USD values at today's prices
 * (`accrued_usd`, `withdrawn_usd` and the totals, which the official client types as required;
 * an asset without a price counts as `"0"`).
 *
 * @example
 * ```ts
 * toWireFeeStats(since, until, new Map([[usdt, { accrued: 2_000_000n, withdrawn: 0n }]]), prices)
 * // { …, assets_fee_stats: [{ asset_address: usdt, accrued: '2000000', accrued_usd: '2', … }],
 * //   total_accrued_usd: '2', total_withdrawn_usd: '0' }
 * ```
 */
export function toWireFeeStats(
  since: string,
  until: string,
  totals: ReadonlyMap<string, { readonly accrued: bigint; readonly withdrawn: bigint }>,
  prices: ReadonlyMap<string, Decimal>,
): WireFeeStats {
  let accruedUsd = usdDecimal(0)
  let withdrawnUsd = usdDecimal(0)
  const assets = []
  for (const [asset, t] of totals) {
    const accrued = usdValue(prices, asset, t.accrued)
    const withdrawn = usdValue(prices, asset, t.withdrawn)
    accruedUsd = accruedUsd.add(accrued)
    withdrawnUsd = withdrawnUsd.add(withdrawn)
    assets.push({
      asset_address: asset,
      accrued: t.accrued.toString(),
      accrued_usd: formatUsd(accrued),
      withdrawn: t.withdrawn.toString(),
      withdrawn_usd: formatUsd(withdrawn),
    })
  }
  return {
    since,
    until,
    assets_fee_stats: assets,
    total_accrued_usd: formatUsd(accruedUsd),
    total_withdrawn_usd: formatUsd(withdrawnUsd),
  }
}
