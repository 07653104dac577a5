import { Address } from '@ton/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { FAUCET_TON_CAP } from '../../local/faucet.js'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { startDemoExchange } from '../_support/demoExchange.js'
import { dapp } from './_support/dapp.js'

let exchange: RunningLocalExchange
beforeAll(async () => {
  exchange = await startDemoExchange({
    ...{ dbPath: ':memory:', host: '127.0.0.1', port: 0 },
    demoSwaps: 2,
  })
})
afterAll(async () => {
  await exchange.close()
})

const post = (path: string, body: unknown) =>
  fetch(`${exchange.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const STRANGER = `0:${'7c'.repeat(32)}`

describe('/local/wallets', () => {
  test('default: five funded v4r2 wallets with 24-word mnemonics, holding TON and every demo jetton', async () => {
    const { wallets } = (await (await fetch(`${exchange.url}/local/wallets`)).json()) as {
      wallets: { name: string; address: string; mnemonic: string; version: string }[]
    }
    expect(wallets).toHaveLength(5)
    const app = dapp(exchange.url)
    for (const w of wallets) {
      expect(Object.keys(w).sort()).toEqual(['address', 'mnemonic', 'name', 'version'])
      expect(w.version).toBe('v4r2')
      expect(w.mnemonic.split(' ')).toHaveLength(24)
      expect(await app.client.getBalance(Address.parse(w.address))).toBeGreaterThan(0n)
      const assets = await app.api.getWalletAssets(w.address)
      const held = assets.filter((a) => BigInt(a.balance ?? '0') > 0n).map((a) => a.symbol)
      expect(held.sort()).toEqual(['STON', 'TON', 'USDC', 'USDT', 'XTON'])
    }
  })
})

describe('/local/faucet', () => {
  test('default: sends TON and mints a demo jetton to an address with no contract; the index shows it on answer', async () => {
    const ton = await post('/local/faucet', {
      address: STRANGER,
      asset: 'TON',
      amount: '2500000000',
    })
    expect(ton.status).toBe(200)
    const receipt = (await ton.json()) as { blocks: number[]; transactions: string[] }
    expect(receipt.blocks).toHaveLength(1)
    const app = dapp(exchange.url)
    expect(await app.client.getBalance(Address.parse(STRANGER))).toBe(2_500_000_000n)
    const indexed = await exchange.store.listIndexedTransactions({ limit: 100 })
    for (const hash of receipt.transactions) expect(indexed.some((t) => t.hash === hash)).toBe(true)

    const usdt = await post('/local/faucet', {
      address: STRANGER,
      asset: 'USDT',
      amount: '7000000',
    })
    expect(usdt.status).toBe(200)
    const assets = await app.api.getWalletAssets(Address.parse(STRANGER).toString())
    expect(assets.find((a) => a.symbol === 'USDT')?.balance).toBe('7000000')
    expect(assets.find((a) => a.symbol === 'TON')?.balance).toBe('2500000000')
  })

  test('error: bad requests get a stable code, a field and a 4xx, and send nothing', async () => {
    const before = exchange.chain?.head.seqno
    const cases: [unknown, number, string, string | undefined][] = [
      ['not json', 400, 'LOCAL_INVALID_JSON', undefined],
      [[1, 2], 400, 'FAUCET_INVALID_BODY', undefined],
      [{ address: 'nope', asset: 'TON', amount: '1' }, 400, 'FAUCET_INVALID_ADDRESS', 'address'],
      [{ address: STRANGER, asset: 'TON', amount: '-5' }, 400, 'FAUCET_INVALID_AMOUNT', 'amount'],
      [{ address: STRANGER, asset: 'TON', amount: '1.5' }, 400, 'FAUCET_INVALID_AMOUNT', 'amount'],
      [{ address: STRANGER, asset: 'DOGE', amount: '1' }, 404, 'FAUCET_UNKNOWN_ASSET', 'asset'],
      [
        { address: STRANGER, asset: 'TON', amount: String(FAUCET_TON_CAP + 1n) },
        422,
        'FAUCET_OVER_CAP',
        'amount',
      ],
    ]
    for (const [body, status, code, field] of cases) {
      const response = await post('/local/faucet', body)
      expect(response.status, code).toBe(status)
      const { error } = (await response.json()) as { error: { code: string; field?: string } }
      expect(error.code).toBe(code)
      expect(error.field).toBe(field)
    }
    expect(exchange.chain?.head.seqno).toBe(before)
  })
})

describe('/local/status and the one port', () => {
  test('default: status reports the chain head and the indexed block; CORS on the chain endpoints', async () => {
    const status = (await (await fetch(`${exchange.url}/local/status`)).json()) as {
      mode: string
      chain: { seqno: number }
      index: { seqno: number }
    }
    expect(status.mode).toBe('live')
    expect(status.index.seqno).toBe(status.chain.seqno)
    // A browser's preflight, answered by the REST API's one CORS policy (service/http/cors.ts).
    const preflight = await fetch(`${exchange.url}/api/v2/jsonRPC`, {
      method: 'OPTIONS',
      headers: {
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type')
    const info = await fetch(`${exchange.url}/api/v2/getMasterchainInfo`)
    expect(((await info.json()) as { result: { last: { seqno: number } } }).result.last.seqno).toBe(
      status.chain.seqno,
    )
  })
})

describe('the screener export on the live chain', () => {
  test("default: blocks are the chain's numbered blocks, in latest-block, events and pairs", async () => {
    const { block } = (await (
      await fetch(`${exchange.url}/export/screener/v1/latest-block`)
    ).json()) as { block: { blockNumber: number; blockTimestamp: number } }
    const chain = exchange.chain
    if (chain === undefined) throw new Error('no chain')
    expect(block.blockNumber).toBe(chain.head.seqno)
    expect(block.blockTimestamp).toBe(chain.head.now)
    const { events } = (await (
      await fetch(
        `${exchange.url}/export/dexscreener/v1/events?fromBlock=0&toBlock=${block.blockNumber}`,
      )
    ).json()) as {
      events: { eventType: string; txnId: string; block: { blockNumber: number } }[]
    }
    // The demo's provisions and swaps, each in the block that executed it.
    expect(events.map((e) => e.eventType)).toContain('swap')
    const indexed = await exchange.store.listIndexedTransactions({ limit: 100_000 })
    for (const e of events) {
      expect(e.block.blockNumber).toBeGreaterThan(0)
      expect(e.block.blockNumber).toBeLessThanOrEqual(block.blockNumber)
      expect(indexed.some((t) => t.hash === e.txnId)).toBe(true)
    }
    const numbers = events.map((e) => e.block.blockNumber)
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b))
    // A narrower range gives exactly the events of those blocks.
    const one = numbers.at(-1) as number
    const narrow = (await (
      await fetch(`${exchange.url}/export/screener/v1/events?fromBlock=${one}&toBlock=${one}`)
    ).json()) as { events: unknown[] }
    expect(narrow.events).toHaveLength(numbers.filter((n) => n === one).length)
    const bad = await fetch(`${exchange.url}/export/screener/v1/events?fromBlock=x&toBlock=1`)
    expect(bad.status).toBe(400)
  })
})
