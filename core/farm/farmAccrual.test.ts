import { describe, expect, test } from 'vitest'
import { InvalidInputError } from '../errors/InvalidInputError.js'
import {
  accrueFarmPool,
  claimFarmPool,
  type FarmPoolAccrual,
  farmClaimPayout,
  farmPendingNanorewards,
  farmPoolRemaining,
  NANOREWARDS_PER_UNIT,
} from './farmAccrual.js'

// Two mainnet snapshots of one farm v3 minter (`ston-fi/sdk`
// `packages/sdk/src/contracts/farm/v3/FarmNftItemV3.test.ts`, `getPoolCount`, and
// `FarmNftMinterV3.test.ts`, `getFarmingMinterData`), 132 s apart: the stake was
// 248 366 349 277 before an unstake at the later time and 248 359 521 312 after it.
const EARLIER = 1_713_977_034n
const LATER = 1_713_977_166n
const STAKED_BEFORE = 248_366_349_277n
const POOLS = [
  {
    rate: 2_159_366_666_666_000_000_000n,
    deposited: 64_781_000_010_000_000_000_000n,
    before: { perUnit: 270_057_081_959n, accrued: 49_669_481_720_382_478_391_155n },
    after: { perUnit: 270_070_364_887n, accrued: 49_672_780_752_717_547_634_211n },
  },
  {
    rate: 1_666_666_666_666_000_000_000n,
    deposited: 50_000_000_000_000_000_000_000n,
    before: { perUnit: 208_438_493_813n, accrued: 38_336_457_911_016_703_303_906n },
    after: { perUnit: 208_448_745_992n, accrued: 38_339_004_207_287_067_628_489n },
  },
  {
    rate: 501_690_630_186_000_000_000n,
    deposited: 10_000_000_010_000_000_000_000n,
    before: { perUnit: 32_091_274_327n, accrued: 6_489_098_077_753_644_948_430n },
    after: { perUnit: 32_094_360_380n, accrued: 6_489_864_549_470_930_282_111n },
  },
] as const
// The minter's item #284 (`FarmNftItemV3.test.ts`, `getFarmingData`): 57 093 LP staked.
const ITEM_STAKED = 57_093n
const ITEM_CLAIMED_PER_UNIT = [34_014_696_971n, 26_253_605_951n, 2_625_360_492n] as const

function pool(overrides: Partial<FarmPoolAccrual> = {}): FarmPoolAccrual {
  return {
    deposited: 0n,
    accruedPerUnit: 0n,
    accrued: 0n,
    claimed: 0n,
    claimedFee: 0n,
    accruedFee: 0n,
    lastUpdateTime: 0n,
    ...overrides,
  }
}

describe('accrueFarmPool: mainnet vectors', () => {
  test.each(POOLS.map((p, index) => [index, p] as const))(
    'pool %i: 132 s at the old stake give the later snapshot to the nanoreward',
    (_index, p) => {
      const next = accrueFarmPool(
        pool({
          deposited: p.deposited,
          accruedPerUnit: p.before.perUnit,
          accrued: p.before.accrued,
          lastUpdateTime: EARLIER,
        }),
        {
          now: LATER,
          staked: STAKED_BEFORE,
          nanorewardsPer24h: p.rate,
          adminFee: 0n,
          active: true,
        },
      )
      expect(next.accruedPerUnit).toBe(p.after.perUnit)
      expect(next.accrued).toBe(p.after.accrued)
      expect(next.lastUpdateTime).toBe(LATER)
    },
  )

  test('the per-unit step is floor(floor(rate·dt/86400)/staked), not rate·dt/86400 spread exactly', () => {
    const [p0] = POOLS
    // 3 299 032 407 406 388 888 by rate, of which 72 337 145 832 (< staked) stay in the budget.
    expect((p0.rate * 132n) / 86_400n - (p0.after.accrued - p0.before.accrued)).toBe(
      72_337_145_832n,
    )
    expect(72_337_145_832n).toBeLessThan(STAKED_BEFORE)
  })

  test('item #284: pending per pool and the whole-unit payout', () => {
    const pending = POOLS.map((p, i) =>
      farmPendingNanorewards(ITEM_STAKED, p.after.perUnit, ITEM_CLAIMED_PER_UNIT[i] ?? 0n),
    )
    expect(pending).toEqual([
      13_477_126_248_328_188n,
      10_402_067_130_360_813n,
      1_682_473_610_605_584n,
    ])
    expect(pending.map(farmClaimPayout)).toEqual([13_477_126n, 10_402_067n, 1_682_473n])
  })

  test('the finished v1 farm keeps its dust un-accrued', () => {
    // `FarmNftMinterV1.test.ts`: deposited 30 000·10^18, accrued 29 999 999 999 958 353 284 279.
    expect(
      farmPoolRemaining(
        pool({ deposited: 30_000n * 10n ** 18n, accrued: 29_999_999_999_958_353_284_279n }),
      ),
    ).toBe(41_646_715_721n)
  })

  test("v1's rate spends its 30 000 tokens in 45 days, then the budget caps it", () => {
    const rate = 666_666_666_666n * 10n ** 9n
    const staked = 280_398_564n
    let state = pool({ deposited: 30_000n * 10n ** 18n })
    for (let day = 1n; day <= 45n; day++) {
      state = accrueFarmPool(state, {
        now: day * 86_400n,
        staked,
        nanorewardsPer24h: rate,
        adminFee: 0n,
        active: true,
      })
    }
    // 45 days by rate leave 30·10^9 plus the per-day floor dust.
    expect(farmPoolRemaining(state)).toBeGreaterThanOrEqual(30n * 10n ** 9n)
    state = accrueFarmPool(state, {
      now: 46n * 86_400n,
      staked,
      nanorewardsPer24h: rate,
      adminFee: 0n,
      active: true,
    })
    expect(farmPoolRemaining(state)).toBeLessThan(staked)
    expect(farmPoolRemaining(state)).toBeGreaterThanOrEqual(0n)
  })
})

