import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEMO_FARM_FIXTURE_SWAPS, demoFarmRows } from '../../demo/demoFarmRows.js'
import { demoWalletAddress } from '../../demo/demoWallets.js'
import { demoFarmFixture } from '../../demo/fixtures/demoFarmFixture.js'
import { TON_ADDRESS } from '../../demo/runScenario.js'
import { seedDemoMarket } from '../../demo/seedDemoMarket.js'
import { createService } from '../../service/createService.js'
import type { MarketData } from '../../store/rows/MarketData.js'
import type { Store } from '../../store/Store.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'

/**
 * The demo market `npm start` builds: a (short) scenario through the emulator, indexed, then the
 * routers, pools, assets and wallets it left served by the API. Amounts are compared with what
 * the indexer tracked and with the scenario's own receipts.
 */
let store: Store
let written: MarketData | undefined
let app: Awaited<ReturnType<typeof createService>>
const phases = new Set<string>()
beforeAll(async () => {
  store = createSqliteStore({ path: ':memory:' })
  expect(
    await seedDemoMarket(store, {
      // The run that produces the service tests' farm fixture (demoFarmFixture).
      swaps: DEMO_FARM_FIXTURE_SWAPS,
      onMarket: (market) => {
        written = market
      },
      onProgress: (phase) => {
        phases.add(phase)
      },
    }),
  ).toBe(true)
  app = await createService({ store })
})
afterAll(async () => {
  await app.close()
  await store.close()
})

type WireFarm = {
  minter_address: string
  pool_address: string
  status: string
  all_rewards_distributed: boolean
  locked_total_lp: string
  create_timestamp: string | null
  rewards: { address: string | null }[]
  nft_infos: { create_timestamp: string; min_unstake_timestamp: string }[]
}

const get = async (url: string) => {
  const response = await app.inject({ method: 'GET', url })
  expect(response.statusCode).toBe(200)
  return response.json() as Record<string, unknown>
}

