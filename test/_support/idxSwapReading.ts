import type { Address } from '@ton/core'
import { actionPayload } from '../../indexer/ingest/actionPayload.js'
import type { DecodedBody } from '../../protocol/decode/DecodedBody.js'
import { decodeBody, decodeBodyAs } from '../../protocol/decode/decodeBody.js'
import { type ResultCode, resultName } from '../../protocol/resultCodes.js'
import type { IndexedAction } from '../../store/rows/indexerRows.js'
import type { IdxMessage, IdxTrace, IdxTransaction } from './mainnetData.js'

/**
 * The swap the exchange sees in one of ton-indexer's recorded STON.fi traces
 * (`loadIdxStonfiTraces`), read with the project's own decoding only: every body through
 * `protocol/`'s `decodeBody` / `decodeBodyAs`, each pool step through the indexer's own
 * `actionPayload` (what `createIndexer` stores as a swap transaction's action) and `resultName`.
 * This is the adapter the traces need: the indexer's entry points take transaction BoCs, which
 * ton-indexer does not keep, so the pool steps are handed to `actionPayload` from the rows.
 *
 * Addresses are raw and upper-case (`0:779DCC81…`), as ton-indexer's YAML writes them.
 */
export type IdxSwapReading = {
  readonly version: 'v1' | 'v2'
  /** The user: the `sender` of the `transfer_notification` that reached the first router. */
  readonly sender: string
  /** The router's jetton wallet that notified it (the offer's side). */
  readonly offerRouterWallet: string
  /** The jetton of that wallet, as the recording's `JettonWallet` interface names it. */
  readonly offerAsset: string | null
  readonly offerAmount: bigint
  /** Each pool step, in lt order: the `swap` the router sent and the pool's `pay_to`. */
  readonly hops: readonly IdxSwapHop[]
  /** The last router's payout: the `jetton.transfer` to its own wallet. */
  readonly payoutRouterWallet: string
  readonly payoutAsset: string | null
  readonly payoutAmount: bigint
  /** Who the payout is for (the transfer's destination). */
  readonly receiver: string
}

/** One pool step of a swap. */
export type IdxSwapHop = {
  readonly pool: string
  readonly amountIn: bigint
  readonly minOut: bigint
  readonly referral: string | null
  /** The exit code name of the pool's main `pay_to` (`swap_ok`, `swap_refund_slippage`, …). */
  readonly result: ResultCode
  readonly amountOut: bigint
  /** The router wallet of the paid token (`pay_to`'s token). */
  readonly outWallet: string
  /** That wallet's jetton as the recording names it; `null` when it names none (pTON v2's). */
  readonly outAsset: string | null
  /** The indexer's own action for the pool transaction. */
  readonly action: IndexedAction
}

/** {@link readIdxSwap}'s answer: a reading, or why there is none. */
export type IdxSwapAnswer =
  | { readonly ok: true; readonly reading: IdxSwapReading }
  | { readonly ok: false; readonly reason: string }

/** Raw upper-case form, as ton-indexer writes addresses. */
export function rawUpper(a: Address | null | undefined): string | null {
  if (a === null || a === undefined) return null
  return `${a.workChain}:${a.hash.toString('hex').toUpperCase()}`
}

function inMessage(tx: IdxTransaction): IdxMessage | undefined {
  return tx.messages.find((m) => m.direction === 'in')
}

function outMessages(tx: IdxTransaction): readonly IdxMessage[] {
  return tx.messages.filter((m) => m.direction === 'out')
}

/**
 * Reads the swap of a recorded trace (see {@link IdxSwapReading}).
 *
 * @example
 * ```ts
 * const answer = readIdxSwap(traces.get(cases[0].traceId))
 * answer.ok && answer.reading.offerAmount // 27051113105n
 * ```
 */
