import { expect, test } from 'vitest'
import { demoMarketFixture } from '../../store/_support/demoMarketFixture.js'
import { demoMarket } from './demoMarket.js'

test('the fixture the store and service tests use is the demo market, field for field', () => {
  // on a difference: node --import tsx local/_support/writeDemoMarketFixture.ts
  expect(demoMarketFixture()).toEqual(demoMarket())
  expect(demoMarketFixture()).not.toBe(demoMarketFixture())
})
