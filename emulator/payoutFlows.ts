import { type Address, type Cell, toNano } from '@ton/core'
import type { BlockchainTransaction } from '@ton/sandbox'
import { EXIT_CODES } from '../core/errors/exitCodes.js'
import { decodeBodyAs } from '../protocol/decode/decodeBody.js'
import { dexV1RefundMeBody } from '../protocol/dex/v1Messages.js'
import {
  dexV2CollectFeesBody,
  dexV2RefundMeBody,
  dexV2WithdrawFeeBody,
} from '../protocol/dex/v2Messages.js'
import { jettonBurnBody } from '../protocol/jetton/messages.js'
import type { DexWorld, Treasury } from './DexWorld.js'
import type { LocalAsset, LocalPool, LocalRouter } from './model.js'
import type { BurnReceipt, PayoutReceipt } from './receipts.js'
import { lpAccountAddress, vaultAddress } from './routing.js'
import { failedTransactions, messagesFrom } from './transactions.js'

/** `@ston-fi/sdk` gas constants of the payout operations (`docs/contracts.md` §4). */
const GAS = {
  burn: toNano('0.8'),
  collectFees: toNano('0.4'),
  withdrawFee: toNano('0.3'),
  refundMe: toNano('0.8'),
  refundV1: toNano('0.3'),
}

/**
 * Burns LP through the owner's DEX v2 LP wallet (response addr_none, as the SDK).
 *
 * @example
 * ```ts
 * // R = (1e12, 2e12), S = 1414213562373 (docs/contracts.md §6)
 * await burnV2(world, pool, alice, 1_000_000_000n) // { status: 'ok', amount0: 707106781n, amount1: 1414213562n, … }
 * ```
 */
export async function burnV2(
  world: DexWorld,
  pool: LocalPool,
  from: Treasury,
  lp: bigint,
  response: Address | null = null,
): Promise<BurnReceipt> {
  const wallet = await world.walletAddress(pool.address, from.address)
  const txs = await world.send(from, {
    to: wallet,
    value: GAS.burn,
    body: jettonBurnBody({ amount: lp, response }),
  })
  return burnReceipt(txs, pool, payToV2)
}

/**
 * What the pool's `pay_to` says, in the fields both DEX versions share (the decoded `v1.pay_to`
 * and `v2.pay_to` bodies).
 *
 * @example
 * ```ts
 * const p: PayTo | undefined = payToV1(body) // { exitCode: 0xdda48b6a, amount0: 707106781n, … }
 * ```
 */
export type PayTo = {
  readonly exitCode: number
  readonly amount0: bigint
  readonly token0: Address | null
  readonly amount1: bigint
  readonly token1: Address | null
}

/**
 * A DEX v1 pool's `pay_to`, or `undefined` for another message.
 *
 * @example
 * ```ts
 * payToV1(body)?.exitCode // 0x45078540 (swap_ok_ref) for the referral payout
 * ```
 */
export function payToV1(body: Cell): PayTo | undefined {
  return decodeBodyAs(body, 'v1.pay_to')
}

/**
 * A DEX v2 pool's `pay_to`, or `undefined` for another message.
 *
 * @example
 * ```ts
 * payToV2(body)?.exitCode // 0xc64370e5 (swap_ok)
 * ```
 */
export function payToV2(body: Cell): PayTo | undefined {
  return decodeBodyAs(body, 'v2.pay_to')
}

/**
 * Reads a burn's outcome: the pool's `pay_to burn_ok` (v1 sends one, v2 two; the amounts are
 * added), or the pool's exit code.
 *
 * @example
 * ```ts
 * burnReceipt(txs, pool, payToV2) // { status: 'rejected', exitCode: 86, … } for a response address
 * ```
 */
export function burnReceipt(
  txs: readonly BlockchainTransaction[],
  pool: LocalPool,
  decodePayTo: (body: Cell) => PayTo | undefined,
): BurnReceipt {
  const failures = failedTransactions(txs)
  // No transaction on the pool means no failure there either.
  const poolFailure = failures.find((f) => f.account === pool.address.toRawString())
  const payouts = messagesFrom(txs, pool.address)
    .map(({ message }) => decodePayTo(message.body))
    .filter((p) => p !== undefined && p.exitCode === EXIT_CODES.burn_ok)
  if (poolFailure !== undefined || payouts.length === 0) {
    return {
      status: 'rejected',
      exitCode: poolFailure?.exitCode,
      amount0: 0n,
      amount1: 0n,
      transactions: txs,
      failures,
    }
  }
  return {
    status: 'ok',
    exitCode: undefined,
    amount0: payouts.reduce((s, p) => s + (p?.amount0 ?? 0n), 0n),
    amount1: payouts.reduce((s, p) => s + (p?.amount1 ?? 0n), 0n),
    transactions: txs,
    failures,
  }
}

