/**
 * Messages built by `@ston-fi/sdk` 2.7 (DEX v1 router, DEX v2.2 constant-product router, pTON v1
 * and v2.1), sent through the sandbox's providers, execute against the emulator's fixtures and
 * give exactly `ton-dex-lab/core`'s results.
 */
import { DEX, pTON } from '@ston-fi/sdk'
import { toNano } from '@ton/core'
import type { SandboxContract } from '@ton/sandbox'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { burn, provide, swap } from '../../core/index.js'
import { sideOf } from '../../emulator/index.js'
import { buildRouterWorld, type RouterWorld } from './_support/localWorld.js'
import { tonPaid } from './_support/tonPaid.js'

describe('@ston-fi/sdk DEX v1 against the emulator', () => {
  let w: RouterWorld
  let router: SandboxContract<InstanceType<typeof DEX.v1.Router>>
  let proxyTon: InstanceType<typeof pTON.v1>

  beforeAll(async () => {
    w = await buildRouterWorld('v1')
    router = w.dex.blockchain.openContract(DEX.v1.Router.create(w.router.address))
    proxyTon = pTON.v1.create(w.ton.minter)
  })

  beforeEach(async () => {
    await w.dex.restore(w.base)
  })

  it('swaps in all three directions like core', async () => {
    const sender = w.alice.getSender()
    const ab = await w.dex.poolState(w.poolAB)
    const e1 = swap(ab, {
      side: sideOf(w.poolAB, w.b),
      amountIn: 5_000_000_000n,
      hasReferral: true,
    })
    const before = await w.dex.jettonBalance(w.a, w.carol.address)
    await router.sendSwapJettonToJetton(sender, {
      userWalletAddress: w.alice.address,
      offerJettonAddress: w.b.minter,
      askJettonAddress: w.a.minter,
      offerAmount: 5_000_000_000n,
      minAskAmount: 1n,
      referralAddress: w.carol.address,
    })
    expect(await w.dex.poolState(w.poolAB)).toEqual(e1.pool)
    expect(await w.dex.jettonBalance(w.a, w.carol.address)).toBe(before + e1.referralFeeOut)

    const bt = await w.dex.poolState(w.poolBT)
    const e2 = swap(bt, { side: sideOf(w.poolBT, w.ton), amountIn: toNano('2') })
    await router.sendSwapTonToJetton(sender, {
      userWalletAddress: w.alice.address,
      proxyTon,
      askJettonAddress: w.b.minter,
      offerAmount: toNano('2'),
      minAskAmount: 1n,
    })
    expect(await w.dex.poolState(w.poolBT)).toEqual(e2.pool)

    const e3 = swap(e2.pool, { side: sideOf(w.poolBT, w.b), amountIn: 4_000_000_000n })
    const r3 = await router.sendSwapJettonToTon(sender, {
      userWalletAddress: w.alice.address,
      offerJettonAddress: w.b.minter,
      proxyTon,
      offerAmount: 4_000_000_000n,
      minAskAmount: 1n,
    })
    const ptonWallet = await proxyTon.getWalletAddress(
      w.dex.blockchain.provider(w.ton.minter),
      w.router.address,
    )
    expect(tonPaid(r3.transactions, ptonWallet, w.alice.address, 0x7362d09c)).toBe(e3.amountOut)
    expect(await w.dex.poolState(w.poolBT)).toEqual(e3.pool)
  })

  it('provides, burns and answers the PoolV1 / LpAccountV1 getters like core', async () => {
    const sender = w.bob.getSender()
    const pool = w.dex.blockchain.openContract(
      await router.getPool({ token0: w.a.minter, token1: w.b.minter }),
    )
    const state = await w.dex.poolState(w.poolAB)
    const out = await pool.getExpectedOutputs({ amount: 10n ** 9n, jettonWallet: w.poolAB.wallet1 })
    const q = swap(state, { side: 1, amountIn: 10n ** 9n })
    expect([out.jettonToReceive, out.protocolFeePaid, out.refFeePaid]).toEqual([
      q.amountOut,
      q.protocolFeeOut,
      0n,
    ])
    const [amountA, amountB] = [6_000_000_000n, 9_000_000_000n]
    const [amount0, amount1] = sideOf(w.poolAB, w.a) === 0 ? [amountA, amountB] : [amountB, amountA]
    const expected = provide(state, { amount0, amount1 })
    expect(await pool.getExpectedTokens({ amount0, amount1 })).toBe(expected.lpOut)
    await router.sendProvideLiquidityJetton(sender, {
      userWalletAddress: w.bob.address,
      sendTokenAddress: w.a.minter,
      otherTokenAddress: w.b.minter,
      sendAmount: amountA,
      minLpOut: 1n,
    })
    const lpAccount = w.dex.blockchain.openContract(
      await pool.getLpAccount({ ownerAddress: w.bob.address }),
    )
    const waiting = await lpAccount.getLpAccountData()
    expect(waiting.amount0 + waiting.amount1).toBe(amountA)
    await router.sendProvideLiquidityJetton(sender, {
      userWalletAddress: w.bob.address,
      sendTokenAddress: w.b.minter,
      otherTokenAddress: w.a.minter,
      sendAmount: amountB,
      minLpOut: 1n,
    })
    expect(await w.dex.poolState(w.poolAB)).toEqual(expected.pool)
    const data = await pool.getPoolData()
    expect([data.reserve0, data.reserve1, data.lpFee, data.protocolFee, data.refFee]).toEqual([
      expected.pool.reserve0,
      expected.pool.reserve1,
      20n,
      10n,
      10n,
    ])
    const burned = burn(expected.pool, { lp: expected.lpOut })
    expect(await pool.getExpectedLiquidity({ jettonAmount: expected.lpOut })).toEqual({
      amount0: burned.amount0,
      amount1: burned.amount1,
    })
    await pool.sendBurn(sender, { amount: expected.lpOut, responseAddress: w.bob.address })
    expect(await w.dex.poolState(w.poolAB)).toEqual(burned.pool)
  })
})
