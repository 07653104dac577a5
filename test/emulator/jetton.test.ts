import { type Address, beginCell, toNano } from '@ton/core'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { addressArg } from '../../emulator/DexWorld.js'
import {
  createLocalDex,
  type LocalDex,
  type LocalJetton,
  type Treasury,
} from '../../emulator/index.js'
import { failedTransactions, messagesFrom, transactionsOn } from '../../emulator/transactions.js'
import { opOf } from '../../protocol/decode/decodeBody.js'
import { jettonBurnBody, jettonTransferBody } from '../../protocol/jetton/messages.js'
import { JETTON_OP } from '../../protocol/opCodes.js'

let dex: LocalDex
let usdt: LocalJetton
let alice: Treasury
let bob: Treasury
let base: ReturnType<LocalDex['snapshot']>

async function walletOf(owner: Address): Promise<Address> {
  return (
    await dex.blockchain.runGetMethod(usdt.minter, 'get_wallet_address', [addressArg(owner)])
  ).stackReader.readAddress()
}

async function supply(): Promise<bigint> {
  return (
    await dex.blockchain.runGetMethod(usdt.minter, 'get_jetton_data')
  ).stackReader.readBigNumber()
}

beforeAll(async () => {
  dex = await createLocalDex({ seed: 'jetton' })
  ;[alice, bob] = await Promise.all([dex.wallet('alice'), dex.wallet('bob')])
  usdt = await dex.deployJetton('USDT')
  await dex.mint(usdt, alice.address, 1_000_000n)
  base = dex.snapshot()
})

beforeEach(async () => {
  await dex.restore(base)
})

describe('test jetton (TEP-74 + TEP-89)', () => {
  it('mints, transfers with a notification and excesses, and burns', async () => {
    expect(await supply()).toBe(1_000_000n)
    const body = jettonTransferBody({
      amount: 400n,
      destination: bob.address,
      response: alice.address,
      forwardTonAmount: toNano('0.01'),
      forwardPayload: beginCell().storeUint(9, 8).endCell(),
    })
    const { transactions } = await alice.send({
      to: await walletOf(alice.address),
      value: toNano('0.1'),
      body,
    })
    expect(failedTransactions(transactions)).toEqual([])
    const ops = (owner: Address) =>
      transactionsOn(transactions, owner).map((t) =>
        t.inMessage === null || t.inMessage === undefined ? undefined : opOf(t.inMessage.body),
      )
    expect(ops(bob.address)).toContain(JETTON_OP.transferNotification)
    expect(ops(alice.address)).toContain(JETTON_OP.excesses)
    expect([
      await dex.jettonBalance(usdt, alice.address),
      await dex.jettonBalance(usdt, bob.address),
    ]).toEqual([999_600n, 400n])
    const burn = await bob.send({
      to: await walletOf(bob.address),
      value: toNano('0.1'),
      body: jettonBurnBody({ amount: 150n, response: bob.address }),
    })
    expect(failedTransactions(burn.transactions)).toEqual([])
    expect([await supply(), await dex.jettonBalance(usdt, bob.address)]).toEqual([999_850n, 250n])
  })

  it("rejects a stranger's transfer (705) and an overdraft (706)", async () => {
    const body = jettonTransferBody({
      amount: 1n,
      destination: bob.address,
      response: bob.address,
      forwardTonAmount: 0n,
    })
    const stranger = await bob.send({
      to: await walletOf(alice.address),
      value: toNano('0.1'),
      body,
    })
    expect(failedTransactions(stranger.transactions).map((f) => f.exitCode)).toEqual([705])
    const overdraft = jettonTransferBody({
      amount: 2_000_000n,
      destination: bob.address,
      response: alice.address,
      forwardTonAmount: 0n,
    })
    const r = await alice.send({
      to: await walletOf(alice.address),
      value: toNano('0.1'),
      body: overdraft,
    })
    expect(failedTransactions(r.transactions).map((f) => f.exitCode)).toEqual([706])
  })

  it('answers provide_wallet_address with take_wallet_address (TEP-89)', async () => {
    const body = beginCell()
      .storeUint(JETTON_OP.provideWalletAddress, 32)
      .storeUint(5, 64)
      .storeAddress(bob.address)
      .storeBit(true)
      .endCell()
    const { transactions } = await alice.send({ to: usdt.minter, value: toNano('0.05'), body })
    const reply = messagesFrom(transactions, usdt.minter)[0]?.message.body.beginParse()
    expect([reply?.loadUint(32), reply?.loadUintBig(64)]).toEqual([JETTON_OP.takeWalletAddress, 5n])
    expect(reply?.loadAddress().equals(await walletOf(bob.address))).toBe(true)
    expect(reply?.loadRef().beginParse().loadAddress().equals(bob.address)).toBe(true)
  })
})
