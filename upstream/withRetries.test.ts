import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { FatalSourceError } from './errors.js'
import { createTonApiClient, type TonApiClientEvent } from './tonApiClient.js'
import { callWithRetries } from './withRetries.js'

/**
 * `callWithRetries` on a real HTTP server answering toncenter's v2 wire: each method's answers
 * in turn (the last one repeated), and how many times each method was asked.
 */
let server: Server
let origin: string
const script = new Map<string, { status: number; body: unknown }[]>()
const asked = new Map<string, number>()

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const { method } = JSON.parse(body) as { method: string }
      const n = asked.get(method) ?? 0
      asked.set(method, n + 1)
      const answers = script.get(method) ?? []
      const answer = answers[Math.min(n, answers.length - 1)] ?? {
        status: 404,
        body: { ok: false, error: 'method not found', code: 404 },
      }
      response.writeHead(answer.status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const unavailable = { status: 503, body: { ok: false, error: 'busy', code: 503 } }
const failure = (method: string, error: unknown, attempts: number) =>
  new Error(`${method} after ${attempts}: ${(error as Error).message}`)

test('retried after a retryable failure, each retry noted on the client; then the answer', async () => {
  const events: TonApiClientEvent[] = []
  const client = createTonApiClient({
    url: origin,
    rps: Number.POSITIVE_INFINITY,
    onEvent: (e) => events.push(e),
  })
  script.set('getMasterchainInfo', [
    unavailable,
    unavailable,
    { status: 200, body: { ok: true, result: { last: { seqno: 42 } } } },
  ])
  const info = await callWithRetries<{ last: { seqno: number } }>(
    client,
    'getMasterchainInfo',
    {},
    { attempts: 5, failure },
  )
  expect(info.last.seqno).toBe(42)
  expect(asked.get('getMasterchainInfo')).toBe(3)
  expect(client.stats).toEqual({ requests: 3, retries: 2 })
  expect(events.filter((e) => e.type === 'retry')).toEqual([
    { type: 'retry', method: 'getMasterchainInfo' },
    { type: 'retry', method: 'getMasterchainInfo' },
  ])
})

test("a failure that stays becomes the caller's error after `attempts`; a fatal one is not retried", async () => {
  const client = createTonApiClient({ url: origin, rps: Number.POSITIVE_INFINITY })
  script.set('getConfigAll', [unavailable])
  await expect(
    callWithRetries(client, 'getConfigAll', {}, { attempts: 2, failure }),
  ).rejects.toThrow(/^getConfigAll after 2: /)
  expect(asked.get('getConfigAll')).toBe(2)
  expect(client.stats.retries).toBe(1)

  script.set('getBlockHeader', [
    { status: 401, body: { ok: false, error: 'API key does not exist', code: 401 } },
  ])
  // Without `failure`, the client's own error.
  await expect(
    callWithRetries(client, 'getBlockHeader', { seqno: 1 }, { attempts: 5 }),
  ).rejects.toBeInstanceOf(FatalSourceError)
  expect(asked.get('getBlockHeader')).toBe(1)
  expect(client.stats.retries).toBe(1)
})

test('`absent`: a failure it recognises answers undefined at once', async () => {
  const client = createTonApiClient({ url: origin, rps: Number.POSITIVE_INFINITY })
  script.set('getTransactions', [
    { status: 500, body: { ok: false, error: 'transaction not found', code: 500 } },
  ])
  const answer = await callWithRetries(
    client,
    'getTransactions',
    {},
    {
      attempts: 5,
      failure,
      absent: (error) => error instanceof Error && /not found/.test(error.message),
    },
  )
  expect(answer).toBeUndefined()
  expect(asked.get('getTransactions')).toBe(1)
  expect(client.stats.retries).toBe(0)
})
