import { type Address, toNano } from '@ton/core'
import type { BlockchainTransaction } from '@ton/sandbox'
import {
  decodeDexV1PayTo,
  dexV1CollectFeesBody,
  dexV1ProvidePayload,
  dexV1SwapPayload,
} from '../contracts-fixtures/codecs/dexV1.js'
import { jettonBurnBody, jettonTransferBody } from '../contracts-fixtures/codecs/jetton.js'
import { EXIT_CODES } from '../core/errors/exitCodes.js'
import type { DexWorld, Treasury } from './DexWorld.js'
import { deliveredTo, routerRefusal } from './delivery.js'
import { lpSupply } from './dexV2Flows.js'
import type { LocalAsset, LocalPool, LocalRouter } from './model.js'
import {
  type BurnReceipt,
  type PayoutReceipt,
  type ProvideReceipt,
  type SwapReceipt,
  swapReceipt,
} from './receipts.js'
import type { ProvideRequest, SwapRequest } from './requests.js'
import { assertTradable, resolvePool, routerWallet, sameAsset } from './routing.js'
import { failedTransactions, messagesFrom } from './transactions.js'

/** `@ston-fi/sdk` RouterV1 / PoolV1 gas constants (`contracts.md` §4). */
const GAS = {
  swapJettonToJetton: { gas: toNano('0.22'), forward: toNano('0.175') },
  swapJettonToTon: { gas: toNano('0.17'), forward: toNano('0.125') },
  swapTonForward: toNano('0.185'),
  provideJetton: { gas: toNano('0.3'), forward: toNano('0.24') },
  provideTonForward: toNano('0.26'),
  burn: toNano('0.5'),
  collectFees: toNano('1.1'),
}

async function sendToRouterV1(
  world: DexWorld,
  router: LocalRouter,
  from: Treasury,
  asset: LocalAsset,
  amount: bigint,
  payload: import('@ton/core').Cell,
  jettonGas: { gas: bigint; forward: bigint },
  tonForward: bigint,
): Promise<readonly BlockchainTransaction[]> {
  assertTradable(router, asset)
  if (asset.kind === 'pton') {
    // pTON v1: a TEP-74 transfer to the router's pTON wallet, value = amount + forward.
    const wallet = await routerWallet(world, router, asset)
    const body = jettonTransferBody({
      amount,
      destination: router.address,
      response: null,
      forwardTonAmount: tonForward,
      forwardPayload: payload,
    })
    return world.send(from, { to: wallet, value: amount + tonForward, body })
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
  const askWallet = await routerWallet(world, router, req.ask)
  // Offer and ask of the same asset reach no pool: the router refuses them.
  const poolAddress = sameAsset(req.offer, req.ask)
    ? router.address
    : (await resolvePool(world, router, req.offer, req.ask)).address
  const receiver = req.receiver ?? req.from.address
  const payload = dexV1SwapPayload({
    askWallet,
    minOut: req.minOut ?? 0n,
    to: receiver,
    referral: req.referral,
  })
  const gas = req.ask.kind === 'pton' ? GAS.swapJettonToTon : GAS.swapJettonToJetton
  const txs = await sendToRouterV1(
    world,
    router,
    req.from,
    req.offer,
    req.amount,
    payload,
    gas,
    GAS.swapTonForward,
  )
  const failures = failedTransactions(txs)
  const payTos = messagesFrom(txs, poolAddress)
    .map(({ message }) => decodeDexV1PayTo(message.body))
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
    txs.push(
      ...(await sendToRouterV1(
        world,
        router,
        req.from,
        asset,
        amount,
        payload,
        GAS.provideJetton,
        GAS.provideTonForward,
      )),
    )
  }
  const failures = failedTransactions(txs)
  const minted = (await lpSupply(world, pool.address)) - before
  if (minted > 0n) {
    // The first provision mints to addr_none: the depositor receives nothing.
    const lpOut = before === 0n ? 0n : minted
    return {
      status: 'minted',
      lpOut,
      lpMinted: minted,
      exitCode: undefined,
      transactions: txs,
      failures,
    }
  }
  const refusal = routerRefusal(txs, router.address)
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
  const failures = failedTransactions(txs)
  const poolFailure = failures.find((f) => f.account === pool.address.toRawString())
  const payout = messagesFrom(txs, pool.address)
    .map(({ message }) => decodeDexV1PayTo(message.body))
    .find((p) => p?.exitCode === EXIT_CODES.burn_ok)
  if (poolFailure !== undefined || payout === undefined) {
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
    amount0: payout.amount0,
    amount1: payout.amount1,
    transactions: txs,
    failures,
  }
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
  const failures = failedTransactions(txs)
  const failure = failures.find((f) => f.account === pool.address.toRawString())
  const paid = new Map<string, bigint>()
  for (const { message } of messagesFrom(txs, pool.address)) {
    const p = decodeDexV1PayTo(message.body)
    if (p === undefined) continue
    for (const [wallet, amount] of [
      [p.token0, p.amount0],
      [p.token1, p.amount1],
    ] as [Address, bigint][]) {
      if (amount > 0n)
        paid.set(wallet.toRawString(), (paid.get(wallet.toRawString()) ?? 0n) + amount)
    }
  }
  const status = failure === undefined && paid.size > 0 ? 'ok' : 'rejected'
  return { status, exitCode: failure?.exitCode, paid, transactions: txs, failures }
}
