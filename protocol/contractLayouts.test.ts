import { Address, Cell } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { jettonWalletAddressOf, poolAddressOf, v2PoolTokenOrder } from './contractLayouts.js'

/**
 * A mainnet USDT jetton wallet, recorded in broxus/tycho-vm `vm/src/lib.rs` (a test that runs
 * its `get_wallet_data`): the account 0:2626cf30…5002, its code (the library reference to the
 * stablecoin wallet code, hash 8f452d7a…3d68) and its data (status 0, a balance, the owner, the
 * USDT master EQCxE6mU…_sDs).
 */
const USDT_WALLET = {
  address: '0:2626cf30b702bdded845efc883efa45029ff59defdacc4ce7b8b0a5966d75002',
  code: 'te6ccgEBAQEAIwAIQgKPRS16Tf10BmtoI2UXclntBXNENb52tf1L1divK3w9aA==',
  data: 'te6ccgEBAQEATAAAkwYKW203ZzmABH9S8yMeP84FtyIBfwh9D44CvZmnNI5D0211guF4CZxwAsROplLUCShZxn2kTkyjrdZWWw4ol9ZAosUb+zcNiHf6',
}

describe('jettonWalletAddressOf', () => {
  test('real data: the stablecoin layout over the library-referenced code gives the mainnet USDT wallet', () => {
    const data = Cell.fromBase64(USDT_WALLET.data).beginParse()
    expect(data.loadUint(4)).toBe(0)
    expect(data.loadCoins()).toBe(11_387_790_649_145n)
    const owner = data.loadAddress().toString()
    const master = data.loadAddress().toString()
    expect(master).toBe('EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs')
    expect(Cell.fromBase64(USDT_WALLET.code).isExotic).toBe(true)
    const expected = Address.parse(USDT_WALLET.address).toString()
    expect(
      jettonWalletAddressOf('stablecoin', { walletCode: USDT_WALLET.code, owner, master }),
    ).toBe(expected)
    // The other layouts give other addresses: a wrong layout is never mistaken for the right one.
    for (const layout of ['tep74', 'pton'] as const) {
      expect(
        jettonWalletAddressOf(layout, { walletCode: USDT_WALLET.code, owner, master }),
      ).not.toBe(expected)
    }
  })
})

describe('poolAddressOf', () => {
  const a = new Address(0, Buffer.alloc(32, 0x11)).toString()
  const b = new Address(0, Buffer.alloc(32, 0x22)).toString()
  const codes = {
    poolCode: Cell.fromBase64(USDT_WALLET.code),
    lpWalletCode: Cell.EMPTY,
    lpAccountCode: Cell.fromBase64(USDT_WALLET.data),
  }
  test('behavior: the pair in either order is the same pool; another router or pair is not', () => {
    const router = new Address(0, Buffer.alloc(32, 0x33)).toString()
    const pool = poolAddressOf('dex-v2-constant-product', {
      router,
      wallet0: a,
      wallet1: b,
      ...codes,
    })
    expect(
      poolAddressOf('dex-v2-constant-product', { router, wallet0: b, wallet1: a, ...codes }),
    ).toBe(pool)
    expect(
      poolAddressOf('dex-v2-constant-product', {
        router: a,
        wallet0: b,
        wallet1: router,
        ...codes,
      }),
    ).not.toBe(pool)
    const [first] = v2PoolTokenOrder(Address.parse(a), Address.parse(b))
    const [again] = v2PoolTokenOrder(Address.parse(b), Address.parse(a))
    expect(first.equals(again)).toBe(true)
  })
})
