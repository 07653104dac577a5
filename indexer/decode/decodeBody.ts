import type { Cell, Slice } from '@ton/core'
import type { DecodedBody, PayAmounts, V2ProvidePayload, V2SwapPayload } from './DecodedBody.js'
import { OP_CODES } from './opCodes.js'
import { loadAddress, loadEitherPayload } from './slices.js'

/**
 * Decodes a message body of the exchange by its op code: TEP-74 jetton messages, DEX v1 and
 * DEX v2 pool, LP-account and vault messages, with the layouts of `contracts.md` §1.7 and
 * §2.13. Returns `undefined` for an empty body, an unknown op, or a body that does not parse —
 * a foreign or malformed message is never an exception here.
 *
 * @example
 * ```ts
 * const body = decodeBody(transaction.inMessage.body)
 * body?.type // e.g. 'v2.swap'
 * ```
 */
export function decodeBody(body: Cell | null | undefined): DecodedBody | undefined {
  if (!body) return undefined
  try {
    // The op and query id are read straight from the cell's bytes (they are byte-aligned at
    // the start), which is much cheaper than bit-by-bit slice reads; unknown ops stop here.
    if (body.bits.length < 96) return undefined
    const head = body.bits.subbuffer(0, 96)
    if (head === null) return undefined
    const decode = DECODERS.get(head.readUInt32BE(0))
    if (decode === undefined) return undefined
    const slice = body.beginParse().skip(96)
    return decode(slice, head.readBigUInt64BE(4))
  } catch {
    return undefined
  }
}

/**
 * Reads the op code of a body (its first 32 bits), or `undefined` when it has fewer bits.
 *
 * @example
 * ```ts
 * opOf(beginCell().storeUint(0x657b54f5, 32).endCell()) // 0x657b54f5
 * ```
 */
export function opOf(body: Cell | null | undefined): number | undefined {
  if (!body) return undefined
  const slice = body.beginParse()
  return slice.remainingBits >= 32 ? slice.loadUint(32) : undefined
}

type Decoder = (slice: Slice, queryId: bigint) => DecodedBody

function payAmounts(slice: Slice): PayAmounts {
  return {
    amount0: slice.loadCoins(),
    token0: loadAddress(slice),
    amount1: slice.loadCoins(),
    token1: loadAddress(slice),
  }
}

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
    minOut: inner.loadCoins(),
    receiver: loadAddress(inner),
    fwdGas: inner.loadCoins(),
    customPayload: inner.loadMaybeRef(),
    refundFwdGas: inner.loadCoins(),
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
    minLpOut: inner.loadCoins(),
    receiver: loadAddress(inner),
    bothPositive: inner.loadBit(),
    fwdGas: inner.loadCoins(),
    customPayload: inner.loadMaybeRef(),
  }
}

const onlyQueryId =
  (
    type:
      | 'v1.collect_fees'
      | 'v2.collect_fees'
      | 'v2.withdraw_fee'
      | 'v1.reset_gas'
      | 'v2.reset_gas',
  ): Decoder =>
  (_slice, queryId) => ({ type, queryId })

