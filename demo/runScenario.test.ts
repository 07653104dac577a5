import { describe, expect, it } from 'vitest'
import { createLocalDex } from '../emulator/createLocalDex.js'
import { runScenario } from './runScenario.js'

const E18 = 10n ** 18n

/**
 * The scenario's stable and weighted world (`kinds: true`): one DEX v2 router per kind beside
 * the constant-product ones, all on one pTON v2.1 master, two pools on each with the kind's
 * parameters, provided and traded like the constant-product pools.
 */
describe('runScenario with every DEX v2 pool kind', () => {
  it('behavior: creates, provides and trades two pools of each stable and weighted kind', async () => {
    const dex = await createLocalDex({ now: 1_700_000_000, seed: 'scenario kinds' })
    const result = await runScenario(dex, { swaps: 45, seed: 3, kinds: true })
    expect(result.routers.map((r) => `${r.dex} ${r.kind}`)).toEqual([
      'v1 constant_product',
      'v2 constant_product',
      'v2 stableswap',
      'v2 weighted_const_product',
      'v2 weighted_stableswap',
    ])
    const v2 = result.routers.filter((r) => r.dex === 'v2')
    expect(new Set(v2.map((r) => r.pton?.minter.toString())).size).toBe(1)
    expect(result.pools).toHaveLength(9)
    for (const pool of result.pools.slice(3)) {
      const state = await dex.poolState(pool)
      expect(state.kind).toBe(pool.router.kind)
      expect(state.reserve0).toBeGreaterThan(0n)
      expect(state.reserve1).toBeGreaterThan(0n)
      if (state.kind === 'stableswap') expect([100n, 200n]).toContain(state.amp)
      if (state.kind === 'weighted_stableswap') {
        expect(state.amp).toBe(100n * E18)
        expect(state.w0).toBe(E18 / 2n)
      }
      if (state.kind === 'weighted_const_product')
        expect([E18 / 2n, (8n * E18) / 10n, (2n * E18) / 10n]).toContain(state.w0)
    }
    const traded = new Set(result.swaps.filter((s) => s.ok).map((s) => s.pool))
    const kinds = new Set(
      result.pools.filter((p) => traded.has(p.address.toString())).map((p) => p.router.kind),
    )
    expect([...kinds].sort()).toEqual([
      'constant_product',
      'stableswap',
      'weighted_const_product',
      'weighted_stableswap',
    ])
  })
})
