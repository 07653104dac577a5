import { type Address, beginCell, type Cell, type Transaction, toNano } from '@ton/core'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { addressArg } from '../../emulator/DexWorld.js'
import {
  createLocalDex,
  type LocalDex,
  type LocalPton,
  type Treasury,
} from '../../emulator/index.js'
import { failedTransactions, transactionsOn } from '../../emulator/transactions.js'
import { opOf } from '../../protocol/decode/decodeBody.js'
import { jettonTransferBody } from '../../protocol/jetton/messages.js'
import {
  ptonV1DeployWalletBody,
  ptonV2DeployWalletBody,
  ptonV2TonTransferBody,
} from '../../protocol/jetton/ptonMessages.js'
import { PTON_V2_OP } from '../../protocol/opCodes.js'

let dex: LocalDex
let v1: LocalPton
let v2: LocalPton
let alice: Treasury
let bob: Treasury
let carol: Treasury
let carolV1: Address
let carolV2: Address
let base: ReturnType<LocalDex['snapshot']>

async function walletOf(minter: Address, owner: Address): Promise<Address> {
  const r = await dex.blockchain.runGetMethod(minter, 'get_wallet_address', [addressArg(owner)])
  return r.stackReader.readAddress()
}

async function walletBalance(wallet: Address): Promise<bigint> {
  return (await dex.blockchain.runGetMethod(wallet, 'get_wallet_data')).stackReader.readBigNumber()
}

/** The op of a transaction's incoming message. */
function inOp(tx: Transaction): number | undefined {
  const body = tx.inMessage?.body
  return body === undefined ? undefined : opOf(body)
}

/** The coins field after op + query id of the first message `to` receives with `op`. */
function receivedAmount(txs: readonly Transaction[], to: Address, op: number) {
  const body: Cell | undefined = transactionsOn(txs, to).find((t) => inOp(t) === op)?.inMessage
    ?.body
  if (body === undefined) return undefined
  const s = body.beginParse()
  s.skip(32 + 64)
  return s.loadCoins()
}

beforeAll(async () => {
  dex = await createLocalDex({ seed: 'pton' })
  ;[alice, bob, carol] = await Promise.all([
    dex.wallet('alice'),
    dex.wallet('bob'),
    dex.wallet('carol'),
  ])
  v1 = await dex.deployPton('v1')
  v2 = await dex.deployPton('v2')
  await dex.admin.send({
    to: v1.minter,
    value: toNano('1.05'),
    body: ptonV1DeployWalletBody({ owner: carol.address }),
  })
  await dex.admin.send({
    to: v2.minter,
    value: toNano('0.1'),
    body: ptonV2DeployWalletBody({ owner: carol.address, excesses: carol.address }),
  })
  carolV1 = await walletOf(v1.minter, carol.address)
  carolV2 = await walletOf(v2.minter, carol.address)
  base = dex.snapshot()
})

beforeEach(async () => {
  await dex.restore(base)
})

