import { type Static, Type } from '@sinclair/typebox'
import type { PoolRow } from '../../store/rows/referenceRows.js'
import type { LpPositionRow } from '../../store/rows/walletRows.js'
import { AddressString, AmountString, Nullable } from './common.js'

/** Pool object (`docs/wire.md` §4.3). Wallet fields are null outside a wallet context. */
export const PoolSchema = Type.Object({
  address: AddressString,
  router_address: AddressString,
  token0_address: AddressString,
  token1_address: AddressString,
  reserve0: AmountString,
  reserve1: AmountString,
  lp_total_supply: AmountString,
  lp_total_supply_usd: Nullable(Type.String()),
  lp_price_usd: Nullable(Type.String()),
  lp_fee: Type.String({ description: 'Basis points', examples: ['20'] }),
  protocol_fee: Type.String({ description: 'Basis points', examples: ['10'] }),
  ref_fee: Type.String({ description: 'Basis points', examples: ['10'] }),
  protocol_fee_address: AddressString,
  collected_token0_protocol_fee: AmountString,
  collected_token1_protocol_fee: AmountString,
  deprecated: Type.Boolean(),
  apy_1d: Nullable(Type.String()),
  apy_7d: Nullable(Type.String()),
  apy_30d: Nullable(Type.String()),
  volume_24h_usd: Nullable(Type.String()),
  popularity_index: Nullable(Type.Number()),
  amp: Nullable(Type.String({ description: 'Stableswap amplification' })),
  rate: Nullable(Type.String({ description: 'Weighted stableswap rate, 18 decimals' })),
  w0: Nullable(Type.String({ description: 'Weight of token0, 18 decimals' })),
  lp_wallet_address: Nullable(Type.String()),
  lp_balance: Nullable(Type.String()),
  lp_account_address: Nullable(Type.String()),
  token0_balance: Nullable(
    Type.String({ description: "Token0 waiting in the wallet's LP account" }),
  ),
  token1_balance: Nullable(
    Type.String({ description: "Token1 waiting in the wallet's LP account" }),
  ),
})

/** A pool as the wire sends it. */
export type WirePool = Static<typeof PoolSchema>

/**
 * A stored pool in the wire shape; `position` fills the wallet fields (`lp_balance` is `'0'`
 * when the wallet has none).
 *
 * @example
 * ```ts
 * toWirePool(pool).reserve0 // '2000000000000000'
 * toWirePool(pool, position).lp_balance // '1500000000000'
 * ```
 */
export function toWirePool(row: PoolRow, position?: LpPositionRow | null): WirePool {
  const optional = (value: bigint | null) => (value === null ? null : value.toString())
  const inWallet = position !== undefined
  return {
    address: row.address,
    router_address: row.routerAddress,
    token0_address: row.token0Address,
    token1_address: row.token1Address,
    reserve0: row.reserve0.toString(),
    reserve1: row.reserve1.toString(),
    lp_total_supply: row.lpTotalSupply.toString(),
    lp_total_supply_usd: row.lpTotalSupplyUsd,
    lp_price_usd: row.lpPriceUsd,
    lp_fee: row.lpFee.toString(),
    protocol_fee: row.protocolFee.toString(),
    ref_fee: row.refFee.toString(),
    protocol_fee_address: row.protocolFeeAddress,
    collected_token0_protocol_fee: row.collectedToken0ProtocolFee.toString(),
    collected_token1_protocol_fee: row.collectedToken1ProtocolFee.toString(),
    deprecated: row.deprecated,
    apy_1d: row.apy1d,
    apy_7d: row.apy7d,
    apy_30d: row.apy30d,
    volume_24h_usd: row.volume24hUsd,
    popularity_index: row.popularityIndex,
    amp: optional(row.amp),
    rate: optional(row.rate),
    w0: optional(row.w0),
    lp_wallet_address: position?.lpWalletAddress ?? null,
    lp_balance: inWallet ? (position?.lpBalance ?? 0n).toString() : null,
    lp_account_address: position?.lpAccountAddress ?? null,
    token0_balance: inWallet ? (position?.token0Balance ?? 0n).toString() : null,
    token1_balance: inWallet ? (position?.token1Balance ?? 0n).toString() : null,
  }
}
