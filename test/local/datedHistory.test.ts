import { afterAll, beforeAll, expect, test } from 'vitest'
import { LocalBlockchain } from '../../emulator/LocalBlockchain.js'
import { ARBITRAGE_WALLET } from '../../local/demo/runScenario.js'
import { type RunningLocalExchange, startLocalExchange } from '../../local/startLocalExchange.js'

let exchange: RunningLocalExchange
let startedAt: number
beforeAll(async () => {
  startedAt = Math.floor(Date.now() / 1000)
  exchange = await startLocalExchange({
    ...{ dbPath: ':memory:', host: '127.0.0.1', port: 0 },
    ...{ demoSwaps: 60, fastStart: true },
  })
})
afterAll(async () => {
  await exchange.close()
})

type Status = { state: string; progress?: { done: number; total: number }; error?: string }
const status = async () => (await (await fetch(`${exchange.url}/local/status`)).json()) as Status

test('fast first start: the market is listed at once, the history fills in behind it, dApp work interleaves', async () => {
  const pools = (await (await fetch(`${exchange.url}/v1/pools`)).json()) as { pool_list: unknown[] }
  expect(pools.pool_list).toHaveLength(9)
  const first = await status()
  expect(['building', 'ready']).toContain(first.state)
  // A faucet transfer while the swaps run is served between two parts of the scenario.
  const faucet = await fetch(`${exchange.url}/local/faucet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address: `0:${'3a'.repeat(32)}`, asset: 'TON', amount: '1000000000' }),
  })
  expect(faucet.status).toBe(200)
  let now = await status()
  while (now.state === 'building') {
    expect(now.progress?.total).toBe(60)
    await new Promise((resolve) => setTimeout(resolve, 200))
    now = await status()
  }
  expect(now.error).toBeUndefined()
  const chain = exchange.chain
  if (chain === undefined) throw new Error('no chain')
  await exchange.indexed(chain.head.seqno)
  const operations = await exchange.store.listOperations({ limit: 100_000 })
  const swaps = operations.filter((o) => o.operationType === 'Swap')
  // The scenario's 60 swaps, and the arbitrage wallet's that held the prices.
  const arbitrage = (await (await LocalBlockchain.createLocal()).treasury(ARBITRAGE_WALLET)).address
  const trader = swaps.filter((o) => o.walletAddress === arbitrage.toString())
  expect(swaps.length - trader.length).toBe(60)
  expect(trader.length).toBeGreaterThan(0)
  // The history is dated: the 30 days before the first start, block times never going back.
  const unix = (iso: string) => Date.parse(`${iso}Z`) / 1000
  const times = operations.map((o) => unix(o.poolTxTimestamp))
  expect(Math.min(...times)).toBeLessThan(startedAt - 29 * 86_400)
  expect(Math.max(...times)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))
  expect(new Set(times.map((t) => Math.floor((startedAt - t) / 86_400))).size).toBeGreaterThan(25)
  let previous = 0
  for (let seqno = 1; seqno <= chain.head.seqno; seqno += 1) {
    const block = chain.blockTransactions(seqno)
    for (const tx of block) {
      expect(tx.now).toBeGreaterThanOrEqual(previous)
      previous = tx.now
    }
  }
  // The faucet transfer ran during the history: stamped at the history's time, not later.
  expect(previous).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))
  // Per-period figures are real: the last day's volume and APYs of the pools, the DEX's day.
  const { pool_list } = (await (await fetch(`${exchange.url}/v1/pools`)).json()) as {
    pool_list: { address: string; volume_24h_usd: string | null; apy_1d: string | null }[]
  }
  const indexed = new Set((await exchange.store.listIndexedPools()).map((p) => p.address))
  const traded = pool_list.filter((p) => indexed.has(p.address))
  expect(traded.length).toBeGreaterThan(0)
  for (const p of traded) expect(p.apy_1d).not.toBeNull()
  expect(traded.some((p) => Number(p.volume_24h_usd) > 0)).toBe(true)
  const iso = (t: number) => new Date(t * 1000).toISOString().slice(0, 19)
  const day = `since=${iso(startedAt - 86_400)}&until=${iso(startedAt)}`
  const dex = (await (await fetch(`${exchange.url}/v1/stats/dex?${day}`)).json()) as {
    stats: { trades: number; volume_usd: string }
  }
  expect(dex.stats.trades).toBeGreaterThan(0)
  expect(Number(dex.stats.volume_usd)).toBeGreaterThan(0)
  expect(dex.stats.trades).toBeLessThan(swaps.length)
  // The REST API's pools are the chain's.
  for (const p of await exchange.store.listIndexedPools()) {
    const { pool } = (await (await fetch(`${exchange.url}/v1/pools/${p.address}`)).json()) as {
      pool: { reserve0: string; reserve1: string }
    }
    expect([pool.reserve0, pool.reserve1]).toEqual([String(p.reserve0), String(p.reserve1)])
  }
  const transactions = await exchange.store.listIndexedTransactions({ limit: 1_000_000 })
  expect(transactions).toHaveLength(chain.transactionCount)
})
