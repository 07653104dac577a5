import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { burn, provide } from '../../core/index.js'
import { sideOf } from '../../emulator/index.js'
import { buildRouterWorld, type RouterWorld } from './_support/localWorld.js'

let w: RouterWorld

beforeAll(async () => {
  w = await buildRouterWorld('v2')
})

beforeEach(async () => {
  await w.dex.restore(w.base)
})

describe('DEX v2 constant product: liquidity', () => {
  it('locks 1001 units on the first provision', async () => {
    const r = await w.dex.createPool(w.router, {
      from: w.bob,
      assetA: w.a,
      amountA: 10n ** 9n,
      assetB: w.c,
      amountB: 4n * 10n ** 9n,
    })
    expect([r.receipt.status, r.receipt.lpOut, r.receipt.lpMinted]).toEqual([
      'minted',
      1_999_998_999n,
      2_000_000_000n,
    ])
    expect(await w.dex.lpBalance(r.pool, w.bob.address)).toBe(1_999_998_999n)
  })

  it('provides both sides and one side like core, pairing in the LP account', async () => {
    const state = await w.dex.poolState(w.poolAB)
    const both = provide(state, { amount0: 10n ** 9n, amount1: 2n * 10n ** 9n })
    const [amountA, amountB] =
      sideOf(w.poolAB, w.a) === 0 ? [10n ** 9n, 2n * 10n ** 9n] : [2n * 10n ** 9n, 10n ** 9n]
    const r = await w.dex.provide(w.router, {
      from: w.bob,
      assetA: w.a,
      amountA,
      assetB: w.b,
      amountB,
    })
    expect([r.status, r.lpOut]).toEqual(['minted', both.lpOut])
    expect(await w.dex.poolState(w.poolAB)).toEqual(both.pool)
    const single = provide(both.pool, { amount0: 10n ** 9n, amount1: 0n })
    const s = await w.dex.provide(w.router, {
      from: w.bob,
      assetA: w.poolAB.asset0,
      amountA: 10n ** 9n,
      assetB: w.poolAB.asset1,
      amountB: 0n,
    })
    expect([s.status, s.lpOut]).toEqual(['minted', single.lpOut])
    expect(await w.dex.poolState(w.poolAB)).toEqual(single.pool)
    expect(await w.dex.lpBalance(w.poolAB, w.bob.address)).toBe(both.lpOut + single.lpOut)
    expect(await w.dex.lpAccount(w.poolAB, w.bob.address)).toEqual({ amount0: 0n, amount1: 0n })
  })

  it('keeps a failed provision in the LP account of the refund address', async () => {
    const r = await w.dex.provide(w.router, {
      from: w.bob,
      assetA: w.a,
      amountA: 10n ** 6n,
      assetB: w.b,
      amountB: 10n ** 6n,
      minLpOut: 10n ** 12n,
    })
    expect(r.status).toBe('stored')
    const stored = await w.dex.lpAccount(w.poolAB, w.bob.address)
    expect(stored.amount0 + stored.amount1).toBe(2n * 10n ** 6n)
  })

  it('returns a single-sided provision whose imbalance fees exceed a side to the LP account', async () => {
    // R = (1e6, 1e6), L = P = 100 bps: adding 1e11 on one side charges the other side more fee
    // than it holds, the invariant's square root gets a negative input and the pool mints
    // nothing (docs/contracts.md §2.8: any math exception → liq = 0).
    const { pool } = await w.dex.createPool(w.router, {
      from: w.bob,
      assetA: w.a,
      amountA: 10n ** 6n,
      assetB: w.c,
      amountB: 10n ** 6n,
    })
    await w.dex.setFees(pool, { lpFee: 100n, protocolFee: 100n, protocolFeeAddress: null })
    const before = await w.dex.poolState(pool)
    const r = await w.dex.provide(w.router, {
      from: w.bob,
      assetA: w.a,
      amountA: 10n ** 11n,
      assetB: w.c,
      amountB: 0n,
    })
    expect(r.status).toBe('stored')
    expect(await w.dex.poolState(pool)).toEqual(before)
    const held = await w.dex.lpAccount(pool, w.bob.address)
    expect(held.amount0 + held.amount1).toBe(10n ** 11n)
    const back = await w.dex.refundLiquidity(pool, { from: w.bob })
    expect(back.status).toBe('ok')
    expect(await w.dex.lpAccount(pool, w.bob.address)).toEqual({ amount0: 0n, amount1: 0n })
  })

  it('burns like core, and rejects a response address other than addr_none (86)', async () => {
    const state = await w.dex.poolState(w.poolAB)
    const expected = burn(state, { lp: 10n ** 9n })
    const r = await w.dex.burn(w.poolAB, { from: w.alice, lp: 10n ** 9n })
    expect([r.status, r.amount0, r.amount1]).toEqual(['ok', expected.amount0, expected.amount1])
    expect(await w.dex.poolState(w.poolAB)).toEqual(expected.pool)
    const lp = await w.dex.lpBalance(w.poolAB, w.alice.address)
    const bad = await w.dex.burn(w.poolAB, {
      from: w.alice,
      lp: 10n ** 9n,
      response: w.alice.address,
    })
    expect([bad.status, bad.exitCode]).toEqual(['rejected', 86])
    expect(await w.dex.lpBalance(w.poolAB, w.alice.address)).toBe(lp)
    // All of the depositor's LP can go; the 1001 locked units keep both reserves positive.
    const all = await w.dex.burn(w.poolAB, { from: w.alice, lp })
    expect(all.status).toBe('ok')
    expect((await w.dex.poolState(w.poolAB)).totalSupply).toBe(1001n)
  })

  it('lets only the protocol fee address collect protocol fees', async () => {
    await w.dex.swap(w.router, { from: w.alice, offer: w.a, ask: w.b, amount: 10n ** 10n })
    await w.dex.swap(w.router, { from: w.alice, offer: w.b, ask: w.a, amount: 10n ** 10n })
    const state = await w.dex.poolState(w.poolAB)
    const nobody = await w.dex.collectFees(w.poolAB, { from: w.carol })
    expect([nobody.status, nobody.exitCode]).toEqual(['rejected', 0xffff])
    await w.dex.setFees(w.poolAB, {
      lpFee: 20n,
      protocolFee: 10n,
      protocolFeeAddress: w.carol.address,
    })
    const r = await w.dex.collectFees(w.poolAB, { from: w.carol })
    expect(r.status).toBe('ok')
    expect(r.paid.get(w.poolAB.wallet0.toRawString())).toBe(state.collectedProtocolFee0)
    expect(r.paid.get(w.poolAB.wallet1.toRawString())).toBe(state.collectedProtocolFee1)
    const after = await w.dex.poolState(w.poolAB)
    expect([after.collectedProtocolFee0, after.collectedProtocolFee1]).toEqual([0n, 0n])
  })
})

