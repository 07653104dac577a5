import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demoWalletAddress } from '../../local/demo/demoWallets.js'
import { TON_ADDRESS } from '../../local/demo/runScenario.js'
import { seedDemoMarket } from '../../local/demo/seedDemoMarket.js'
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
      swaps: 40,
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
      'STON',
      'TON',
      'USDC',
      'USDT',
      'XTON',
    ])
    const listed = new Set(market.assets.map((a) => a.address))
    for (const farm of market.farms) {
      for (const reward of farm.rewards) expect(listed.has(reward.address ?? '')).toBe(true)
    }
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

  test('gives the hand-written farm NFTs and stakes to emulated wallets', async () => {
    expect(await store.getStake(demoWalletAddress('alice'))).toBeUndefined()
    const farms = await store.listFarms()
    const pools = new Set((await store.listIndexedPools()).map((p) => p.address))
    expect(farms.length).toBeGreaterThan(0)
    expect(farms.every((f) => pools.has(f.poolAddress))).toBe(true)
  })

  test('derives each farm from its emulated pool: name, locked LP and dates', async () => {
    const market = written as MarketData
    // What the store serves is what was written.
    const stored = new Map((await store.listFarms()).map((f) => [f.minterAddress, f]))
    expect(market.farms.map((f) => stored.get(f.minterAddress)?.lockedTotalLp)).toEqual(
      market.farms.map((f) => f.lockedTotalLp),
    )
    const symbol = new Map(market.assets.map((a) => [a.address, a.symbol]))
    for (const farm of market.farms) {
      const pool = market.pools.find((p) => p.address === farm.poolAddress)
      if (pool === undefined) throw new Error(`farm ${farm.minterAddress} has no pool`)
      const pair = `${symbol.get(pool.token0Address)}/${symbol.get(pool.token1Address)}`
      expect(farm.meta?.name).toBe(`${pair} ${farm.version} farm`)
      expect(farm.lockedTotalLp).toBeGreaterThan(0n)
      expect(farm.lockedTotalLp).toBeLessThanOrEqual(pool.lpTotalSupply)
      const created = farm.createTimestamp as string
      for (const reward of farm.rewards)
        expect((reward.estimatedEndTimestamp ?? '') >= created).toBe(true)
      for (const nft of market.farmNfts.filter((n) => n.farmAddress === farm.minterAddress)) {
        expect(nft.createTimestamp >= created).toBe(true)
        expect(nft.minUnstakeTimestamp > nft.createTimestamp).toBe(true)
        expect(nft.stakedTokens).toBeLessThanOrEqual(farm.lockedTotalLp)
      }
    }
  })
})
