import Database from 'better-sqlite3'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createService } from '../../service/createService.js'
import { type AssetMeta, loadIndexedMarket } from '../../service/wire/indexedMarket.js'
import { toWireOperationsWithAssets } from '../../service/wire/operation.js'
import { usdPrices } from '../../service/wire/usdPricing.js'
import type { Store } from '../../store/Store.js'
import {
  referenceDexStats,
  referenceFeeStats,
  referenceMarketData,
  referencePoolStats,
} from '../_support/statsReference.js'
import { type SyntheticHistory, writeSyntheticHistory } from '../_support/syntheticHistory.js'
import { type StoreDatabase, storeKinds } from '../store/_support/storeKinds.js'

// The SQL statistics (rollups + raw window edges) against the JavaScript computations they
// replaced, on a demo-sized synthetic history written through the store's own write paths;
// on every Store implementation (SQLite always, PostgreSQL when installed).
describe.each(storeKinds('statsSql'))('statistics computed by the $name store in SQL', (kind) => {
  let database: StoreDatabase
  let store: Store
  let app: FastifyInstance
  let history: SyntheticHistory

  beforeAll(async () => {
    database = await kind.database()
    store = await database.open()
    // Small batches: every batch rolls its own operations up, across hour and day buckets.
    history = await writeSyntheticHistory(store, {
      operations: 2_400,
      days: 45,
      seed: 12,
      batch: 700,
      walletOperations: 40,
    })
    app = await createService({ store, docs: false, usdStablecoin: history.usd })
  })
  afterAll(async () => {
    await app.close()
    await kind.cleanup()
  })

  const shift = (timestamp: string, seconds: number) =>
    new Date(Date.parse(`${timestamp}Z`) + seconds * 1000).toISOString().slice(0, 19)
  /** Aligned and ragged windows, short and long, and the whole history. */
  const windows = () => {
    const end = history.last
    return [
      { since: '1970-01-01T00:00:00', until: '9999-12-31T23:59:59' },
      { since: `${end.slice(0, 10)}T00:00:00`, until: `${end.slice(0, 10)}T23:59:59` },
      { since: shift(end, -86_400), until: end },
      { since: shift(end, -30 * 86_400 + 1_234), until: shift(end, -3 * 3600 - 17) },
      { since: `${end.slice(0, 13)}:10:00`, until: `${end.slice(0, 13)}:50:00` },
      { since: shift(history.first, -5), until: shift(history.first, 7 * 86_400 + 61) },
    ]
  }
  const market = async () => {
    const indexed = await loadIndexedMarket(store, history.usd)
    const metas = new Map<string, AssetMeta>()
    for (const p of indexed.pools) {
      for (const a of [p.asset0, p.asset1]) metas.set(a, await indexed.meta(a))
    }
    const meta = (a: string) => metas.get(a) as AssetMeta
    return { ...indexed, meta, prices: usdPrices(indexed.pools, history.usd) }
  }
  const get = async (url: string) => {
    const res = await app.inject(url)
    expect(res.statusCode, url).toBe(200)
    return res.json()
  }

  it('/v1/stats/dex equals the per-operation sums', async () => {
    const { pools, prices } = await market()
    for (const w of windows()) {
      const body = await get(`/v1/stats/dex?since=${w.since}&until=${w.until}`)
      const ops = await store.scanOperations(w)
      expect(body.stats, JSON.stringify(w)).toEqual(
        referenceDexStats(ops, pools, prices, history.usd),
      )
    }
    expect((await get('/v1/stats/dex')).stats.trades).toBeGreaterThan(1000)
  })

  it('/v1/stats/pool equals the per-operation sums, for all pools and a filter', async () => {
    const { pools, prices, meta } = await market()
    const some = pools.slice(1, 3).map((p) => p.address)
    for (const w of windows()) {
      for (const wanted of [undefined, some]) {
        const filter = wanted === undefined ? '' : `&pool_address=${wanted.join(',')}`
        const body = await get(`/v1/stats/pool?since=${w.since}&until=${w.until}${filter}`)
        const ops = await store.scanOperations({ ...w, poolAddresses: wanted })
        const expected = referencePoolStats(ops, pools, prices, meta, w.since, w.until, wanted)
        expect(body.unique_wallets_count).toBe(expected.unique_wallets_count)
        const picked = body.stats.map((s: Record<string, unknown>) => ({
          pool_address: s.pool_address,
          base_volume: s.base_volume,
          quote_volume: s.quote_volume,
          last_price: s.last_price,
          lp_price: s.lp_price,
          lp_price_usd: s.lp_price_usd,
          apy: s.apy,
        }))
        expect(picked, JSON.stringify(w)).toEqual(expected.stats)
      }
    }
  })

  it('/v1/stats/fees equals the per-accrual sums of every referrer', async () => {
    const dexOf = new Map((await store.listIndexedPools()).map((p) => [p.address, p.dex]))
    const { prices } = await market()
    let nonEmpty = 0
    for (const referrer of history.referrers) {
      for (const w of windows()) {
        const q = `referrer_address=${referrer}&since=${w.since}&until=${w.until}`
        const body = await get(`/v1/stats/fees?${q}`)
        const ops = await store.scanOperations({ ...w, referralAddress: referrer })
        const withdrawals = await store.listFeeWithdrawals(referrer, w.since, w.until)
        const expected = referenceFeeStats(ops, withdrawals, dexOf, prices)
        if (expected.assets_fee_stats.length > 0) nonEmpty++
        expect(
          {
            assets_fee_stats: body.assets_fee_stats,
            total_accrued_usd: body.total_accrued_usd,
            total_withdrawn_usd: body.total_withdrawn_usd,
          },
          JSON.stringify({ referrer, w }),
        ).toEqual(expected)
      }
    }
    expect(nonEmpty).toBeGreaterThan(5)
  })

  it('/export/cmc/v1 volumes and last prices equal the per-swap ones of the last 24 h', async () => {
    const { pools, meta } = await market()
    const body = await get('/export/cmc/v1')
    const ops = await store.scanOperations({ since: shift(history.last, -86_400) })
    const expected = referenceMarketData(ops, pools, meta, history.usd.address)
    expect(Object.keys(body).sort()).toEqual(Object.keys(expected).sort())
    for (const [key, pair] of Object.entries(expected)) {
      expect({
        last_price: body[key].last_price,
        base_volume: body[key].base_volume,
        quote_volume: body[key].quote_volume,
      }).toEqual(pair)
    }
  })

  it('streams the operation lists byte for byte as the whole answer would be', async () => {
    const w = { since: shift(history.last, -30 * 86_400), until: history.last }
    const wallet = await app.inject(
      `/v1/wallets/${history.wallet}/operations?since=${w.since}&until=${w.until}`,
    )
    expect(wallet.headers['content-type']).toMatch(/^application\/json/)
    const walletOps = await store.scanOperations({ ...w, walletAddress: history.wallet })
    expect(walletOps).toHaveLength(40)
    expect(wallet.body).toBe(
      JSON.stringify({ operations: await toWireOperationsWithAssets(store, walletOps) }),
    )
    // More rows than one page: pages join in order, nothing lost or repeated.
    const all = await store.scanOperations(w)
    expect(all.length).toBeGreaterThan(1000)
    const listed = await app.inject(`/v1/stats/operations?since=${w.since}&until=${w.until}`)
    expect(listed.body).toBe(
      JSON.stringify({ operations: await toWireOperationsWithAssets(store, all) }),
    )
    const empty = await app.inject(
      '/v1/stats/operations?since=2000-01-01T00:00:00&until=2000-01-02T00:00:00',
    )
    expect(empty.json()).toEqual({ operations: [] })
  })

  it('keeps the rollups true through a second writer, repeated inserts and a rebuild', async () => {
    const w = windows()[3] as { since: string; until: string }
    const url = `/v1/stats/dex?since=${w.since}&until=${w.until}`
    const before = await get(url)
    // Inserting stored operations again changes nothing (INSERT OR IGNORE, rolled up once).
    const again = await store.scanOperations({ since: w.since, until: shift(w.since, 86_400) })
    expect(await store.insertOperations(again)).toBe(0)
    expect(await get(url)).toEqual(before)
    // A new swap written by another connection (a second process) shows up in the aggregates
    // at once: the service's response cache follows the store's data version.
    const [swap] = again.filter((o) => o.operationType === 'Swap' && o.success)
    if (swap === undefined) throw new Error('the window holds a successful swap')
    const writer = await database.open()
    expect(
      await writer.insertOperations([{ ...swap, poolTxHash: 'f'.repeat(64), poolTxLt: 1n }]),
    ).toBe(1)
    expect((await get(url)).stats.trades).toBe(before.stats.trades + 1)
    // SQLite only: rollups dropped (a database from before them): reopening rebuilds them.
    const path = database.sqlitePath
    if (path === undefined) return
    const expected = await get(url)
    await app.close()
    await store.close()
    const raw = new Database(path)
    raw.exec(`DELETE FROM swap_rollups; DELETE FROM referral_rollups; DELETE FROM wallet_days;
      DELETE FROM wallet_first_seen; DELETE FROM wallet_day_gaps;
      DELETE FROM swap_running_totals; DELETE FROM swap_pairs;
      UPDATE rollup_state SET operations_rowid = 0`)
    raw.close()
    store = await database.open()
    app = await createService({ store, docs: false, usdStablecoin: history.usd })
    expect(await get(url)).toEqual(expected)
  })
})
