import type { BlockchainTransaction } from '@ton/sandbox'
import { EXIT_CODES } from '../core/errors/exitCodes.js'
import type { FailedTransaction } from './transactions.js'

/**
 * What a swap did. Refunds are outcomes, not errors: `status` and `exitCode` say which.
 *
 * @example
 * ```ts
 * const r: SwapReceipt = await dex.swap(router, { from: alice, offer: a, ask: b, amount: 10n ** 9n })
 * // { status: 'ok', exitCode: 0xc64370e5, amountOut: 1992015968n, delivered: 1992015968n, … }
 * ```
 */
export type SwapReceipt = {
  /** `'ok'` when the pool paid out; `'refunded'` when the pool or router gave the input back. */
  readonly status: 'ok' | 'refunded'
  /**
   * The 32-bit exit code the exchange reported: `swap_ok`, a pool refund reason
   * (`swap_refund_slippage`, …), a router refusal (`transfer_bounce_*`), or a raw math error.
   */
  readonly exitCode: number
  /** Net output paid to the receiver (0 on refund). */
  readonly amountOut: bigint
  /** Referral fee: v2 deposited into the referrer's vault, v1 paid to the referrer. */
  readonly referralOut: bigint
  /** Input returned to the refund address (0 on success). */
  readonly refundAmount: bigint
  /** What actually reached the receiver's wallet (jettons, or TON amount of the pTON payout). */
  readonly delivered: bigint
  /** Transactions of the flow, in execution order. */
  readonly transactions: readonly BlockchainTransaction[]
  /** Failed transactions of the flow (expected ones included, e.g. a bounce). */
  readonly failures: readonly FailedTransaction[]
}

/**
 * What a provision did.
 *
 * @example
 * ```ts
 * // { status: 'minted', lpOut: 1999998999n, lpMinted: 2000000000n, exitCode: undefined, … }
 * ```
 */
export type ProvideReceipt = {
  /** `'minted'`: LP minted to the receiver; `'stored'`: waiting in the LP account (one side
   * only so far, or the pool sent the amounts back); `'refunded'`: the router or pool refused. */
  readonly status: 'minted' | 'stored' | 'refunded'
  /** LP units minted to the receiver's LP wallet (DEX v1's first provision mints to addr_none). */
  readonly lpOut: bigint
  /** LP units minted to anyone (v1's first provision: to addr_none). */
  readonly lpMinted: bigint
  /** Router / pool refund code when `status` is `'refunded'`. */
  readonly exitCode: number | undefined
  readonly transactions: readonly BlockchainTransaction[]
  readonly failures: readonly FailedTransaction[]
}

/**
 * What a burn did.
 *
 * @example
 * ```ts
 * // { status: 'ok', exitCode: undefined, amount0: 707106781n, amount1: 1414213562n, … }
 * ```
 */
export type BurnReceipt = {
  /** `'ok'` when both outputs were paid; `'rejected'` when the pool threw (LP restored). */
  readonly status: 'ok' | 'rejected'
  /** The pool's exit code when rejected (e.g. 81 zero output, 86 response not addr_none). */
  readonly exitCode: number | undefined
  readonly amount0: bigint
  readonly amount1: bigint
  readonly transactions: readonly BlockchainTransaction[]
  readonly failures: readonly FailedTransaction[]
}

/**
 * What a fee collection or a vault withdrawal did.
 *
 * @example
 * ```ts
 * // { status: 'ok', exitCode: undefined, paid: Map { '0:…' → 1994010n }, … }
 * ```
 */
export type PayoutReceipt = {
  readonly status: 'ok' | 'rejected'
  /** The contract's exit code when rejected. */
  readonly exitCode: number | undefined
  /** Amounts paid out per token wallet, `0:hex` → units. */
  readonly paid: ReadonlyMap<string, bigint>
  readonly transactions: readonly BlockchainTransaction[]
  readonly failures: readonly FailedTransaction[]
}

/**
 * Builds the receipt of a swap flow from what the pool reported: its payout (`exitCode` and the
 * amount paid or refunded) when the swap reached the pool, else the router's refusal.
 *
 * @example
 * ```ts
 * swapReceipt({ pool: { exitCode: 0xc64370e5, amount: 1992015968n }, referralOut: 0n, … })
 * // { status: 'ok', exitCode: 0xc64370e5, amountOut: 1992015968n, refundAmount: 0n, … }
 * ```
 */
export function swapReceipt(flow: {
  /** The pool's `pay_to` to the receiver or refund address; undefined if it never ran. */
  readonly pool: { readonly exitCode: number; readonly amount: bigint } | undefined
  /** The router's refusal, used when the pool never answered. */
  readonly refusal: () => { readonly exitCode: number; readonly amount: bigint }
  readonly referralOut: bigint
  readonly delivered: bigint
  readonly transactions: readonly BlockchainTransaction[]
  readonly failures: readonly FailedTransaction[]
}): SwapReceipt {
  const { delivered, transactions, failures } = flow
  if (flow.pool !== undefined) {
    const ok = flow.pool.exitCode === EXIT_CODES.swap_ok
    return {
      status: ok ? 'ok' : 'refunded',
      exitCode: flow.pool.exitCode,
      amountOut: ok ? flow.pool.amount : 0n,
      referralOut: flow.referralOut,
      refundAmount: ok ? 0n : flow.pool.amount,
      delivered,
      transactions,
      failures,
    }
  }
  const refusal = flow.refusal()
  return {
    status: 'refunded',
    exitCode: refusal.exitCode,
    amountOut: 0n,
    referralOut: 0n,
    refundAmount: refusal.amount,
    delivered,
    transactions,
    failures,
  }
}

/**
 * Builds the receipt of a provision from what the flow showed: the LP it minted, else the
 * pool's refund code, else the router's refusal; with none of them the amounts wait in the LP
 * account (`'stored'`).
 *
 * @example
 * ```ts
 * provideReceipt({ minted: { lpOut: 1999998999n, lpMinted: 2000000000n }, poolRefund: undefined, … })
 * // { status: 'minted', lpOut: 1999998999n, lpMinted: 2000000000n, exitCode: undefined, … }
 * ```
 */
export function provideReceipt(flow: {
  /** The LP minted to the receiver and to anyone; undefined when nothing was minted. */
  readonly minted: { readonly lpOut: bigint; readonly lpMinted: bigint } | undefined
  /** The exit code of the pool's refund `pay_to`, if it sent one. */
  readonly poolRefund: number | undefined
  /** The router's refusal, used when neither the pool minted nor refunded. */
  readonly refusal: () => { readonly exitCode: number }
  readonly transactions: readonly BlockchainTransaction[]
  readonly failures: readonly FailedTransaction[]
}): ProvideReceipt {
  const { transactions, failures } = flow
  if (flow.minted !== undefined) {
    return { status: 'minted', ...flow.minted, exitCode: undefined, transactions, failures }
  }
  const exitCode = flow.poolRefund ?? flow.refusal().exitCode
  if (flow.poolRefund !== undefined || exitCode !== 0) {
    return { status: 'refunded', lpOut: 0n, lpMinted: 0n, exitCode, transactions, failures }
  }
  return { status: 'stored', lpOut: 0n, lpMinted: 0n, exitCode: undefined, transactions, failures }
}
