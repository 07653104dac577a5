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
import { failedTransactions } from '../../emulator/transactions.js'
import { PTON_V2_OP } from '../../protocol/opCodes.js'
import { buildRouterWorld, type RouterWorld } from './_support/localWorld.js'
import { tonPaid } from './_support/tonPaid.js'

describe('@ston-fi/sdk DEX v2.2 constant product against the emulator', () => {
  let w: RouterWorld
  let router: SandboxContract<InstanceType<typeof DEX.v2_2.Router.CPI>>
  let proxyTon: InstanceType<typeof pTON.v2_1>

  beforeAll(async () => {
    w = await buildRouterWorld('v2')
    router = w.dex.blockchain.openContract(DEX.v2_2.Router.CPI.create(w.router.address))
    proxyTon = pTON.v2_1.create(w.ton.minter)
  })

  beforeEach(async () => {
    await w.dex.restore(w.base)
  })

  it('swaps jetton → jetton, TON → jetton and jetton → TON like core', async () => {
    const sender = w.alice.getSender()
    const ab = await w.dex.poolState(w.poolAB)
    const e1 = swap(ab, { side: sideOf(w.poolAB, w.a), amountIn: 2_000_000_000n })
    const before = await w.dex.jettonBalance(w.b, w.alice.address)
    const r1 = await router.sendSwapJettonToJetton(sender, {
      userWalletAddress: w.alice.address,
      offerJettonAddress: w.a.minter,
      askJettonAddress: w.b.minter,
      offerAmount: 2_000_000_000n,
      minAskAmount: e1.amountOut,
    })
    expect(failedTransactions(r1.transactions)).toEqual([])
    expect(await w.dex.jettonBalance(w.b, w.alice.address)).toBe(before + e1.amountOut)
    expect(await w.dex.poolState(w.poolAB)).toEqual(e1.pool)

    const bt = await w.dex.poolState(w.poolBT)
    const e2 = swap(bt, { side: sideOf(w.poolBT, w.ton), amountIn: toNano('1.5') })
    const r2 = await router.sendSwapTonToJetton(sender, {
      userWalletAddress: w.alice.address,
      proxyTon,
      askJettonAddress: w.b.minter,
      offerAmount: toNano('1.5'),
      minAskAmount: 1n,
    })
    expect(failedTransactions(r2.transactions)).toEqual([])
    expect(await w.dex.poolState(w.poolBT)).toEqual(e2.pool)

    const e3 = swap(e2.pool, { side: sideOf(w.poolBT, w.b), amountIn: 3_000_000_000n })
    const r3 = await router.sendSwapJettonToTon(sender, {
      userWalletAddress: w.alice.address,
      offerJettonAddress: w.b.minter,
      proxyTon,
      offerAmount: 3_000_000_000n,
      minAskAmount: 1n,
    })
    const ptonWallet = await proxyTon.getWalletAddress(
      w.dex.blockchain.provider(w.ton.minter),
      w.router.address,
    )
    expect(tonPaid(r3.transactions, ptonWallet, w.alice.address, PTON_V2_OP.tonTransfer)).toBe(
      e3.amountOut,
    )
    expect(await w.dex.poolState(w.poolBT)).toEqual(e3.pool)
  })

  it('deposits a referral in the vault, which VaultV2_2.sendWithdrawFee pays out', async () => {
    const state = await w.dex.poolState(w.poolAB)
    const e = swap(state, {
      side: sideOf(w.poolAB, w.a),
      amountIn: 9_000_000_000n,
      referralBps: 50n,
    })
    await router.sendSwapJettonToJetton(w.alice.getSender(), {
      userWalletAddress: w.alice.address,
      offerJettonAddress: w.a.minter,
      askJettonAddress: w.b.minter,
      offerAmount: 9_000_000_000n,
      minAskAmount: 1n,
      referralAddress: w.carol.address,
      referralValue: 50,
    })
    const vault = w.dex.blockchain.openContract(
      await router.getVault({ user: w.carol.address, tokenMinter: w.b.minter }),
    )
    expect((await vault.getVaultData()).depositedAmount).toBe(e.referralFeeOut)
    const before = await w.dex.jettonBalance(w.b, w.carol.address)
    const r = await vault.sendWithdrawFee(w.bob.getSender(), {})
    expect(failedTransactions(r.transactions)).toEqual([])
    expect(await w.dex.jettonBalance(w.b, w.carol.address)).toBe(before + e.referralFeeOut)
  })

  it('provides (both sides, single side, TON), burns and reads the pool like core', async () => {
    const sender = w.bob.getSender()
    const pool = w.dex.blockchain.openContract(
      await router.getPool({ token0: w.a.minter, token1: w.b.minter }),
    )
    expect(pool.address.equals(w.poolAB.address)).toBe(true)
    const state = await w.dex.poolState(w.poolAB)
    const [amountA, amountB] = [4_000_000_000n, 7_000_000_000n]
    const [amount0, amount1] = sideOf(w.poolAB, w.a) === 0 ? [amountA, amountB] : [amountB, amountA]
    const both = provide(state, { amount0, amount1 })
    await router.sendProvideLiquidityJetton(sender, {
      userWalletAddress: w.bob.address,
      sendTokenAddress: w.a.minter,
      otherTokenAddress: w.b.minter,
      sendAmount: amountA,
      minLpOut: 1n,
    })
    await router.sendProvideLiquidityJetton(sender, {
      userWalletAddress: w.bob.address,
      sendTokenAddress: w.b.minter,
      otherTokenAddress: w.a.minter,
      sendAmount: amountB,
      minLpOut: 1n,
    })
    const lpWallet = w.dex.blockchain.openContract(
      await pool.getJettonWallet({ ownerAddress: w.bob.address }),
    )
    expect(await lpWallet.getBalance()).toBe(both.lpOut)
    const single = provide(
      both.pool,
      sideOf(w.poolAB, w.a) === 0
        ? { amount0: amountA, amount1: 0n }
        : { amount0: 0n, amount1: amountA },
    )
    await router.sendSingleSideProvideLiquidityJetton(sender, {
      userWalletAddress: w.bob.address,
      sendTokenAddress: w.a.minter,
      otherTokenAddress: w.b.minter,
      sendAmount: amountA,
      minLpOut: 1n,
    })
    expect(await lpWallet.getBalance()).toBe(both.lpOut + single.lpOut)
    const data = await pool.getPoolData()
    expect([
      data.totalSupplyLP,
      data.reserve0,
      data.reserve1,
      data.lpFee,
      data.protocolFee,
    ]).toEqual([single.pool.totalSupply, single.pool.reserve0, single.pool.reserve1, 20n, 10n])
    const burned = burn(single.pool, { lp: both.lpOut })
    const r = await pool.sendBurn(sender, { amount: both.lpOut, userWalletAddress: w.bob.address })
    expect(failedTransactions(r.transactions)).toEqual([])
    expect(await w.dex.poolState(w.poolAB)).toEqual(burned.pool)
    // The SDK's collect_fees body lacks the two Maybe bits: the pool throws 9 (docs/contracts.md §7.5).
    await w.dex.setFees(w.poolAB, {
      lpFee: 20n,
      protocolFee: 10n,
      protocolFeeAddress: w.bob.address,
    })
    const collect = await pool.sendCollectFees(sender, {})
    expect(failedTransactions(collect.transactions).map((f) => f.exitCode)).toContain(9)
  })

  it('provides TON with pTON v2.1 and answers the router getters', async () => {
    const bt = await w.dex.poolState(w.poolBT)
    const tonSide = sideOf(w.poolBT, w.ton)
    const [amount0, amount1] =
      tonSide === 0 ? [toNano('10'), 100_000_000_000n] : [100_000_000_000n, toNano('10')]
    const expected = provide(bt, { amount0, amount1 })
    await router.sendProvideLiquidityTon(w.bob.getSender(), {
      userWalletAddress: w.bob.address,
      proxyTon,
      otherTokenAddress: w.b.minter,
      sendAmount: toNano('10'),
      minLpOut: 1n,
    })
    await router.sendProvideLiquidityJetton(w.bob.getSender(), {
      userWalletAddress: w.bob.address,
      sendTokenAddress: w.b.minter,
      otherTokenAddress: w.ton.minter,
      sendAmount: 100_000_000_000n,
      minLpOut: 1n,
    })
    expect(await w.dex.poolState(w.poolBT)).toEqual(expected.pool)
    const data = await router.getRouterData()
    expect([data.routerId, data.dexType, data.isLocked]).toEqual([0, 'constant_product', false])
    expect(await router.getRouterVersion()).toEqual({ major: 2, minor: 2, development: 'release' })
  })
})
