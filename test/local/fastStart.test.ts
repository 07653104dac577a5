import { afterAll, beforeAll, expect, test } from 'vitest'
import { type RunningLocalExchange, startLocalExchange } from '../../local/startLocalExchange.js'

let exchange: RunningLocalExchange
beforeAll(async () => {
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
  const swaps = (await exchange.store.listOperations({ limit: 100_000 })).filter(
    (o) => o.operationType === 'Swap',
  )
  expect(swaps).toHaveLength(60)
  // The REST API's pools are the chain's.
  for (const p of await exchange.store.listIndexedPools()) {
    const { pool } = (await (await fetch(`${exchange.url}/v1/pools/${p.address}`)).json()) as {
      pool: { reserve0: string; reserve1: string }
    }
    expect([pool.reserve0, pool.reserve1]).toEqual([String(p.reserve0), String(p.reserve1)])
  }
  const indexed = await exchange.store.listIndexedTransactions({ limit: 1_000_000 })
  expect(indexed).toHaveLength(chain.transactionCount)
})
