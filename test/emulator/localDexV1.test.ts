import { beginCell, toNano } from '@ton/core'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { burn, EXIT_CODES, provide, sqrtV1, swap } from '../../core/index.js'
import { addressArg } from '../../emulator/DexWorld.js'
import { routerRefusal } from '../../emulator/delivery.js'
import { LocalDexError, sideOf } from '../../emulator/index.js'
import { jettonTransferBody } from '../../protocol/jetton/messages.js'
import { buildRouterWorld, type RouterWorld } from './_support/localWorld.js'

let w: RouterWorld

beforeAll(async () => {
  w = await buildRouterWorld('v1')
})

beforeEach(async () => {
  await w.dex.restore(w.base)
})

describe('DEX v1: swaps', () => {
  it('pays the reference outputs without and with a referral (swap_ok_ref paid at once)', async () => {
    const state = await w.dex.poolState(w.poolAB)
    const side = sideOf(w.poolAB, w.a)
    const plain = swap(state, { side, amountIn: 1_000_000_000n })
    const r = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.a,
      ask: w.b,
      amount: 1_000_000_000n,
    })
    // docs/contracts.md §6: v1, R_in 1e12, R_out 2e12, a 1e9 → 1992015968 without a referral.
    expect([r.status, r.exitCode, r.amountOut, r.delivered]).toEqual([
      'ok',
      EXIT_CODES.swap_ok,
      1_992_015_968n,
      1_992_015_968n,
    ])
    expect(plain.amountOut).toBe(1_992_015_968n)
    await w.dex.restore(w.base)
    const bobBefore = await w.dex.jettonBalance(w.b, w.bob.address)
    const ref = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.a,
      ask: w.b,
      amount: 1_000_000_000n,
      referral: w.bob.address,
    })
    // … and (1990021958, 1994010, 1994010) with one.
    expect([ref.amountOut, ref.referralOut]).toEqual([1_990_021_958n, 1_994_010n])
    expect(await w.dex.jettonBalance(w.b, w.bob.address)).toBe(bobBefore + 1_994_010n)
    const withRef = swap(state, { side, amountIn: 1_000_000_000n, hasReferral: true })
    expect(await w.dex.poolState(w.poolAB)).toEqual(withRef.pool)
  })

  it('refunds out == min_out (strict rule) and pays out == min_out + 1', async () => {
    const state = await w.dex.poolState(w.poolAB)
    const { amountOut } = swap(state, { side: sideOf(w.poolAB, w.b), amountIn: 5_000_000n })
    const equal = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.b,
      ask: w.a,
      amount: 5_000_000n,
      minOut: amountOut,
    })
    expect([equal.status, equal.exitCode, equal.refundAmount]).toEqual([
      'refunded',
      EXIT_CODES.swap_refund_no_liq,
      5_000_000n,
    ])
    const below = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.b,
      ask: w.a,
      amount: 5_000_000n,
      minOut: amountOut - 1n,
    })
    expect([below.status, below.amountOut]).toEqual(['ok', amountOut])
  })

  it('swaps TON → jetton and jetton → TON through pTON v1', async () => {
    const state = await w.dex.poolState(w.poolBT)
    const tonIn = swap(state, { side: sideOf(w.poolBT, w.ton), amountIn: toNano('3') })
    const r1 = await w.dex.swap(w.router, {
      from: w.bob,
      offer: w.ton,
      ask: w.b,
      amount: toNano('3'),
    })
    expect([r1.status, r1.amountOut, r1.delivered]).toEqual([
      'ok',
      tonIn.amountOut,
      tonIn.amountOut,
    ])
    const tonOut = swap(tonIn.pool, { side: sideOf(w.poolBT, w.b), amountIn: 9_000_000_000n })
    const r2 = await w.dex.swap(w.router, {
      from: w.bob,
      offer: w.b,
      ask: w.ton,
      amount: 9_000_000_000n,
    })
    expect([r2.status, r2.amountOut, r2.delivered]).toEqual([
      'ok',
      tonOut.amountOut,
      tonOut.amountOut,
    ])
    expect(await w.dex.poolState(w.poolBT)).toEqual(tonOut.pool)
  })

  it('returns the jettons with a code when the router is locked or the wallets are equal', async () => {
    const same = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.a,
      ask: w.a,
      amount: 10n ** 6n,
    })
    expect([same.exitCode, same.refundAmount]).toEqual([
      EXIT_CODES.transfer_bounce_invalid_request,
      10n ** 6n,
    ])
    await w.dex.setRouterLock(w.router, true)
    const locked = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.a,
      ask: w.b,
      amount: 10n ** 6n,
    })
    expect(locked.exitCode).toBe(EXIT_CODES.transfer_bounce_locked)
  })

  it('keeps the jettons for an unknown payload op', async () => {
    const aliceWallet = (
      await w.dex.blockchain.runGetMethod(w.a.minter, 'get_wallet_address', [
        addressArg(w.alice.address),
      ])
    ).stackReader.readAddress()
    const before = await w.dex.jettonBalance(w.a, w.router.address)
    const other = sideOf(w.poolAB, w.a) === 0 ? w.poolAB.wallet1 : w.poolAB.wallet0
    const payload = beginCell().storeUint(0x12345678, 32).storeAddress(other).endCell()
    const body = jettonTransferBody({
      amount: 10n ** 6n,
      destination: w.router.address,
      response: w.alice.address,
      forwardTonAmount: toNano('0.2'),
      forwardPayload: payload,
    })
    const { transactions } = await w.alice.send({ to: aliceWallet, value: toNano('0.3'), body })
    expect(routerRefusal(transactions, w.router.address).exitCode).toBe(0)
    expect(await w.dex.jettonBalance(w.a, w.router.address)).toBe(before + 10n ** 6n)
  })
})

