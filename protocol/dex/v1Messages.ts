import { type Address, beginCell, type Cell } from '@ton/core'
import { DEX_V1_OP } from '../opCodes.js'

/**
 * DEX v1 swap payload `swap#25938561 token_wallet1 min_out to_address has_ref ref_address?`,
 * as `RouterV1.createSwapBody`.
 *
 * @example
 * ```ts
 * dexV1SwapPayload({ askWallet, minOut: 1n, to: alice, referral: bob })
 * ```
 */
export function dexV1SwapPayload(p: {
  askWallet: Address
  minOut: bigint
  to: Address
  referral?: Address | undefined
}): Cell {
  const b = beginCell()
    .storeUint(DEX_V1_OP.swap, 32)
    .storeAddress(p.askWallet)
    .storeCoins(p.minOut)
    .storeAddress(p.to)
  return (
    p.referral === undefined ? b.storeBit(false) : b.storeBit(true).storeAddress(p.referral)
  ).endCell()
}

/**
 * DEX v1 provide payload `provide_lp#fcf9e58f token_wallet1 min_lp_out`.
 *
 * @example
 * ```ts
 * dexV1ProvidePayload({ otherWallet, minLpOut: 1n })
 * ```
 */
export function dexV1ProvidePayload(p: { otherWallet: Address; minLpOut: bigint }): Cell {
  return beginCell()
    .storeUint(DEX_V1_OP.provideLp, 32)
    .storeAddress(p.otherWallet)
    .storeCoins(p.minLpOut)
    .endCell()
}

/**
 * Admin `set_fees query_id lp:uint8 protocol:uint8 ref:uint8 protocol_fee_address
 * ^[wallet0 wallet1]` (each fee 0..100 bps, else the pool throws 85).
 *
 * @example
 * ```ts
 * dexV1SetFeesBody({ lpFee: 20n, protocolFee: 10n, refFee: 10n, protocolFeeAddress: fees, wallet0, wallet1 })
 * ```
 */
export function dexV1SetFeesBody(p: {
  lpFee: bigint
  protocolFee: bigint
  refFee: bigint
  protocolFeeAddress: Address
  wallet0: Address
  wallet1: Address
  queryId?: bigint
}): Cell {
  return beginCell()
    .storeUint(DEX_V1_OP.setFees, 32)
    .storeUint(p.queryId ?? 0n, 64)
    .storeUint(p.lpFee, 8)
    .storeUint(p.protocolFee, 8)
    .storeUint(p.refFee, 8)
    .storeAddress(p.protocolFeeAddress)
    .storeRef(beginCell().storeAddress(p.wallet0).storeAddress(p.wallet1).endCell())
    .endCell()
}

/**
 * `collect_fees query_id` (anyone → v1 pool; the caller earns 0.1 % of the fees).
 *
 * @example
 * ```ts
 * dexV1CollectFeesBody() // send with 1.1 TON, as the SDK
 * ```
 */
export function dexV1CollectFeesBody(queryId = 0n): Cell {
  return beginCell().storeUint(DEX_V1_OP.collectFees, 32).storeUint(queryId, 64).endCell()
}

/**
 * `refund_me query_id` to the owner's DEX v1 LP account (`docs/contracts.md` §1.7).
 *
 * @example
 * ```ts
 * dexV1RefundMeBody() // op 0x0bf3f447, query id 0
 * ```
 */
export function dexV1RefundMeBody(queryId = 0n): Cell {
  return beginCell().storeUint(DEX_V1_OP.refundMe, 32).storeUint(queryId, 64).endCell()
}