const DECODERS: ReadonlyMap<number, Decoder> = new Map<number, Decoder>([
  [
    OP_CODES.jettonTransfer,
    (s, queryId) => {
      const amount = s.loadCoins()
      const destination = loadAddress(s)
      const responseDestination = loadAddress(s)
      s.loadMaybeRef() // custom payload
      const forwardTonAmount = s.loadCoins()
      return {
        type: 'jetton.transfer',
        queryId,
        amount,
        destination,
        responseDestination,
        forwardTonAmount,
        forwardPayload: loadEitherPayload(s),
      }
    },
  ],
  [
    OP_CODES.jettonTransferNotification,
    (s, queryId) => ({
      type: 'jetton.transfer_notification',
      queryId,
      amount: s.loadCoins(),
      sender: loadAddress(s),
      forwardPayload: loadEitherPayload(s),
    }),
  ],
  [
    OP_CODES.jettonInternalTransfer,
    (s, queryId) => ({
      type: 'jetton.internal_transfer',
      queryId,
      amount: s.loadCoins(),
      from: loadAddress(s),
      responseAddress: loadAddress(s),
      forwardTonAmount: s.loadCoins(),
    }),
  ],
  [OP_CODES.jettonExcesses, (_s, queryId) => ({ type: 'jetton.excesses', queryId })],
  [
    OP_CODES.jettonBurn,
    (s, queryId) => ({
      type: 'jetton.burn',
      queryId,
      amount: s.loadCoins(),
      responseDestination: loadAddress(s),
    }),
  ],
  [
    OP_CODES.v1Swap,
    (s, queryId) => {
      const toAddress = loadAddress(s)
      const senderWallet = loadAddress(s)
      const jettonAmount = s.loadCoins()
      const minOut = s.loadCoins()
      const hasReferral = s.loadBit()
      const users = s.loadRef().beginParse()
      const fromUser = loadAddress(users)
      return {
        type: 'v1.swap',
        queryId,
        toAddress,
        senderWallet,
        jettonAmount,
        minOut,
        fromUser,
        referralAddress: hasReferral ? loadAddress(users) : null,
      }
    },
  ],
  [
    OP_CODES.v1ProvideLp,
    (s, queryId) => ({
      type: 'v1.provide_lp',
      queryId,
      fromUser: loadAddress(s),
      minLpOut: s.loadCoins(),
      amount0: s.loadCoins(),
      amount1: s.loadCoins(),
    }),
  ],
  [
    OP_CODES.v1PayTo,
    (s, queryId) => {
      const to = loadAddress(s)
      const exitCode = s.loadUint(32)
      const hasAmounts = s.loadBit()
      const amounts: PayAmounts = hasAmounts
        ? payAmounts(s.loadRef().beginParse())
        : { amount0: 0n, token0: null, amount1: 0n, token1: null }
      return { type: 'v1.pay_to', queryId, to, exitCode, ...amounts }
    },
  ],
  [
    OP_CODES.v1AddLiquidity,
    (s, queryId) => ({
      type: 'v1.add_liquidity',
      queryId,
      amount0: s.loadCoins(),
      amount1: s.loadCoins(),
      minLpOut: s.loadCoins(),
    }),
  ],
  [
    OP_CODES.v1CbAddLiquidity,
    (s, queryId) => ({
      type: 'v1.cb_add_liquidity',
      queryId,
      amount0: s.loadCoins(),
      amount1: s.loadCoins(),
      user: loadAddress(s),
      minLpOut: s.loadCoins(),
    }),
  ],
  [
    OP_CODES.v1BurnNotification,
    (s, queryId) => ({
      type: 'v1.burn_notification',
      queryId,
      amount: s.loadCoins(),
      from: loadAddress(s),
      responseAddress: loadAddress(s),
    }),
  ],
  [
    OP_CODES.v1CbRefundMe,
    (s, queryId) => ({
      type: 'v1.cb_refund_me',
      queryId,
      amount0: s.loadCoins(),
      amount1: s.loadCoins(),
      user: loadAddress(s),
    }),
  ],
  [OP_CODES.v1CollectFees, onlyQueryId('v1.collect_fees')],
  [OP_CODES.v1ResetGas, onlyQueryId('v1.reset_gas')],
  [
    OP_CODES.v2Swap,
    (s, queryId) => ({
      type: 'v2.swap',
      queryId,
      fromUser: loadAddress(s),
      amount0: s.loadCoins(),
      amount1: s.loadCoins(),
      payload: v2SwapPayload(s.loadRef()),
    }),
  ],
  [
    OP_CODES.v2ProvideLp,
    (s, queryId) => ({
      type: 'v2.provide_lp',
      queryId,
      fromUser: loadAddress(s),
      amount0: s.loadCoins(),
      amount1: s.loadCoins(),
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
      const fwdTonAmount = inner.loadCoins()
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
      amount: s.loadCoins(),
      excesses: loadAddress(s),
    }),
  ],
  [
    OP_CODES.v2VaultPayTo,
    (s, queryId) => ({
      type: 'v2.vault_pay_to',
      queryId,
      amount: s.loadCoins(),
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
      amount0: s.loadCoins(),
      amount1: s.loadCoins(),
      minLpOut: s.loadCoins(),
      fwdAmount: s.loadCoins(),
      bothPositive: s.loadBit(),
      toUser: loadAddress(s),
    }),
  ],
  [
    OP_CODES.v2CbAddLiquidity,
    (s, queryId) => {
      const amount0 = s.loadCoins()
      const amount1 = s.loadCoins()
      const user = loadAddress(s)
      const minLpOut = s.loadCoins()
      const fwdAmount = s.loadCoins()
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
    OP_CODES.v2BurnNotificationExt,
    (s, queryId) => ({
      type: 'v2.burn_notification_ext',
      queryId,
      amount: s.loadCoins(),
      from: loadAddress(s),
      responseAddress: loadAddress(s),
    }),
  ],
  [
    OP_CODES.v2CbRefundMe,
    (s, queryId) => ({
      type: 'v2.cb_refund_me',
      queryId,
      amount0: s.loadCoins(),
      amount1: s.loadCoins(),
      user: loadAddress(s),
    }),
  ],
  [OP_CODES.v2CollectFees, onlyQueryId('v2.collect_fees')],
  [OP_CODES.v2ResetGas, onlyQueryId('v2.reset_gas')],
])
