import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PoolKind } from '../../../core/index.js'
import { createLocalDex } from '../../../emulator/index.js'
import { fuzz, fuzzEmulated } from '../../_support/fuzz.js'
import { kindScenario, type Scenario } from './differentialModel.js'
import { type DifferentialEnv, excludedCases, refundCodesSeen, runScenario } from './runScenario.js'

const OPS_PER_SCENARIO = 12
/** Scenarios per kind at the default scale: about 1 150–1 300 compared cases (operations that
 * round to nothing are skipped). */
const SCENARIOS = 100

/**
 * The differential suite of one DEX v2 pool kind: one emulator world (a router of the kind, two
 * jettons, a trader holding 1e33 of each), restored from a snapshot before each scenario; the
 * kept regression scenarios, then `SCENARIOS` random ones (`FUZZ_RUNS` scales them, FUZZ_SEED /
 * FUZZ_PATH replay a failure); at least 1 000 compared cases at the default scale.
 */
export function kindDifferentialSuite(kind: PoolKind, regressions: readonly Scenario[]): void {
  let total = 0
  const started = performance.now()

  describe(`differential: DEX v2 ${kind} emulator vs core`, () => {
    let env: DifferentialEnv
    let base: ReturnType<DifferentialEnv['dex']['snapshot']>

    beforeAll(async () => {
      const dex = await createLocalDex({ seed: `differential-${kind}` })
      const [trader, referrer, feeCollector] = await Promise.all([
        dex.wallet('trader'),
        dex.wallet('referrer'),
        dex.wallet('fee-collector'),
      ])
      const a = await dex.deployJetton('AAA')
      const b = await dex.deployJetton('BBB')
      const router = await dex.deployRouter('v2', { kind })
      await dex.mint(a, trader.address, 10n ** 33n)
      await dex.mint(b, trader.address, 10n ** 33n)
      env = { dex, router, a, b, trader, referrer, feeCollector }
      base = dex.snapshot()
    })

    const run = async (s: Scenario) => {
      await env.dex.restore(base)
      total += await runScenario(env, s)
    }

    it('reproduces the kept regression scenarios', async () => {
      for (const s of regressions) await run(s)
    })

    it('agrees with core on random scenarios', async () => {
      await fc.assert(
        fc.asyncProperty(kindScenario(kind, OPS_PER_SCENARIO), run),
        fuzzEmulated({ numRuns: SCENARIOS }),
      )
    }, 900_000)

    it('compared at least 1000 cases at the default scale (less when FUZZ_RUNS scales down)', () => {
      const runs = fuzz({ numRuns: SCENARIOS }).numRuns ?? SCENARIOS
      expect(total).toBeGreaterThanOrEqual(Math.floor((1000 * runs) / SCENARIOS))
    })
  })

  afterAll(() => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(
      `differential ${kind}: ${total} cases compared in ${seconds} s; left out: ` +
        `${excludedCases.poolOutOfGas} weighted-stableswap swaps over the gas limit or short of TON for the pool's messages, ` +
        `${excludedCases.payoutOutOfGas} whose payout or refund then lacked TON; swap refund ` +
        `codes compared: ${[...refundCodesSeen].map(([code, n]) => `${code < 0x10000 ? code : `0x${code.toString(16)}`} ×${n}`).join(', ')}`,
    )
  })
}
