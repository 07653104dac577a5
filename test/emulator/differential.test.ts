/**
 * Differential tests: random pools, swaps (with and without referral, every slippage edge),
 * provisions (both sides, single side, too greedy) and burns run through the emulator's fixture
 * contracts AND `ton-dex-lab/core`; outputs, refund codes, reserves / supply / protocol fees from
 * `get_pool_data`, referral payouts and the trader's balances must agree on every case.
 * `FUZZ_RUNS` scales the scenario count; a failing scenario is replayed with FUZZ_SEED / FUZZ_PATH
 * and then kept in `REGRESSIONS`.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalDex } from '../../emulator/index.js'
import { fuzz, fuzzEmulated } from '../_support/fuzz.js'
import { type Scenario, scenario } from './_support/differentialModel.js'
import { type DifferentialEnv, runScenario } from './_support/runScenario.js'

const OPS_PER_SCENARIO = 10
/** 55 scenarios × (10 operations + the first provision) per DEX version by default; operations
 * that round to nothing are skipped, which leaves about 1 100 compared cases. */
const SCENARIOS = 55

/** Scenarios kept as regressions (the reference pool of docs/contracts.md §6 and edge cases). */
const REGRESSIONS: Record<'v1' | 'v2', Scenario[]> = {
  v1: [
    {
      amount0: 1_000_000_000_000n,
      amount1: 2_000_000_000_000n,
      lpFee: 20n,
      protocolFee: 10n,
      refFee: 10n,
      ops: [
        { kind: 'swap', side: 0, size: 1_000n, raw: false, referral: 1n, minOut: 'none' },
        { kind: 'swap', side: 1, size: 1_000n, raw: false, referral: undefined, minOut: 'exact' },
        { kind: 'provide', size0: 1_000n, size1: 500n, greedy: false },
        { kind: 'provide', size0: 1n, size1: 1n, greedy: false },
        { kind: 'burn', share: 1_000_000n },
        { kind: 'swap', side: 0, size: 1n, raw: true, referral: undefined, minOut: 'none' },
      ],
    },
  ],
  v2: [
    {
      amount0: 1_000_000_000_000n,
      amount1: 2_000_000_000_000n,
      lpFee: 20n,
      protocolFee: 10n,
      refFee: 0n,
      ops: [
        { kind: 'swap', side: 0, size: 1_000n, raw: false, referral: undefined, minOut: 'exact' },
        { kind: 'swap', side: 1, size: 1_000n, raw: false, referral: 10n, minOut: 'above' },
        { kind: 'swap', side: 1, size: 1_000n, raw: false, referral: 101n, minOut: 'none' },
        { kind: 'provide', size0: 1_000n, size1: 0n, greedy: false },
        { kind: 'provide', size0: 500n, size1: 500n, greedy: true },
        { kind: 'burn', share: 1_000_000n },
        { kind: 'swap', side: 0, size: 3n, raw: true, referral: undefined, minOut: 'none' },
      ],
    },
  ],
}

let total = 0

for (const version of ['v1', 'v2'] as const) {
  describe(`differential: DEX ${version} emulator vs core`, () => {
    let env: DifferentialEnv
    let base: ReturnType<DifferentialEnv['dex']['snapshot']>

    beforeAll(async () => {
      const dex = await createLocalDex({ seed: `differential-${version}` })
      const [trader, referrer, feeCollector] = await Promise.all([
        dex.wallet('trader'),
        dex.wallet('referrer'),
        dex.wallet('fee-collector'),
      ])
      const a = await dex.deployJetton('AAA')
      const b = await dex.deployJetton('BBB')
      const router = await dex.deployRouter(version)
      await dex.mint(a, trader.address, 10n ** 20n)
      await dex.mint(b, trader.address, 10n ** 20n)
      env = { dex, router, a, b, trader, referrer, feeCollector }
      base = dex.snapshot()
    })

    const run = async (s: Scenario) => {
      await env.dex.restore(base)
      total += await runScenario(env, s)
    }

    it('reproduces the kept regression scenarios', async () => {
      for (const s of REGRESSIONS[version]) await run(s)
    })

    it('agrees with core on random scenarios', async () => {
      await fc.assert(
        fc.asyncProperty(scenario(version, OPS_PER_SCENARIO), run),
        fuzzEmulated({ numRuns: SCENARIOS }),
      )
    })
  })
}

afterAll(() => {
  console.log(`differential cases compared: ${total}`)
})

describe('differential case count', () => {
  it('is at least 1000 at the default scale (proportionally less when FUZZ_RUNS scales down)', () => {
    // Runs after the two suites above (a file runs its tests in order).
    const runs = fuzz({ numRuns: SCENARIOS }).numRuns ?? SCENARIOS
    expect(total).toBeGreaterThanOrEqual(Math.floor((1000 * runs) / SCENARIOS))
  })
})