describe('DEX v2 getters', () => {
  it('answers the router, pool, LP and vault get-methods', async () => {
    const chain = w.dex.blockchain
    const data = (await chain.runGetMethod(w.router.address, 'get_router_data')).stackReader
    expect(data.readNumber()).toBe(0)
    expect(data.readString()).toBe('constant_product')
    expect(data.readBoolean()).toBe(false)
    const version = (await chain.runGetMethod(w.router.address, 'get_router_version')).stackReader
    expect([version.readNumber(), version.readNumber(), version.readString()]).toEqual([
      2,
      2,
      'release',
    ])
    const type = (await chain.runGetMethod(w.poolAB.address, 'get_pool_type')).stackReader
    expect(type.readString()).toBe('constant_product')
    const jetton = (await chain.runGetMethod(w.poolAB.address, 'get_jetton_data')).stackReader
    expect(jetton.readBigNumber()).toBe(1_414_213_562_373n)
    expect(jetton.readNumber()).toBe(-1)
    expect(jetton.readAddress().equals(w.router.address)).toBe(true)
    const uri = jetton.readCell().beginParse()
    expect(uri.loadUint(8)).toBe(1)
    expect(uri.loadStringTail()).toBe(
      `https://meta.ston.fi/lp/v1/0:${w.poolAB.address.hash.toString('hex').toUpperCase()}.json`,
    )
  })
})
