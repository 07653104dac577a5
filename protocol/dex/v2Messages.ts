import { type Address, beginCell, type Cell } from '@ton/core'
import { DEX_V2_OP } from '../opCodes.js'

/**
 * Fields of a DEX v2 swap / cross_swap forward payload (`docs/contracts.md` §2.13).
 *
 * @example
 * ```ts
 * const p: DexV2SwapPayload = { askWallet, refundAddress: alice, receiver: alice,
 *   minOut: 1_990_000_000n, deadline: 1_700_000_900, referral: bob, referralBps: 10n }
 * ```
 */
export type DexV2SwapPayload = {
  /** `swap` (default) or `cross_swap` for a later hop placed in a custom payload. */
  readonly op?: 'swap' | 'cross_swap'
  /** The router's jetton wallet of the ASK token (`token_wallet1`). */
  readonly askWallet: Address
  readonly refundAddress: Address
  /** Defaults to the refund address. */
  readonly excessesAddress?: Address | undefined
  /** Unix time; the router refunds at or after it. */
  readonly deadline: number
  readonly minOut: bigint
  readonly receiver: Address
  readonly fwdGas?: bigint | undefined
  /** Forwarded with the output, or the next hop's cross_swap payload. */
  readonly customPayload?: Cell | undefined
  readonly refundFwdGas?: bigint | undefined
  readonly refundPayload?: Cell | undefined
  /** Referral fee, bps (uint16). Ignored by the pool when `referral` is absent. */
  readonly referralBps?: bigint | undefined
  readonly referral?: Address | undefined
}

/**
 * Builds a DEX v2 swap payload: `op token_wallet1 refund excesses deadline:uint64
 * ^[min_out receiver fwd_gas custom_payload refund_fwd_gas refund_payload ref_fee:uint16
 * ref_address]`, byte for byte as `BaseRouterV2_1.createSwapBody` (referral bps default 10).
 *
 * @example
 * ```ts
 * dexV2SwapPayload({ askWallet, refundAddress: alice, receiver: alice, minOut: 1n,
 *   deadline: 1_700_000_900 })
 * ```
 */
export function dexV2SwapPayload(p: DexV2SwapPayload): Cell {
  const params = beginCell()
    .storeCoins(p.minOut)
    .storeAddress(p.receiver)
    .storeCoins(p.fwdGas ?? 0n)
    .storeMaybeRef(p.customPayload ?? null)
    .storeCoins(p.refundFwdGas ?? 0n)
    .storeMaybeRef(p.refundPayload ?? null)
    .storeUint(p.referralBps ?? 10n, 16)
    .storeAddress(p.referral ?? null)
    .endCell()
  return beginCell()
    .storeUint(p.op === 'cross_swap' ? DEX_V2_OP.crossSwap : DEX_V2_OP.swap, 32)
    .storeAddress(p.askWallet)
    .storeAddress(p.refundAddress)
    .storeAddress(p.excessesAddress ?? p.refundAddress)
    .storeUint(p.deadline, 64)
    .storeRef(params)
    .endCell()
}

/**
 * Fields of a DEX v2 provide_lp forward payload (`docs/contracts.md` §2.13).
 *
 * @example
 * ```ts
 * const p: DexV2ProvidePayload = { otherWallet, refundAddress: alice, receiver: alice,
 *   minLpOut: 1n, bothPositive: true, deadline: 1_700_000_900 }
 * ```
 */
export type DexV2ProvidePayload = {
  /** The router's jetton wallet of the OTHER token of the pool. */
  readonly otherWallet: Address
  readonly refundAddress: Address
  readonly excessesAddress?: Address | undefined
  readonly deadline: number
  readonly minLpOut: bigint
  readonly receiver: Address
  /** true for a normal two-sided provision, false for single-sided. */
  readonly bothPositive: boolean
  readonly fwdGas?: bigint | undefined
  readonly customPayload?: Cell | undefined
}

