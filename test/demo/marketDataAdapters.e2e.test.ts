import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { seedDemoMarket } from '../../demo/seedDemoMarket.js'
import { createService } from '../../service/createService.js'
import type { Store } from '../../store/Store.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'
import {
  type AdapterDay,
  type Get,
  readAdapterDay,
  referralBpsFromApi,
} from '../_support/marketDataAdapter.js'

/**
 * A (short) demo history read the way production market-data adapters read the live API
 * (issue: operations and statistics as adapters read them): lower-case `operation_type`,
 * signed amounts, every swap fee in the fee asset, farms with `reward_token_address`.
 */
let store: Store
let app: Awaited<ReturnType<typeof createService>>
let day: AdapterDay
const get: Get = async (path) => {
  const response = await app.inject({ method: 'GET', url: path })
  expect(response.statusCode, path).toBe(200)
  return response.json()
}

beforeAll(async () => {
  store = createSqliteStore({ path: ':memory:' })
  expect(await seedDemoMarket(store, { swaps: 40 })).toBe(true)
  app = await createService({ store, docs: false })
  // The emulated chain's clock: the whole demo history is on this day.
  day = await readAdapterDay(get, '2023-11-14', referralBpsFromApi(get))
})
afterAll(async () => {
  await app.close()
  await store.close()
})

