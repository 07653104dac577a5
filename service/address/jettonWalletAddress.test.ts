import { describe, expect, test } from 'vitest'
import { DEMO_JETTON_WALLET_CODE, demoAddress } from '../../local/demo/demoAddresses.js'
import { demoMarket } from '../../local/demo/demoMarket.js'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'
import { deriveJettonWalletAddress, resolveJettonWallet } from './jettonWalletAddress.js'

describe('deriveJettonWalletAddress', () => {
  test('default: a pinned derivation, different per owner and per jetton', () => {
    const owner = demoAddress('wallet alice')
    const jetton = demoAddress('jetton master USDL')
    const wallet = deriveJettonWalletAddress({
      walletCode: DEMO_JETTON_WALLET_CODE,
      ownerAddress: owner,
      jettonAddress: jetton,
    })
    expect(wallet).toMatchInlineSnapshot(`"EQB7EbSp-NIsp82Pk2bReXM9fBnc8BBxi4cGzx5fQNKeh1Wm"`)
    expect(
      deriveJettonWalletAddress({
        walletCode: DEMO_JETTON_WALLET_CODE,
        ownerAddress: jetton,
        jettonAddress: owner,
      }),
    ).not.toBe(wallet)
  })
})

describe('resolveJettonWallet', () => {
  test('behavior: native coin → the owner; stored → stored; code → derived; else undefined', async () => {
    const market = demoMarket()
    const store = createSqliteStore({ path: ':memory:' })
    await store.replaceMarket(market)
    const ton = market.assets[0]
    const usdl = market.assets[1]
    if (ton === undefined || usdl === undefined) throw new Error('demo data changed')
    const owner = demoAddress('someone')
    expect(await resolveJettonWallet(store, ton, owner)).toBe(owner)
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
    expect(await resolveJettonWallet(store, usdl, owner)).toBe(
      deriveJettonWalletAddress({
        walletCode: DEMO_JETTON_WALLET_CODE,
        ownerAddress: owner,
        jettonAddress: usdl.address,
      }),
    )
    expect(
      await resolveJettonWallet(store, { ...usdl, jettonWalletCode: null }, owner),
    ).toBeUndefined()
    expect(NATIVE_ADDRESS).toBe(ton.address)
    await store.close()
  })
})
