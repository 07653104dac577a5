import { type Address, beginCell, type Cell, type Transaction, toNano } from '@ton/core'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { EXIT_CODES, swap } from '../../core/index.js'
import { addressArg } from '../../emulator/DexWorld.js'
import { routerRefusal } from '../../emulator/delivery.js'
import { sideOf } from '../../emulator/index.js'
import { transactionsOn } from '../../emulator/transactions.js'
import { opOf } from '../../protocol/decode/decodeBody.js'
import { dexV2SwapPayload } from '../../protocol/dex/v2Messages.js'
import { jettonTransferBody } from '../../protocol/jetton/messages.js'
import { JETTON_OP } from '../../protocol/opCodes.js'
import { buildRouterWorld, type RouterWorld } from './_support/localWorld.js'

let w: RouterWorld

beforeAll(async () => {
  w = await buildRouterWorld('v2')
})

beforeEach(async () => {
  await w.dex.restore(w.base)
})

describe('DEX v2 constant product: swaps', () => {
  it('pays the reference output jetton → jetton and updates the pool like core', async () => {
    const before = await w.dex.poolState(w.poolAB)
    const expected = swap(before, { side: sideOf(w.poolAB, w.a), amountIn: 1_000_000_000n })
    const balance = await w.dex.jettonBalance(w.b, w.alice.address)
    const r = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.a,
      ask: w.b,
      amount: 1_000_000_000n,
    })
    expect(r.status).toBe('ok')
    expect(r.exitCode).toBe(EXIT_CODES.swap_ok)
    expect(r.amountOut).toBe(expected.amountOut)
    // docs/contracts.md §6: R_in 1e12, R_out 2e12, L 20, P 10, a 1e9 → 1992015968.
    expect(r.amountOut).toBe(1_992_015_968n)
    expect(r.delivered).toBe(r.amountOut)
    expect(await w.dex.jettonBalance(w.b, w.alice.address)).toBe(balance + r.amountOut)
    expect(await w.dex.poolState(w.poolAB)).toEqual(expected.pool)
    expect(r.failures).toEqual([])
  })

  it('swaps TON → jetton and jetton → TON through pTON v2', async () => {
    const state = await w.dex.poolState(w.poolBT)
    const tonIn = swap(state, { side: sideOf(w.poolBT, w.ton), amountIn: toNano('2') })
    const r1 = await w.dex.swap(w.router, {
      from: w.bob,
      offer: w.ton,
      ask: w.b,
      amount: toNano('2'),
    })
    expect([r1.status, r1.amountOut, r1.delivered]).toEqual([
      'ok',
      tonIn.amountOut,
      tonIn.amountOut,
    ])
    const tonOut = swap(tonIn.pool, { side: sideOf(w.poolBT, w.b), amountIn: 5_000_000_000n })
    const tonBefore = await w.bob.getBalance()
    const r2 = await w.dex.swap(w.router, {
      from: w.bob,
      offer: w.b,
      ask: w.ton,
      amount: 5_000_000_000n,
    })
    expect([r2.status, r2.amountOut, r2.delivered]).toEqual([
      'ok',
      tonOut.amountOut,
      tonOut.amountOut,
    ])
    // Bob paid 0.3 TON of gas and got the output plus the unused gas back.
    const gained = (await w.bob.getBalance()) - tonBefore
    expect(gained).toBeGreaterThan(tonOut.amountOut - toNano('0.3'))
    expect(await w.dex.poolState(w.poolBT)).toEqual(tonOut.pool)
  })

  it('deposits the referral fee in the referrer vault; anyone withdraws it to the owner', async () => {
    const before = await w.dex.poolState(w.poolAB)
    const expected = swap(before, {
      side: sideOf(w.poolAB, w.b),
      amountIn: 7_000_000_000n,
      referralBps: 37n,
    })
    const r = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.b,
      ask: w.a,
      amount: 7_000_000_000n,
      referral: w.bob.address,
      referralBps: 37n,
    })
    expect([r.amountOut, r.referralOut]).toEqual([expected.amountOut, expected.referralFeeOut])
    expect(await w.dex.vaultBalance(w.router, w.bob.address, w.a)).toBe(expected.referralFeeOut)
    const bobBefore = await w.dex.jettonBalance(w.a, w.bob.address)
    const payout = await w.dex.withdrawReferralFees(w.router, {
      owner: w.bob.address,
      asset: w.a,
      from: w.carol,
    })
    expect(payout.status).toBe('ok')
    expect(await w.dex.jettonBalance(w.a, w.bob.address)).toBe(bobBefore + expected.referralFeeOut)
    // The emptied vault deleted itself (mode 128 + 32).
    expect(await w.dex.vaultBalance(w.router, w.bob.address, w.a)).toBe(0n)
  })

  it('accepts out == min_out and refunds out < min_out with swap_refund_slippage', async () => {
    const state = await w.dex.poolState(w.poolAB)
    const { amountOut } = swap(state, { side: sideOf(w.poolAB, w.a), amountIn: 3_000_000n })
    const tooMuch = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.a,
      ask: w.b,
      amount: 3_000_000n,
      minOut: amountOut + 1n,
    })
    expect([tooMuch.status, tooMuch.exitCode, tooMuch.refundAmount]).toEqual([
      'refunded',
      EXIT_CODES.swap_refund_slippage,
      3_000_000n,
    ])
    expect(await w.dex.poolState(w.poolAB)).toEqual(state)
    const exact = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.a,
      ask: w.b,
      amount: 3_000_000n,
      minOut: amountOut,
    })
    expect([exact.status, exact.amountOut]).toEqual(['ok', amountOut])
  })

  it('refunds with the router codes: expired deadline, referral fee out of bounds, locked router', async () => {
    const before = await w.dex.jettonBalance(w.a, w.alice.address)
    const expired = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.a,
      ask: w.b,
      amount: 10n ** 6n,
      deadline: 1_700_000_000,
    })
    expect([expired.exitCode, expired.refundAmount]).toEqual([
      EXIT_CODES.transfer_bounce_tx_expired,
      10n ** 6n,
    ])
    expect(await w.dex.jettonBalance(w.a, w.alice.address)).toBe(before)
    const fee = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.a,
      ask: w.b,
      amount: 10n ** 6n,
      referral: w.bob.address,
      referralBps: 101n,
    })
    expect(fee.exitCode).toBe(EXIT_CODES.swap_fee_out_of_bounds)
    const ignored = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.a,
      ask: w.b,
      amount: 10n ** 6n,
      referralBps: 101n,
    })
    expect(ignored.status).toBe('ok')
    await w.dex.setRouterLock(w.router, true)
    const locked = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.a,
      ask: w.b,
      amount: 10n ** 6n,
    })
    expect(locked.exitCode).toBe(EXIT_CODES.transfer_bounce_locked)
  })

  it('refunds in the pool when it has no liquidity or is locked (burn then throws 93)', async () => {
    const empty = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.a,
      ask: w.c,
      amount: 10n ** 6n,
    })
    expect([empty.status, empty.exitCode, empty.refundAmount]).toEqual([
      'refunded',
      EXIT_CODES.swap_refund_no_liq,
      10n ** 6n,
    ])
    await w.dex.setPoolLock(w.poolAB, true)
    const locked = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.a,
      ask: w.b,
      amount: 10n ** 6n,
    })
    expect([locked.status, locked.exitCode]).toEqual(['refunded', EXIT_CODES.swap_pool_locked])
    const burnLocked = await w.dex.burn(w.poolAB, { from: w.alice, lp: 10n ** 6n })
    expect([burnLocked.status, burnLocked.exitCode]).toEqual(['rejected', 93])
    await w.dex.setPoolLock(w.poolAB, false)
    const open = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.a,
      ask: w.b,
      amount: 10n ** 6n,
    })
    expect(open.status).toBe('ok')
  })

  it('refuses malformed requests: same wallet, unknown op, payload not in a reference, low gas', async () => {
    const same = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.a,
      ask: w.a,
      amount: 10n ** 6n,
    })
    expect(same.exitCode).toBe(EXIT_CODES.transfer_bounce_invalid_pool)
    const wallet = await w.dex.blockchain.runGetMethod(w.a.minter, 'get_wallet_address', [
      addressArg(w.alice.address),
    ])
    const aliceWallet = wallet.stackReader.readAddress()
    const send = async (forwardPayload: Cell | undefined, forward = toNano('0.24')) => {
      const body = jettonTransferBody({
        amount: 10n ** 6n,
        destination: w.router.address,
        response: w.alice.address,
        forwardTonAmount: forward,
        forwardPayload,
      })
      const { transactions } = await w.alice.send({ to: aliceWallet, value: toNano('0.3'), body })
      return routerRefusal(transactions, w.router.address)
    }
    expect((await send(undefined)).exitCode).toBe(EXIT_CODES.transfer_bounce_invalid_request)
    expect((await send(beginCell().storeUint(0xdeadbeef, 32).endCell())).exitCode).toBe(
      EXIT_CODES.transfer_bounce_invalid_request,
    )
    const payload = dexV2SwapPayload({
      askWallet: sideOf(w.poolAB, w.a) === 0 ? w.poolAB.wallet1 : w.poolAB.wallet0,
      refundAddress: w.alice.address,
      receiver: w.alice.address,
      minOut: 0n,
      deadline: 1_700_000_900,
    })
    expect((await send(payload, toNano('0.05'))).exitCode).toBe(EXIT_CODES.transfer_bounce_low_gas)
  })

  it('forwards the custom payload on success and the refund payload to the refund address', async () => {
    const note = beginCell().storeUint(0xc0ffee, 32).endCell()
    const ok = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.a,
      ask: w.b,
      amount: 10n ** 7n,
      receiver: w.bob.address,
      customPayload: note,
      forwardGas: toNano('0.01'),
    })
    expect(notificationPayload(ok.transactions, w.bob.address)?.equals(note)).toBe(true)
    const refund = await w.dex.swap(w.router, {
      from: w.alice,
      offer: w.a,
      ask: w.b,
      amount: 10n ** 7n,
      minOut: 10n ** 15n,
      refundAddress: w.carol.address,
      refundPayload: note,
      refundForwardGas: toNano('0.01'),
    })
    expect([refund.status, refund.exitCode]).toEqual(['refunded', EXIT_CODES.swap_refund_slippage])
    expect(notificationPayload(refund.transactions, w.carol.address)?.equals(note)).toBe(true)
    expect(await w.dex.jettonBalance(w.a, w.carol.address)).toBe(10n ** 7n)
  })

  it('cross-swaps A → B → TON on one router like two chained core swaps', async () => {
    const ab = await w.dex.poolState(w.poolAB)
    const bt = await w.dex.poolState(w.poolBT)
    const hop1 = swap(ab, { side: sideOf(w.poolAB, w.a), amountIn: 4_000_000_000n })
    const hop2 = swap(bt, { side: sideOf(w.poolBT, w.b), amountIn: hop1.amountOut })
    const r = await w.dex.crossSwap(w.router, {
      from: w.alice,
      path: [w.a, w.b, w.ton],
      amount: 4_000_000_000n,
    })
    expect(r.hops.map((h) => h.amountOut)).toEqual([hop1.amountOut, hop2.amountOut])
    expect([r.status, r.amountOut, r.delivered]).toEqual(['ok', hop2.amountOut, hop2.amountOut])
    expect(await w.dex.poolState(w.poolBT)).toEqual(hop2.pool)
  })
})

/** The referenced forward payload of the transfer_notification `owner` received. */
function notificationPayload(txs: readonly Transaction[], owner: Address): Cell | undefined {
  for (const tx of transactionsOn(txs, owner)) {
    const body = tx.inMessage?.body
    if (body === undefined || opOf(body) !== JETTON_OP.transferNotification) continue
    const s = body.beginParse()
    s.skip(32 + 64)
    s.loadCoins()
    s.loadAddressAny()
    return s.loadBit() ? s.loadRef() : undefined
  }
  return undefined
}
