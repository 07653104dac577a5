import type { Transaction } from '@ton/core'
import { Decimal } from 'decimal.js'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalDex } from '../../emulator/createLocalDex.js'
import type { LocalDex } from '../../emulator/LocalDex.js'
import { createIndexer } from '../../indexer/ingest/createIndexer.js'
import { runScenario, type ScenarioResult, TON_ADDRESS } from '../../local/demo/runScenario.js'
import { createService } from '../../service/createService.js'
import type { Store } from '../../store/Store.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'

/** Field lists of `wire-contract.md` §6.15 (CMC) and §6.16 (DEX Screener, STON.fi variant). */
const CMC_FIELDS = [
  ...['base_id', 'base_name', 'base_symbol', 'quote_id', 'quote_name', 'quote_symbol'],
  ...['last_price', 'base_volume', 'quote_volume', 'base_liquidity', 'quote_liquidity', 'url'],
].sort()
const EVENT_COMMON = ['block', 'eventType', 'txnId', 'txnIndex', 'eventIndex', 'maker', 'pairId']
const SWAP_OPTIONAL = ['amount0In', 'amount0Out', 'amount1In', 'amount1Out', 'reserves']

describe('listing-service exports over an indexed emulator scenario', () => {
  let dex: LocalDex
  let scenario: ScenarioResult
  let store: Store
  let app: FastifyInstance
  const name = (a: { kind: string; minter: { toString(): string } }) =>
    a.kind === 'pton' ? TON_ADDRESS : a.minter.toString()

  beforeAll(async () => {
    dex = await createLocalDex({ seed: 'exports' })
    const recorded: Transaction[] = []
    const stop = dex.onTransactions((txs) => recorded.push(...txs))
    scenario = await runScenario(dex, { swaps: 12, seed: 9 })
    stop()
    store = createSqliteStore({ path: ':memory:' })
    await createIndexer({ store, source: recorded, assetOf: scenario.assetOf }).run()
    app = await createService({ store, docs: false })
  })
  afterAll(async () => {
    await app.close()
    await store.close()
  })

  it('serves the CMC feed as one object keyed base_quote with the published fields', async () => {
    const body = (await app.inject('/export/marketdata/v1')).json()
    expect(await (await app.inject('/export/cmc/v1')).json()).toEqual(body)
    expect(Array.isArray(body)).toBe(false)
    for (const [key, ticker] of Object.entries(body) as [string, Record<string, unknown>][]) {
      expect(Object.keys(ticker).sort()).toEqual(CMC_FIELDS)
      expect(key).toBe(`${ticker.base_id}_${ticker.quote_id}`)
      for (const value of Object.values(ticker)) expect(typeof value).toBe('string')
    }
    // Every pair is listed; v1 and v2 USDT/TON pools share one ticker when their order matches.
    const pairs = new Set(scenario.pools.map((p) => `${name(p.asset0)}_${name(p.asset1)}`))
    expect(new Set(Object.keys(body))).toEqual(pairs)
    for (const pool of scenario.pools) {
      const ticker = body[`${name(pool.asset0)}_${name(pool.asset1)}`]
      const same = scenario.pools.filter(
        (p) => name(p.asset0) === name(pool.asset0) && name(p.asset1) === name(pool.asset1),
      )
      let reserve0 = 0n
      for (const p of same) reserve0 += (await dex.poolState(p)).reserve0
      expect(ticker.base_liquidity).toBe(new Decimal(reserve0.toString()).div(1e9).toFixed())
    }
  })

  it('serves DEX Screener latest block, events, pair and asset', async () => {
    const latest = (await app.inject('/export/screener/v1/latest-block')).json().block
    expect(Object.keys(latest).sort()).toEqual(['blockNumber', 'blockTimestamp'])
    expect(Number.isInteger(latest.blockNumber)).toBe(true)
    const events = (
      await app.inject(`/export/screener/v1/events?fromBlock=0&toBlock=${latest.blockNumber}`)
    ).json().events
    const swaps = events.filter((e: { eventType: string }) => e.eventType === 'swap')
    expect(swaps).toHaveLength(scenario.swaps.filter((s) => s.ok).length)
    expect(events.filter((e: { eventType: string }) => e.eventType === 'exit')).toHaveLength(
      scenario.burns,
    )
    const seen = new Set<string>()
    for (const e of events) {
      for (const field of EVENT_COMMON) expect(e).toHaveProperty(field)
      const allowed =
        e.eventType === 'swap'
          ? [...SWAP_OPTIONAL, 'priceNative']
          : ['amount0', 'amount1', 'reserves']
      expect(
        Object.keys(e)
          .filter((k) => !EVENT_COMMON.includes(k))
          .every((k) => allowed.includes(k)),
      ).toBe(true)
      // (txnIndex, eventIndex) is unique within a block.
      const key = `${e.block.blockNumber}:${e.txnIndex}:${e.eventIndex}`
      expect(seen.has(key)).toBe(false)
      seen.add(key)
      if (e.eventType === 'swap') {
        expect(
          ('amount0In' in e && 'amount1Out' in e) !== ('amount1In' in e && 'amount0Out' in e),
        ).toBe(true)
        expect(e.priceNative).not.toBe('0')
      }
    }
    const pool = scenario.pools[0]?.address.toString() ?? ''
    const pair = (await app.inject(`/export/dexscreener/v1/pair/${pool}`)).json()
    expect(pair.pair).toEqual(pair.pool)
    expect(pair.pair).toMatchObject({
      id: pool,
      asset0Id: name(scenario.pools[0]?.asset0 ?? { kind: 'pton', minter: '' }),
      feeBps: 30,
    })
    expect(pair.pair.createdAtBlockNumber).toBeLessThanOrEqual(latest.blockNumber)
    const asset = (await app.inject(`/export/screener/v1/asset/${TON_ADDRESS}`)).json().asset
    expect(asset).toMatchObject({ id: TON_ADDRESS, symbol: 'TON', name: 'Toncoin' })
    expect(typeof asset.totalSupply).toBe('string')
  })

  it('rejects bad block ranges and unknown pairs', async () => {
    expect((await app.inject('/export/screener/v1/events?fromBlock=5&toBlock=4')).statusCode).toBe(
      400,
    )
    expect((await app.inject('/export/screener/v1/events?fromBlock=x&toBlock=4')).statusCode).toBe(
      400,
    )
    expect((await app.inject('/export/screener/v1/events?toBlock=4')).json().error.code).toBe(
      'MISSING_PARAMETER',
    )
    const empty = await app.inject('/export/screener/v1/events?fromBlock=0&toBlock=1')
    expect(empty.json()).toEqual({ events: [] })
    const unknown = await app.inject(`/export/screener/v1/pair/${TON_ADDRESS}`)
    expect(unknown.statusCode).toBe(404)
  })
})
