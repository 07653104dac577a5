import { FIXED_ONE, type PoolState } from '../../core/pool/PoolState.js'
import { addressText } from '../../protocol/addressText.js'
import type { DecodedBody } from '../../protocol/decode/DecodedBody.js'

/**
 * The pool state after a kind-parameter change a DEX v2 pool accepted, as the pool contract
 * applies it (`docs/contracts.md` §2.13, §2.5): the router's `internal_set_params` — stableswap sets
 * `amp`; weighted constant product sets `w0` only while it is still 0 (`weight` when `side` is
 * the pool's token0 wallet `wallet0`, else 1e18 − `weight`); weighted stableswap always sets
 * `amp`, sets `rate` when the message's is positive and `w0` once, like weighted constant
 * product, when the message's weight is positive — and the rate setter's `set_rate` on a
 * weighted-stableswap pool (rate > 0). Reserves, supply, fees and collected fees are unchanged.
 * Returns `undefined` when the body is not a change of the pool's kind (a layout of another
 * kind) or sets a rate the contract rejects (0): a transaction that applied one contradicts the
 * contract.
 *
 * @example
 * ```ts
 * const next = paramsChange(pool, { type: 'v2.internal_set_params', queryId: 0n,
 *   params: { kind: 'stableswap', amp: 200n }, excesses: null }, wallet0)
 * next?.amp // 200n
 * ```
 */
export function paramsChange(
  pool: PoolState,
  body: DecodedBody,
  wallet0: string,
): PoolState | undefined {
  if (pool.dex !== 'v2') return undefined
  if (body.type === 'v2.set_rate') {
    if (pool.kind !== 'weighted_stableswap' || body.rate <= 0n) return undefined
    return { ...pool, rate: body.rate }
  }
  if (body.type !== 'v2.internal_set_params' || body.params.kind !== pool.kind) return undefined
  const p = body.params
  // The weight is the `side` wallet's: token0's own, or its complement (exact: w < 1e18).
  const firstW0 = (weight: bigint, side: Parameters<typeof addressText>[0]) =>
    addressText(side) === wallet0 ? weight : FIXED_ONE - weight
  switch (p.kind) {
    case 'stableswap':
      return { ...pool, amp: p.amp }
    case 'weighted_const_product':
      return pool.w0 === 0n ? { ...pool, w0: firstW0(p.weight, p.side) } : pool
    case 'weighted_stableswap':
      return {
        ...pool,
        amp: p.amp,
        rate: p.rate > 0n ? p.rate : pool.rate,
        w0: pool.w0 === 0n && p.weight > 0n ? firstW0(p.weight, p.side) : pool.w0,
      }
  }
}
