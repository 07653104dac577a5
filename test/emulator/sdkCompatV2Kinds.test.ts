/**
 * Messages built by `@ston-fi/sdk` 2.7 for DEX v2.2 stableswap, weighted constant product and
 * weighted stableswap routers — the classes `dexFactory` picks from the router's version and
 * type, as a dApp does — execute against the emulator's fixtures with exactly
 * `ton-dex-lab/core`'s results, and the SDK's pool classes parse our pools' getters.
 */
import { type DEX, dexFactory, pTON } from '@ston-fi/sdk'
import { type Address, type ContractProvider, toNano } from '@ton/core'
import type { SandboxContract } from '@ton/sandbox'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { burn, type PoolKind, provide, swap } from '../../core/index.js'
import type { LocalPool } from '../../emulator/index.js'
import { sideOf } from '../../emulator/index.js'
import { failedTransactions } from '../../emulator/transactions.js'
import { PTON_V2_OP } from '../../protocol/opCodes.js'
import { buildKindWorld, type KindWorld } from './_support/kindWorld.js'
import { tonPaid } from './_support/tonPaid.js'

const E18 = 10n ** 18n

/** Each kind's pool parameters, set by the admin before the first provision. */
const PARAMS: Record<Exclude<PoolKind, 'constant_product'>, { amp?: bigint; w0?: bigint }> = {
  stableswap: { amp: 100n },
  weighted_const_product: { w0: (8n * E18) / 10n },
  weighted_stableswap: { amp: 20n * E18, w0: (6n * E18) / 10n },
}

/** What a v2 router class offers (every type's class extends the same base). */
type SdkRouter = InstanceType<typeof DEX.v2_2.Router.CPI>
/** The pool class's parsed getter: common fields plus the type's own. */
type SdkPool = {
  readonly address: Address
  getPoolData(provider: ContractProvider): Promise<Record<string, unknown>>
  sendBurn: InstanceType<typeof DEX.v2_2.Pool.CPI>['sendBurn']
}

