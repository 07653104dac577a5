import type { Slice } from '@ton/core'
import type { DecodedBody } from './DecodedBody.js'

/**
 * Decodes the rest of a body whose op selected it: `slice` starts after `op:uint32
 * query_id:uint64`, `queryId` is those 64 bits. Throws on a body that does not parse (the
 * caller turns that into `undefined`).
 *
 * @example
 * ```ts
 * const excesses: Decoder = (_slice, queryId) => ({ type: 'jetton.excesses', queryId })
 * ```
 */
export type Decoder = (slice: Slice, queryId: bigint) => DecodedBody

/** An op and its decoder: the entries every family's table lists. */
export type DecoderEntry = readonly [op: number, decode: Decoder]

/** Body types that carry nothing but the query id (derived from {@link DecodedBody}). */
export type QueryIdOnlyType = QueryIdOnly<DecodedBody>

type QueryIdOnly<B> = B extends { readonly type: infer T; readonly queryId: bigint }
  ? [Exclude<keyof B, 'type' | 'queryId'>] extends [never]
    ? T
    : never
  : never

/**
 * A decoder for a body that carries only its query id (anything after it is ignored, as the
 * contracts do: v2 `collect_fees` has two optional payloads the indexer does not need).
 *
 * @example
 * ```ts
 * onlyQueryId('v2.withdraw_fee')(slice, 7n) // { type: 'v2.withdraw_fee', queryId: 7n }
 * ```
 */
export function onlyQueryId(type: QueryIdOnlyType): Decoder {
  return (_slice, queryId) => ({ type, queryId })
}
