/**
 * Differential test of the farm v3 contracts against `core/farm`: random farm lives (stakes by
 * two wallets, claims of all pools or one, unstakes, rate changes, reward deposits, time moving
 * by up to three days) run on the emulator and on the pure model side by side; after every step
 * the minter's accrued cells, the positions' claimed-per-unit and every reward paid equal the
 * model's to the last unit.
 */
import type { Address } from '@ton/core'
import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import {
  accrueFarmPool,
  claimFarmPool,
  type FarmPoolAccrual,
  NANOREWARDS_PER_UNIT,
} from '../../core/index.js'
import type { LocalFarm, LocalJetton, Treasury } from '../../emulator/index.js'
import { fuzz, fuzzEmulated } from '../_support/fuzz.js'
import { buildRouterWorld, type RouterWorld } from './_support/localWorld.js'

const SCENARIOS = 12
const STEPS = 8
const RATES = [700n * 10n ** 18n, 90n * 10n ** 18n] as const
const FEES = [0n, 250n] as const
// Pool 1's budget is small, so its cap binds within a scenario.
const DEPOSITS = [50_000n * 10n ** 9n, 200n * 10n ** 9n] as const

type Step =
  | { kind: 'stake'; dt: number; who: 0 | 1; amount: bigint }
  | { kind: 'claim'; dt: number; position: number; pool: number | undefined }
  | { kind: 'unstake'; dt: number; position: number }
  | { kind: 'rate'; dt: number; pool: number; rate: bigint }
  | { kind: 'deposit'; dt: number; pool: number; amount: bigint }

const dt = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 3 * 86_400 }))
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('stake' as const),
      dt,
      who: fc.constantFrom(0 as const, 1 as const),
      amount: fc.oneof(
        fc.bigInt({ min: 1n, max: 1_000n }),
        fc.bigInt({ min: 1n, max: 50_000_000_000n }),
      ),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('claim' as const),
      dt,
      position: fc.nat(7),
      pool: fc.option(fc.integer({ min: 0, max: 1 }), { nil: undefined }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('unstake' as const), dt, position: fc.nat(7) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('rate' as const),
      dt,
      pool: fc.integer({ min: 0, max: 1 }),
      rate: fc.bigInt({ min: 0n, max: 2_000n * 10n ** 18n }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      dt,
      pool: fc.integer({ min: 0, max: 1 }),
      amount: fc.bigInt({ min: 1n, max: 1_000n * 10n ** 9n }),
    }),
  },
)

type Position = { item: Address; owner: Treasury; staked: bigint; cpu: bigint[]; open: boolean }

