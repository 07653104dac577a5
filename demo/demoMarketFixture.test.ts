import { expect, test } from 'vitest'
import { demoMarket } from './demoMarket.js'
import { demoWalletAddress } from './demoWallets.js'
import { DEMO_WALLET_ADDRESSES, demoMarketFixture } from './fixtures/demoMarketFixture.js'

test('the fixture the store and service tests use is the demo market, field for field', () => {
  // on a difference: node --import tsx demo/_support/writeDemoMarketFixture.ts
  expect(demoMarketFixture()).toEqual(demoMarket())
  expect(demoMarketFixture()).not.toBe(demoMarketFixture())
  expect(DEMO_WALLET_ADDRESSES).toEqual({
    alice: demoWalletAddress('alice'),
    bob: demoWalletAddress('bob'),
    carol: demoWalletAddress('carol'),
  })
})