/**
 * The protocol fee address collects a DEX v2 pool's protocol fees.
 *
 * @example
 * ```ts
 * (await collectFeesV2(world, pool, carol)).exitCode // 0xffff unless carol is the protocol fee address
 * ```
 */
export async function collectFeesV2(
  world: DexWorld,
  pool: LocalPool,
  from: Treasury,
): Promise<PayoutReceipt> {
  const txs = await world.send(from, {
    to: pool.address,
    value: GAS.collectFees,
    body: dexV2CollectFeesBody({}),
  })
  return payoutReceipt(txs, pool.address, (body) => payToAmounts(payToV2(body)))
}

/**
 * Anyone triggers a referral vault's withdrawal; the router pays the owner.
 *
 * @example
 * ```ts
 * // after a 1e9 swap with a 10 bps referral on R = (1e12, 2e12)
 * (await withdrawVaultV2(world, router, bob.address, b, carol)).paid // Map { routerB → 1994010n }
 * ```
 */
export async function withdrawVaultV2(
  world: DexWorld,
  router: LocalRouter,
  owner: Address,
  asset: LocalAsset,
  from: Treasury,
): Promise<PayoutReceipt> {
  const vault = await vaultAddress(world, router, owner, asset)
  const txs = await world.send(from, {
    to: vault,
    value: GAS.withdrawFee,
    body: dexV2WithdrawFeeBody(),
  })
  return payoutReceipt(txs, vault, (body) => {
    const pay = decodeBodyAs(body, 'v2.vault_pay_to')
    return pay?.token ? [[pay.token, pay.amount]] : []
  })
}

/**
 * The (token wallet, amount) pairs of a `pay_to`; none for another message.
 *
 * @example
 * ```ts
 * payToAmounts(payToV2(body)) // [[wallet0, 1234n], [wallet1, 0n]] for a fee collection
 * ```
 */
export function payToAmounts(p: PayTo | undefined): [Address, bigint][] {
  if (p === undefined) return []
  const out: [Address, bigint][] = []
  if (p.token0 !== null) out.push([p.token0, p.amount0])
  if (p.token1 !== null) out.push([p.token1, p.amount1])
  return out
}

/**
 * Reads a payout's outcome: what `payer` sent per token wallet (the amounts `decode` finds in
 * its messages, 0 ignored), or its exit code when it failed or paid nothing.
 *
 * @example
 * ```ts
 * payoutReceipt(txs, pool.address, (body) => payToAmounts(payToV1(body)))
 * // { status: 'ok', paid: Map { '0:…' → 1234n }, … }
 * ```
 */
export function payoutReceipt(
  txs: readonly BlockchainTransaction[],
  payer: Address,
  decode: (body: Cell) => [Address, bigint][],
): PayoutReceipt {
  const failures = failedTransactions(txs)
  const failure = failures.find((f) => f.account === payer.toRawString())
  const paid = new Map<string, bigint>()
  for (const { message } of messagesFrom(txs, payer)) {
    for (const [wallet, amount] of decode(message.body)) {
      if (amount > 0n)
        paid.set(wallet.toRawString(), (paid.get(wallet.toRawString()) ?? 0n) + amount)
    }
  }
  const status = failure === undefined && paid.size > 0 ? 'ok' : 'rejected'
  return { status, exitCode: failure?.exitCode, paid, transactions: txs, failures }
}

/**
 * The owner asks its LP account to give back what waits there (`refund_me`); the pool pays it
 * out with `refund_ok`. Works for both DEX versions.
 *
 * @example
 * ```ts
 * (await refundLpAccount(world, pool, bob)).paid // Map { wallet0 → 1000000n } after a half provision
 * ```
 */
export async function refundLpAccount(
  world: DexWorld,
  pool: LocalPool,
  from: Treasury,
): Promise<PayoutReceipt> {
  const account = await lpAccountAddress(world, pool, from.address)
  const v1 = pool.router.dex === 'v1'
  const body = v1 ? dexV1RefundMeBody() : dexV2RefundMeBody()
  const txs = await world.send(from, { to: account, value: v1 ? GAS.refundV1 : GAS.refundMe, body })
  const decodePayTo = v1 ? payToV1 : payToV2
  return payoutReceipt(txs, pool.address, (body) => payToAmounts(decodePayTo(body)))
}
