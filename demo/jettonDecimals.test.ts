import { expect, test } from 'vitest'
import { jettonDecimals } from './jettonDecimals.js'

test('the USD stablecoins have 6 decimals, every other emulated jetton 9', () => {
  expect(['USDT', 'USDC', 'STON', 'XTON', 'usdt'].map(jettonDecimals)).toEqual([6, 6, 9, 9, 9])
})
