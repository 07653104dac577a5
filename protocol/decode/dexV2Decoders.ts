import type { Cell } from '@ton/core'
import { OP_CODES } from '../opCodes.js'
import type { V2ProvidePayload, V2SwapPayload } from './DecodedBody.js'
import { type DecoderEntry, onlyQueryId } from './Decoder.js'
import { payAmounts } from './dexV1Decoders.js'
import { loadAddress, loadCoins } from './slices.js'

/**
 * Decoders of the DEX v2 trade, liquidity and vault messages (`docs/contracts.md` §2.13): router →
 * pool `swap` / `provide_lp` with their payloads, pool → router `pay_to` / `pay_vault`, the
 * referral vault, the LP-account round trip, burns, refunds and fee collection.
 * Administrative and getter messages are in `ADMIN_DECODERS`.
 *
 * @example
 * ```ts
 * new Map(DEX_V2_DECODERS).get(OP_CODES.v2Swap)?.(slice, 0n)?.type // 'v2.swap'
 * ```
 */
export const DEX_V2_DECODERS: readonly DecoderEntry[] = [
  [
    OP_CODES.v2Swap,
    (s, queryId) => ({
      type: 'v2.swap',
      queryId,
      fromUser: loadAddress(s),
      amount0: loadCoins(s),
      amount1: loadCoins(s),
      payload: v2SwapPayload(s.loadRef()),
    }),
  ],
  [
    OP_CODES.v2ProvideLp,
    (s, queryId) => ({
      type: 'v2.provide_lp',
      queryId,
      fromUser: loadAddress(s),
      amount0: loadCoins(s),
      amount1: loadCoins(s),
      payload: v2ProvidePayload(s.loadRef()),
    }),
  ],
  [
    OP_CODES.v2PayTo,
    (s, queryId) => {
      const to = loadAddress(s)
      const excesses = loadAddress(s)
      const originalCaller = loadAddress(s)
      const exitCode = s.loadUint(32)
      const customPayload = s.loadMaybeRef()
      const inner = s.loadRef().beginParse()
      const fwdTonAmount = loadCoins(inner)
      return {
        type: 'v2.pay_to',
        queryId,
        to,
        excesses,
        originalCaller,
        exitCode,
        customPayload,
        fwdTonAmount,
        ...payAmounts(inner),
      }
    },
  ],
  [
    OP_CODES.v2PayVault,
    (s, queryId) => ({
      type: 'v2.pay_vault',
      queryId,
      to: loadAddress(s),
      excesses: loadAddress(s),
      ...payAmounts(s.loadRef().beginParse()),
    }),
  ],
  [
    OP_CODES.v2DepositRefFee,
    (s, queryId) => ({
      type: 'v2.deposit_ref_fee',
      queryId,
      amount: loadCoins(s),
      excesses: loadAddress(s),
    }),
  ],
  [
    OP_CODES.v2VaultPayTo,
    (s, queryId) => ({
      type: 'v2.vault_pay_to',
      queryId,
      amount: loadCoins(s),
      token: loadAddress(s),
      to: loadAddress(s),
    }),
  ],
  [OP_CODES.v2WithdrawFee, onlyQueryId('v2.withdraw_fee')],
  [
    OP_CODES.v2AddLiquidity,
    (s, queryId) => ({
      type: 'v2.add_liquidity',
      queryId,
      amount0: loadCoins(s),
      amount1: loadCoins(s),
      minLpOut: loadCoins(s),
      fwdAmount: loadCoins(s),
      bothPositive: s.loadBit(),
      toUser: loadAddress(s),
    }),
  ],
  [
    OP_CODES.v2CbAddLiquidity,
    (s, queryId) => {
      const amount0 = loadCoins(s)
      const amount1 = loadCoins(s)
      const user = loadAddress(s)
      const minLpOut = loadCoins(s)
      const fwdAmount = loadCoins(s)
      s.loadMaybeRef() // custom payload
      const addresses = s.loadRef().beginParse()
      return {
        type: 'v2.cb_add_liquidity',
        queryId,
        amount0,
        amount1,
        user,
        minLpOut,
        fwdAmount,
        toUser: loadAddress(addresses),
        refundAddress: loadAddress(addresses),
        excessAddress: loadAddress(addresses),
      }
    },
  ],
  [
    OP_CODES.v2DirectAddLiquidity,
    (s, queryId) => {
      const amount0 = loadCoins(s)
      const amount1 = loadCoins(s)
      const minLpOut = loadCoins(s)
      const fwdAmount = loadCoins(s)
      const toUser = loadAddress(s)
      const customPayload = s.loadMaybeRef()
      const addresses = s.loadRef().beginParse()
      return {
        type: 'v2.direct_add_liquidity',
        queryId,
        amount0,
        amount1,
        minLpOut,
        fwdAmount,
        toUser,
        customPayload,
        refundAddress: loadAddress(addresses),
        excessAddress: loadAddress(addresses),
      }
    },
  ],
  [
    OP_CODES.v2RefundMe,
    (s, queryId) => ({
      type: 'v2.refund_me',
      queryId,
      leftPayload: s.loadMaybeRef(),
      rightPayload: s.loadMaybeRef(),
    }),
  ],
  [
    OP_CODES.v2BurnNotificationExt,
    (s, queryId) => ({
      type: 'v2.burn_notification_ext',
      queryId,
      amount: loadCoins(s),
      from: loadAddress(s),
      responseAddress: loadAddress(s),
    }),
  ],
  [
    OP_CODES.v2CbRefundMe,
    (s, queryId) => ({
      type: 'v2.cb_refund_me',
      queryId,
      amount0: loadCoins(s),
      amount1: loadCoins(s),
      user: loadAddress(s),
    }),
  ],
  [OP_CODES.v2CollectFees, onlyQueryId('v2.collect_fees')],
  [OP_CODES.v2ResetGas, onlyQueryId('v2.reset_gas')],
]

