import { type Address, toNano } from '@ton/core'
import type { BlockchainTransaction } from '@ton/sandbox'
import type { PoolKind } from '../core/pool/PoolState.js'
import { decodeBodyAs } from '../protocol/decode/decodeBody.js'
import { dexV2ProvidePayload, dexV2SwapPayload } from '../protocol/dex/v2Messages.js'
import { SDK_PROVIDE_GAS, SDK_SWAP_GAS } from '../protocol/sdkGas.js'
import type { DexWorld } from './DexWorld.js'
import { deliveredTo, routerRefusal } from './delivery.js'
import type { LocalAsset, LocalRouter } from './model.js'
import { payToV2 } from './payoutFlows.js'
import { lpSupply } from './readState.js'
import { type ProvideReceipt, provideReceipt, type SwapReceipt, swapReceipt } from './receipts.js'
import type { ProvideRequest, SwapRequest } from './requests.js'
import { resolvePool, routerWallet, swapRoute } from './routing.js'
import { type RouterGas, sendToRouter } from './sendToRouter.js'
import { failedTransactions, messagesFrom } from './transactions.js'

/**
 * `@ston-fi/sdk` v2.1 swap gas per router type (`docs/contracts.md` §4): the SDK's Stable, WCPI and
 * WStable routers attach more, as their pools' swap gas is higher (§2.15).
 */
const SWAP_GAS: Readonly<Record<PoolKind, RouterGas>> = SDK_SWAP_GAS.v2

/** The SDK's wallet value on top of the forwarded TON of a DEX v2 jetton swap (0.3 − 0.24). */
const WALLET_GAS = toNano('0.06')

/**
 * The TON of a swap that forwards `routerTon` to the router, attached as the SDK does.
 *
 * @example
 * ```ts
 * routerGas(toNano('0.29')).jetton.gas // 350000000n
 * ```
 */
export function routerGas(routerTon: bigint): RouterGas {
  return { jetton: { gas: routerTon + WALLET_GAS, forward: routerTon }, tonForward: routerTon }
}

/**
 * The TON a DEX v2 swap of `kind` forwards to the router by default (the SDK's
 * `forwardGasAmount`).
 *
 * @example
 * ```ts
 * swapRouterTon('constant_product') // 240000000n
 * ```
 */
export function swapRouterTon(kind: PoolKind): bigint {
  return SWAP_GAS[kind].jetton.forward
}

/** `@ston-fi/sdk` v2.1 provision gas, the same for every router type (`docs/contracts.md` §4). */
const GAS = { provide: SDK_PROVIDE_GAS.v2, provideSingle: SDK_PROVIDE_GAS.v2SingleSided }

/**
 * How long a DEX v2 request stays valid when it names no deadline, in seconds (as the SDK).
 *
 * @example
 * ```ts
 * world.now() + DEFAULT_DEADLINE_SECONDS // 1_700_000_900 at the default pinned time
 * ```
 */
export const DEFAULT_DEADLINE_SECONDS = 900

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
  const { askWallet, answerer, receiver } = await swapRoute(world, router, req)
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
  const gas = req.routerTon === undefined ? SWAP_GAS[router.kind] : routerGas(req.routerTon)
  const txs = await sendToRouter(world, router, req.from, req.offer, req.amount, payload, gas)
  return swapReceiptV2(world, txs, router, answerer, req.ask, receiver)
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
  const fromPool = messagesFrom(txs, pool)
  const payTo = fromPool.map(({ message }) => payToV2(message.body)).find((p) => p !== undefined)
  const referralOut = fromPool
    .map(({ message }) => decodeBodyAs(message.body, 'v2.pay_vault'))
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
    const gas =
      req.routerTon !== undefined
        ? routerGas(req.routerTon)
        : single
          ? GAS.provideSingle
          : GAS.provide
    txs.push(...(await sendToRouter(world, router, req.from, asset, amount, payload, gas)))
  }
  const supplyAfter = await lpSupply(world, pool.address)
  return provideReceiptV2(txs, router.address, pool.address, supplyAfter - supplyBefore)
}

/**
 * Reads a v2 provision's outcome: the pool's LP mint, its refund `pay_to`, or the router's
 * refusal.
 *
 * @example
 * ```ts
 * provideReceiptV2(txs, router.address, pool.address, 2_000_000_000n).lpOut // 1999998999n
 * ```
 */
function provideReceiptV2(
  txs: readonly BlockchainTransaction[],
  router: Address,
  pool: Address,
  lpMinted: bigint,
): ProvideReceipt {
  const fromPool = messagesFrom(txs, pool)
  const mints = fromPool
    .map(({ message }) => decodeBodyAs(message.body, 'jetton.internal_transfer')?.amount)
    .filter((amount) => amount !== undefined)
  const refund = fromPool.map(({ message }) => payToV2(message.body)).find((p) => p !== undefined)
  return provideReceipt({
    minted:
      mints.length > 0 ? { lpOut: mints.reduce((sum, a) => sum + a, 0n), lpMinted } : undefined,
    poolRefund: refund?.exitCode,
    refusal: () => routerRefusal(txs, router),
    transactions: txs,
    failures: failedTransactions(txs),
  })
}
