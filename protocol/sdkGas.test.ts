import { toNano } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { POOL_KINDS } from '../core/pool/PoolState.js'
import { SDK_PROVIDE_GAS, SDK_SWAP_GAS } from './sdkGas.js'

describe('the SDK gas table', () => {
  test('default: the SDK 2.7.0 figures, in nanoTON', () => {
    expect(SDK_SWAP_GAS.v1.toJetton).toEqual({
      jetton: { gas: toNano('0.22'), forward: toNano('0.175') },
      tonForward: toNano('0.185'),
    })
    expect(SDK_SWAP_GAS.v1.toNative.jetton).toEqual({
      gas: toNano('0.17'),
      forward: toNano('0.125'),
    })
    expect(SDK_SWAP_GAS.v2.stableswap.jetton.gas).toBe(toNano('0.329'))
    expect(SDK_SWAP_GAS.v2.weighted_const_product.tonForward).toBe(toNano('0.319'))
    expect(SDK_PROVIDE_GAS.v1.tonForward).toBe(toNano('0.26'))
    expect(SDK_PROVIDE_GAS.v2SingleSided.jetton).toEqual({
      gas: toNano('1'),
      forward: toNano('0.8'),
    })
  })

  test('every DEX v2 kind has a row; what a jetton swap attaches covers what it forwards', () => {
    expect(Object.keys(SDK_SWAP_GAS.v2).sort()).toEqual([...POOL_KINDS].sort())
    for (const row of [
      ...Object.values(SDK_SWAP_GAS.v2),
      SDK_SWAP_GAS.v1.toJetton,
      SDK_SWAP_GAS.v1.toNative,
      ...Object.values(SDK_PROVIDE_GAS),
    ]) {
      expect(row.jetton.gas).toBeGreaterThan(row.jetton.forward)
    }
  })
})
