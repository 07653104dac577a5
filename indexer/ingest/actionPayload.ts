import type { Address } from '@ton/core'
import type { DecodedBody } from '../../protocol/decode/DecodedBody.js'
import type { ResultCode } from '../../protocol/resultCodes.js'
import {
  ACTION_KINDS,
  type ActionKind,
  type TransactionKind,
} from '../../protocol/transactionKinds.js'
import type { ActionFieldValue, IndexedAction } from '../../store/rows/indexerRows.js'
import { address } from '../pool/poolOperation.js'

/** What {@link actionPayload} reads of one transaction. */
export type ActionPayloadInput = {
  /** The transaction's kind as the indexer stores it (`'v2.swap'`, `'other'`, …). */
  readonly kind: TransactionKind
  /** The decoded inbound body, when the decoder knows its op. */
  readonly body: DecodedBody | undefined
  /** The decoded outbound bodies; called only for a transaction that starts an action. */
  readonly outs: () => readonly DecodedBody[]
  /** The result the indexer computed for the transaction (`swap_ok`, `ok`, …), if any. */
  readonly resultCode: ResultCode | null
  /** The pool the transaction ran on, when it is a tracked pool (its router's token wallets). */
  readonly pool: { readonly wallet0: string; readonly wallet1: string } | undefined
}

type Fields = Record<string, ActionFieldValue>

/**
 * The wire data of a transaction that starts an exchange action (`docs/wire.md` §6.5):
 * the action's `@type` and major version, its `tx_payload` (op code, query id and the fields of
 * the §6.5 table that the inbound message carries) and the completed-status result fields that
 * only the transaction's outbound messages carry (a DEX v2 swap's `fwd_gas`, a provision's
 * `add_liquidity` values, a vault's `vault_pay_to`). The rest of a status (amounts of swaps,
 * burns, refunds) comes from the operation row when the tree is served. Returns `null` for every
 * other transaction, after one switch on `kind`, so the indexer's hot loop stays cheap.
 *
 * Encoding: amounts and 64-bit integers (`query_id`, `deadline`) are decimal strings; op codes
 * and 8/16-bit integers (`both_positive`, `referral_val`) numbers; addresses the canonical
 * bounceable URL-safe form, `null` for addr_none. `direct_add_liquidity` keeps its own exit code
 * (`add_liquidity_ok` when the LP account sent `cb_add_liquidity`, else `bounce`), since the
 * indexer stores no result for LP-account transactions.
 *
 * @example
 * ```ts
 * const action = actionPayload({ kind: 'v2.burn_notification_ext', body, outs: () => [],
 *   resultCode: 'burn_ok', pool })
 * // { type: 'jetton_burn', version: 'v2', exitCode: null, result: {},
 * //   txPayload: { opcode: 695482319, query_id: '7', amount: '5000', response_destination: 'EQ…' } }
 * ```
 */
export function actionPayload(input: ActionPayloadInput): IndexedAction | null {
  const { body } = input
  switch (body?.type) {
    case 'v1.swap':
    case 'v2.swap':
      return input.kind === body.type ? swapAction(body, input) : null
    case 'v1.provide_lp':
    case 'v2.provide_lp':
      return input.kind === body.type ? provideAction(body, input) : null
    case 'v1.burn_notification':
    case 'v2.burn_notification_ext':
      if (input.kind !== body.type) return null
      return action(body.type, body.queryId, {
        amount: body.amount.toString(),
        response_destination: optionalAddress(body.responseAddress),
      })
    case 'v1.collect_fees':
    case 'v2.collect_fees':
      if (input.kind !== body.type) return null
      return action(body.type, body.queryId, {})
    case 'v1.cb_refund_me':
    case 'v2.cb_refund_me':
      if (input.kind !== body.type) return null
      return action(body.type, body.queryId, {})
    case 'v2.withdraw_fee':
      return input.kind === body.type ? withdrawAction(body.queryId, input) : null
    case 'v1.direct_add_liquidity':
    case 'v2.direct_add_liquidity':
      return input.kind === body.type ? directAddAction(body, input) : null
    default:
      return null
  }
}

function action(
  kind: ActionKind,
  queryId: bigint,
  fields: Fields,
  result: Fields = {},
  exitCode: ResultCode | null = null,
): IndexedAction {
  return {
    type: ACTION_KINDS[kind].type,
    version: kind.startsWith('v1') ? 'v1' : 'v2',
    txPayload: { opcode: ACTION_KINDS[kind].op, query_id: queryId.toString(), ...fields },
    exitCode,
    result,
  }
}