describe('demo market from emulator history', () => {
  test('reports progress of both phases', () => {
    expect([...phases].sort()).toEqual(['emulate', 'index'])
  })

  test('serves the emulated routers and pools with the indexed reserves', async () => {
    const indexed = await store.listIndexedPools()
    // DEX v1 and v2 constant product, two pools of each stable and weighted DEX v2 kind.
    expect(indexed).toHaveLength(9)
    const { router_list: routers } = (await get('/v1/routers')) as {
      router_list: { address: string; major_version: number; router_type: string }[]
    }
    for (const p of indexed) {
      expect(routers.some((r) => r.address === p.routerAddress)).toBe(true)
      const { pool } = (await get(`/v1/pools/${p.address}`)) as {
        pool: { reserve0: string; reserve1: string; lp_total_supply: string }
      }
      expect(pool.reserve0).toBe(p.reserve0.toString())
      expect(pool.reserve1).toBe(p.reserve1.toString())
      expect(pool.lp_total_supply).toBe(p.totalSupply.toString())
    }
    // Every router is emulated: one of each DEX v2 kind and DEX v1; no hand-written one is left.
    expect(routers.map((r) => r.router_type).sort()).toEqual([
      'ConstantProduct',
      'ConstantProduct',
      'StableSwap',
      'WeightedConstProduct',
      'WeightedStableSwap',
    ])
    const { pool_list: listed } = (await get('/v1/pools')) as { pool_list: { address: string }[] }
    expect(listed.map((p) => p.address).sort()).toEqual(indexed.map((p) => p.address).sort())
    // The DEX v1 router no longer creates pools, as the real one.
    const full = (await get('/v1/routers')) as {
      router_list: {
        address: string
        major_version: number
        pool_creation_enabled: boolean
        pton_master_address: string
        pton_wallet_address: string
      }[]
    }
    expect(full.router_list.find((r) => r.major_version === 1)?.pool_creation_enabled).toBe(false)
    // Every DEX v2 router trades TON through one pTON v2.1 master, each with its own wallet.
    const v2 = full.router_list.filter((r) => r.major_version === 2)
    expect(new Set(v2.map((r) => r.pton_master_address)).size).toBe(1)
    expect(new Set(v2.map((r) => r.pton_wallet_address)).size).toBe(v2.length)
  })

  test('serves the stable and weighted pools with the kind parameters the indexer followed', async () => {
    const indexed = await store.listIndexedPools()
    const kinds = indexed.filter((p) => p.kind !== 'constant_product')
    expect(kinds.map((p) => p.kind).sort()).toEqual([
      'stableswap',
      'stableswap',
      'weighted_const_product',
      'weighted_const_product',
      'weighted_stableswap',
      'weighted_stableswap',
    ])
    for (const p of kinds) {
      const { pool } = (await get(`/v1/pools/${p.address}`)) as {
        pool: { amp: string | null; rate: string | null; w0: string | null }
      }
      const stable = p.kind !== 'weighted_const_product'
      const weighted = p.kind !== 'stableswap'
      expect(pool.amp).toBe(stable ? p.amp.toString() : null)
      expect(pool.w0).toBe(weighted ? p.w0.toString() : null)
      expect(pool.rate).toBe(p.kind === 'weighted_stableswap' ? p.rate.toString() : null)
      expect(p.reserve0).toBeGreaterThan(0n)
      expect(p.reserve1).toBeGreaterThan(0n)
      if (stable) expect(p.amp).toBeGreaterThan(0n)
      if (weighted) expect(p.w0).toBeGreaterThan(0n)
      // The first provision set the rate (token0 per token1, 18 decimals).
      if (p.kind === 'weighted_stableswap') expect(p.rate).toBeGreaterThan(0n)
    }
  })

  test('keeps no hand-written jetton: the native coin and the emulated jettons only', () => {
    const market = written as MarketData
    expect(market.assets.map((a) => a.symbol).sort()).toEqual([
      'GEMSTON',
      'STON',
      'TON',
      'USDC',
      'USDT',
      'XTON',
    ])
    expect(market.farms).toEqual([])
  })

  test('serves the emulated jettons with prices derived from the pools', async () => {
    const { asset_list: assets } = (await get('/v1/assets')) as {
      asset_list: { symbol: string; contract_address: string; dex_price_usd: string | null }[]
    }
    const usdt = assets.find((a) => a.symbol === 'USDT')
    const ston = assets.find((a) => a.symbol === 'STON')
    expect(usdt?.dex_price_usd).toBe('1')
    expect(Number(ston?.dex_price_usd)).toBeGreaterThan(0)
    const ton = assets.find((a) => a.contract_address === TON_ADDRESS)
    // 320 000 USDT against 100 000 TON at the start; swaps move it a little.
    expect(Number(ton?.dex_price_usd)).toBeGreaterThan(2.5)
    expect(Number(ton?.dex_price_usd)).toBeLessThan(4)
  })

  test('gives TON one USD price: DEX and third-party alike', async () => {
    const { asset_list: assets } = (await get('/v1/assets')) as {
      asset_list: {
        contract_address: string
        dex_price_usd: string | null
        third_party_price_usd: string | null
      }[]
    }
    const ton = assets.find((a) => a.contract_address === TON_ADDRESS)
    expect(ton?.dex_price_usd).toMatch(/^\d+\.\d+$/)
    expect(ton?.third_party_price_usd).toBe(ton?.dex_price_usd)
  })

  test("shows the scenario wallets' balances and LP positions", async () => {
    const ops = await store.listOperations({ limit: 100_000 })
    const bob = ops.find((o) => o.operationType === 'WithdrawLiquidity')?.walletAddress
    if (bob === undefined) throw new Error('no burn in the scenario')
    const { asset_list: assets } = (await get(`/v1/wallets/${bob}/assets`)) as {
      asset_list: { symbol: string; balance?: string }[]
    }
    expect(assets.find((a) => a.symbol === 'USDT')?.balance).toMatch(/^[1-9]\d*$/)
    const { pool_list: positions } = (await get(`/v1/wallets/${bob}/pools`)) as {
      pool_list: { address: string; lp_balance?: string }[]
    }
    const indexed = await store.listIndexedPools()
    // bob provided into every pool and burned half of his LP tokens.
    for (const p of indexed) {
      const position = positions.find((x) => x.address === p.address)
      expect(BigInt(position?.lp_balance ?? '0')).toBeGreaterThan(0n)
      expect(BigInt(position?.lp_balance ?? '0')).toBeLessThan(p.totalSupply)
    }
  })

  test('lists every DEX v2 referral vault, the withdrawn ones at zero', async () => {
    const withdrawals = (await store.listOperations({ limit: 100_000 })).filter(
      (o) => o.operationType === 'Swap' && o.referralAddress !== null,
    )
    expect(withdrawals.length).toBeGreaterThan(0)
    const owners = [...new Set(withdrawals.map((o) => o.referralAddress as string))]
    const vaults = (await Promise.all(owners.map((o) => store.listFeeVaults(o)))).flat()
    expect(vaults.length).toBeGreaterThan(0)
    for (const vault of vaults) {
      const paid = await store.listFeeWithdrawals(
        vault.ownerAddress,
        '1970-01-01T00:00:00',
        '2100-01-01T00:00:00',
      )
      const withdrawn = paid.filter(
        (w) =>
          w.assetAddress === vault.assetAddress &&
          w.routerAddress === vault.routerAddress &&
          w.success,
      )
      if (withdrawn.length > 0) expect(vault.balance).toBe(0n)
      else expect(vault.balance).toBeGreaterThan(0n)
    }
  })

  test('runs farms and staking through the contracts: no hand-written rows', async () => {
    expect(await store.listFarms()).toEqual([])
    expect(await store.getStake(demoWalletAddress('alice'))).toBeUndefined()
    const { farm_list: farms } = (await get('/v1/farms')) as { farm_list: WireFarm[] }
    const pools = new Set((await store.listIndexedPools()).map((p) => p.address))
    const listed = new Set((written as MarketData).assets.map((a) => a.address))
    expect(farms.every((f) => pools.has(f.pool_address))).toBe(true)
    for (const farm of farms) {
      for (const reward of farm.rewards) expect(listed.has(reward.address ?? '')).toBe(true)
    }
    const active = farms.filter((f) => f.status === 'operational' && !f.all_rewards_distributed)
    expect(active.some((f) => new Set(f.rewards.map((r) => r.address)).size === 2)).toBe(true)
    expect(farms.some((f) => f.all_rewards_distributed)).toBe(true)
    const { farm_list: running } = (await get('/v1/farms?only_active=true')) as {
      farm_list: WireFarm[]
    }
    expect(running.map((f) => f.minter_address)).toEqual(active.map((f) => f.minter_address))
  })

  test("the service tests' farm and stake fixture is what this demo's indexed chain state gives", async () => {
    // on a difference: node --import tsx demo/_support/writeDemoFarmFixture.ts, then
    // node --import tsx demo/_support/writeDemoMarketFixture.ts
    const rows = await demoFarmRows(store, written as MarketData)
    expect(rows).toEqual(demoFarmFixture())
    // Not empty: an active farm with two rewards, a finished one, positions and three stakers.
    expect(rows.farms.map((f) => f.status).sort()).toEqual(['operational', 'retired'])
    expect(rows.farmNfts.map((n) => n.status).sort()).toEqual(['active', 'active', 'unstaked'])
    expect(rows.stakes).toHaveLength(3)
  })

  test('a farm locks what its positions stake; the stakes add up to the staking totals', async () => {
    const { farm_list: farms } = (await get('/v1/farms')) as { farm_list: WireFarm[] }
    const positions = await store.listIndexedFarmPositions()
    for (const farm of farms) {
      const staked = positions
        .filter((p) => p.farmAddress === farm.minter_address && p.status !== 2)
        .reduce((sum, p) => sum + p.staked, 0n)
      expect(BigInt(farm.locked_total_lp)).toBe(staked)
      for (const owner of new Set(positions.map((p) => p.ownerAddress))) {
        const { farm: own } = (await get(`/v1/wallets/${owner}/farms/${farm.minter_address}`)) as {
          farm: WireFarm
        }
        for (const nft of own.nft_infos) {
          expect(nft.create_timestamp >= (farm.create_timestamp ?? '')).toBe(true)
          expect(nft.min_unstake_timestamp > nft.create_timestamp).toBe(true)
        }
      }
    }
    const stakes = await store.listIndexedStakePositions()
    expect(stakes.length).toBeGreaterThanOrEqual(3)
    const stats = (await get('/v1/stats/staking')) as { total_staked_ston: string }
    const locked = stakes.filter((p) => p.status === 1).reduce((sum, p) => sum + p.staked, 0n)
    expect(BigInt(stats.total_staked_ston)).toBe(locked)
    let total = 0n
    for (const owner of new Set(stakes.map((p) => p.ownerAddress))) {
      const wire = (await get(`/v1/wallets/${owner}/stakes`)) as { staked_ston: string }
      total += BigInt(wire.staked_ston)
    }
    expect(total).toBe(locked)
  })
})
