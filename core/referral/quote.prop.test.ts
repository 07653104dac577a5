import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz, reachedCases } from '../../test/_support/fuzz.js'
import { kindImplemented } from '../../test/_support/pools.js'
import { curveOf } from '../curves/curveOf.js'
import { UnsupportedPoolKindError } from '../errors/UnsupportedPoolKindError.js'
import { POOL_KINDS } from '../pool/PoolState.js'
import { type QuoteScenario, quoteScenarioArbitrary } from '../testing/quoteScenarioArbitrary.js'
import { oracleRoutes } from './_support/oracle.js'
import { NoRouteError } from './errors/NoRouteError.js'
import type { QuotedRoute } from './evaluateRoute.js'
import { normalizeMarket } from './Market.js'
import { type Quote, quote } from './quote.js'
import { referralAmount } from './referralAmount.js'

const RUNS = 300

/** CP markets of every venue; requests over the same four assets. */
const cpScenarios = quoteScenarioArbitrary({
  market: {
    minPools: 2,
    maxPools: 7,
    minReserve: 10n ** 9n,
    maxReserve: 10n ** 15n,
    v1RefFee: fc.constantFrom(10n, 10n, 10n, 20n),
  },
  request: { minAmountIn: 10n ** 3n, maxAmountIn: 10n ** 12n },
})

function quoteOrUndefined({ market, request }: QuoteScenario): Quote | undefined {
  try {
    return quote(market, request)
  } catch (error) {
    if (error instanceof NoRouteError) return undefined
    throw error
  }
}

function eligible(q: Quote): readonly QuotedRoute[] {
  return [q.route, ...q.alternatives]
}

