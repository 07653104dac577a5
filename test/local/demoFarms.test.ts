import { Address } from '@ton/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { accrueFarmPool, NANOREWARDS_PER_UNIT } from '../../core/index.js'
import { seedDemoMarket } from '../../demo/seedDemoMarket.js'
import { createLocalDex, type LocalDex } from '../../emulator/index.js'
import { createService } from '../../service/createService.js'
import type { Store } from '../../store/Store.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'

/**
 * The demo market's farms and staking over its dated 30 days (`npm start`'s first start, in
 * small): the figures the REST API shows are the chain's, and consistent with each other.
 */
const DAY = 86_400
const TO = 1_764_000_000
let dex: LocalDex
let store: Store
let app: Awaited<ReturnType<typeof createService>>

type WireFarm = {
  minter_address: string
  pool_address: string
  status: string
  apy: string | null
  locked_total_lp: string
  locked_total_lp_usd: string | null
  all_rewards_distributed: boolean
  rewards: { address: string; reward_rate_24h: string; rewards_distributed: boolean }[]
  nft_infos: {
    address: string
    status: string
    rewards: { address: string; amount: string }[]
  }[]
}

const get = async (url: string) => {
  const response = await app.inject({ method: 'GET', url })
  expect(response.statusCode, url).toBe(200)
  return response.json()
}

beforeAll(async () => {
  dex = await createLocalDex({ seed: 'demo farms', fastCells: true })
  store = createSqliteStore({ path: ':memory:' })
  await seedDemoMarket(store, { swaps: 40, dex, dated: { from: TO - 30 * DAY, to: TO }, chunk: 4 })
  app = await createService({ store, docs: false })
}, 300_000)
afterAll(async () => {
  await app.close()
  await store.close()
})

describe('the demo market’s farms and staking over 30 days', () => {
  test("a farm's APY follows its pool's TVL and its rewards' prices", async () => {
    const { farm_list: farms } = (await get('/v1/farms')) as { farm_list: WireFarm[] }
    const { asset_list: assets } = (await get('/v1/assets')) as {
      asset_list: { contract_address: string; decimals: number; dex_price_usd: string | null }[]
    }
    const asset = new Map(assets.map((a) => [a.contract_address, a]))
    const active = farms.filter((f) => f.status === 'operational' && !f.all_rewards_distributed)
    expect(active.length).toBeGreaterThan(0)
    for (const farm of active) {
      const { pool } = (await get(`/v1/pools/${farm.pool_address}`)) as {
        pool: { lp_total_supply: string; lp_total_supply_usd: string }
      }
      // The locked LP at the pool's TVL share.
      const lockedUsd =
        (Number(pool.lp_total_supply_usd) * Number(farm.locked_total_lp)) /
        Number(pool.lp_total_supply)
      expect(Number(farm.locked_total_lp_usd) / lockedUsd).toBeCloseTo(1, 6)
      // Σ reward per day × USD price × 365 ÷ locked USD.
      let yearly = 0
      for (const reward of farm.rewards) {
        const a = asset.get(reward.address)
        expect(a?.dex_price_usd, reward.address).not.toBeNull()
        yearly +=
          (Number(reward.reward_rate_24h) / 10 ** (a?.decimals ?? 9)) *
          Number(a?.dex_price_usd) *
          365
      }
      expect(Number(farm.apy) / (yearly / lockedUsd)).toBeCloseTo(1, 4)
    }
  })

  test('positions earned over the days, as the farm contract will pay them', async () => {
    const [newest] = await store.listIndexedTransactions({ limit: 1 })
    const now = BigInt(Date.parse(`${newest?.timestamp}Z`) / 1000)
    let earned = 0n
    for (const position of await store.listIndexedFarmPositions()) {
      const { farm } = (await get(
        `/v1/wallets/${position.ownerAddress}/farms/${position.farmAddress}`,
      )) as { farm: WireFarm }
      const nft = farm.nft_infos.find((n) => n.address === position.address)
      const minter = await dex.farmMinterData({
        minter: Address.parse(position.farmAddress),
      } as never)
      const item = await dex.farmItemData(Address.parse(position.address))
      const expected = [...minter.pools.values()].map((p, i) => {
        if (item.status === 2) return 0n
        const pool = accrueFarmPool(p.accrued, {
          now: now > p.accrued.lastUpdateTime ? now : p.accrued.lastUpdateTime,
          staked: minter.currentStakedTokens,
          nanorewardsPer24h: p.parameters.nanorewardsPer24h,
          adminFee: p.parameters.adminFee,
          active: minter.status === 1 && p.parameters.status === 1,
        })
        const from = item.claimedPerUnit.get(i) ?? 0n
        return (item.stakedTokens * (pool.accruedPerUnit - from)) / NANOREWARDS_PER_UNIT
      })
      expect(nft?.rewards.map((r) => BigInt(r.amount))).toEqual(expected)
      earned += expected.reduce((sum, r) => sum + r, 0n)
    }
    expect(earned).toBeGreaterThan(0n)
  })

  test('a finished farm distributes nothing more; the stakes span the month', async () => {
    const { farm_list: farms } = (await get('/v1/farms')) as { farm_list: WireFarm[] }
    const finished = farms.filter((f) => f.all_rewards_distributed)
    expect(finished.length).toBeGreaterThan(0)
    for (const farm of finished) {
      expect(farm.apy).toBeNull()
      expect(farm.rewards.every((r) => r.rewards_distributed)).toBe(true)
    }
    const stakes = await store.listIndexedStakePositions()
    const dates = new Set(stakes.map((s) => s.lockDate))
    expect(dates.size).toBeGreaterThanOrEqual(3)
    for (const date of dates) {
      expect(date).toBeGreaterThanOrEqual(BigInt(TO - 30 * DAY))
      expect(date).toBeLessThanOrEqual(BigInt(TO))
    }
  })
})