describe('accrueFarmPool: rules', () => {
  const step = {
    now: 86_400n,
    staked: 1_000n,
    nanorewardsPer24h: 10n ** 15n,
    adminFee: 0n,
    active: true,
  }

  test('nothing accrues with no stake or an inactive pool; the time is skipped', () => {
    const start = pool({ deposited: 10n ** 18n })
    expect(accrueFarmPool(start, { ...step, staked: 0n })).toEqual({
      ...start,
      lastUpdateTime: 86_400n,
    })
    expect(accrueFarmPool(start, { ...step, active: false })).toEqual({
      ...start,
      lastUpdateTime: 86_400n,
    })
  })

  test('time never goes back', () => {
    const start = pool({ deposited: 10n ** 18n, lastUpdateTime: 100_000n })
    expect(accrueFarmPool(start, step)).toBe(start)
  })

  test('the admin fee is cut at accrual, floored, before the per-unit split', () => {
    const next = accrueFarmPool(pool({ deposited: 10n ** 18n }), { ...step, adminFee: 250n })
    // gross 10^15, fee 2.5 % = 2.5·10^13, per unit floor(9.75·10^14 / 1000)
    expect(next.accruedFee).toBe(25_000_000_000_000n)
    expect(next.accruedPerUnit).toBe(975_000_000_000n)
    expect(next.accrued).toBe(975_000_000_000_000n)
  })

  test('a claim pays whole units and forfeits the sub-unit rest', () => {
    const accrued = pool({
      deposited: 10n ** 18n,
      accruedPerUnit: 1_500_000_001n,
      accrued: 1_500_000_001_000n,
    })
    // pending 1 000 · 1 500 000 001 = 1 500 000 001 000: 1 500 units, 1 000 nanorewards lost
    const claim = claimFarmPool(accrued, { staked: 1_000n, claimedPerUnit: 0n })
    expect(claim.payout).toBe(1_500n)
    expect(claim.pool.claimed).toBe(1_500n * NANOREWARDS_PER_UNIT)
    expect(claim.claimedPerUnit).toBe(1_500_000_001n)
  })

  test('bad inputs name their field', () => {
    expect(() => accrueFarmPool(pool(), { ...step, staked: -1n })).toThrowError(InvalidInputError)
    expect(() => accrueFarmPool(pool(), { ...step, adminFee: 10_001n })).toThrowError(/adminFee/)
    expect(() => accrueFarmPool(pool({ accrued: 1n }), step)).toThrowError(/pool\.accrued/)
    expect(() => farmPendingNanorewards(1n, 1n, 2n)).toThrowError(/claimedPerUnit/)
    expect(() => farmClaimPayout(-1n)).toThrowError(/pendingNanorewards/)
  })
})
