import { StonApiClient } from '@ston-fi/api'
import type { Transaction } from '@ton/core'
import { Decimal } from 'decimal.js'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runScenario, type ScenarioResult, TON_ADDRESS } from '../../demo/runScenario.js'
import { createLocalDex } from '../../emulator/createLocalDex.js'
import type { LocalDex } from '../../emulator/LocalDex.js'
import { createIndexer } from '../../indexer/ingest/createIndexer.js'
import { createService } from '../../service/createService.js'
import type { Store } from '../../store/Store.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'

const RANGE = 'since=2023-11-14T00:00:00&until=2023-11-15T00:00:00'

describe('statistics over an indexed emulator scenario', () => {
  let dex: LocalDex
  let scenario: ScenarioResult
  let store: Store
  let app: FastifyInstance
  let usdt: string

  beforeAll(async () => {
    dex = await createLocalDex({ seed: 'stats-endpoints' })
    const recorded: Transaction[] = []
    const stop = dex.onTransactions((txs) => recorded.push(...txs))
    scenario = await runScenario(dex, { swaps: 20, seed: 11 })
    stop()
    // USDT is the jetton in every pool of the scenario.
    const jettons = scenario.pools.flatMap((p) => [p.asset0, p.asset1])
    const counts = new Map<string, number>()
    for (const a of jettons) {
      const key = a.kind === 'pton' ? TON_ADDRESS : a.minter.toString()
      counts.set(key, (counts.get(key) ?? 0) + 1)
    }
    usdt = [...counts].find(([, n]) => n === 3)?.[0] ?? ''
    store = createSqliteStore({ path: ':memory:' })
    await createIndexer({ store, source: recorded, assetOf: scenario.assetOf }).run()
    app = await createService({ store, docs: false, usdStablecoin: { address: usdt, decimals: 6 } })
  })
  afterAll(async () => {
    await app.close()
    await store.close()
  })

  const usdtLeg = (s: ScenarioResult['swaps'][number]) =>
    s.askAsset === usdt ? s.amountOut : s.amountIn

  it('reports TVL, USD volume, wallets and trades of /v1/stats/dex', async () => {
    const res = await app.inject(`/v1/stats/dex?${RANGE}`)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    const ok = scenario.swaps.filter((s) => s.ok)
    const volume = ok.reduce((sum, s) => sum + usdtLeg(s), 0n)
    // TON is priced by the USDT/TON pool with more USDT; STON only trades against USDT.
    const D = Decimal.clone({ precision: 60 })
    const sides = []
    for (const pool of scenario.pools) {
      const state = await dex.poolState(pool)
      const usdtIs0 = pool.asset0.kind === 'jetton' && pool.asset0.minter.toString() === usdt
      const [u, other] = usdtIs0
        ? [state.reserve0, state.reserve1]
        : [state.reserve1, state.reserve0]
      sides.push({
        u: new D(u.toString()).div(1e6),
        other,
        ton: pool.asset0.kind === 'pton' || pool.asset1.kind === 'pton',
      })
    }
    const deep = sides.filter((x) => x.ton).sort((a, b) => b.u.cmp(a.u))[0]
    const tonPrice = deep ? deep.u.div(deep.other.toString()) : new D(0)
    let tvl = new D(0)
    for (const x of sides) tvl = tvl.add(x.u).add(x.ton ? tonPrice.mul(x.other.toString()) : x.u)
    const wallets = new Set(scenario.swaps.map((s) => s.wallet))
    for (const name of ['alice', 'bob']) wallets.add((await dex.wallet(name)).address.toString())
    expect(body).toEqual({
      since: '2023-11-14T00:00:00',
      until: '2023-11-15T00:00:00',
      stats: {
        tvl: tvl.toDecimalPlaces(9, Decimal.ROUND_HALF_EVEN).toFixed(),
        volume_usd: new Decimal(volume.toString()).div(1e6).toFixed(),
        unique_wallets: wallets.size,
        trades: ok.length,
      },
    })
    // No range: everything; an empty window: nothing traded.
    expect((await app.inject('/v1/stats/dex')).json().stats.trades).toBe(ok.length)
    const empty = await app.inject(
      '/v1/stats/dex?since=2020-01-01T00:00:00&until=2020-01-02T00:00:00',
    )
    expect(empty.json().stats).toMatchObject({ volume_usd: '0', trades: 0, unique_wallets: 0 })
  })

  it('reports per-pool volumes and liquidity of /v1/stats/pool', async () => {
    const res = (await app.inject(`/v1/stats/pool?${RANGE}`)).json()
    expect(res.stats).toHaveLength(scenario.pools.length)
    for (const pool of scenario.pools) {
      const stat = res.stats.find(
        (s: { pool_address: string }) => s.pool_address === pool.address.toString(),
      )
      const state = await dex.poolState(pool)
      const name0 = pool.asset0.kind === 'pton' ? TON_ADDRESS : pool.asset0.minter.toString()
      const dec = (a: string) => (a === usdt ? 6 : 9)
      let base = 0n
      for (const s of scenario.swaps.filter((x) => x.ok && x.pool === pool.address.toString())) {
        base += s.askAsset === name0 ? s.amountOut : s.amountIn
      }
      expect(stat.base_id).toBe(name0)
      expect(stat.base_volume).toBe(new Decimal(base.toString()).div(10 ** dec(name0)).toFixed())
      expect(stat.base_liquidity).toBe(
        new Decimal(state.reserve0.toString()).div(10 ** dec(name0)).toFixed(),
      )
      expect(Object.keys(stat).sort()).toEqual(
        [
          ...['pool_address', 'router_address', 'url', 'base_id', 'base_name', 'base_symbol'],
          ...['quote_id', 'quote_name', 'quote_symbol', 'last_price', 'base_volume'],
          ...['quote_volume', 'base_liquidity', 'quote_liquidity', 'lp_price', 'lp_price_usd'],
          'apy',
        ].sort(),
      )
    }
    const one = scenario.pools[0]?.address.toString() ?? ''
    const filtered = (await app.inject(`/v1/stats/pool?${RANGE}&pool_address=${one}`)).json()
    expect(filtered.stats.map((s: { pool_address: string }) => s.pool_address)).toEqual([one])
  })

  it('lists the operations of the window with asset info slots', async () => {
    const res = (await app.inject(`/v1/stats/operations?${RANGE}`)).json()
    const all = await store.scanOperations({})
    expect(res.operations).toHaveLength(all.length)
    expect(
      res.operations.filter(
        (o: { operation: { operation_type: string } }) => o.operation.operation_type === 'swap',
      ),
    ).toHaveLength(scenario.swaps.length)
  })

  it('answers staking totals through the official client on both paths', async () => {
    const url = await app.listen({ host: '127.0.0.1', port: 0 })
    const client = new StonApiClient({ baseURL: url })
    const stats = await client.getStakingStats()
    // The emulator has no staking contract: no stored positions, nothing staked.
    expect(stats).toEqual({
      stonTotalSupply: '0',
      totalStakedSton: '0',
      gemstonTotalSupply: '0',
      stonPriceUsd: '0',
    })
    expect((await app.inject('/v1/stats/stake')).json()).toEqual(
      (await app.inject('/v1/stats/staking')).json(),
    )
  })

  it('rejects bad and reversed ranges with 400', async () => {
    for (const path of ['/v1/stats/pool', '/v1/stats/operations', '/v1/stats/dex']) {
      const reversed = await app.inject(
        `${path}?since=2023-11-15T00:00:00&until=2023-11-14T00:00:00`,
      )
      expect(reversed.statusCode).toBe(400)
      const bad = await app.inject(`${path}?since=2023-11-14&until=2023-11-15T00:00:00`)
      expect(bad.json().error).toMatchObject({ code: 'INVALID_PARAMETER', field: 'since' })
    }
    expect((await app.inject('/v1/stats/pool')).json().error.code).toBe('MISSING_PARAMETER')
  })
})
