/**
 * The farm v3 admin operations and refusals of our contracts (docs/farms.md, "Statuses" and
 * "Message flows"): pause stops accrual, retiring lifts the stake lock, withdrawals never take
 * accrued rewards, deposits and stakes the farm does not accept come back.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { accrueFarmPool, FARM_MINTER_STATUS, farmPoolRemaining } from '../../core/index.js'
import type { LocalFarm, LocalJetton } from '../../emulator/index.js'
import { failedTransactions } from '../../emulator/transactions.js'
import { farmV3AdminBody } from '../../protocol/farm/messages.js'
import { buildRouterWorld, type RouterWorld } from './_support/localWorld.js'

const DAY = 86_400
const RATE = 100n * 10n ** 18n // 100 tokens (9 decimals) a day

describe('farm v3 admin operations on the emulator', () => {
  let w: RouterWorld
  let reward: LocalJetton
  let farm: LocalFarm
  let base: ReturnType<RouterWorld['dex']['snapshot']>
  let start: number

  beforeAll(async () => {
    w = await buildRouterWorld('v2')
    reward = await w.dex.deployJetton('RWD')
    farm = await w.dex.deployFarm(w.poolAB, {
      minStakeTime: 30n * 86_400n,
      rewards: [{ jetton: reward, nanorewardsPer24h: RATE, unrestrictedDepositRewards: false }],
    })
    await w.dex.mint(reward, w.dex.admin.address, 10n ** 15n)
    await w.dex.mint(reward, w.bob.address, 10n ** 15n)
    await w.dex.depositFarmRewards(farm, {
      from: w.dex.admin,
      poolIndex: 0,
      amount: 1_000n * 10n ** 9n,
    })
    base = w.dex.snapshot()
    start = w.dex.blockchain.now ?? 0
  })

  beforeEach(async () => {
    await w.dex.restore(base)
    w.dex.blockchain.now = start
  })

  it('accrues nothing and takes no stake while paused', async () => {
    const { dex, alice } = w
    await dex.stakeFarm(farm, { from: alice, amount: 10n ** 9n })
    dex.blockchain.now = start + DAY
    expect(
      (await dex.farmAdmin(farm, { op: 'changeStatus', status: FARM_MINTER_STATUS.pause_all }))
        .failures,
    ).toEqual([])
    const paused = (await dex.farmMinterData(farm)).pools.get(0)?.accrued
    dex.blockchain.now = start + 3 * DAY
    await dex.farmAdmin(farm, { op: 'updateAccruedValues' })
    const later = (await dex.farmMinterData(farm)).pools.get(0)?.accrued
    expect(later?.accruedPerUnit).toBe(paused?.accruedPerUnit)
    expect(later?.lastUpdateTime).toBe(BigInt(start + 3 * DAY))
    // No new stakes while paused: the LP comes back.
    const lp = await dex.lpBalance(w.poolAB, alice.address)
    const refused = await dex.stakeFarm(farm, { from: alice, amount: 5n })
    expect(refused.failures).toEqual([])
    expect(await dex.lpBalance(w.poolAB, alice.address)).toBe(lp)
    expect((await dex.farmMinterData(farm)).nextItemIndex).toBe(1n)
  })

  it('lets positions out at once when retired, not before', async () => {
    const { dex, alice } = w
    const lp = await dex.lpBalance(w.poolAB, alice.address)
    const { item } = await dex.stakeFarm(farm, { from: alice, amount: 10n ** 9n })
    dex.blockchain.now = start + DAY
    expect(
      (await dex.unstakeFarm(farm, item, { from: alice })).failures.map((f) => f.exitCode),
    ).toEqual([0xfa03])
    await dex.farmAdmin(farm, { op: 'changeStatus', status: FARM_MINTER_STATUS.retired })
    expect((await dex.unstakeFarm(farm, item, { from: alice })).failures).toEqual([])
    expect(await dex.lpBalance(w.poolAB, alice.address)).toBe(lp)
  })

  it('withdraws only what has not accrued, and follows a rate change', async () => {
    const { dex, alice } = w
    await dex.stakeFarm(farm, { from: alice, amount: 10n ** 9n })
    dex.blockchain.now = start + 2 * DAY
    const before = (await dex.farmMinterData(farm)).pools.get(0)
    if (before === undefined) throw new Error('no pool 0')
    const accrued = accrueFarmPool(before.accrued, {
      now: BigInt(start + 2 * DAY),
      staked: 10n ** 9n,
      nanorewardsPer24h: RATE,
      adminFee: 0n,
      active: true,
    })
    const free = farmPoolRemaining(accrued) / 10n ** 9n
    expect(free).toBe(800n * 10n ** 9n) // 1 000 deposited, 200 accrued in two days
    const tooMuch = await dex.farmAdmin(farm, {
      op: 'withdrawRewards',
      poolIndex: 0,
      amount: free + 1n,
    })
    expect(tooMuch.failures.map((f) => f.exitCode)).toEqual([0xfa05])
    const adminBefore = await dex.jettonBalance(reward, dex.admin.address)
    expect(
      (await dex.farmAdmin(farm, { op: 'withdrawRewards', poolIndex: 0, amount: free })).failures,
    ).toEqual([])
    expect(await dex.jettonBalance(reward, dex.admin.address)).toBe(adminBefore + free)
    // Nothing is left to hand out: later time accrues nothing more.
    dex.blockchain.now = start + 4 * DAY
    await dex.farmAdmin(farm, { op: 'changeRate', poolIndex: 0, nanorewardsPer24h: 2n * RATE })
    const after = (await dex.farmMinterData(farm)).pools.get(0)
    expect(after?.accrued.accruedPerUnit).toBe(accrued.accruedPerUnit)
    expect(after?.parameters.nanorewardsPer24h).toBe(2n * RATE)
  })

  it('sends back a deposit to a restricted pool from anyone but the admin', async () => {
    const { dex, bob } = w
    const balance = await dex.jettonBalance(reward, bob.address)
    const r = await dex.depositFarmRewards(farm, { from: bob, poolIndex: 0, amount: 10n ** 9n })
    expect(r.failures).toEqual([])
    expect(await dex.jettonBalance(reward, bob.address)).toBe(balance)
    expect((await dex.farmMinterData(farm)).pools.get(0)?.accrued.deposited).toBe(
      1_000n * 10n ** 18n,
    )
  })

  it('refuses admin operations from anyone else', async () => {
    const { dex, bob } = w
    const r = await bob.send({
      to: farm.minter,
      value: 100_000_000n,
      body: farmV3AdminBody({ op: 'changeStatus', status: FARM_MINTER_STATUS.frozen }),
    })
    expect(failedTransactions(r.transactions).map((f) => f.exitCode)).toEqual([0xfa01])
    expect((await dex.farmMinterData(farm)).status).toBe(FARM_MINTER_STATUS.operational)
  })
})
