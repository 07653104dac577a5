/**
 * The code of `docs/local-exchange-dapp.md` is `_support/dappExample.ts`, character for
 * character (so `npm run typecheck` checks it), and this test runs it against a fresh local
 * exchange, whose URL it reads from `LOCAL_EXCHANGE_URL` as the page says: if this test breaks,
 * the page is wrong.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { startDemoExchange } from '../_support/demoExchange.js'

const page = readFileSync(
  join(import.meta.dirname, '..', '..', 'docs', 'local-exchange-dapp.md'),
  'utf8',
)
const example = readFileSync(join(import.meta.dirname, '_support', 'dappExample.ts'), 'utf8')

let exchange: RunningLocalExchange
beforeAll(async () => {
  exchange = await startDemoExchange({
    dbPath: ':memory:',
    host: '127.0.0.1',
    port: 0,
    demoSwaps: 2,
  })
})
afterAll(async () => {
  await exchange?.close()
})

test('the page shows exactly the example file', () => {
  const blocks = [...page.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1])
  expect(blocks).toEqual([example])
})

test('the dApp flow of docs/local-exchange-dapp.md runs against a local exchange and its checks hold', async () => {
  process.env.LOCAL_EXCHANGE_URL = exchange.url
  const { results } = await import('./_support/dappExample.js')
  // The page's own assertions ran; what it reports is real.
  expect(results.lp).toBeGreaterThan(0n)
  expect(BigInt(results.vault?.balance ?? '0')).toBeGreaterThan(0n)
  expect(results.tree.tx_chain_completed).toBe(true)
})