describe('the demo day as market-data adapters read it', () => {
  test('counts the swaps by operation_type "swap" and exit_code', async () => {
    expect(day.swaps.length).toBeGreaterThanOrEqual(30)
    const { stats } = (await get(
      '/v1/stats/dex?since=2023-11-14T00:00:00&until=2023-11-15T00:00:00',
    )) as { stats: { trades: number } }
    expect(day.swaps.length).toBe(stats.trades)
  })

  test('fees ÷ volume lies within 10 % of the volume-weighted fee rate of the pools traded', () => {
    expect(day.volumeUsd).toBeGreaterThan(0)
    expect(day.weightedFeeRate).toBeGreaterThan(0.002)
    expect(Math.abs(day.ratio / day.weightedFeeRate - 1)).toBeLessThan(0.1)
  })

  test('input and output read by the signs are the swap’s offer and ask (action tree)', async () => {
    for (const { operation: o, input, output } of day.swaps) {
      expect(input?.amount).toBeGreaterThan(0n)
      expect(output?.amount).toBeGreaterThan(0n)
      // Signs agree with the reserve changes; the fee asset is the ask asset.
      expect(BigInt(o.asset0_amount) > 0n).toBe(BigInt(o.asset0_delta) > 0n)
      expect(BigInt(o.asset1_amount) > 0n).toBe(BigInt(o.asset1_delta) > 0n)
      expect(o.fee_asset_address).toBe(output?.asset)
      const tree = (await get(`/v1/transactions/${o.wallet_tx_hash}/action_tree`)) as {
        actions: { '@type': string; status: Record<string, unknown> }[]
      }
      const swap = tree.actions.find((a) => a['@type'] === 'swap')
      expect(swap?.status).toMatchObject({
        offer_jetton: input?.asset,
        offer_jetton_amount: input?.amount.toString(),
        ask_jetton: output?.asset,
        ask_jetton_amount: output?.amount.toString(),
      })
    }
  })

  test('every pool with liquidity has a finite TVL and apy_1d', () => {
    const liquid = day.pools.filter((p) => BigInt(p.reserve0) > 0n && BigInt(p.reserve1) > 0n)
    expect(liquid.length).toBeGreaterThanOrEqual(3)
    for (const p of liquid) {
      expect(Number.isFinite(Number(p.lp_total_supply_usd)), p.address).toBe(true)
      expect(p.apy_1d, p.address).not.toBeNull()
      expect(Number.isFinite(Number(p.apy_1d)), p.address).toBe(true)
    }
    // The traded pools earned fees: a positive APY.
    for (const traded of new Set(day.swaps.map((s) => s.operation.pool_address))) {
      expect(Number(day.pools.find((p) => p.address === traded)?.apy_1d)).toBeGreaterThan(0)
    }
  })

  test('every operational farm has a finite APY and a listed reward token', () => {
    const operational = day.farms.filter((f) => f.status === 'operational')
    expect(operational.length).toBeGreaterThan(0)
    const liquid = new Set(
      day.pools
        .filter((p) => BigInt(p.reserve0) > 0n && BigInt(p.reserve1) > 0n)
        .map((p) => p.address),
    )
    for (const farm of operational) {
      // The farms run on the chain: an APY from their reward rates and the pool's USD TVL.
      expect(farm.apy, farm.minter_address).not.toBeNull()
      expect(Number(farm.apy), farm.minter_address).toBeGreaterThan(0)
      expect(Number.isFinite(Number(farm.apy)), farm.minter_address).toBe(true)
      expect(liquid.has(farm.pool_address), farm.pool_address).toBe(true)
      expect(farm.reward_token_address).toBe(farm.rewards[0]?.address)
      expect(day.decimals.has(farm.reward_token_address ?? '')).toBe(true)
    }
  })

  test('operation_type is lower-case snake_case everywhere; op_type takes every spelling', async () => {
    const { operations } = (await get(
      '/v1/stats/operations?since=2023-11-14T00:00:00&until=2023-11-15T00:00:00',
    )) as { operations: { operation: { operation_type: string; wallet_address: string } }[] }
    const types = new Set(operations.map((o) => o.operation.operation_type))
    expect([...types].every((t) => /^[a-z]+(_[a-z]+)*$/.test(t))).toBe(true)
    expect(types).toContain('send_liquidity')
    const owner = operations.find((o) => o.operation.operation_type === 'swap')?.operation
    expect(owner).toBeDefined()
    const list = async (opType: string) =>
      (
        (await get(
          `/v1/wallets/${owner?.wallet_address}/operations?since=2023-11-14T00:00:00&until=2023-11-15T00:00:00&op_type=${opType}`,
        )) as { operations: { operation: { operation_type: string } }[] }
      ).operations.map((o) => o.operation.operation_type)
    const pascal = await list('Swap')
    expect(pascal.length).toBeGreaterThan(0)
    expect(await list('swap')).toEqual(pascal)
    expect(new Set(pascal)).toEqual(new Set(['swap']))
    expect(await list('SendLiquidity')).toEqual(await list('provide_liquidity'))
    expect(await list('send_liquidity')).toEqual(await list('provide_liquidity'))
    const bad = await app.inject(
      `/v1/wallets/${owner?.wallet_address}/operations?since=2023-11-14T00:00:00&until=2023-11-15T00:00:00&op_type=trade`,
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().error).toMatchObject({ code: 'INVALID_PARAMETER', field: 'op_type' })
  })

  test('the listing exports serve every listed asset and pool, one CMC ticker per market', async () => {
    const { asset_list: assets } = (await get('/v1/assets')) as {
      asset_list: { contract_address: string; symbol: string }[]
    }
    for (const { contract_address: id } of assets) {
      const { asset } = (await get(`/export/dexscreener/v1/asset/${id}`)) as {
        asset: { id: string; totalSupply: string | null }
      }
      expect(asset.id).toBe(id)
      if (asset.totalSupply !== null) expect(Number(asset.totalSupply)).toBeGreaterThan(0)
    }
    for (const pool of day.pools) {
      const { pair } = (await get(`/export/dexscreener/v1/pair/${pool.address}`)) as {
        pair: { asset0Id: string; asset1Id: string; dexKey: string }
      }
      expect([pair.asset0Id, pair.asset1Id]).toEqual([pool.token0_address, pool.token1_address])
      expect(pair.dexKey).toMatch(/^stonfi(-v2)?$/)
    }
    const feed = (await get('/export/cmc/v1')) as Record<
      string,
      { base_id: string; quote_id: string }
    >
    const markets = Object.values(feed).map((t) => [t.base_id, t.quote_id].sort().join('/'))
    expect(new Set(markets).size).toBe(markets.length)
    const pairs = new Set(
      day.pools.map((p) => [p.token0_address, p.token1_address].sort().join('/')),
    )
    expect(new Set(markets)).toEqual(pairs)
    // The USD stablecoin is always the quote of its markets.
    const usdt = assets.find((a) => a.symbol === 'USDT')?.contract_address
    expect(usdt).toBeDefined()
    for (const t of Object.values(feed)) expect(t.base_id).not.toBe(usdt)
  })
})
