import { toNano } from '@ton/core'
import type { BlockchainTransaction } from '@ton/sandbox'
import { EXIT_CODES } from '../core/errors/exitCodes.js'
import {
  dexV1CollectFeesBody,
  dexV1ProvidePayload,
  dexV1SwapPayload,
} from '../protocol/dex/v1Messages.js'
import { jettonBurnBody } from '../protocol/jetton/messages.js'
import { SDK_PROVIDE_GAS, SDK_SWAP_GAS } from '../protocol/sdkGas.js'
import type { DexWorld, Treasury } from './DexWorld.js'
import { deliveredTo, routerRefusal } from './delivery.js'
import type { LocalAsset, LocalPool, LocalRouter } from './model.js'
import { burnReceipt, payoutReceipt, payToAmounts, payToV1 } from './payoutFlows.js'
import { lpSupply } from './readState.js'
import {
  type BurnReceipt,
  type PayoutReceipt,
  type ProvideReceipt,
  provideReceipt,
  type SwapReceipt,
  swapReceipt,
} from './receipts.js'
import type { ProvideRequest, SwapRequest } from './requests.js'
import { resolvePool, routerWallet, swapRoute } from './routing.js'
import { sendToRouter } from './sendToRouter.js'
import { failedTransactions, messagesFrom } from './transactions.js'

/** `@ston-fi/sdk` RouterV1 / PoolV1 gas constants (`docs/contracts.md` §4). */
const GAS = {
  swapToJetton: SDK_SWAP_GAS.v1.toJetton,
  swapToTon: SDK_SWAP_GAS.v1.toNative,
  provide: SDK_PROVIDE_GAS.v1,
  burn: toNano('0.5'),
  collectFees: toNano('1.1'),
}

/**
 * Swaps through a DEX v1 router and reads the outcome from the pool's `pay_to`.
 *
 * @example
 * ```ts
 * // pool R = (1e12, 2e12), fees 20 / 10 / 10 bps
 * (await swapV1(world, router, { from: alice, offer: a, ask: b, amount: 1_000_000_000n })).amountOut
 * // 1992015968n; with `referral: bob` 1990021958n and bob is paid 1994010n
 * ```
 */
export async function swapV1(
  world: DexWorld,
  router: LocalRouter,
  req: SwapRequest,
): Promise<SwapReceipt> {
  const { askWallet, answerer, receiver } = await swapRoute(world, router, req)
  const payload = dexV1SwapPayload({
    askWallet,
    minOut: req.minOut ?? 0n,
    to: receiver,
    referral: req.referral,
  })
  const gas = req.ask.kind === 'pton' ? GAS.swapToTon : GAS.swapToJetton
  const txs = await sendToRouter(world, router, req.from, req.offer, req.amount, payload, gas)
  const failures = failedTransactions(txs)
  const payTos = messagesFrom(txs, answerer)
    .map(({ message }) => payToV1(message.body))
    .filter((p) => p !== undefined)
  const delivered = await deliveredTo(world, txs, req.ask, receiver, askWallet)
  const main = payTos.find((p) => p.exitCode !== EXIT_CODES.swap_ok_ref)
  const referralOut = payTos
    .filter((p) => p.exitCode === EXIT_CODES.swap_ok_ref)
    .reduce((sum, p) => sum + p.amount0 + p.amount1, 0n)
  return swapReceipt({
    pool: main && { exitCode: main.exitCode, amount: main.amount0 + main.amount1 },
    refusal: () => routerRefusal(txs, router.address),
    referralOut,
    delivered,
    transactions: txs,
    failures,
  })
}

/**
 * Provides both sides on a DEX v1 router (each must exceed 1000 units to reach the pool).
 *
 * @example
 * ```ts
 * (await provideV1(world, router, { from: alice, assetA: a, amountA: 10n ** 12n,
 *   assetB: b, amountB: 2n * 10n ** 12n })).lpMinted // 1412262836n = floor(sqrt_v1(2e24) / 1000), to addr_none
 * ```
 */
export async function provideV1(
  world: DexWorld,
  router: LocalRouter,
  req: ProvideRequest,
): Promise<ProvideReceipt> {
  const pool = await resolvePool(world, router, req.assetA, req.assetB)
  const before = await lpSupply(world, pool.address)
  const txs: BlockchainTransaction[] = []
  const sides: [LocalAsset, bigint, LocalAsset][] = [
    [req.assetA, req.amountA, req.assetB],
    [req.assetB, req.amountB, req.assetA],
  ]
  for (const [asset, amount, other] of sides) {
    if (amount === 0n) continue
    const payload = dexV1ProvidePayload({
      otherWallet: await routerWallet(world, router, other),
      minLpOut: req.minLpOut ?? 1n,
    })
    txs.push(...(await sendToRouter(world, router, req.from, asset, amount, payload, GAS.provide)))
  }
  const minted = (await lpSupply(world, pool.address)) - before
  return provideReceipt({
    // The first provision mints to addr_none: the depositor receives nothing.
    minted: minted > 0n ? { lpOut: before === 0n ? 0n : minted, lpMinted: minted } : undefined,
    poolRefund: undefined,
    refusal: () => routerRefusal(txs, router.address),
    transactions: txs,
    failures: failedTransactions(txs),
  })
}

/**
 * Burns LP through the owner's DEX v1 LP wallet (response = the owner, as the SDK).
 *
 * @example
 * ```ts
 * // R = (1e12, 2e12), S = 1414213562373
 * (await burnV1(world, pool, alice, 1_000_000_000n)).amount0 // 707106781n
 * ```
 */
export async function burnV1(
  world: DexWorld,
  pool: LocalPool,
  from: Treasury,
  lp: bigint,
): Promise<BurnReceipt> {
  const wallet = await world.walletAddress(pool.address, from.address)
  const body = jettonBurnBody({ amount: lp, response: from.address })
  const txs = await world.send(from, { to: wallet, value: GAS.burn, body })
  return burnReceipt(txs, pool, payToV1)
}

/**
 * Anyone collects a DEX v1 pool's protocol fees (earning 0.1 %).
 *
 * @example
 * ```ts
 * (await collectFeesV1(world, pool, carol)).status // 'rejected' with exitCode 88 below 1 000 000 units per side
 * ```
 */
export async function collectFeesV1(
  world: DexWorld,
  pool: LocalPool,
  from: Treasury,
): Promise<PayoutReceipt> {
  const txs = await world.send(from, {
    to: pool.address,
    value: GAS.collectFees,
    body: dexV1CollectFeesBody(),
  })
  return payoutReceipt(txs, pool.address, (body) => payToAmounts(payToV1(body)))
}
