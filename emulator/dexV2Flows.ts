import { type Address, type Cell, toNano } from '@ton/core'
import type { BlockchainTransaction } from '@ton/sandbox'
import { decodeDexV2PayTo, decodeDexV2PayVault } from '../contracts-fixtures/codecs/dexV2Decode.js'
import {
  dexV2ProvidePayload,
  dexV2SwapPayload,
} from '../contracts-fixtures/codecs/dexV2Payloads.js'
import { jettonTransferBody } from '../contracts-fixtures/codecs/jetton.js'
import { JETTON_OP } from '../contracts-fixtures/codecs/opCodes.js'
import { ptonV2TonTransferBody } from '../contracts-fixtures/codecs/ptonV2.js'
import type { DexWorld, Treasury } from './DexWorld.js'
import { deliveredTo, routerRefusal } from './delivery.js'
import type { LocalAsset, LocalRouter } from './model.js'
import { type ProvideReceipt, type SwapReceipt, swapReceipt } from './receipts.js'
import type { ProvideRequest, SwapRequest } from './requests.js'
import { assertTradable, resolvePool, routerWallet, sameAsset } from './routing.js'
import { failedTransactions, messagesFrom, opOf } from './transactions.js'

/** `@ston-fi/sdk` v2.1 gas constants (`contracts.md` §4). */
const GAS = {
  swapJetton: { gas: toNano('0.3'), forward: toNano('0.24') },
  swapTonForward: toNano('0.3'),
  provideJetton: { gas: toNano('0.3'), forward: toNano('0.235') },
  provideTonForward: toNano('0.3'),
  singleJetton: { gas: toNano('1'), forward: toNano('0.8') },
  singleTonForward: toNano('0.8'),
  tonTransfer: toNano('0.01'),
}

const DEFAULT_DEADLINE_SECONDS = 900

/** Sends `amount` of `asset` from `from` to the router with `payload`, as a wallet does. */
async function sendToRouter(
  world: DexWorld,
  router: LocalRouter,
  from: Treasury,
  asset: LocalAsset,
  amount: bigint,
  payload: Cell,
  jettonGas: { gas: bigint; forward: bigint },
  tonForward: bigint,
): Promise<readonly BlockchainTransaction[]> {
  assertTradable(router, asset)
  if (asset.kind === 'pton') {
    const wallet = await routerWallet(world, router, asset)
    const body = ptonV2TonTransferBody({
      tonAmount: amount,
      refund: from.address,
      forwardPayload: payload,
    })
    return world.send(from, { to: wallet, value: amount + tonForward + GAS.tonTransfer, body })
  }
  const wallet = await world.walletAddress(asset.minter, from.address)
  const body = jettonTransferBody({
    amount,
    destination: router.address,
    response: from.address,
    forwardTonAmount: jettonGas.forward,
    forwardPayload: payload,
  })
  return world.send(from, { to: wallet, value: jettonGas.gas, body })
}

/**
 * Swaps through a DEX v2 router and reads the outcome from the pool's `pay_to`.
 *
 * @example
 * ```ts
 * // pool R = (1e12, 2e12), fees 20 / 10 bps
 * (await swapV2(world, router, { from: alice, offer: a, ask: b, amount: 1_000_000_000n })).amountOut
 * // 1992015968n
 * ```
 */
export async function swapV2(
  world: DexWorld,
  router: LocalRouter,
  req: SwapRequest,
): Promise<SwapReceipt> {
  const askWallet = await routerWallet(world, router, req.ask)
  // Offer and ask of the same asset reach no pool: the router refuses them.
  const pool = sameAsset(req.offer, req.ask)
    ? router.address
    : (await resolvePool(world, router, req.offer, req.ask)).address
  const receiver = req.receiver ?? req.from.address
  const payload = dexV2SwapPayload({
    askWallet,
    refundAddress: req.refundAddress ?? req.from.address,
    receiver,
    minOut: req.minOut ?? 0n,
    deadline: req.deadline ?? world.now() + DEFAULT_DEADLINE_SECONDS,
    referral: req.referral,
    referralBps: req.referralBps,
    customPayload: req.customPayload,
    fwdGas: req.forwardGas,
    refundPayload: req.refundPayload,
    refundFwdGas: req.refundForwardGas,
  })
  const txs = await sendToRouter(
    world,
    router,
    req.from,
    req.offer,
    req.amount,
    payload,
    GAS.swapJetton,
    GAS.swapTonForward,
  )
  return swapReceiptV2(world, txs, router, pool, req.ask, receiver)
}

/**
 * Reads a v2 swap's outcome: `pool`'s `pay_to`, or the router's refusal.
 *
 * @example
 * ```ts
 * (await swapReceiptV2(world, txs, router, pool.address, b, alice.address)).exitCode // 0xc64370e5
 * ```
 */