function swapAction(
  body: Extract<DecodedBody, { type: 'v1.swap' | 'v2.swap' }>,
  input: ActionPayloadInput,
): IndexedAction {
  if (body.type === 'v1.swap') {
    const offer = address(body.senderWallet)
    const pool = input.pool
    const ask = pool === undefined ? null : offer === pool.wallet0 ? pool.wallet1 : pool.wallet0
    return action(body.type, body.queryId, {
      ask_jetton_wallet_address: ask,
      min_ask_amount: body.minOut.toString(),
      user_wallet_address: optionalAddress(body.toAddress),
      referral_address: optionalAddress(body.referralAddress),
    })
  }
  const p = body.payload
  const result: Fields = {}
  if (input.resultCode === 'swap_ok' || input.resultCode === 'swap_ok_ref') {
    const payTo = input.outs().find((o) => o.type === 'v2.pay_to')
    if (payTo?.type === 'v2.pay_to') result.fwd_gas = payTo.fwdTonAmount.toString()
  }
  return action(
    body.type,
    body.queryId,
    {
      ask_jetton_wallet_address: optionalAddress(p.askJettonWallet),
      min_ask_amount: p.minOut.toString(),
      referral_address: optionalAddress(p.referralAddress),
      refund_address: optionalAddress(p.refundAddress),
      excesses_address: optionalAddress(p.excessesAddress),
      deadline: p.deadline.toString(),
      receiver_address: optionalAddress(p.receiver),
      dex_forward_gas_amount: p.fwdGas.toString(),
      referral_val: Number(p.referralBps),
    },
    result,
  )
}

function provideAction(
  body: Extract<DecodedBody, { type: 'v1.provide_lp' | 'v2.provide_lp' }>,
  input: ActionPayloadInput,
): IndexedAction {
  const add = input
    .outs()
    .find((o) => o.type === 'v1.add_liquidity' || o.type === 'v2.add_liquidity')
  const result: Fields = {}
  if (add?.type === 'v1.add_liquidity' || add?.type === 'v2.add_liquidity') {
    result.amount0_out = add.amount0.toString()
    result.amount1_out = add.amount1.toString()
    result.min_lp_out = add.minLpOut.toString()
  }
  if (body.type === 'v1.provide_lp') {
    // The router's wallet of the other token: the side this provision did not pay in.
    const pool = input.pool
    const other = pool === undefined ? null : body.amount0 > 0n ? pool.wallet1 : pool.wallet0
    if (add !== undefined) result.to_address = optionalAddress(body.fromUser)
    return action(
      body.type,
      body.queryId,
      { router_wallet_address: other, min_lp_out: body.minLpOut.toString() },
      result,
    )
  }
  const p = body.payload
  if (add?.type === 'v2.add_liquidity') {
    result.fwd_amount = add.fwdAmount.toString()
    result.to_address = optionalAddress(add.toUser)
    result.refund_address = optionalAddress(p.refundAddress)
    result.excess_address = optionalAddress(p.excessesAddress)
  }
  return action(
    body.type,
    body.queryId,
    {
      router_wallet_address: optionalAddress(p.otherJettonWallet),
      min_lp_out: p.minLpOut.toString(),
      refund_address: optionalAddress(p.refundAddress),
      excesses_address: optionalAddress(p.excessesAddress),
      deadline: p.deadline.toString(),
      receiver_address: optionalAddress(p.receiver),
      both_positive: p.bothPositive ? 1 : 0,
      dex_forward_gas_amount: p.fwdGas.toString(),
    },
    result,
  )
}

function withdrawAction(queryId: bigint, input: ActionPayloadInput): IndexedAction {
  const pay = input.outs().find((o) => o.type === 'v2.vault_pay_to')
  const result: Fields =
    pay?.type === 'v2.vault_pay_to'
      ? {
          amount_out: pay.amount.toString(),
          token_address: optionalAddress(pay.token),
          to_address: optionalAddress(pay.to),
        }
      : {}
  return action('v2.withdraw_fee', queryId, {}, result)
}

/** `direct_add_liquidity` (user → own LP account): status from its `cb_add_liquidity`, if sent. */
function directAddAction(
  body: Extract<DecodedBody, { type: 'v1.direct_add_liquidity' | 'v2.direct_add_liquidity' }>,
  input: ActionPayloadInput,
): IndexedAction {
  const fields: Fields = {
    amount_0: body.amount0.toString(),
    amount_1: body.amount1.toString(),
    min_lp_to_mint: body.minLpOut.toString(),
  }
  if (body.type === 'v2.direct_add_liquidity') {
    fields.dex_forward_gas_amount = body.fwdAmount.toString()
    fields.user_wallet_address = optionalAddress(body.toUser)
    fields.refund_address = optionalAddress(body.refundAddress)
    fields.excesses_address = optionalAddress(body.excessAddress)
  }
  const cb = input
    .outs()
    .find((o) => o.type === 'v1.cb_add_liquidity' || o.type === 'v2.cb_add_liquidity')
  const result: Fields = {}
  if (cb?.type === 'v1.cb_add_liquidity' || cb?.type === 'v2.cb_add_liquidity') {
    result.amount0_out = cb.amount0.toString()
    result.amount1_out = cb.amount1.toString()
    result.min_lp_out = cb.minLpOut.toString()
    if (cb.type === 'v2.cb_add_liquidity') {
      result.fwd_amount = cb.fwdAmount.toString()
      result.to_address = optionalAddress(cb.toUser)
      result.refund_address = optionalAddress(cb.refundAddress)
      result.excess_address = optionalAddress(cb.excessAddress)
    } else {
      result.to_address = optionalAddress(cb.user)
    }
  }
  const exitCode = cb === undefined ? 'bounce' : 'add_liquidity_ok'
  return action(body.type, body.queryId, fields, result, exitCode)
}

function optionalAddress(a: Address | null | undefined): string | null {
  return a === null || a === undefined ? null : address(a)
}
