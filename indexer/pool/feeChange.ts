import { MAX_POOL_FEE, type PoolState } from '../../core/pool/PoolState.js'
import type { DecodedBody } from '../../protocol/decode/DecodedBody.js'

/**
 * The pool state after a fee change its router forwarded: DEX v1 `set_fees` (LP, protocol and
 * referral fee) or DEX v2 `internal_set_fees` (LP and protocol fee). Reserves, supply and
 * collected fees are unchanged. Returns `undefined` when the body is not a fee change of the
 * pool's DEX version or a fee is above `MAX_POOL_FEE` (100 bps): the pool contract rejects
 * those (v1 exit 85, v2 exit 94), so a transaction that applied one contradicts the contract.
 *
 * @example
 * ```ts
 * const next = feeChange(pool, { type: 'v2.internal_set_fees', queryId: 0n, lpFee: 25n,
 *   protocolFee: 5n, protocolFeeAddress: null, excesses: null })
 * next?.lpFee // 25n
 * ```
 */
export function feeChange(pool: PoolState, body: DecodedBody): PoolState | undefined {
  const inRange = (fee: bigint) => fee >= 0n && fee <= MAX_POOL_FEE
  if (body.type === 'v1.set_fees' && pool.dex === 'v1') {
    if (!inRange(body.lpFee) || !inRange(body.protocolFee) || !inRange(body.refFee)) {
      return undefined
    }
    return { ...pool, lpFee: body.lpFee, protocolFee: body.protocolFee, refFee: body.refFee }
  }
  if (body.type === 'v2.internal_set_fees' && pool.dex === 'v2') {
    if (!inRange(body.lpFee) || !inRange(body.protocolFee)) return undefined
    return { ...pool, lpFee: body.lpFee, protocolFee: body.protocolFee }
  }
  return undefined
}
