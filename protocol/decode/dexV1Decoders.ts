import type { Slice } from '@ton/core'
import { OP_CODES } from '../opCodes.js'
import type { PayAmounts } from './DecodedBody.js'
import { type DecoderEntry, onlyQueryId } from './Decoder.js'
import { loadAddress, loadCoins } from './slices.js'

/**
 * Decoders of the DEX v1 trade and liquidity messages (`docs/contracts.md` §1.7): router → pool
 * `swap` / `provide_lp`, pool → router `pay_to`, the LP-account round trip, burns, refunds and
 * fee collection. Administrative messages are in `ADMIN_DECODERS`.
 *
 * @example
 * ```ts
 * new Map(DEX_V1_DECODERS).get(OP_CODES.v1PayTo)?.(slice, 0n)?.type // 'v1.pay_to'
 * ```
 */
export const DEX_V1_DECODERS: readonly DecoderEntry[] = [
  [
    OP_CODES.v1Swap,
    (s, queryId) => {
      const toAddress = loadAddress(s)
      const senderWallet = loadAddress(s)
      const jettonAmount = loadCoins(s)
      const minOut = loadCoins(s)
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
      minLpOut: loadCoins(s),
      amount0: loadCoins(s),
      amount1: loadCoins(s),
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
      amount0: loadCoins(s),
      amount1: loadCoins(s),
      minLpOut: loadCoins(s),
    }),
  ],
  [
    OP_CODES.v1CbAddLiquidity,
    (s, queryId) => ({
      type: 'v1.cb_add_liquidity',
      queryId,
      amount0: loadCoins(s),
      amount1: loadCoins(s),
      user: loadAddress(s),
      minLpOut: loadCoins(s),
    }),
  ],
  [
    OP_CODES.v1DirectAddLiquidity,
    (s, queryId) => ({
      type: 'v1.direct_add_liquidity',
      queryId,
      amount0: loadCoins(s),
      amount1: loadCoins(s),
      minLpOut: loadCoins(s),
    }),
  ],
  [
    OP_CODES.v1BurnNotification,
    (s, queryId) => ({
      type: 'v1.burn_notification',
      queryId,
      amount: loadCoins(s),
      from: loadAddress(s),
      responseAddress: loadAddress(s),
    }),
  ],
  [OP_CODES.v1RefundMe, onlyQueryId('v1.refund_me')],
  [
    OP_CODES.v1CbRefundMe,
    (s, queryId) => ({
      type: 'v1.cb_refund_me',
      queryId,
      amount0: loadCoins(s),
      amount1: loadCoins(s),
      user: loadAddress(s),
    }),
  ],
  [OP_CODES.v1CollectFees, onlyQueryId('v1.collect_fees')],
  [OP_CODES.v1ResetGas, onlyQueryId('v1.reset_gas')],
]

/**
 * Reads `amount0:Coins token0:MsgAddress amount1:Coins token1:MsgAddress`, the amounts cell of
 * a `pay_to` (v1 and v2, after v2's `fwd_ton_amount`) and of a v2 `pay_vault`.
 *
 * @example
 * ```ts
 * payAmounts(cell.beginParse()) // { amount0: 0n, token0: wallet0, amount1: 1992015968n, token1: wallet1 }
 * ```
 */
export function payAmounts(slice: Slice): PayAmounts {
  return {
    amount0: loadCoins(slice),
    token0: loadAddress(slice),
    amount1: loadCoins(slice),
    token1: loadAddress(slice),
  }
}
