import { type Address, beginCell, type Cell, toNano } from '@ton/core'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Treasury } from '../../emulator/index.js'
import { failedTransactions, messagesFrom } from '../../emulator/transactions.js'
import { opOf } from '../../protocol/decode/decodeBody.js'
import { dexV2SetFeesBody } from '../../protocol/dex/v2AdminMessages.js'
import { DEX_V2_OP } from '../../protocol/opCodes.js'
import { buildRouterWorld, type RouterWorld } from './_support/localWorld.js'

let w: RouterWorld

beforeAll(async () => {
  w = await buildRouterWorld('v2')
})

beforeEach(async () => {
  await w.dex.restore(w.base)
})

/** Sends `body` and returns the reply `to` sent back to the sender, and the failures. */
async function ask(from: Treasury, to: Address, body: Cell) {
  const { transactions } = await from.send({ to, value: toNano('0.1'), body })
  const reply = messagesFrom(transactions, to).find(({ message }) => {
    return message.info.type === 'internal' && message.info.dest.equals(from.address)
  })?.message.body
  return { reply, failures: failedTransactions(transactions) }
}

describe('DEX v2 on-chain getters and admin operations', () => {
  it('answers getter_pool_address, getter_pool_data, getter_lp_account_address and getter_lp_account_data', async () => {
    const q = (op: number) => beginCell().storeUint(op, 32).storeUint(42, 64)
    const pool = await ask(
      w.bob,
      w.router.address,
      q(DEX_V2_OP.getterPoolAddress)
        .storeAddress(w.poolAB.wallet1)
        .storeAddress(w.poolAB.wallet0)
        .endCell(),
    )
    const ps = pool.reply?.beginParse()
    expect([ps?.loadUint(32), ps?.loadUintBig(64)]).toEqual([DEX_V2_OP.getterPoolAddress, 42n])
    expect(ps?.loadAddress().equals(w.poolAB.address)).toBe(true)

    const data = await ask(w.bob, w.poolAB.address, q(DEX_V2_OP.getterPoolData).endCell())
    const ds = data.reply?.beginParse()
    expect([ds?.loadUint(32), ds?.loadUintBig(64), ds?.loadBit()]).toEqual([
      DEX_V2_OP.getterPoolData,
      42n,
      false,
    ])
    const state = await w.dex.poolState(w.poolAB)
    expect([ds?.loadCoins(), ds?.loadCoins()]).toEqual([state.reserve0, state.reserve1])
    expect(ds?.loadAddress().equals(w.poolAB.wallet0)).toBe(true)
    const tail = ds?.loadAddress() && ds.loadRef().beginParse()
    expect([tail?.loadUint(16), tail?.loadUint(16)]).toEqual([20, 10])

    const account = await ask(
      w.bob,
      w.poolAB.address,
      q(DEX_V2_OP.getterLpAccountAddress).storeAddress(w.bob.address).endCell(),
    )
    const as = account.reply?.beginParse()
    as?.skip(96)
    const lpAccount = as?.loadAddress() as Address
    await w.dex.provide(w.router, {
      from: w.bob,
      assetA: w.a,
      amountA: 10n ** 6n,
      assetB: w.b,
      amountB: 0n,
      minLpOut: 10n ** 15n,
    })
    const stored = await ask(w.bob, lpAccount, q(DEX_V2_OP.getterLpAccountData).endCell())
    const ss = stored.reply?.beginParse()
    ss?.skip(96)
    expect(ss?.loadAddress().equals(w.bob.address)).toBe(true)
    expect(ss?.loadAddress().equals(w.poolAB.address)).toBe(true)
    expect((ss?.loadCoins() ?? 0n) + (ss?.loadCoins() ?? 0n)).toBe(10n ** 6n)
  })

  it('rejects unknown ops (0xFFFF), fee settings above 100 bps (94) and non-admin senders (82)', async () => {
    const unknown = beginCell().storeUint(0x7777, 32).storeUint(0, 64).endCell()
    expect((await ask(w.bob, w.router.address, unknown)).failures.map((f) => f.exitCode)).toEqual([
      0xffff,
    ])
    expect((await ask(w.bob, w.poolAB.address, unknown)).failures.map((f) => f.exitCode)).toEqual([
      0xffff,
    ])
    const fees = (lpFee: bigint) =>
      dexV2SetFeesBody({
        lpFee,
        protocolFee: 10n,
        protocolFeeAddress: null,
        wallet0: w.poolAB.wallet0,
        wallet1: w.poolAB.wallet1,
        excesses: w.bob.address,
      })
    expect(
      (await ask(w.dex.admin, w.router.address, fees(101n))).failures.map((f) => f.exitCode),
    ).toEqual([94])
    expect((await ask(w.bob, w.router.address, fees(30n))).failures.map((f) => f.exitCode)).toEqual(
      [82],
    )
    await ask(w.dex.admin, w.router.address, fees(30n))
    expect((await w.dex.poolState(w.poolAB)).lpFee).toBe(30n)
  })

  it('returns the router and pool gas to the admin (reset_gas, reset_pool_gas)', async () => {
    const reset = await ask(
      w.dex.admin,
      w.router.address,
      beginCell().storeUint(DEX_V2_OP.resetGas, 32).storeUint(0, 64).endCell(),
    )
    expect(reset.failures).toEqual([])
    expect(reset.reply === undefined ? undefined : opOf(reset.reply)).toBe(0xd53276db)
    const body = beginCell()
      .storeUint(DEX_V2_OP.resetPoolGas, 32)
      .storeUint(0, 64)
      .storeAddress(w.poolAB.wallet0)
      .storeAddress(w.poolAB.wallet1)
      .storeAddress(w.dex.admin.address)
      .endCell()
    const { transactions } = await w.dex.admin.send({
      to: w.router.address,
      value: toNano('0.1'),
      body,
    })
    expect(failedTransactions(transactions)).toEqual([])
    expect(
      messagesFrom(transactions, w.poolAB.address).map(({ message }) => opOf(message.body)),
    ).toEqual([0xd53276db])
  })
})