export async function swapReceiptV2(
  world: DexWorld,
  txs: readonly BlockchainTransaction[],
  router: LocalRouter,
  pool: Address,
  ask: LocalAsset,
  receiver: Address,
): Promise<SwapReceipt> {
  const failures = failedTransactions(txs)
  const payTo = messagesFrom(txs, pool)
    .map(({ message }) => decodeDexV2PayTo(message.body))
    .find((p) => p !== undefined)
  const referralOut = messagesFrom(txs, pool)
    .map(({ message }) => decodeDexV2PayVault(message.body))
    .reduce((sum, v) => sum + (v === undefined ? 0n : v.amount0 + v.amount1), 0n)
  const askWallet = await routerWallet(world, router, ask)
  const delivered = await deliveredTo(world, txs, ask, receiver, askWallet)
  return swapReceipt({
    pool: payTo && { exitCode: payTo.exitCode, amount: payTo.amount0 + payTo.amount1 },
    refusal: () => routerRefusal(txs, router.address),
    referralOut,
    delivered,
    transactions: txs,
    failures,
  })
}

/**
 * Provides liquidity on a DEX v2 router: both sides, or one side when the other amount is 0.
 *
 * @example
 * ```ts
 * (await provideV2(world, router, { from: bob, assetA: a, amountA: 10n ** 9n,
 *   assetB: c, amountB: 4n * 10n ** 9n })) // { status: 'minted', lpOut: 1999998999n, lpMinted: 2000000000n, … }
 * ```
 */
export async function provideV2(
  world: DexWorld,
  router: LocalRouter,
  req: ProvideRequest,
): Promise<ProvideReceipt> {
  const pool = await resolvePool(world, router, req.assetA, req.assetB)
  const supplyBefore = await lpSupply(world, pool.address)
  const single = req.amountA === 0n || req.amountB === 0n
  const receiver = req.receiver ?? req.from.address
  const deadline = req.deadline ?? world.now() + DEFAULT_DEADLINE_SECONDS
  const sides: [LocalAsset, bigint, LocalAsset][] = [
    [req.assetA, req.amountA, req.assetB],
    [req.assetB, req.amountB, req.assetA],
  ]
  const txs: BlockchainTransaction[] = []
  for (const [asset, amount, other] of sides) {
    if (amount === 0n) continue
    const payload = dexV2ProvidePayload({
      otherWallet: await routerWallet(world, router, other),
      refundAddress: req.from.address,
      receiver,
      minLpOut: req.minLpOut ?? 1n,
      bothPositive: !single,
      deadline,
    })
    const gas = single ? GAS.singleJetton : GAS.provideJetton
    const forward = single ? GAS.singleTonForward : GAS.provideTonForward
    txs.push(...(await sendToRouter(world, router, req.from, asset, amount, payload, gas, forward)))
  }
  const supplyAfter = await lpSupply(world, pool.address)
  return provideReceipt(txs, router.address, pool.address, supplyAfter - supplyBefore)
}

/**
 * Reads a provision's outcome from the pool's mint, its return to the LP account or a refund.
 *
 * @example
 * ```ts
 * provideReceipt(txs, router.address, pool.address, 2_000_000_000n).lpOut // 1999998999n
 * ```
 */
export function provideReceipt(
  txs: readonly BlockchainTransaction[],
  router: Address,
  pool: Address,
  lpMinted: bigint,
): ProvideReceipt {
  const failures = failedTransactions(txs)
  const fromPool = messagesFrom(txs, pool)
  const mints = fromPool.filter(({ message }) => opOf(message.body) === JETTON_OP.internalTransfer)
  const lpOut = mints.reduce((sum, { message }) => {
    const s = message.body.beginParse()
    s.skip(32 + 64)
    return sum + s.loadCoins()
  }, 0n)
  if (mints.length > 0) {
    return { status: 'minted', lpOut, lpMinted, exitCode: undefined, transactions: txs, failures }
  }
  const refund = fromPool
    .map(({ message }) => decodeDexV2PayTo(message.body))
    .find((p) => p !== undefined)
  if (refund !== undefined) {
    return {
      status: 'refunded',
      lpOut: 0n,
      lpMinted: 0n,
      exitCode: refund.exitCode,
      transactions: txs,
      failures,
    }
  }
  const refusal = routerRefusal(txs, router)
  if (refusal.exitCode !== 0) {
    return {
      status: 'refunded',
      lpOut: 0n,
      lpMinted: 0n,
      exitCode: refusal.exitCode,
      transactions: txs,
      failures,
    }
  }
  return {
    status: 'stored',
    lpOut: 0n,
    lpMinted: 0n,
    exitCode: undefined,
    transactions: txs,
    failures,
  }
}

/**
 * The LP supply of a pool (0 before it exists).
 *
 * @example
 * ```ts
 * await lpSupply(world, pool.address) // 1414213562373n after a first provision of (1e12, 2e12)
 * ```
 */
export async function lpSupply(world: DexWorld, pool: Address): Promise<bigint> {
  if (!(await world.isActive(pool))) return 0n
  return (await world.get(pool, 'get_jetton_data')).readBigNumber()
}
