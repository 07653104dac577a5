import { afterAll, beforeAll, expect, test } from 'vitest'
import { type RunningLocalExchange, startLocalExchange } from '../../local/startLocalExchange.js'
import { historyFacts } from './_support/historyFacts.js'

let exchange: RunningLocalExchange
let startedAt: number
let listedAt: number
beforeAll(async () => {
  startedAt = Math.floor(Date.now() / 1000)
  exchange = await startLocalExchange({
    ...{ dbPath: ':memory:', host: '127.0.0.1', port: 0 },
    ...{ demoSwaps: 40, datedHistory: true },
  })
  listedAt = Math.floor(Date.now() / 1000)
})
afterAll(async () => {
  await exchange.close()
})

type Status = { state: string; chain: { time: number }; progress?: unknown }
const status = async () => (await (await fetch(`${exchange.url}/local/status`)).json()) as Status

test('dated first start: the whole 30-day history is in place at the first answer, then the wall clock', async () => {
  // Nothing is left to build once the server answers.
  const first = await status()
  expect(first.state).toBe('ready')
  expect(first.progress).toBeUndefined()
  const chain = exchange.chain
  if (chain === undefined) throw new Error('no chain')
  await exchange.indexed(chain.head.seqno)
  const facts = await historyFacts(exchange.store, listedAt)
  expect(facts.userSwaps).toBe(40)
  // The referral venues' six routes (demoVenues), all before the last part.
  expect(facts.venueSwaps).toBe(6)
  expect(facts.arbitrageSwaps).toBeGreaterThan(0)
  expect(facts.pools).toBe(9)
  expect(facts.tradedPools).toBe(9)
  expect(facts.activeDays).toBeGreaterThanOrEqual(7)
  expect(facts.lastDaySwaps).toBeGreaterThan(0)
  expect(facts.span).toBeGreaterThan(29 * 86_400)
  // Block times never go back; the chain's time is the wall clock from the first answer on.
  let previous = 0
  for (let seqno = 1; seqno <= chain.head.seqno; seqno += 1) {
    for (const tx of chain.blockTransactions(seqno)) {
      expect(tx.now).toBeGreaterThanOrEqual(previous)
      previous = tx.now
    }
  }
  expect(previous).toBeLessThanOrEqual(listedAt)
  expect(first.chain.time).toBeGreaterThanOrEqual(startedAt)
  // A transaction now is stamped with the wall clock.
  const before = Math.floor(Date.now() / 1000)
  const faucet = await fetch(`${exchange.url}/local/faucet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address: `0:${'3a'.repeat(32)}`, asset: 'TON', amount: '1000000000' }),
  })
  expect(faucet.status).toBe(200)
  const { blocks } = (await faucet.json()) as { blocks: number[] }
  const stamped = chain.blockTransactions(blocks[0] ?? 0)[0]?.now ?? 0
  expect(stamped).toBeGreaterThanOrEqual(before)
  expect(stamped).toBeLessThanOrEqual(Math.floor(Date.now() / 1000))
  // Per-period figures are real: the last day's volume and APYs of the pools, the DEX's day.
  const { pool_list } = (await (await fetch(`${exchange.url}/v1/pools`)).json()) as {
    pool_list: { address: string; volume_24h_usd: string | null; apy_1d: string | null }[]
  }
  expect(pool_list).toHaveLength(9)
  for (const p of pool_list) expect(p.apy_1d).not.toBeNull()
  expect(pool_list.some((p) => Number(p.volume_24h_usd) > 0)).toBe(true)
  const iso = (t: number) => new Date(t * 1000).toISOString().slice(0, 19)
  const day = `since=${iso(startedAt - 86_400)}&until=${iso(listedAt)}`
  const dex = (await (await fetch(`${exchange.url}/v1/stats/dex?${day}`)).json()) as {
    stats: { trades: number; volume_usd: string }
  }
  expect(dex.stats.trades).toBeGreaterThan(0)
  expect(Number(dex.stats.volume_usd)).toBeGreaterThan(0)
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
