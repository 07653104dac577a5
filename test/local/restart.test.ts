import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { type RunningLocalExchange, startLocalExchange } from '../../local/startLocalExchange.js'
import { dapp } from './_support/dapp.js'

const dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-restart-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const dbPath = join(dir, 'dex.sqlite')
const start = () =>
  startLocalExchange({ dbPath, host: '127.0.0.1', port: 0, demo: 'scenario', demoSwaps: 6 })
const since = 'since=2000-01-01T00:00:00&until=2100-01-01T00:00:00'

/** What a restart must give back: the chain's head and history, and the index over it. */
async function picture(exchange: RunningLocalExchange) {
  const chain = exchange.chain
  if (chain === undefined) throw new Error('no chain runs')
  await exchange.indexed(chain.head.seqno)
  const indexed = await exchange.store.listIndexedTransactions({ limit: 1_000_000 })
  return {
    head: chain.head,
    chainTransactions: chain.transactionCount,
    indexed: indexed.length,
    distinct: new Set(indexed.map((t) => t.hash)).size,
    operations: (await exchange.store.listOperations({ limit: 1_000_000 })).length,
  }
}

test('a restart resumes the same chain and index, and both go on', async () => {
  const first = await start()
  expect(first.seeded).toBe(true)
  const [alpha] = first.wallets
  if (alpha === undefined) throw new Error('no test wallet')
  const one = dapp(first.url)
  // A swap from a test wallet, signed and sent through the TON HTTP API.
  await one.send(alpha, await one.swapParams(alpha, 5_000_000n))
  await first.indexed(first.chain?.head.seqno ?? 0)
  const address = alpha.address.toString()
  const ops = async (url: string) =>
    (
      (await (await fetch(`${url}/v1/wallets/${address}/operations?${since}`)).json()) as {
        operations: { operation: { operation_type: string; success: boolean } }[]
      }
    ).operations
  expect((await ops(first.url)).map((o) => o.operation.operation_type)).toEqual(['swap'])
  // The pools' reserves in the REST API follow the chain.
  for (const p of await first.store.listIndexedPools()) {
    const { pool } = (await (await fetch(`${first.url}/v1/pools/${p.address}`)).json()) as {
      pool: { reserve0: string; reserve1: string; lp_total_supply: string }
    }
    expect([pool.reserve0, pool.reserve1, pool.lp_total_supply]).toEqual(
      [p.reserve0, p.reserve1, p.totalSupply].map(String),
    )
  }
  const before = await picture(first)
  const latest = async (url: string) =>
    (
      (await (await fetch(`${url}/export/screener/v1/latest-block`)).json()) as {
        block: { blockNumber: number }
      }
    ).block.blockNumber
  expect(await latest(first.url)).toBe(before.head.seqno)
  expect(before.indexed).toBe(before.chainTransactions)
  expect(before.distinct).toBe(before.indexed)
  await first.close()

  const second = await start()
  expect(second.seeded).toBe(false)
  expect(await picture(second)).toEqual(before)
  expect(await latest(second.url)).toBe(before.head.seqno)
  expect((await ops(second.url)).map((o) => o.operation.operation_type)).toEqual(['swap'])
  // The same wallets, and the chain goes on: a second swap with the wallet's next seqno.
  expect(second.wallets.map((w) => w.address.toString())).toEqual(
    first.wallets.map((w) => w.address.toString()),
  )
  const two = dapp(second.url)
  await two.send(alpha, await two.swapParams(alpha, 7_000_000n))
  const after = await picture(second)
  expect(after.head.seqno).toBeGreaterThan(before.head.seqno)
  expect(after.indexed).toBe(after.chainTransactions)
  expect(after.distinct).toBe(after.indexed)
  expect(after.operations).toBe(before.operations + 1)
  expect((await ops(second.url)).map((o) => o.operation.operation_type)).toEqual(['swap', 'swap'])
  await second.close()
})