export function readIdxSwap(trace: IdxTrace): IdxSwapAnswer {
  const txs = trace.transactions
  const senderOf = (m: IdxMessage) =>
    txs.find((t) => outMessages(t).some((o) => o.msgHash === m.msgHash))
  const receiverOf = (m: IdxMessage) => txs.find((t) => inMessage(t)?.msgHash === m.msgHash)
  const jettonOf = (wallet: string) => trace.jettonWallets[wallet]?.jetton ?? null

  const hops: IdxSwapHop[] = []
  const poolTxs: { tx: IdxTransaction; inMsg: IdxMessage; payMsg: IdxMessage }[] = []
  for (const tx of txs) {
    const inMsg = inMessage(tx)
    const body = decodeBodyAs(inMsg?.body, 'v1.swap', 'v2.swap')
    if (inMsg === undefined || body === undefined) continue
    const outs = outMessages(tx).flatMap((m) => {
      const d = decodeBody(m.body)
      return d === undefined ? [] : [d]
    })
    const pays = outs.filter(
      (o): o is Extract<DecodedBody, { type: 'v1.pay_to' | 'v2.pay_to' }> =>
        o.type === 'v1.pay_to' || o.type === 'v2.pay_to',
    )
    // DEX v1 pays a referral with its own pay_to (`swap_ok_ref`); the main one is the other.
    const main = pays.find((p) => resultName(p.exitCode) !== 'swap_ok_ref')
    if (main === undefined) return { ok: false, reason: `pool tx ${tx.hash}: no pay_to` }
    const result = resultName(main.exitCode)
    const token0 = rawUpper(main.token0)
    const token1 = rawUpper(main.token1)
    if (token0 === null || token1 === null) {
      return { ok: false, reason: `pool tx ${tx.hash}: pay_to without both tokens` }
    }
    const action = actionPayload({
      kind: body.type,
      body,
      outs: () => outs,
      resultCode: result,
      pool: { wallet0: token0, wallet1: token1 },
    })
    if (action === null) return { ok: false, reason: `pool tx ${tx.hash}: no action` }
    const payload = action.txPayload
    hops.push({
      pool: tx.account,
      amountIn: body.type === 'v1.swap' ? body.jettonAmount : body.amount0 + body.amount1,
      minOut: BigInt(String(payload.min_ask_amount)),
      referral:
        body.type === 'v1.swap'
          ? rawUpper(body.referralAddress)
          : rawUpper(body.payload.referralAddress),
      result,
      amountOut: main.amount0 + main.amount1,
      outWallet: main.amount0 > 0n ? token0 : token1,
      outAsset: jettonOf(main.amount0 > 0n ? token0 : token1),
      action,
    })
    const mainMsg = outMessages(tx).find((m) => {
      const d = decodeBodyAs(m.body, 'v1.pay_to', 'v2.pay_to')
      return d !== undefined && d.exitCode === main.exitCode
    })
    if (mainMsg === undefined) return { ok: false, reason: `pool tx ${tx.hash}: pay_to row` }
    poolTxs.push({ tx, inMsg, payMsg: mainMsg })
  }
  const first = poolTxs[0]
  const last = poolTxs[poolTxs.length - 1]
  const firstHop = hops[0]
  const lastHop = hops[hops.length - 1]
  if (first === undefined || last === undefined || firstHop === undefined || !lastHop) {
    return { ok: false, reason: 'no router→pool swap message in the trace' }
  }
  const versions = new Set(hops.map((h) => h.action.version))
  if (versions.size !== 1) return { ok: false, reason: 'hops of both DEX versions' }

  // The offer: the transfer_notification that reached the router which sent the first swap.
  const router = senderOf(first.inMsg)
  const routerIn = router === undefined ? undefined : inMessage(router)
  const notification = decodeBodyAs(routerIn?.body, 'jetton.transfer_notification')
  if (routerIn === undefined || notification === undefined || routerIn.source === null) {
    return { ok: false, reason: 'the first swap was not sent on a transfer_notification' }
  }
  const sender = rawUpper(notification.sender)
  if (sender === null) return { ok: false, reason: 'notification without a sender' }

  // The payout: the jetton transfer the last pay_to's router sent to its own wallet.
  const payRouter = receiverOf(last.payMsg)
  if (payRouter === undefined) return { ok: false, reason: 'the last pay_to was not received' }
  const payoutMsg = outMessages(payRouter).find(
    (m) => decodeBodyAs(m.body, 'jetton.transfer')?.amount === lastHop.amountOut,
  )
  const payout = decodeBodyAs(payoutMsg?.body, 'jetton.transfer')
  const receiver = rawUpper(payout?.destination)
  if (payoutMsg === undefined || payout === undefined || receiver === null) {
    return { ok: false, reason: `no payout of ${lastHop.amountOut} by the router` }
  }
  const payoutWallet = payoutMsg.destination ?? ''
  return {
    ok: true,
    reading: {
      version: [...versions][0] as 'v1' | 'v2',
      sender,
      offerRouterWallet: routerIn.source,
      offerAsset: jettonOf(routerIn.source),
      offerAmount: notification.amount,
      hops,
      payoutRouterWallet: payoutWallet,
      payoutAsset: jettonOf(payoutWallet),
      payoutAmount: payout.amount,
      receiver,
    },
  }
}