/**
 * Builds a DEX v2 provide_lp payload: `op token_wallet1 refund excesses deadline
 * ^[min_lp_out receiver both_positive:uint1 fwd_gas custom_payload]`, as
 * `BaseRouterV2_1.createProvideLiquidityBody`.
 *
 * @example
 * ```ts
 * dexV2ProvidePayload({ otherWallet, refundAddress: alice, receiver: alice, minLpOut: 1n,
 *   bothPositive: true, deadline: 1_700_000_900 })
 * ```
 */
export function dexV2ProvidePayload(p: DexV2ProvidePayload): Cell {
  const params = beginCell()
    .storeCoins(p.minLpOut)
    .storeAddress(p.receiver)
    .storeBit(p.bothPositive)
    .storeCoins(p.fwdGas ?? 0n)
    .storeMaybeRef(p.customPayload ?? null)
    .endCell()
  return beginCell()
    .storeUint(DEX_V2_OP.provideLp, 32)
    .storeAddress(p.otherWallet)
    .storeAddress(p.refundAddress)
    .storeAddress(p.excessesAddress ?? p.refundAddress)
    .storeUint(p.deadline, 64)
    .storeRef(params)
    .endCell()
}

/**
 * `collect_fees query_id payload0:(Maybe ^Cell) payload1:(Maybe ^Cell)`. Note that
 * `@ston-fi/sdk` omits the two Maybe bits, which the pool rejects with exit code 9
 * (`docs/contracts.md` §7.5).
 *
 * @example
 * ```ts
 * dexV2CollectFeesBody({}) // op, query id, two 0 bits
 * ```
 */
export function dexV2CollectFeesBody(p: {
  payload0?: Cell | undefined
  payload1?: Cell | undefined
  queryId?: bigint
}): Cell {
  return beginCell()
    .storeUint(DEX_V2_OP.collectFees, 32)
    .storeUint(p.queryId ?? 0n, 64)
    .storeMaybeRef(p.payload0 ?? null)
    .storeMaybeRef(p.payload1 ?? null)
    .endCell()
}

/**
 * `withdraw_fee query_id` for a referral vault; anyone may send it.
 *
 * @example
 * ```ts
 * dexV2WithdrawFeeBody() // op 0x354bcdf4, query id 0
 * ```
 */
export function dexV2WithdrawFeeBody(queryId = 0n): Cell {
  return beginCell().storeUint(DEX_V2_OP.withdrawFee, 32).storeUint(queryId, 64).endCell()
}

/**
 * `refund_me query_id left_payload right_payload` to the owner's LP account.
 *
 * @example
 * ```ts
 * dexV2RefundMeBody()
 * ```
 */
export function dexV2RefundMeBody(queryId = 0n): Cell {
  return beginCell()
    .storeUint(DEX_V2_OP.refundMe, 32)
    .storeUint(queryId, 64)
    .storeMaybeRef(null)
    .storeMaybeRef(null)
    .endCell()
}

/**
 * `direct_add_liquidity query_id am0 am1 min_lp_out fwd_amount to_user custom_payload
 * ^[refund excess]`; amounts of 0 mean "everything stored".
 *
 * @example
 * ```ts
 * dexV2DirectAddLiquidityBody({ amount0: 0n, amount1: 0n, minLpOut: 1n, user: alice })
 * ```
 */
export function dexV2DirectAddLiquidityBody(p: {
  amount0: bigint
  amount1: bigint
  minLpOut: bigint
  user: Address
  queryId?: bigint
}): Cell {
  return beginCell()
    .storeUint(DEX_V2_OP.directAddLiquidity, 32)
    .storeUint(p.queryId ?? 0n, 64)
    .storeCoins(p.amount0)
    .storeCoins(p.amount1)
    .storeCoins(p.minLpOut)
    .storeCoins(0n)
    .storeAddress(p.user)
    .storeMaybeRef(null)
    .storeRef(beginCell().storeAddress(p.user).storeAddress(p.user).endCell())
    .endCell()
}