describe('pTON v2 wallet', () => {
  it('wraps ton_amount and notifies the owner; refunds when the value does not cover it', async () => {
    const payload = beginCell().storeUint(7, 32).endCell()
    const body = ptonV2TonTransferBody({
      tonAmount: toNano('1'),
      refund: alice.address,
      forwardPayload: payload,
    })
    const { transactions } = await alice.send({ to: carolV2, value: toNano('1.1'), body })
    expect(receivedAmount(transactions, carol.address, 0x7362d09c)).toBe(toNano('1'))
    expect(await walletBalance(carolV2)).toBe(toNano('1'))
    const low = await alice.send({ to: carolV2, value: toNano('0.5'), body })
    expect(
      transactionsOn(low.transactions, alice.address).some((t) => inOp(t) === PTON_V2_OP.tonRefund),
    ).toBe(true)
    expect(await walletBalance(carolV2)).toBe(toNano('1'))
    const zero = await alice.send({
      to: carolV2,
      value: toNano('0.5'),
      body: ptonV2TonTransferBody({ tonAmount: 0n, refund: alice.address }),
    })
    expect(failedTransactions(zero.transactions).map((f) => f.exitCode)).toEqual([87])
  })

  it('pays out as ton_transfer: all to the destination, or exact amount plus excesses', async () => {
    await alice.send({
      to: carolV2,
      value: toNano('2.1'),
      body: ptonV2TonTransferBody({
        tonAmount: toNano('2'),
        refund: alice.address,
        forwardPayload: beginCell().endCell(),
      }),
    })
    const same = jettonTransferBody({
      amount: toNano('0.4'),
      destination: bob.address,
      response: bob.address,
      forwardTonAmount: 0n,
    })
    const r1 = await carol.send({ to: carolV2, value: toNano('0.05'), body: same })
    expect(receivedAmount(r1.transactions, bob.address, PTON_V2_OP.tonTransfer)).toBe(toNano('0.4'))
    expect(await walletBalance(carolV2)).toBe(toNano('1.6'))
    const split = jettonTransferBody({
      amount: toNano('0.5'),
      destination: bob.address,
      response: carol.address,
      forwardTonAmount: toNano('0.01'),
    })
    const r2 = await carol.send({ to: carolV2, value: toNano('0.1'), body: split })
    const toBob = transactionsOn(r2.transactions, bob.address)[0]?.inMessage
    expect(toBob?.info.type === 'internal' ? toBob.info.value.coins : 0n).toBe(toNano('0.51'))
    expect(transactionsOn(r2.transactions, carol.address).some((t) => inOp(t) === 0xd53276db)).toBe(
      true,
    )
    const stranger = await bob.send({ to: carolV2, value: toNano('0.05'), body: same })
    expect(failedTransactions(stranger.transactions).map((f) => f.exitCode)).toEqual([85])
  })
})

describe('pTON v1 wallet', () => {
  it('credits msg_value − forward_ton_amount, ignoring the amount field', async () => {
    const body = jettonTransferBody({
      amount: 999n,
      destination: carol.address,
      response: null,
      forwardTonAmount: toNano('0.2'),
      forwardPayload: beginCell().endCell(),
    })
    const { transactions } = await alice.send({ to: carolV1, value: toNano('1.2'), body })
    expect(receivedAmount(transactions, carol.address, 0x7362d09c)).toBe(toNano('1'))
    expect(await walletBalance(carolV1)).toBe(toNano('1'))
    const noForward = jettonTransferBody({
      amount: 1n,
      destination: carol.address,
      response: null,
      forwardTonAmount: 0n,
    })
    const zero = await alice.send({ to: carolV1, value: toNano('1'), body: noForward })
    expect(failedTransactions(zero.transactions).map((f) => f.exitCode)).toEqual([87])
  })

  it("pays the owner's transfer as a transfer_notification with the amount", async () => {
    await alice.send({
      to: carolV1,
      value: toNano('1.2'),
      body: jettonTransferBody({
        amount: 0n,
        destination: carol.address,
        response: null,
        forwardTonAmount: toNano('0.2'),
        forwardPayload: beginCell().endCell(),
      }),
    })
    const payout = jettonTransferBody({
      amount: toNano('0.3'),
      destination: bob.address,
      response: bob.address,
      forwardTonAmount: 0n,
    })
    const { transactions } = await carol.send({ to: carolV1, value: toNano('0.1'), body: payout })
    expect(receivedAmount(transactions, bob.address, 0x7362d09c)).toBe(toNano('0.3'))
    expect(await walletBalance(carolV1)).toBe(toNano('0.7'))
    const tooMuch = jettonTransferBody({
      amount: toNano('5'),
      destination: bob.address,
      response: bob.address,
      forwardTonAmount: 0n,
    })
    const r = await carol.send({ to: carolV1, value: toNano('0.1'), body: tooMuch })
    expect(failedTransactions(r.transactions).map((f) => f.exitCode)).toEqual([85])
  })
})