function v2SwapPayload(cell: Cell): V2SwapPayload {
  const slice = cell.beginParse()
  const op = slice.loadUint(32)
  if (op !== OP_CODES.v2Swap && op !== OP_CODES.v2CrossSwap) throw new Error('not a swap payload')
  const askJettonWallet = loadAddress(slice)
  const refundAddress = loadAddress(slice)
  const excessesAddress = loadAddress(slice)
  const deadline = slice.loadUintBig(64)
  const inner = slice.loadRef().beginParse()
  return {
    crossSwap: op === OP_CODES.v2CrossSwap,
    askJettonWallet,
    refundAddress,
    excessesAddress,
    deadline,
    minOut: loadCoins(inner),
    receiver: loadAddress(inner),
    fwdGas: loadCoins(inner),
    customPayload: inner.loadMaybeRef(),
    refundFwdGas: loadCoins(inner),
    refundPayload: inner.loadMaybeRef(),
    referralBps: BigInt(inner.loadUint(16)),
    referralAddress: loadAddress(inner),
  }
}

function v2ProvidePayload(cell: Cell): V2ProvidePayload {
  const slice = cell.beginParse()
  if (slice.loadUint(32) !== OP_CODES.v2ProvideLp) throw new Error('not a provide payload')
  const otherJettonWallet = loadAddress(slice)
  const refundAddress = loadAddress(slice)
  const excessesAddress = loadAddress(slice)
  const deadline = slice.loadUintBig(64)
  const inner = slice.loadRef().beginParse()
  return {
    otherJettonWallet,
    refundAddress,
    excessesAddress,
    deadline,
    minLpOut: loadCoins(inner),
    receiver: loadAddress(inner),
    bothPositive: inner.loadBit(),
    fwdGas: loadCoins(inner),
    customPayload: inner.loadMaybeRef(),
  }
}
