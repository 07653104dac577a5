import { type Static, Type } from '@sinclair/typebox'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import type { OperationRow } from '../../store/rows/historyRows.js'
import { Nullable } from './common.js'
import { decimalised, formatUsd, usdDecimal } from './usdPricing.js'

/**
 * The wire shapes of the two listing-service exports (`docs/wire.md` §6.15–6.16) and the
 * mappings both the routes and any faster aggregation call.
 * @module
 */

/** DEX Screener `dexKey` of a pool: a static identifier per DEX generation. */
export const DEX_KEYS = { v1: 'stonfi', v2: 'stonfi-v2' } as const

/** One CoinMarketCap DEX ticker (§6.15). */
export const CmcTickerSchema = Type.Object({
  base_id: Type.String(),
  base_name: Type.String(),
  base_symbol: Type.String(),
  quote_id: Type.String(),
  quote_name: Type.String(),
  quote_symbol: Type.String(),
  last_price: Type.String({ description: 'Price of 1 base in quote units (whole tokens)' }),
  base_volume: Type.String({ description: '24 h volume in base tokens' }),
  quote_volume: Type.String({ description: '24 h volume in quote tokens' }),
  base_liquidity: Type.String(),
  quote_liquidity: Type.String(),
  url: Type.String(),
})

/** The CoinMarketCap feed: one object keyed `<base_id>_<quote_id>`, one ticker per market. */
export const CmcFeedSchema = Type.Record(Type.String(), CmcTickerSchema)

const Block = Type.Object({ blockNumber: Type.Integer(), blockTimestamp: Type.Integer() })

/** `latest-block`. */
export const LatestBlockSchema = Type.Object({ block: Block })

/** DEX Screener asset (STON.fi variant of §6.16 and the adapter spec's `Asset`). */
export const ScreenerAssetSchema = Type.Object({
  asset: Type.Object({
    id: Type.String(),
    name: Type.String(),
    symbol: Type.String(),
    totalSupply: Nullable(
      Type.String({
        description:
          'Whole tokens: the supply the index saw minted minus burned; null when unknown (never the pools’ holdings)',
      }),
    ),
  }),
})

const Pair = Type.Object({
  id: Type.String(),
  dexKey: Type.String({ examples: ['stonfi', 'stonfi-v2'] }),
  asset0Id: Type.String(),
  asset1Id: Type.String(),
  createdAtBlockNumber: Nullable(Type.Integer()),
  createdAtBlockTimestamp: Nullable(Type.Integer()),
  createdAtTxnId: Nullable(Type.String()),
  feeBps: Type.Integer({ description: 'LP + protocol fee, 1 % = 100' }),
})

/** DEX Screener pair: under `pair` (SW130, FERN, the adapter spec) and `pool` (RS), C12. */
export const ScreenerPairSchema = Type.Object({ pair: Pair, pool: Pair })

const Amount = Type.Optional(Type.String())

/** One DEX Screener event: swap (both name sets) or join / exit. */
export const ScreenerEventSchema = Type.Object({
  block: Block,
  eventType: Type.String({ enum: ['swap', 'join', 'exit'] }),
  txnId: Type.String(),
  txnIndex: Type.Integer(),
  eventIndex: Type.Integer(),
  maker: Type.String(),
  pairId: Type.String(),
  reserves: Type.Object({ asset0: Type.String(), asset1: Type.String() }),
  amount0In: Amount,
  amount0Out: Amount,
  amount1In: Amount,
  amount1Out: Amount,
  asset0In: Amount,
  asset0Out: Amount,
  asset1In: Amount,
  asset1Out: Amount,
  priceNative: Amount,
  amount0: Amount,
  amount1: Amount,
})

/** `events`. */
export const ScreenerEventsSchema = Type.Object({ events: Type.Array(ScreenerEventSchema) })

/** An event on the wire. */
export type ScreenerEvent = Static<typeof ScreenerEventSchema>

/**
 * Which asset of a market is the quote: the USD stablecoin, then TON, then the greater
 * address (a fixed order, so a market has one ticker whatever its pools' token order).
 *
 * @example
 * ```ts
 * canonicalPair(TON, usdt, usdt) // { base: TON, quote: usdt }
 * canonicalPair(usdt, TON, usdt) // { base: TON, quote: usdt }
 * ```
 */
export function canonicalPair(
  a: string,
  b: string,
  usd: string | undefined,
): { base: string; quote: string } {
  const rank = (x: string) => (x === usd ? 2 : x === TON_ADDRESS ? 1 : 0)
  const aIsQuote = rank(a) !== rank(b) ? rank(a) > rank(b) : a > b
  return aIsQuote ? { base: b, quote: a } : { base: a, quote: b }
}

const TON_ADDRESS = NATIVE_ADDRESS

/**
 * Price of 1 unit of the first amount's token in the second's, decimalised:
 * (a1 / 10^d1) / (a0 / 10^d0), 9 decimals; `'0'` when a0 is 0.
 *
 * @example
 * ```ts
 * decimalPrice(1_000_000_000n, 3_200_000n, 9, 6) // '3.2'
 * ```
 */
export function decimalPrice(a0: bigint, a1: bigint, d0: number, d1: number): string {
  if (a0 === 0n) return '0'
  const ten = usdDecimal(10)
  return formatUsd(
    usdDecimal(a1)
      .div(ten.pow(d1))
      .div(usdDecimal(a0).div(ten.pow(d0))),
  )
}

/**
 * An operation (swap, add, withdraw) as a DEX Screener event in block `block` (its number and
 * UNIX time). A swap carries STON.fi's names (`amount0In`, `amount1Out`, …) and, beside them,
 * the adapter spec's (`asset0In`, `asset1Out`, …) with the same values (C13); amounts and
 * reserves are decimalised.
 *
 * @example
 * ```ts
 * toScreenerEvent(swapRow, { number: 1531, time: 1700000000 }, 0, 9, 6)
 * // { eventType: 'swap', amount0In: '1', asset0In: '1', amount1Out: '3.19', asset1Out: '3.19', … }
 * ```
 */
export function toScreenerEvent(
  o: OperationRow,
  block: { readonly number: number; readonly time: number },
  txnIndex: number,
  d0: number,
  d1: number,
): ScreenerEvent {
  const common = {
    block: { blockNumber: block.number, blockTimestamp: block.time },
    eventType:
      o.operationType === 'Swap' ? 'swap' : o.operationType === 'AddLiquidity' ? 'join' : 'exit',
    txnId: o.poolTxHash,
    txnIndex,
    // One exchange event per pool transaction.
    eventIndex: 0,
    maker: o.walletAddress,
    pairId: o.poolAddress,
    reserves: {
      asset0: decimalised(o.asset0Reserve, d0),
      asset1: decimalised(o.asset1Reserve, d1),
    },
  }
  const a0 = decimalised(o.asset0Amount, d0)
  const a1 = decimalised(o.asset1Amount, d1)
  if (o.operationType !== 'Swap') return { ...common, amount0: a0, amount1: a1 }
  const priceNative = decimalPrice(o.asset0Amount, o.asset1Amount, d0, d1)
  return o.asset0Delta > 0n
    ? { ...common, amount0In: a0, amount1Out: a1, asset0In: a0, asset1Out: a1, priceNative }
    : { ...common, amount1In: a1, amount0Out: a0, asset1In: a1, asset0Out: a0, priceNative }
}
