import { Address, beginCell, type TupleItem, TupleReader } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { PTON_V1_MINTER_ADDRESS } from '../../protocol/jetton/ptonMinters.js'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import { type ExplainedGetMethod, nameRouterWallet } from './nameRouterWallets.js'

// Addresses of the recorded TON/USD₮ pool's router and wallets (ton-rs `contract_state_EQCGScrZ…`).
const router = 'EQCS4UEa5UaJLzOyyKieqQOQ2P9M-7kXpkO5HnP3Bv250cN3'
const wallet = 'EQCSLWJ9fY7b0A5OI72wxUp27l4fRlc6GvRBeFf6PiPpH4p3'
const other = 'EQCSIMGBps_qzRG3uPYhON8bucyCtu0mYdL1-u4gSz77IBa3'
const usdt = 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs'
const pton = 'EQBnGWMCf3-FZZq1W4IWcWiGAc3PHuZ0_H-7sad2oY00o83S'

const slice = (address: string): TupleItem => ({
  type: 'slice',
  cell: beginCell().storeAddress(Address.parse(address)).endCell(),
})
const walletData = (owner: string, master: string): TupleItem[] => [
  { type: 'int', value: 2_543_727_890_452n },
  slice(owner),
  slice(master),
  { type: 'cell', cell: beginCell().endCell() },
]

/** Get-method answers by `address method`: what a chain's state would answer. */
function runner(answers: Record<string, TupleItem[]>): ExplainedGetMethod {
  return {
    run: async (address, method) => {
      const stack = answers[`${address} ${method}`]
      return stack === undefined ? undefined : new TupleReader(stack)
    },
    failure: () => "no active account at the fork's block",
  }
}

describe('nameRouterWallet: a router wallet named by its own get_wallet_data', () => {
  test('the master it names, cross-checked by the master when it answers', async () => {
    const named = await nameRouterWallet(
      runner({
        [`${wallet} get_wallet_data`]: walletData(router, usdt),
        [`${usdt} get_wallet_address`]: [slice(wallet)],
      }),
      { wallet, router, ptonMasters: new Set() },
    )
    expect(named).toEqual({ wallet, asset: usdt, master: usdt, crossChecked: true })
  })

  test('a master without state: named by the wallet, not cross-checked', async () => {
    const named = await nameRouterWallet(
      runner({ [`${wallet} get_wallet_data`]: walletData(router, usdt) }),
      { wallet, router, ptonMasters: new Set() },
    )
    expect(named).toEqual({ wallet, asset: usdt, master: usdt, crossChecked: false })
  })

  test('a look-alike (its master derives another wallet) and a wallet of another owner are refused', async () => {
    const lookAlike = await nameRouterWallet(
      runner({
        [`${wallet} get_wallet_data`]: walletData(router, usdt),
        [`${usdt} get_wallet_address`]: [slice(other)],
      }),
      { wallet, router, ptonMasters: new Set() },
    )
    expect(lookAlike).toMatchObject({ kind: 'router-wallet', address: wallet })
    expect('why' in lookAlike && lookAlike.why).toMatch(/get_wallet_address\(router\) is EQCSIMGB/)
    const foreign = await nameRouterWallet(
      runner({ [`${wallet} get_wallet_data`]: walletData(other, usdt) }),
      { wallet, router, ptonMasters: new Set() },
    )
    expect('why' in foreign && foreign.why).toMatch(/names the owner EQCSIMGB.*not the router/)
  })

  test('pTON: the v1 minter, a known pTON master, or get_version 2.x stands for TON', async () => {
    const v1 = await nameRouterWallet(
      runner({ [`${wallet} get_wallet_data`]: walletData(router, PTON_V1_MINTER_ADDRESS) }),
      { wallet, router, ptonMasters: new Set() },
    )
    expect(v1).toMatchObject({ asset: NATIVE_ADDRESS, master: PTON_V1_MINTER_ADDRESS })
    const version = await nameRouterWallet(
      runner({
        [`${wallet} get_wallet_data`]: walletData(router, pton),
        [`${pton} get_version`]: [
          { type: 'int', value: 2n },
          { type: 'int', value: 1n },
          { type: 'slice', cell: beginCell().storeStringTail('release').endCell() },
        ],
      }),
      { wallet, router, ptonMasters: new Set() },
    )
    expect(version).toMatchObject({ asset: NATIVE_ADDRESS, master: pton })
    const unknown = await nameRouterWallet(
      runner({ [`${wallet} get_wallet_data`]: walletData(router, pton) }),
      { wallet, router, ptonMasters: new Set() },
    )
    expect(unknown).toMatchObject({ asset: pton })
  })

  test('a wallet that does not answer is unnamed, with the reason', async () => {
    const named = await nameRouterWallet(runner({}), { wallet, router, ptonMasters: new Set() })
    expect(named).toEqual({
      address: wallet,
      kind: 'router-wallet',
      why: "its get_wallet_data gives nothing: no active account at the fork's block",
    })
  })
})