describe('quote: properties', () => {
  test('the chosen route is the best candidate under the rules (brute-force oracle)', () => {
    const parameters = fuzz({ numRuns: RUNS })
    const cases = reachedCases(parameters, 0.45) // about 0.66 observed
    fc.assert(
      fc.property(cpScenarios, (scenario) => {
        const oracle = oracleRoutes(scenario.market, scenario.request)
        const filled = oracle.filter((r) => r.amountOut !== undefined)
        const q = quoteOrUndefined(scenario)
        if (q === undefined) {
          expect(filled).toEqual([])
          return
        }
        cases.reached()
        const best = filled.reduce(
          (m, r) => ((r.amountOut as bigint) > m ? (r.amountOut as bigint) : m),
          0n,
        )
        expect(q.route.amountOut).toBe(best)
        for (const route of q.alternatives) {
          expect(q.route.amountOut).toBeGreaterThanOrEqual(route.amountOut)
        }
        // Every candidate is accounted for, once, with the oracle's verdict.
        const verdict = new Map(oracle.map((r) => [r.poolIds.join('>'), r.amountOut]))
        expect(eligible(q).length + q.excluded.length).toBe(oracle.length)
        for (const route of eligible(q))
          expect(verdict.get(route.poolIds.join('>'))).toBe(route.amountOut)
        for (const ex of q.excluded) expect(verdict.get(ex.poolIds.join('>'))).toBe(undefined)
      }),
      parameters,
    )
    cases.check()
  })

  test('the fee is never increased, on any hop of any route', () => {
    const parameters = fuzz({ numRuns: RUNS })
    const cases = reachedCases(parameters, 0.45) // about 0.72 observed
    fc.assert(
      fc.property(cpScenarios, (scenario) => {
        const q = quoteOrUndefined(scenario)
        if (q === undefined) return
        cases.reached()
        for (const hop of eligible(q).flatMap((r) => r.hops)) {
          expect(hop.referralBps).toBeLessThanOrEqual(q.request.referrerFeeBps)
          expect(hop.requestedReferralBps).toBe(q.request.referrerFeeBps)
        }
      }),
      parameters,
    )
    cases.check()
  })

  test('DEX v1 never appears in a non-flexible quote above 10 bps', () => {
    let seen = 0
    const parameters = fuzz({ numRuns: RUNS })
    const cases = reachedCases(parameters, 0.3) // about 0.5 observed
    fc.assert(
      fc.property(
        quoteScenarioArbitrary({
          market: {
            minPools: 2,
            maxPools: 6,
            venues: ['dex_v1', 'dex_v2', 'external_a'],
            v1RefFee: fc.constantFrom(10n, 10n, 0n, 20n),
          },
          request: { minFeeBps: 11, flexible: false, withoutReferral: false },
        }),
        (scenario) => {
          const q = quoteOrUndefined(scenario)
          if (q === undefined) return
          cases.reached()
          for (const hop of eligible(q).flatMap((r) => r.hops)) expect(hop.venue).not.toBe('dex_v1')
          const v1 = new Set(
            scenario.market.pools.filter((p) => p.venue === 'dex_v1').map((p) => p.id),
          )
          for (const ex of q.excluded.filter((e) => e.poolIds.some((id) => v1.has(id)))) {
            seen++
            expect(['DEX_V1_FEE_ABOVE_FIXED', 'DEX_V1_NONSTANDARD_FEE']).toContain(ex.reason.code)
          }
        },
      ),
      parameters,
    )
    cases.check()
    if (RUNS >= 100) expect(seen).toBeGreaterThan(0)
  })

  test('a flexible quote on DEX v1 always carries exactly 10 bps', () => {
    let seen = 0
    const parameters = fuzz({ numRuns: RUNS })
    const cases = reachedCases(parameters, 0.35) // about 0.56 observed
    fc.assert(
      fc.property(
        quoteScenarioArbitrary({
          market: {
            minPools: 2,
            maxPools: 6,
            venues: ['dex_v1', 'dex_v2', 'escrow'],
            v1RefFee: fc.constantFrom(10n, 10n, 0n, 20n),
          },
          request: { minFeeBps: 1, flexible: true, withoutReferral: false },
        }),
        (scenario) => {
          const q = quoteOrUndefined(scenario)
          if (q === undefined) return
          cases.reached()
          for (const hop of eligible(q).flatMap((r) => r.hops)) {
            if (hop.venue !== 'dex_v1') {
              expect(hop.referralBps).toBe(q.request.referrerFeeBps)
              continue
            }
            seen++
            expect(hop.referralBps).toBe(10n)
            expect(hop.referralRule).toBe(q.request.referrerFeeBps === 10n ? 'applied' : 'lowered')
          }
        },
      ),
      parameters,
    )
    cases.check()
    if (RUNS >= 100) expect(seen).toBeGreaterThan(0)
  })

  test('amounts are conserved: out + protocol fee + referral fee = gross out, hop by hop', () => {
    const parameters = fuzz({ numRuns: RUNS })
    const cases = reachedCases(parameters, 0.45) // about 0.64 observed
    fc.assert(
      fc.property(cpScenarios, (scenario) => {
        const q = quoteOrUndefined(scenario)
        if (q === undefined) return
        cases.reached()
        const pools = new Map(normalizeMarket(scenario.market).map((p) => [p.id, p]))
        for (const route of eligible(q)) {
          let amountIn = q.request.amountIn
          for (const hop of route.hops) {
            const pool = pools.get(hop.poolId)
            if (pool === undefined) throw new Error(`unknown pool ${hop.poolId}`)
            // The gross output straight from the curve, not from the quote.
            const gross = curveOf(pool.state).grossOut(pool.state, hop.side, amountIn)
            expect(hop.amountIn).toBe(amountIn)
            expect(hop.grossOut).toBe(gross)
            expect(hop.amountOut + hop.protocolFeeOut + hop.referralFeeOut).toBe(gross)
            // ceil(gross · R / 10000), by remainder: the smallest f with f · 10000 ≥ gross · R.
            const f = hop.referralFeeOut
            expect(f * 10_000n).toBeGreaterThanOrEqual(gross * hop.referralBps)
            if (f > 0n) expect((f - 1n) * 10_000n).toBeLessThan(gross * hop.referralBps)
            expect(f).toBe(referralAmount(gross, hop.referralBps))
            expect(hop.recipient === undefined).toBe(hop.referralRule === 'none')
            amountIn = hop.amountOut
          }
          expect(route.amountOut).toBe(amountIn)
        }
      }),
      parameters,
    )
    cases.check()
  })

  test('pools of every kind: a kind is excluded as unsupported only while its math is missing', () => {
    fc.assert(
      fc.property(
        quoteScenarioArbitrary({
          market: { kinds: POOL_KINDS, minPools: 2, maxPools: 6, venues: ['dex_v2', 'external_b'] },
        }),
        (scenario) => {
          const q = quoteOrUndefined(scenario)
          const excluded = q?.excluded ?? []
          const kinds = new Map(scenario.market.pools.map((p) => [p.id, p.state.kind]))
          for (const ex of excluded) {
            if (ex.reason.code !== 'SWAP_FAILED') continue
            if (ex.reason.error instanceof UnsupportedPoolKindError) {
              expect(kindImplemented(kinds.get(ex.reason.poolId) ?? 'constant_product')).toBe(false)
            }
          }
          for (const hop of q === undefined ? [] : eligible(q).flatMap((r) => r.hops)) {
            expect(hop.amountOut + hop.protocolFeeOut + hop.referralFeeOut).toBe(hop.grossOut)
            expect(hop.referralFeeOut).toBe(referralAmount(hop.grossOut, hop.referralBps))
          }
        },
      ),
      fuzz({ numRuns: 150 }),
    )
  })
})