describe('DEX v1: liquidity', () => {
  it('mints the first provision to addr_none with sqrt_v1', async () => {
    const [a0, a1] = [123_456_789_012n, 987_654_321_098n]
    const r = await w.dex.createPool(w.router, {
      from: w.bob,
      assetA: w.a,
      amountA: a0,
      assetB: w.c,
      amountB: a1,
    })
    expect([r.receipt.status, r.receipt.lpOut]).toEqual(['minted', 0n])
    expect(r.receipt.lpMinted).toBe(sqrtV1(a0 * a1) / 1000n) // floor: positive operands
    expect(await w.dex.lpBalance(r.pool, w.bob.address)).toBe(0n)
  })

  it('holds each side in the LP account until both exceed 1000 units', async () => {
    const { pool } = await w.dex.createPool(w.router, {
      from: w.bob,
      assetA: w.a,
      amountA: 1000n,
      assetB: w.c,
      amountB: 10n ** 9n,
    })
    const held = await w.dex.lpAccount(pool, w.bob.address)
    expect(held.amount0 + held.amount1).toBe(1000n + 10n ** 9n)
    expect((await w.dex.poolState(pool)).totalSupply).toBe(0n)
    const more = await w.dex.provide(w.router, {
      from: w.bob,
      assetA: w.a,
      amountA: 1n,
      assetB: w.c,
      amountB: 0n,
    })
    expect(more.status).toBe('minted')
    expect(await w.dex.lpAccount(pool, w.bob.address)).toEqual({ amount0: 0n, amount1: 0n })
  })

  it('provides, burns and answers the pool getters like core', async () => {
    const state = await w.dex.poolState(w.poolAB)
    const [amount0, amount1] = [3_000_000_000n, 5_000_000_000n]
    const expected = provide(state, { amount0, amount1 })
    const [amountA, amountB] = sideOf(w.poolAB, w.a) === 0 ? [amount0, amount1] : [amount1, amount0]
    const r = await w.dex.provide(w.router, {
      from: w.bob,
      assetA: w.a,
      amountA,
      assetB: w.b,
      amountB,
    })
    expect([r.status, r.lpOut]).toEqual(['minted', expected.lpOut])
    expect(await w.dex.poolState(w.poolAB)).toEqual(expected.pool)
    const chain = w.dex.blockchain
    const tokens = (
      await chain.runGetMethod(w.poolAB.address, 'get_expected_tokens', [
        { type: 'int', value: amount0 },
        { type: 'int', value: amount1 },
      ])
    ).stackReader
    expect(tokens.readBigNumber()).toBe(provide(expected.pool, { amount0, amount1 }).lpOut)
    const out = (
      await chain.runGetMethod(w.poolAB.address, 'get_expected_outputs', [
        { type: 'int', value: 10n ** 9n },
        addressArg(w.poolAB.wallet0),
      ])
    ).stackReader
    const q = swap(expected.pool, { side: 0, amountIn: 10n ** 9n })
    expect([out.readBigNumber(), out.readBigNumber(), out.readBigNumber()]).toEqual([
      q.amountOut,
      q.protocolFeeOut,
      0n,
    ])
    const burned = burn(expected.pool, { lp: expected.lpOut })
    const liq = (
      await chain.runGetMethod(w.poolAB.address, 'get_expected_liquidity', [
        { type: 'int', value: expected.lpOut },
      ])
    ).stackReader
    expect([liq.readBigNumber(), liq.readBigNumber()]).toEqual([burned.amount0, burned.amount1])
    const b = await w.dex.burn(w.poolAB, { from: w.bob, lp: expected.lpOut })
    expect([b.status, b.amount0, b.amount1]).toEqual(['ok', burned.amount0, burned.amount1])
    expect(await w.dex.poolState(w.poolAB)).toEqual(burned.pool)
  })

  it('collects protocol fees for anyone, paying the caller 0.1 %', async () => {
    for (let i = 0; i < 3; i++) {
      await w.dex.swap(w.router, { from: w.alice, offer: w.a, ask: w.b, amount: 10n ** 12n })
      await w.dex.swap(w.router, { from: w.alice, offer: w.b, ask: w.a, amount: 2n * 10n ** 12n })
    }
    const noAddress = await w.dex.collectFees(w.poolAB, { from: w.carol })
    expect([noAddress.status, noAddress.exitCode]).toEqual(['rejected', 91])
    await w.dex.setFees(w.poolAB, {
      lpFee: 20n,
      protocolFee: 10n,
      refFee: 10n,
      protocolFeeAddress: w.bob.address,
    })
    const state = await w.dex.poolState(w.poolAB)
    const carolA = await w.dex.jettonBalance(w.poolAB.asset0 as typeof w.a, w.carol.address)
    const r = await w.dex.collectFees(w.poolAB, { from: w.carol })
    expect(r.status).toBe('ok')
    expect(r.paid.get(w.poolAB.wallet0.toRawString())).toBe(state.collectedProtocolFee0)
    expect(await w.dex.jettonBalance(w.poolAB.asset0 as typeof w.a, w.carol.address)).toBe(
      carolA + state.collectedProtocolFee0 / 1000n, // floor: positive operands
    )
  })

  it('answers get_pool_address (86 for equal wallets) and get_router_data', async () => {
    const chain = w.dex.blockchain
    const pool = (
      await chain.runGetMethod(w.router.address, 'get_pool_address', [
        addressArg(w.poolAB.wallet1),
        addressArg(w.poolAB.wallet0),
      ])
    ).stackReader
    expect(pool.readAddress().equals(w.poolAB.address)).toBe(true)
    await expect(
      chain.runGetMethod(w.router.address, 'get_pool_address', [
        addressArg(w.poolAB.wallet0),
        addressArg(w.poolAB.wallet0),
      ]),
    ).rejects.toMatchObject({ exitCode: 86 })
    const jetton = (await chain.runGetMethod(w.poolAB.address, 'get_jetton_data')).stackReader
    expect(jetton.readBigNumber()).toBe((await w.dex.poolState(w.poolAB)).totalSupply)
    expect([jetton.readNumber(), jetton.readAddress().equals(w.router.address)]).toEqual([-1, true])
    const uri = jetton.readCell().beginParse()
    expect([uri.loadUint(8), uri.loadStringTail()]).toEqual([
      1,
      `https://lp.ston.fi/0:${w.poolAB.address.hash.toString('hex').toUpperCase()}.json`,
    ])
    const data = (await chain.runGetMethod(w.router.address, 'get_router_data')).stackReader
    expect(data.readBoolean()).toBe(false)
    expect(data.readAddress().equals(w.dex.admin.address)).toBe(true)
  })
})

describe('LocalDex request errors', () => {
  it('refuses a pTON of the other version and DEX v2-only helpers on DEX v1', async () => {
    const ptonV2 = await w.dex.deployPton('v2')
    await expect(w.dex.deployRouter('v1', { pton: ptonV2 })).rejects.toMatchObject({
      code: 'LOCAL_DEX_INVALID_REQUEST',
    })
    await expect(
      w.dex.swap(w.router, { from: w.alice, offer: ptonV2, ask: w.a, amount: 10n ** 9n }),
    ).rejects.toMatchObject({ code: 'LOCAL_DEX_INVALID_REQUEST' })
    await expect(
      w.dex.withdrawReferralFees(w.router, { owner: w.bob.address, asset: w.a }),
    ).rejects.toBeInstanceOf(LocalDexError)
    await expect(w.dex.setPoolLock(w.poolAB, true)).rejects.toMatchObject({
      reason: 'invalid_request',
    })
  })
})
