import { GetMethodError } from '@ton/sandbox'
import { describe, expect, it } from 'vitest'
import { isToken0 } from '../../core/index.js'
import { DexWorld } from '../../emulator/DexWorld.js'
import { createLocalDex, LocalBlockchain, LocalDexError, sideOf } from '../../emulator/index.js'

describe('LocalDexError', () => {
  it('keeps the sandbox error of a failed get-method as its cause, with the exit code', async () => {
    const chain = await LocalBlockchain.createLocal()
    const alice = await chain.treasury('alice')
    const world = new DexWorld(chain, alice)
    const failure = await world.get(alice.address, 'no_such_getter').catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(LocalDexError)
    expect(failure).toMatchObject({ code: 'LOCAL_DEX_GET_METHOD_FAILED', exitCode: 11 })
    expect((failure as LocalDexError).cause).toBeInstanceOf(GetMethodError)
    expect(((failure as LocalDexError).cause as GetMethodError).exitCode).toBe(11)
  })
})

describe('sideOf', () => {
  it('is 0 for the token whose router wallet has the larger slice hash', async () => {
    const dex = await createLocalDex({ seed: 'side-of' })
    const alice = await dex.wallet('alice')
    const router = await dex.deployRouter('v2')
    const [a, b] = [await dex.deployJetton('A'), await dex.deployJetton('B')]
    for (const jetton of [a, b]) await dex.mint(jetton, alice.address, 10n ** 12n)
    const { pool } = await dex.createPool(router, {
      from: alice,
      assetA: a,
      assetB: b,
      amountA: 10n ** 9n,
      amountB: 2n * 10n ** 9n,
    })
    expect(isToken0(pool.wallet0, pool.wallet1)).toBe(true)
    expect(sideOf(pool, pool.asset0)).toBe(0)
    expect(sideOf(pool, pool.asset1)).toBe(1)
    expect(sideOf(pool, a) + sideOf(pool, b)).toBe(1)
    const other = await dex.deployJetton('C')
    expect(() => sideOf(pool, other)).toThrowError(LocalDexError)
  })
})
