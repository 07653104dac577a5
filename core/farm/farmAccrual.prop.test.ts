import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz, reachedCases } from '../../test/_support/fuzz.js'
import {
  accrueFarmPool,
  claimFarmPool,
  type FarmPoolAccrual,
  farmPendingNanorewards,
  farmPoolRemaining,
  NANOREWARDS_PER_UNIT,
} from './farmAccrual.js'

const START = 1_700_000_000n

function freshPool(deposited: bigint): FarmPoolAccrual {
  return {
    deposited,
    accruedPerUnit: 0n,
    accrued: 0n,
    claimed: 0n,
    claimedFee: 0n,
    accruedFee: 0n,
    lastUpdateTime: START,
  }
}

/** A farm life: positions come and go, claim, while one reward pool accrues. */
type Event =
  | { kind: 'stake'; dt: bigint; amount: bigint }
  | { kind: 'claim'; dt: bigint; position: number }
  | { kind: 'unstake'; dt: bigint; position: number }

const event: fc.Arbitrary<Event> = fc.oneof(
  fc.record({
    kind: fc.constant('stake' as const),
    dt: fc.bigInt({ min: 0n, max: 200_000n }),
    amount: fc.oneof(fc.bigInt({ min: 1n, max: 1_000n }), fc.bigInt({ min: 1n, max: 1n << 80n })),
  }),
  fc.record({
    kind: fc.constant('claim' as const),
    dt: fc.bigInt({ min: 0n, max: 200_000n }),
    position: fc.nat(20),
  }),
  fc.record({
    kind: fc.constant('unstake' as const),
    dt: fc.bigInt({ min: 0n, max: 200_000n }),
    position: fc.nat(20),
  }),
)

const life = fc.record({
  deposited: fc.oneof(
    fc.bigInt({ min: 0n, max: 10n ** 12n }),
    fc.bigInt({ min: 0n, max: 10n ** 30n }),
  ),
  rate: fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.bigInt({ min: 0n, max: 10n ** 27n })),
  adminFee: fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: 10_000n })),
  events: fc.array(event, { minLength: 1, maxLength: 30 }),
})

describe('farm accrual properties', () => {
  test('never accrues more than was deposited; per-unit and time only grow', () => {
    const parameters = fuzz({ numRuns: 300 })
    const cases = reachedCases(parameters, 1)
    fc.assert(
      fc.property(life, ({ deposited, rate, adminFee, events }) => {
        let pool = freshPool(deposited)
        let staked = 0n
        let now = START
        for (const e of events) {
          now += e.dt
          const next = accrueFarmPool(pool, {
            now,
            staked,
            nanorewardsPer24h: rate,
            adminFee,
            active: true,
          })
          expect(next.accrued + next.accruedFee).toBeLessThanOrEqual(next.deposited)
          expect(next.accruedPerUnit).toBeGreaterThanOrEqual(pool.accruedPerUnit)
          expect(next.lastUpdateTime).toBe(now)
          pool = next
          if (e.kind === 'stake') staked += e.amount
        }
        cases.reached()
      }),
      parameters,
    )
    cases.check()
  })

  test('positions are owed exactly what accrued: Σ pending + Σ claimed exactly = accrued', () => {
    const parameters = fuzz({ numRuns: 300 })
    const cases = reachedCases(parameters, 1)
    let withClaims = 0
    fc.assert(
      fc.property(life, ({ deposited, rate, adminFee, events }) => {
        let pool = freshPool(deposited)
        let now = START
        const positions: { staked: bigint; claimedPerUnit: bigint; open: boolean }[] = []
        let claimedExact = 0n // what payouts settled, in nanorewards before the floor
        let paid = 0n // base units paid
        const staked = () => positions.reduce((s, p) => (p.open ? s + p.staked : s), 0n)
        const settle = (index: number) => {
          const position = positions[index]
          if (position === undefined || !position.open) return false
          claimedExact += farmPendingNanorewards(
            position.staked,
            pool.accruedPerUnit,
            position.claimedPerUnit,
          )
          const claim = claimFarmPool(pool, position)
          paid += claim.payout
          pool = claim.pool
          position.claimedPerUnit = claim.claimedPerUnit
          return true
        }
        for (const e of events) {
          now += e.dt
          pool = accrueFarmPool(pool, {
            now,
            staked: staked(),
            nanorewardsPer24h: rate,
            adminFee,
            active: true,
          })
          if (e.kind === 'stake') {
            positions.push({ staked: e.amount, claimedPerUnit: pool.accruedPerUnit, open: true })
          } else if (settle(e.position % Math.max(positions.length, 1))) {
            withClaims++
            if (e.kind === 'unstake') {
              const position = positions[e.position % positions.length]
              if (position) position.open = false
            }
          }
        }
        const pending = positions.reduce(
          (sum, p) =>
            p.open
              ? sum + farmPendingNanorewards(p.staked, pool.accruedPerUnit, p.claimedPerUnit)
              : sum,
          0n,
        )
        cases.reached()
        expect(pending + claimedExact).toBe(pool.accrued)
        expect(pool.claimed).toBe(paid * NANOREWARDS_PER_UNIT)
        expect(pool.claimed).toBeLessThanOrEqual(pool.accrued)
        expect(farmPoolRemaining(pool)).toBeGreaterThanOrEqual(0n)
      }),
      parameters,
    )
    cases.check()
    if (parameters.path === undefined) expect(withClaims).toBeGreaterThan(cases.count / 3)
  })

  test('accruing in two steps never gives more per unit than one step, and at most 2 less', () => {
    const parameters = fuzz({ numRuns: 500 })
    const cases = reachedCases(parameters, 0.5)
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 1n << 100n }),
        fc.bigInt({ min: 0n, max: 10n ** 27n }),
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        (staked, rate, d1, d2) => {
          const start = freshPool(10n ** 40n)
          const step = { staked, nanorewardsPer24h: rate, adminFee: 0n, active: true }
          const one = accrueFarmPool(start, { ...step, now: START + d1 + d2 })
          // The budget must not bind, or the comparison says nothing about the floors.
          if (farmPoolRemaining(one) === 0n) return
          const two = accrueFarmPool(accrueFarmPool(start, { ...step, now: START + d1 }), {
            ...step,
            now: START + d1 + d2,
          })
          cases.reached()
          expect(two.accruedPerUnit).toBeLessThanOrEqual(one.accruedPerUnit)
          expect(one.accruedPerUnit - two.accruedPerUnit).toBeLessThanOrEqual(2n)
          expect(two.accrued).toBe(two.accruedPerUnit * staked)
        },
      ),
      parameters,
    )
    cases.check()
  })
})
