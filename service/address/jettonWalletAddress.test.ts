import { Address, beginCell, Cell, contractAddress } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { demoMarketFixture } from '../../demo/fixtures/demoMarketFixture.js'
import { jettonWalletAddressOf } from '../../protocol/contractLayouts.js'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'
import {
  deriveJettonWalletAddress,
  resolveJettonWallet,
  resolvePoolAddress,
} from './jettonWalletAddress.js'

const market = demoMarketFixture()
const usdl = market.assets.find((a) => a.symbol === 'USDL')
const walletCode = usdl?.jettonWalletCode
if (usdl === undefined || typeof walletCode !== 'string') throw new Error('demo data changed')
const someone = new Address(0, Buffer.alloc(32, 0x5e)).toString()

describe('deriveJettonWalletAddress', () => {
  test('default: the TEP-74 state-init address, pinned, different per owner and per jetton', () => {
    const owner = market.balances[0]!.walletAddress
    const wallet = deriveJettonWalletAddress({
      walletCode,
      ownerAddress: owner,
      jettonAddress: usdl.address,
    })
    // the standard wallet's data: balance 0, owner, jetton master, wallet code
    const code = Cell.fromBase64(walletCode)
    const data = beginCell()
      .storeCoins(0)
      .storeAddress(Address.parse(owner))
      .storeAddress(Address.parse(usdl.address))
      .storeRef(code)
      .endCell()
    expect(Address.parse(wallet).equals(contractAddress(0, { code, data }))).toBe(true)
    expect(wallet).toMatchInlineSnapshot(`"EQB7EbSp-NIsp82Pk2bReXM9fBnc8BBxi4cGzx5fQNKeh1Wm"`)
    expect(
      deriveJettonWalletAddress({ walletCode, ownerAddress: usdl.address, jettonAddress: owner }),
    ).not.toBe(wallet)
  })
})

describe('resolveJettonWallet', () => {
  test('behavior: native coin → the owner; stored → stored; code → derived; else undefined', async () => {
    const store = createSqliteStore({ path: ':memory:' })
    await store.replaceMarket(market)
    const ton = market.assets[0]
    if (ton === undefined) throw new Error('demo data changed')
    expect(await resolveJettonWallet(store, ton, someone)).toBe(someone)
    const stored = market.jettonWallets[0]
    const storedAsset = market.assets.find((a) => a.address === stored?.jettonAddress)
    if (stored === undefined || storedAsset === undefined) throw new Error('demo data changed')
    expect(
      await resolveJettonWallet(
        store,
        { ...storedAsset, jettonWalletCode: null },
        stored.ownerAddress,
      ),
    ).toBe(stored.walletAddress)
    expect(await resolveJettonWallet(store, usdl, someone)).toBe(
      deriveJettonWalletAddress({
        walletCode,
        ownerAddress: someone,
        jettonAddress: usdl.address,
      }),
    )
    expect(
      await resolveJettonWallet(store, { ...usdl, jettonWalletCode: null }, someone),
    ).toBeUndefined()
    expect(NATIVE_ADDRESS).toBe(ton.address)
    await store.close()
  })
})

describe('recorded layouts', () => {
  test('behavior: a recorded wallet layout derives before a chain is asked; no pool layout and no chain: undefined', async () => {
    const store = createSqliteStore({ path: ':memory:' })
    await store.replaceMarket(market)
    let asked = 0
    const chain = {
      jettonWalletAddress: async () => {
        asked++
        return someone
      },
      poolAddress: async () => undefined,
      walletSeqno: async () => undefined,
      balance: async () => undefined,
    }
    // Without a record the chain answers.
    expect(await resolveJettonWallet(store, usdl, someone, chain)).toBe(someone)
    expect(asked).toBe(1)
    await store.putContractLayouts([
      { address: usdl.address, layout: 'stablecoin', cells: [walletCode] },
    ])
    const derived = jettonWalletAddressOf('stablecoin', {
      walletCode,
      owner: someone,
      master: usdl.address,
    })
    expect(await resolveJettonWallet(store, usdl, someone, chain)).toBe(derived)
    expect(asked).toBe(1)
    expect(await resolvePoolAddress(store, usdl.address, someone, usdl.address)).toBeUndefined()
    await store.close()
  })
})
