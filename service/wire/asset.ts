import { type Static, Type } from '@sinclair/typebox'
import type { AssetRow } from '../../store/rows/referenceRows.js'
import { AddressString, Nullable } from './common.js'

/** What a wallet holds of an asset, when a wallet is in context. */
export type WalletAssetContext = {
  readonly balance: bigint
  readonly walletAddress: string | null
}

const KIND = Type.String({ enum: ['Ton', 'Wton', 'Jetton', 'NotAnAsset'] })

/** Asset object of the list/detail/wallet endpoints (`docs/wire.md` §4.1). */
export const AssetSchema = Type.Object({
  contract_address: AddressString,
  symbol: Type.String({ examples: ['USDL'] }),
  display_name: Nullable(Type.String()),
  image_url: Nullable(Type.String()),
  decimals: Type.Integer({ minimum: 0, examples: [6] }),
  kind: KIND,
  priority: Type.Integer(),
  deprecated: Type.Boolean(),
  community: Type.Boolean(),
  blacklisted: Type.Boolean(),
  default_symbol: Type.Boolean(),
  taxable: Type.Boolean(),
  tags: Type.Array(Type.String(), { examples: [['asset:essential', 'asset:default_symbol']] }),
  dex_price_usd: Nullable(Type.String()),
  dex_usd_price: Nullable(Type.String({ description: 'Deprecated duplicate of dex_price_usd' })),
  third_party_price_usd: Nullable(Type.String()),
  third_party_usd_price: Nullable(
    Type.String({ description: 'Deprecated duplicate of third_party_price_usd' }),
  ),
  balance: Nullable(Type.String({ description: 'Wallet balance, raw units (wallet context)' })),
  wallet_address: Nullable(
    Type.String({ description: "The wallet's jetton wallet of this asset (wallet context)" }),
  ),
  popularity_index: Nullable(Type.Number()),
  custom_payload_api_uri: Nullable(Type.String()),
  extensions: Nullable(Type.Array(Type.String())),
  scale: Nullable(Type.String()),
})

/** An asset as the list/detail endpoints send it. */
export type WireAsset = Static<typeof AssetSchema>

/**
 * A stored asset in the list/detail shape; `wallet` fills `balance` and `wallet_address`.
 *
 * @example
 * ```ts
 * toWireAsset(usdl).decimals // 6
 * toWireAsset(usdl, { balance: 5_000_000n, walletAddress: 'EQ…' }).balance // '5000000'
 * ```
 */
export function toWireAsset(row: AssetRow, wallet?: WalletAssetContext): WireAsset {
  return {
    contract_address: row.address,
    symbol: row.symbol,
    display_name: row.displayName,
    image_url: row.imageUrl,
    decimals: row.decimals,
    kind: row.kind,
    priority: row.priority,
    deprecated: row.deprecated,
    community: row.community,
    blacklisted: row.blacklisted,
    default_symbol: row.defaultSymbol,
    taxable: row.taxable,
    tags: [...row.tags],
    dex_price_usd: row.dexPriceUsd,
    dex_usd_price: row.dexPriceUsd,
    third_party_price_usd: row.thirdPartyPriceUsd,
    third_party_usd_price: row.thirdPartyPriceUsd,
    balance: wallet === undefined ? null : wallet.balance.toString(),
    wallet_address: wallet === undefined ? null : wallet.walletAddress,
    popularity_index: row.popularityIndex,
    custom_payload_api_uri: row.customPayloadApiUri,
    extensions: row.extensions === null ? null : [...row.extensions],
    scale: row.scale,
  }
}

/** Asset object of the query endpoints (`docs/wire.md` §4.2). */
export const AssetQueryItemSchema = Type.Object({
  contract_address: AddressString,
  kind: KIND,
  meta: Type.Object({
    symbol: Nullable(Type.String()),
    display_name: Nullable(Type.String()),
    image_url: Nullable(Type.String()),
    decimals: Nullable(Type.Integer()),
    custom_payload_api_uri: Nullable(Type.String()),
  }),
  tags: Type.Array(Type.String()),
  pair_priority: Nullable(Type.Integer()),
  popularity_index: Nullable(Type.Number()),
  dex_price_usd: Nullable(Type.String()),
  balance: Nullable(Type.String()),
  wallet_address: Nullable(Type.String()),
  extensions: Nullable(Type.Array(Type.String())),
  scale: Nullable(Type.String()),
})

/** An asset as the query endpoints send it. */
export type WireAssetQueryItem = Static<typeof AssetQueryItemSchema>

/**
 * A stored asset in the query shape (metadata nested under `meta`).
 *
 * @example
 * ```ts
 * toWireAssetQueryItem(usdl).meta.symbol // 'USDL'
 * ```
 */
export function toWireAssetQueryItem(
  row: AssetRow,
  wallet?: WalletAssetContext,
): WireAssetQueryItem {
  return {
    contract_address: row.address,
    kind: row.kind,
    meta: {
      symbol: row.symbol,
      display_name: row.displayName,
      image_url: row.imageUrl,
      decimals: row.decimals,
      custom_payload_api_uri: row.customPayloadApiUri,
    },
    tags: [...row.tags],
    pair_priority: row.pairPriority ?? row.priority,
    popularity_index: row.popularityIndex,
    dex_price_usd: row.dexPriceUsd,
    balance: wallet === undefined ? null : wallet.balance.toString(),
    wallet_address: wallet === undefined ? null : wallet.walletAddress,
    extensions: row.extensions === null ? null : [...row.extensions],
    scale: row.scale,
  }
}
