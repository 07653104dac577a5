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

/** Field lists of `docs/wire.md` §6.15 (CMC) and §6.16 (DEX Screener, STON.fi variant). */
const CMC_FIELDS = [
  ...['base_id', 'base_name', 'base_symbol', 'quote_id', 'quote_name', 'quote_symbol'],
  ...['last_price', 'base_volume', 'quote_volume', 'base_liquidity', 'quote_liquidity', 'url'],
].sort()
/** The DEX Screener adapter spec v1.1's asset and pair fields (`docs/wire.md` §6.16). */
const DS_ASSET = ['id', 'name', 'symbol', 'totalSupply', 'circulatingSupply', 'coinGeckoId']
const DS_PAIR = [
  ...['id', 'dexKey', 'asset0Id', 'asset1Id', 'createdAtBlockNumber', 'createdAtBlockTimestamp'],
  ...['createdAtTxnId', 'creator', 'feeBps', 'pool', 'metadata'],
]
const EVENT_COMMON = ['block', 'eventType', 'txnId', 'txnIndex', 'eventIndex', 'maker', 'pairId']
const SWAP_OPTIONAL = [
  ...['amount0In', 'amount0Out', 'amount1In', 'amount1Out', 'reserves'],
  // The DEX Screener adapter spec's names, beside STON.fi's (C13).
  ...['asset0In', 'asset0Out', 'asset1In', 'asset1Out'],
]

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
    // One ticker per market whatever its pools' token order: no stablecoin is configured here,
    // so TON is the quote, else the greater address; the market's pools are aggregated.
    const canonical = (a: string, b: string) =>
      a === TON_ADDRESS || (b !== TON_ADDRESS && a > b) ? [b, a] : [a, b]
    const markets = new Map<string, bigint>()
    for (const pool of scenario.pools) {
      const [a0, a1] = [name(pool.asset0), name(pool.asset1)]
      const [base] = canonical(a0, a1)
      const state = await dex.poolState(pool)
      const key = canonical(a0, a1).join('_')
      markets.set(key, (markets.get(key) ?? 0n) + (base === a0 ? state.reserve0 : state.reserve1))
    }
    expect(new Set(Object.keys(body))).toEqual(new Set(markets.keys()))
    for (const [key, baseReserve] of markets) {
      const ticker = body[key]
      expect(ticker.quote_id).not.toBe(ticker.base_id)
      expect(ticker.base_liquidity).toBe(new Decimal(baseReserve.toString()).div(1e9).toFixed())
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
        for (const [ston, ds] of [
          ['amount0In', 'asset0In'],
          ['amount0Out', 'asset0Out'],
          ['amount1In', 'asset1In'],
          ['amount1Out', 'asset1Out'],
        ] as const) {
          expect(e[ds]).toBe(e[ston])
        }
      }
    }
    const pool = scenario.pools[0]?.address.toString() ?? ''
    const pair = (await app.inject(`/export/dexscreener/v1/pair/${pool}`)).json()
    expect(pair.pair).toEqual(pair.pool)
    expect(pair.pair).toMatchObject({
      id: pool,
      asset0Id: name(scenario.pools[0]?.asset0 ?? { kind: 'pton', minter: '' }),
      feeBps: 30,
      dexKey: expect.stringMatching(/^stonfi(-v2)?$/),
    })
    expect(pair.pair.createdAtBlockNumber).toBeLessThanOrEqual(latest.blockNumber)
    // Both published field lists: every key is the adapter spec's, the required ones present.
    expect(Object.keys(pair.pair).every((k) => DS_PAIR.includes(k))).toBe(true)
    for (const k of ['id', 'dexKey', 'asset0Id', 'asset1Id']) expect(pair.pair).toHaveProperty(k)
    const asset = (await app.inject(`/export/screener/v1/asset/${TON_ADDRESS}`)).json().asset
    expect(asset).toMatchObject({ id: TON_ADDRESS, symbol: 'TON', name: 'Toncoin' })
    expect(Object.keys(asset).sort()).toEqual(['id', 'name', 'symbol', 'totalSupply'])
    expect(Object.keys(asset).every((k) => DS_ASSET.includes(k))).toBe(true)
    // The native coin's supply is not something the index sees: null, not a wrong number.
    expect(asset.totalSupply).toBeNull()
    // A jetton's supply is what was minted minus burned: the sum of its wallets.
    const jetton = scenario.pools
      .flatMap((p) => [p.asset0, p.asset1])
      .find((a) => a.kind === 'jetton')
    const master = jetton === undefined ? '' : name(jetton)
    const wallets = (await store.listIndexedJettonWallets()).filter(
      (w) => w.masterAddress === master,
    )
    const minted = wallets.reduce((sum, w) => sum + w.balance, 0n)
    expect(minted).toBeGreaterThan(0n)
    const listed = (await app.inject(`/export/dexscreener/v1/asset/${master}`)).json().asset
    expect(BigInt(new Decimal(listed.totalSupply).mul(1e9).toFixed())).toBe(minted)
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
