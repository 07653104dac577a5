import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { demoMarket } from '../../demo/demoMarket.js'
import { startLocalExchange } from '../../local/startLocalExchange.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'

const dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-snapshot-mode-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('a database with a market but no chain (ton-dex-lab import) is served read-only; the chain endpoints answer 503', async () => {
  const dbPath = join(dir, 'imported.sqlite')
  // What `ton-dex-lab import` leaves: market rows, no chain.
  const store = createSqliteStore({ path: dbPath })
  await store.replaceMarket(demoMarket())
  await store.close()

  const exchange = await startLocalExchange({ dbPath, host: '127.0.0.1', port: 0 })
  try {
    expect(exchange.seeded).toBe(false)
    expect(exchange.chain).toBeUndefined()
    const routers = await fetch(`${exchange.url}/v1/routers`)
    expect(routers.status).toBe(200)
    expect(((await routers.json()) as { router_list: unknown[] }).router_list).toHaveLength(
      demoMarket().routers.length,
    )

    const ton = await fetch(`${exchange.url}/api/v2/getMasterchainInfo`)
    expect(ton.status).toBe(503)
    expect(await ton.json()).toMatchObject({
      ok: false,
      code: 503,
      error: expect.stringMatching(/No chain runs/),
    })
    const rpc = await fetch(`${exchange.url}/api/v2/jsonRPC`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getMasterchainInfo', params: {} }),
    })
    expect(rpc.status).toBe(503)
    for (const [method, path] of [
      ['GET', '/local/wallets'],
      ['GET', '/local/status'],
      ['POST', '/local/faucet'],
    ] as const) {
      const response = await fetch(`${exchange.url}${path}`, {
        method,
        ...(method === 'POST'
          ? {
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ address: `0:${'1'.repeat(64)}`, asset: 'TON', amount: '1' }),
            }
          : {}),
      })
      expect(response.status, path).toBe(503)
      expect(await response.json()).toMatchObject({
        error: { code: 'LOCAL_NO_CHAIN', message: expect.stringMatching(/No chain runs/) },
      })
    }
  } finally {
    await exchange.close()
  }
})