describe('farm v3 contracts = core/farm', () => {
  let w: RouterWorld
  let farm: LocalFarm
  let rewards: LocalJetton[]
  let base: ReturnType<RouterWorld['dex']['snapshot']>
  let start: number

  beforeAll(async () => {
    w = await buildRouterWorld('v2')
    rewards = [await w.dex.deployJetton('RWA'), await w.dex.deployJetton('RWB')]
    // Bob provides too, so both wallets hold LP to stake.
    await w.dex.provide(w.router, {
      from: w.bob,
      assetA: w.a,
      amountA: 500_000_000_000n,
      assetB: w.b,
      amountB: 1_000_000_000_000n,
    })
    farm = await w.dex.deployFarm(w.poolAB, {
      rewards: rewards.map((jetton, i) => ({
        jetton,
        nanorewardsPer24h: RATES[i] ?? 0n,
        adminFee: FEES[i] ?? 0n,
      })),
    })
    for (const [i, jetton] of rewards.entries()) {
      await w.dex.mint(jetton, w.dex.admin.address, 10n ** 18n)
      await w.dex.depositFarmRewards(farm, {
        from: w.dex.admin,
        poolIndex: i,
        amount: DEPOSITS[i] ?? 0n,
      })
    }
    base = w.dex.snapshot()
    start = w.dex.blockchain.now ?? 0
  })

  test('random farm lives: accrued cells, per-unit values and payouts equal the model', async () => {
    let compared = 0
    let paidSteps = 0
    const run = async (steps: Step[]) => {
      const { dex } = w
      await dex.restore(base)
      dex.blockchain.now = start
      const minter0 = await dex.farmMinterData(farm)
      let pools: FarmPoolAccrual[] = [0, 1].map((i) => {
        const p = minter0.pools.get(i)
        if (p === undefined) throw new Error(`pool ${i} missing`)
        return p.accrued
      })
      const rates = [...RATES]
      const positions: Position[] = []
      let staked = 0n
      const accrueAll = (now: number) => {
        pools = pools.map((pool, i) =>
          accrueFarmPool(pool, {
            now: BigInt(now),
            staked,
            nanorewardsPer24h: rates[i] ?? 0n,
            adminFee: FEES[i] ?? 0n,
            active: true,
          }),
        )
      }
      const balances = async (owner: Treasury) =>
        Promise.all(rewards.map((r) => dex.jettonBalance(r, owner.address)))
      /** Pays `position` from the given pools in the model; returns the payouts per pool. */
      const settle = (position: Position, which: number[]) => {
        const paid = [0n, 0n]
        for (const i of which) {
          const pool = pools[i]
          if (pool === undefined) continue
          const claim = claimFarmPool(pool, {
            staked: position.staked,
            claimedPerUnit: position.cpu[i] ?? 0n,
          })
          pools[i] = claim.pool
          position.cpu[i] = claim.claimedPerUnit
          paid[i] = claim.payout
        }
        return paid
      }

      for (const s of steps) {
        dex.blockchain.now = (dex.blockchain.now ?? start) + s.dt
        const now = dex.blockchain.now
        const open = positions.filter((p) => p.open)
        if (s.kind === 'stake') {
          const owner = s.who === 0 ? w.alice : w.bob
          const r = await dex.stakeFarm(farm, { from: owner, amount: s.amount })
          expect(r.failures).toEqual([])
          accrueAll(now)
          staked += s.amount
          positions.push({
            item: r.item,
            owner,
            staked: s.amount,
            cpu: pools.map((p) => p.accruedPerUnit),
            open: true,
          })
        } else if ((s.kind === 'claim' || s.kind === 'unstake') && open.length > 0) {
          const position = open[s.position % open.length]
          if (position === undefined) continue
          const before = await balances(position.owner)
          const r =
            s.kind === 'claim'
              ? await dex.claimFarmRewards(farm, position.item, {
                  from: position.owner,
                  poolIndex: s.pool,
                })
              : await dex.unstakeFarm(farm, position.item, { from: position.owner })
          expect(r.failures).toEqual([])
          accrueAll(now)
          const which = s.kind === 'claim' && s.pool !== undefined ? [s.pool] : [0, 1]
          const paid = settle(position, which)
          if (s.kind === 'unstake') {
            staked -= position.staked
            position.open = false
          }
          const after = await balances(position.owner)
          expect(after.map((b, i) => b - (before[i] ?? 0n))).toEqual(paid)
          if (paid.some((p) => p > 0n)) paidSteps++
          const item = await dex.farmItemData(position.item)
          expect(item.status).toBe(s.kind === 'claim' ? 1 : 2)
          for (const i of [0, 1]) expect(item.claimedPerUnit.get(i) ?? 0n).toBe(position.cpu[i])
        } else if (s.kind === 'rate') {
          const r = await dex.farmAdmin(farm, {
            op: 'changeRate',
            poolIndex: s.pool,
            nanorewardsPer24h: s.rate,
          })
          expect(r.failures).toEqual([])
          accrueAll(now)
          rates[s.pool] = s.rate
        } else if (s.kind === 'deposit') {
          const r = await dex.depositFarmRewards(farm, {
            from: dex.admin,
            poolIndex: s.pool,
            amount: s.amount,
          })
          expect(r.failures).toEqual([])
          accrueAll(now)
          const pool = pools[s.pool]
          if (pool) {
            pools[s.pool] = {
              ...pool,
              deposited: pool.deposited + s.amount * NANOREWARDS_PER_UNIT,
            }
          }
        } else {
          continue
        }
        const data = await dex.farmMinterData(farm)
        expect(data.currentStakedTokens).toBe(staked)
        expect([0, 1].map((i) => data.pools.get(i)?.accrued)).toEqual(pools)
        compared++
      }
    }
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: STEPS }), run),
      fuzzEmulated({ numRuns: SCENARIOS }),
    )
    const runs = fuzz({ numRuns: SCENARIOS }).numRuns ?? SCENARIOS
    // About three compared steps a scenario (a failing full run counted 24 in 12 scenarios):
    // the floor is one a scenario, which random step lists reach in practice every time.
    expect(compared).toBeGreaterThanOrEqual(runs)
    expect(paidSteps).toBeGreaterThan(0)
  })
})
