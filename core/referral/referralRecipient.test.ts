import { Address } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { NOT, REFERRER, USDT_RAW, v1TonUsdt, v2TonUsdt } from './_support/market.js'
import { plain } from './_support/plain.js'
import { normalizeMarket } from './Market.js'
import { referralRecipient } from './referralRecipient.js'

const referrer = Address.parse(REFERRER)
const [v1, v2] = normalizeMarket({ pools: [v1TonUsdt, v2TonUsdt] })

describe('referralRecipient', () => {
  test('DEX v1 pays the referrer in the swap; DEX v2 keys the vault by the ask token', () => {
    if (v1 === undefined || v2 === undefined) throw new Error('fixture')
    expect(plain(referralRecipient(v1, 'native', referrer))).toEqual({
      kind: 'referrer',
      address: referrer.toRawString(),
      settlement: 'paid_in_swap',
    })
    expect(plain(referralRecipient(v2, USDT_RAW, referrer))).toMatchObject({
      kind: 'dex_v2_vault',
      tokenMinter: USDT_RAW,
      routerTokenWallet: undefined,
      vaultAddress: undefined,
    })
  })

  test('behavior: an ask asset the pool does not hold is rejected', () => {
    if (v2 === undefined) throw new Error('fixture')
    expect(() => referralRecipient(v2, NOT, referrer)).toThrow(/askAsset/)
    expect(() => referralRecipient({ ...v2, router: undefined }, USDT_RAW, referrer)).toThrow(
      /pool\.router/,
    )
    expect(() =>
      referralRecipient({ ...v2, nativeWrapperMaster: undefined }, 'native', referrer),
    ).toThrow(/pool\.nativeWrapperMaster/)
  })
})
