/**
 * The code of `docs/local-exchange-dapp.md`, run as written (the one fenced `ts` block, only its
 * `base` comes from the environment it already reads): if this test breaks, the page is wrong.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type RunningLocalExchange, startLocalExchange } from '../../local/startLocalExchange.js'

const page = readFileSync(
  join(import.meta.dirname, '..', '..', 'docs', 'local-exchange-dapp.md'),
  'utf8',
)
const blocks = [...page.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] ?? '')
// A directory beside this file, so the page's imports resolve from the project's node_modules.
const dir = mkdtempSync(join(import.meta.dirname, '.doc-'))
let exchange: RunningLocalExchange
beforeAll(async () => {
  exchange = await startLocalExchange({
    dbPath: ':memory:',
    host: '127.0.0.1',
    port: 0,
    demoSwaps: 2,
  })
})
afterAll(async () => {
  await exchange?.close()
  rmSync(dir, { recursive: true, force: true })
})

test('the dApp flow of docs/local-exchange-dapp.md runs against a local exchange and its checks hold', async () => {
  expect(blocks).toHaveLength(1)
  const file = join(dir, 'dapp.ts')
  writeFileSync(file, blocks[0] as string)
  process.env.LOCAL_EXCHANGE_URL = exchange.url
  const { results } = (await import(file)) as { results: Record<string, unknown> }
  // The page's own assertions ran; what it reports is real.
  expect(BigInt(results.lp as bigint)).toBeGreaterThan(0n)
  expect(BigInt((results.vault as { balance: string }).balance)).toBeGreaterThan(0n)
  expect((results.tree as { tx_chain_completed: boolean }).tx_chain_completed).toBe(true)
})
