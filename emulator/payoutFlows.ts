import { type Address, beginCell, type Cell, toNano } from '@ton/core'
import type { BlockchainTransaction } from '@ton/sandbox'
import { decodeDexV1PayTo } from '../contracts-fixtures/codecs/dexV1.js'
import { decodeDexV2PayTo } from '../contracts-fixtures/codecs/dexV2Decode.js'
import {
  dexV2CollectFeesBody,
  dexV2RefundMeBody,
  dexV2WithdrawFeeBody,
} from '../contracts-fixtures/codecs/dexV2Payloads.js'
import { jettonBurnBody } from '../contracts-fixtures/codecs/jetton.js'
import { EXIT_CODES } from '../core/errors/exitCodes.js'
import { addressArg, type DexWorld, type Treasury } from './DexWorld.js'
import type { LocalAsset, LocalPool, LocalRouter } from './model.js'
import type { BurnReceipt, PayoutReceipt } from './receipts.js'
import { routerWallet } from './routing.js'
import { failedTransactions, messagesFrom, transactionsOn } from './transactions.js'

/** `@ston-fi/sdk` gas constants of the payout operations (`contracts.md` §4). */
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
 * // R = (1e12, 2e12), S = 1414213562373 (contracts.md §6)
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
  return burnReceipt(txs, pool, EXIT_CODES.burn_ok)
}

/**
 * Reads a burn's outcome: the pool's two `pay_to burn_ok`, or the pool's exit code.
 *
 * @example
 * ```ts
 * burnReceipt(txs, pool, EXIT_CODES.burn_ok) // { status: 'rejected', exitCode: 86, … } for a response address
 * ```
 */
export function burnReceipt(
  txs: readonly BlockchainTransaction[],
  pool: LocalPool,
  okCode: number,
): BurnReceipt {
  const failures = failedTransactions(txs)
  const poolFailure =
    transactionsOn(txs, pool.address).length > 0
      ? failures.find((f) => f.account === pool.address.toRawString())
      : undefined
  const payouts = messagesFrom(txs, pool.address)
    .map(({ message }) => decodeDexV2PayTo(message.body))
    .filter((p) => p !== undefined && p.exitCode === okCode)
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
  return payoutReceipt(txs, pool.address, (body) => {
    const p = decodeDexV2PayTo(body)
    return p === undefined
      ? []
      : [
          [p.token0, p.amount0],
          [p.token1, p.amount1],
        ]
  })
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
    const s = body.beginParse()
    if (s.remainingBits < 32 || s.loadUint(32) !== 0x2100c922) return []
    s.skip(64)
    const amount = s.loadCoins()
    return [[s.loadAddress(), amount]]
  })
}

/**
 * The referral vault of `owner` for `asset` on a DEX v2 router.
 *
 * @example
 * ```ts
 * const vault = await vaultAddress(world, router, bob.address, usdt) // bob's USDT vault
 * ```
 */
export async function vaultAddress(
  world: DexWorld,
  router: LocalRouter,
  owner: Address,
  asset: LocalAsset,
) {
  const wallet = await routerWallet(world, router, asset)
  return (
    await world.get(router.address, 'get_vault_address', [addressArg(owner), addressArg(wallet)])
  ).readAddress()
}

function payoutReceipt(
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
  const account = (
    await world.get(pool.address, 'get_lp_account_address', [addressArg(from.address)])
  ).readAddress()
  const v1 = pool.router.dex === 'v1'
  const body = v1
    ? beginCell().storeUint(0x0bf3f447, 32).storeUint(0, 64).endCell()
    : dexV2RefundMeBody()
  const txs = await world.send(from, { to: account, value: v1 ? GAS.refundV1 : GAS.refundMe, body })
  return payoutReceipt(txs, pool.address, (body) => {
    if (v1) {
      const p = decodeDexV1PayTo(body)
      return p === undefined
        ? []
        : [
            [p.token0, p.amount0],
            [p.token1, p.amount1],
          ]
    }
    const p = decodeDexV2PayTo(body)
    return p === undefined
      ? []
      : [
          [p.token0, p.amount0],
          [p.token1, p.amount1],
        ]
  })
}
