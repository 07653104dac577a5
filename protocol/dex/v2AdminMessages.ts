import { type Address, beginCell, type Cell } from '@ton/core'
import type { V2KindParams } from '../decode/AdminBody.js'
import { DEX_V2_OP } from '../opCodes.js'
import type { SetParamsTarget } from './poolKinds.js'
import { writeSetParams } from './setParams.js'

/**
 * Admin `set_fees query_id lp:uint16 protocol:uint16 protocol_fee_address
 * ^[wallet0 wallet1 excesses]`; the router forwards it to the pool of (wallet0, wallet1).
 *
 * @example
 * ```ts
 * dexV2SetFeesBody({ lpFee: 25n, protocolFee: 5n, protocolFeeAddress: fees,
 *   wallet0, wallet1, excesses: admin })
 * ```
 */
export function dexV2SetFeesBody(p: {
  lpFee: bigint
  protocolFee: bigint
  protocolFeeAddress: Address | null
  wallet0: Address
  wallet1: Address
  excesses: Address
  queryId?: bigint
}): Cell {
  return beginCell()
    .storeUint(DEX_V2_OP.setFees, 32)
    .storeUint(p.queryId ?? 0n, 64)
    .storeUint(p.lpFee, 16)
    .storeUint(p.protocolFee, 16)
    .storeAddress(p.protocolFeeAddress)
    .storeRef(
      beginCell()
        .storeAddress(p.wallet0)
        .storeAddress(p.wallet1)
        .storeAddress(p.excesses)
        .endCell(),
    )
    .endCell()
}

/**
 * Admin `update_status query_id`: toggles the router lock.
 *
 * @example
 * ```ts
 * dexV2UpdateStatusBody()
 * ```
 */
export function dexV2UpdateStatusBody(queryId = 0n): Cell {
  return beginCell().storeUint(DEX_V2_OP.updateStatus, 32).storeUint(queryId, 64).endCell()
}

/**
 * Admin `update_pool_status query_id wallet0 wallet1 excesses`: toggles a pool's lock.
 *
 * @example
 * ```ts
 * dexV2UpdatePoolStatusBody({ wallet0, wallet1, excesses: admin })
 * ```
 */
export function dexV2UpdatePoolStatusBody(p: {
  wallet0: Address
  wallet1: Address
  excesses: Address
  queryId?: bigint
}): Cell {
  return beginCell()
    .storeUint(DEX_V2_OP.updatePoolStatus, 32)
    .storeUint(p.queryId ?? 0n, 64)
    .storeAddress(p.wallet0)
    .storeAddress(p.wallet1)
    .storeAddress(p.excesses)
    .endCell()
}

/**
 * A kind's `set_params` parameters as the builder takes them: those of {@link V2KindParams},
 * with the weighted kinds' `side` a wallet.
 */
type SetParamsInput = V2KindParams extends infer P
  ? P extends { readonly side: Address | null }
    ? Omit<P, 'side'> & { side: Address }
    : P
  : never

/**
 * Admin `set_params` of a DEX v2 router, in the layout of its pool type (`docs/contracts.md`
 * §2.13; each kind's layout is its `POOL_KIND_FACTS[kind].setParams`): stableswap
 * `amp:uint32 wallet0 wallet1 excesses`; weighted constant product `w:uint128 side
 * ^[wallet0 wallet1 excesses]`; weighted stableswap `amp:uint128 rate:uint128 w:uint128 side
 * setter ^[wallet0 wallet1 excesses]`. `side` is the wallet whose weight `w` is.
 *
 * @example
 * ```ts
 * dexV2SetParamsBody({ kind: 'stableswap', amp: 100n, wallet0, wallet1, excesses: admin })
 * dexV2SetParamsBody({ kind: 'weighted_const_product', weight: 8n * 10n ** 17n, side: wallet0,
 *   wallet0, wallet1, excesses: admin })
 * ```
 */
export function dexV2SetParamsBody(
  p: SetParamsTarget & { queryId?: bigint } & SetParamsInput,
): Cell {
  const head = beginCell()
    .storeUint(DEX_V2_OP.setParams, 32)
    .storeUint(p.queryId ?? 0n, 64)
  return writeSetParams(head, p, p).endCell()
}

/**
 * `set_rate query_id new_rate:uint128`, sent by a weighted-stableswap pool's rate setter to the
 * pool (`docs/contracts.md` §2.5); token0 units per token1, 18 decimals, must be positive (92).
 *
 * @example
 * ```ts
 * dexV2SetRateBody({ rate: 5n * 10n ** 17n }) // 0.5 token0 per token1
 * ```
 */
export function dexV2SetRateBody(p: { rate: bigint; queryId?: bigint }): Cell {
  return beginCell()
    .storeUint(DEX_V2_OP.setRate, 32)
    .storeUint(p.queryId ?? 0n, 64)
    .storeUint(p.rate, 128)
    .endCell()
}