for (const kind of ['stableswap', 'weighted_const_product', 'weighted_stableswap'] as const) {
  describe(`@ston-fi/sdk DEX v2.2 ${kind} against the emulator`, () => {
    let w: KindWorld
    let router: SandboxContract<SdkRouter>
    let Pool: { create(address: Address): SdkPool }
    let proxyTon: InstanceType<typeof pTON.v2_1>
    let poolBT: LocalPool

    beforeAll(async () => {
      w = await buildKindWorld(kind)
      const reader = (await w.dex.blockchain.runGetMethod(w.router.address, 'get_router_data'))
        .stackReader
      reader.skip(1)
      const routerType = reader.readString()
      const version = (await w.dex.blockchain.runGetMethod(w.router.address, 'get_router_version'))
        .stackReader
      const info = {
        majorVersion: version.readNumber(),
        minorVersion: version.readNumber(),
        routerType,
      }
      expect(info).toEqual({ majorVersion: 2, minorVersion: 2, routerType: kind })
      const contracts = dexFactory(info) as unknown as {
        Router: { create(address: Address): SdkRouter }
        Pool: { create(address: Address): SdkPool }
      }
      router = w.dex.blockchain.openContract(contracts.Router.create(w.router.address))
      Pool = contracts.Pool
      proxyTon = pTON.v2_1.create(w.ton.minter)
      await w.dex.setPoolParams(w.poolAB, PARAMS[kind])
      await w.dex.createPool(w.router, {
        from: w.alice,
        assetA: w.a,
        amountA: 10n ** 12n,
        assetB: w.b,
        amountB: 2n * 10n ** 12n,
      })
      poolBT = await w.dex.pool(w.router, w.b, w.ton)
      await w.dex.setPoolParams(poolBT, PARAMS[kind])
      await w.dex.createPool(w.router, {
        from: w.alice,
        assetA: w.b,
        amountA: 10n ** 12n,
        assetB: w.ton,
        amountB: toNano('1000'),
      })
      w = { ...w, base: w.dex.snapshot() }
    })

    beforeEach(async () => {
      await w.dex.restore(w.base)
    })

    it('swaps jetton → jetton (with and without referral), TON → jetton and jetton → TON like core', async () => {
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

      const e2 = swap(e1.pool, {
        side: sideOf(w.poolAB, w.b),
        amountIn: 3_000_000_000n,
        referralBps: 30n,
      })
      const r2 = await router.sendSwapJettonToJetton(sender, {
        userWalletAddress: w.alice.address,
        offerJettonAddress: w.b.minter,
        askJettonAddress: w.a.minter,
        offerAmount: 3_000_000_000n,
        minAskAmount: 1n,
        referralAddress: w.carol.address,
        referralValue: 30,
      })
      expect(failedTransactions(r2.transactions)).toEqual([])
      expect(await w.dex.poolState(w.poolAB)).toEqual(e2.pool)
      expect(await w.dex.vaultBalance(w.router, w.carol.address, w.a)).toBe(e2.referralFeeOut)

      const bt = await w.dex.poolState(poolBT)
      const e3 = swap(bt, { side: sideOf(poolBT, w.ton), amountIn: toNano('1.5') })
      const r3 = await router.sendSwapTonToJetton(sender, {
        userWalletAddress: w.alice.address,
        proxyTon,
        askJettonAddress: w.b.minter,
        offerAmount: toNano('1.5'),
        minAskAmount: 1n,
      })
      expect(failedTransactions(r3.transactions)).toEqual([])
      expect(await w.dex.poolState(poolBT)).toEqual(e3.pool)

      const e4 = swap(e3.pool, { side: sideOf(poolBT, w.b), amountIn: 3_000_000_000n })
      const r4 = await router.sendSwapJettonToTon(sender, {
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
      expect(tonPaid(r4.transactions, ptonWallet, w.alice.address, PTON_V2_OP.tonTransfer)).toBe(
        e4.amountOut,
      )
      expect(await w.dex.poolState(poolBT)).toEqual(e4.pool)
    })

    it('provides (both sides, single side, TON), burns and parses get_pool_data like core', async () => {
      const sender = w.bob.getSender()
      const pool = w.dex.blockchain.openContract(Pool.create(w.poolAB.address))
      const state = await w.dex.poolState(w.poolAB)
      const [amountA, amountB] = [4_000_000_000n, 7_000_000_000n]
      const [amount0, amount1] =
        sideOf(w.poolAB, w.a) === 0 ? [amountA, amountB] : [amountB, amountA]
      const both = provide(state, { amount0, amount1 })
      for (const [send, other, amount] of [
        [w.a, w.b, amountA],
        [w.b, w.a, amountB],
      ] as const) {
        const r = await router.sendProvideLiquidityJetton(sender, {
          userWalletAddress: w.bob.address,
          sendTokenAddress: send.minter,
          otherTokenAddress: other.minter,
          sendAmount: amount,
          minLpOut: 1n,
        })
        expect(failedTransactions(r.transactions)).toEqual([])
      }
      expect(await w.dex.lpBalance(w.poolAB, w.bob.address)).toBe(both.lpOut)
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
      expect(await w.dex.lpBalance(w.poolAB, w.bob.address)).toBe(both.lpOut + single.lpOut)
      const data = await pool.getPoolData()
      const expected = single.pool
      expect({
        totalSupplyLP: data.totalSupplyLP,
        reserve0: data.reserve0,
        reserve1: data.reserve1,
        collected0: data.collectedToken0ProtocolFee,
        collected1: data.collectedToken1ProtocolFee,
        lpFee: data.lpFee,
        protocolFee: data.protocolFee,
      }).toEqual({
        totalSupplyLP: expected.totalSupply,
        reserve0: expected.reserve0,
        reserve1: expected.reserve1,
        collected0: expected.collectedProtocolFee0,
        collected1: expected.collectedProtocolFee1,
        lpFee: 20n,
        protocolFee: 10n,
      })
      if (kind === 'stableswap') expect(data.amp).toBe(expected.amp)
      if (kind === 'weighted_stableswap') {
        expect([data.amp, data.rate, data.w0]).toEqual([expected.amp, expected.rate, expected.w0])
        expect((data.rateSetterAddress as Address).equals(w.dex.admin.address)).toBe(true)
      }
      const burned = burn(expected, { lp: both.lpOut })
      const r = await pool.sendBurn(sender, {
        amount: both.lpOut,
        userWalletAddress: w.bob.address,
      })
      expect(failedTransactions(r.transactions)).toEqual([])
      expect(await w.dex.poolState(w.poolAB)).toEqual(burned.pool)

      const bt = await w.dex.poolState(poolBT)
      const tonSide = sideOf(poolBT, w.ton)
      const [ton0, ton1] =
        tonSide === 0 ? [toNano('10'), 10_000_000_000n] : [10_000_000_000n, toNano('10')]
      const withTon = provide(bt, { amount0: ton0, amount1: ton1 })
      await router.sendProvideLiquidityTon(sender, {
        userWalletAddress: w.bob.address,
        proxyTon,
        otherTokenAddress: w.b.minter,
        sendAmount: toNano('10'),
        minLpOut: 1n,
      })
      await router.sendProvideLiquidityJetton(sender, {
        userWalletAddress: w.bob.address,
        sendTokenAddress: w.b.minter,
        otherTokenAddress: w.ton.minter,
        sendAmount: 10_000_000_000n,
        minLpOut: 1n,
      })
      expect(await w.dex.poolState(poolBT)).toEqual(withTon.pool)
      expect(await w.dex.lpBalance(poolBT, w.bob.address)).toBe(withTon.lpOut)
    })
  })
}
