import { Address } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { createPoolState, FIXED_ONE } from '../../core/pool/PoolState.js'
import { addressText } from '../../protocol/addressText.js'
import type { V2KindParams } from '../../protocol/decode/AdminBody.js'
import { paramsChange } from './paramsChange.js'

const wallet0 = Address.parse(`0:${'33'.repeat(32)}`)
const wallet1 = Address.parse(`0:${'44'.repeat(32)}`)
const token0 = addressText(wallet0)
const internal = (params: V2KindParams) =>
  ({ type: 'v2.internal_set_params', queryId: 0n, params, excesses: null }) as const

describe('paramsChange', () => {
  test('stableswap: every set_params sets amp', () => {
    const pool = createPoolState({ dex: 'v2', kind: 'stableswap', reserve0: 5n })
    const next = paramsChange(pool, internal({ kind: 'stableswap', amp: 200n }), token0)
    expect(next).toEqual({ ...pool, amp: 200n })
  })

  test('weighted constant product: the first weight sticks, by side', () => {
    const pool = createPoolState({ dex: 'v2', kind: 'weighted_const_product' })
    const w = (2n * FIXED_ONE) / 10n
    const other = paramsChange(
      pool,
      internal({ kind: 'weighted_const_product', weight: w, side: wallet1 }),
      token0,
    )
    expect(other?.w0).toBe(FIXED_ONE - w)
    const own = paramsChange(
      pool,
      internal({ kind: 'weighted_const_product', weight: w, side: wallet0 }),
      token0,
    )
    expect(own?.w0).toBe(w)
    const again = paramsChange(
      own ?? pool,
      internal({ kind: 'weighted_const_product', weight: FIXED_ONE / 2n, side: wallet0 }),
      token0,
    )
    expect(again?.w0).toBe(w)
  })

  test('weighted stableswap: amp always, rate when positive, w0 once when the weight is positive', () => {
    const pool = createPoolState({ dex: 'v2', kind: 'weighted_stableswap', rate: 7n })
    const params = {
      kind: 'weighted_stableswap',
      amp: 50n * FIXED_ONE,
      rate: 0n,
      weight: 0n,
      side: wallet0,
      rateSetter: wallet1,
    } as const
    const first = paramsChange(pool, internal(params), token0)
    expect(first).toEqual({ ...pool, amp: 50n * FIXED_ONE })
    const weighted = paramsChange(
      first ?? pool,
      internal({ ...params, rate: 3n, weight: FIXED_ONE / 4n, side: wallet1 }),
      token0,
    )
    expect(weighted).toMatchObject({ rate: 3n, w0: FIXED_ONE - FIXED_ONE / 4n })
    const kept = paramsChange(
      weighted ?? pool,
      internal({ ...params, weight: FIXED_ONE / 2n }),
      token0,
    )
    expect(kept?.w0).toBe(FIXED_ONE - FIXED_ONE / 4n)
    const rated = paramsChange(kept ?? pool, { type: 'v2.set_rate', queryId: 0n, rate: 9n }, token0)
    expect(rated?.rate).toBe(9n)
  })

  test('a change of another kind, a zero rate or a set_rate off weighted stableswap contradicts the contract', () => {
    const stable = createPoolState({ dex: 'v2', kind: 'stableswap' })
    const weighted = createPoolState({ dex: 'v2', kind: 'weighted_stableswap' })
    const wcpi = internal({ kind: 'weighted_const_product', weight: 1n, side: wallet0 })
    expect(paramsChange(stable, wcpi, token0)).toBeUndefined()
    expect(paramsChange(weighted, { type: 'v2.set_rate', queryId: 0n, rate: 0n }, token0)).toBe(
      undefined,
    )
    expect(paramsChange(stable, { type: 'v2.set_rate', queryId: 0n, rate: 5n }, token0)).toBe(
      undefined,
    )
    const v1 = createPoolState({ dex: 'v1', kind: 'constant_product' })
    expect(paramsChange(v1, internal({ kind: 'stableswap', amp: 2n }), token0)).toBeUndefined()
  })
})
