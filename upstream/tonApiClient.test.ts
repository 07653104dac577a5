import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { FatalSourceError, RetryableSourceError } from './errors.js'
import { createTonApiClient } from './tonApiClient.js'

type Handler = (request: IncomingMessage, body: string, response: ServerResponse) => void

/** A real HTTP server answering each request with the handler of its JSON-RPC method. */
let server: Server
let origin: string
const handlers = new Map<string, Handler>()
const arrivals: { method: string; at: number; headers: IncomingMessage['headers'] }[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const method =
        request.method === 'POST' ? (JSON.parse(body) as { method: string }).method : request.url
      arrivals.push({ method: String(method), at: performance.now(), headers: request.headers })
      const handler = handlers.get(String(method))
      if (handler === undefined) {
        response.writeHead(404, { 'content-type': 'application/json' })
        response.end(JSON.stringify({ ok: false, error: 'method not found', code: 404 }))
        return
      }
      handler(request, body, response)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const json = (status: number, value: unknown, headers: Record<string, string> = {}): Handler => {
  return (_request, _body, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers })
    response.end(JSON.stringify(value))
  }
}

async function failure(call: Promise<unknown>): Promise<unknown> {
  try {
    await call
  } catch (error) {
    return error
  }
  throw new Error('expected the call to fail')
}

describe('createTonApiClient', () => {
  test('posts JSON-RPC to the v2 endpoint of any form of the URL and answers the result', async () => {
    handlers.set('getMasterchainInfo', json(200, { ok: true, result: { last: { seqno: 42 } } }))
    for (const url of [
      origin,
      `${origin}/api/v2`,
      `${origin}/api/v2/`,
      `${origin}/api/v2/jsonRPC`,
    ]) {
      const client = createTonApiClient({ url, rps: Number.POSITIVE_INFINITY, apiKey: 'k1' })
      expect(client.endpoint).toBe(`${origin}/api/v2/jsonRPC`)
      expect(await client.call('getMasterchainInfo', {})).toEqual({ last: { seqno: 42 } })
    }
    expect(arrivals.at(-1)?.headers['x-api-key']).toBe('k1')
  })

  test("toncenter's 429 is a retryable rate limit with the Retry-After hint", async () => {
    handlers.set(
      'shards',
      json(429, { ok: false, result: 'Ratelimit exceed', code: 429 }, { 'retry-after': '2' }),
    )
    const client = createTonApiClient({ url: origin, rps: Number.POSITIVE_INFINITY })
    const error = await failure(client.call('shards', { seqno: 1 }))
    expect(error).toBeInstanceOf(RetryableSourceError)
    expect(error).toMatchObject({ code: 'SOURCE_RATE_LIMITED', retryAfterMs: 2000 })
  })

  test('5xx, an answer that is not JSON and a 200 with ok:false 5xx are retryable', async () => {
    const client = createTonApiClient({ url: origin, rps: Number.POSITIVE_INFINITY })
    handlers.set('a', (_q, _b, response) => {
      response.writeHead(502, { 'content-type': 'text/html' })
      response.end('<html>Bad Gateway</html>')
    })
    handlers.set('b', (_q, _b, response) => {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end('<html>maintenance</html>')
    })
    handlers.set('c', json(200, { ok: false, error: 'LITE_SERVER_UNKNOWN: timeout', code: 503 }))
    for (const method of ['a', 'b', 'c']) {
      const error = await failure(client.call(method, {}))
      expect(error).toBeInstanceOf(RetryableSourceError)
      expect(error).toMatchObject({ code: 'SOURCE_UNAVAILABLE' })
    }
  })

  test('a block the upstream does not have yet is retryable; other refusals are fatal', async () => {
    const client = createTonApiClient({ url: origin, rps: Number.POSITIVE_INFINITY })
    handlers.set(
      'getBlockHeader',
      json(404, {
        ok: false,
        error: 'block not found',
        code: 404,
        error_code: 'TON_API_BLOCK_NOT_FOUND',
      }),
    )
    expect(await failure(client.call('getBlockHeader', { seqno: 9 }))).toMatchObject({
      code: 'SOURCE_NOT_READY',
      retryable: true,
    })
    handlers.set(
      'getConfigAll',
      json(401, { ok: false, error: 'API key does not exist', code: 401 }),
    )
    const fatal = await failure(client.call('getConfigAll', {}))
    handlers.set(
      'runGetMethod',
      json(404, {
        ...{ ok: false, error: 'The state at block 7 is not kept', code: 404 },
        error_code: 'TON_API_STATE_NOT_KEPT',
      }),
    )
    // History the upstream no longer keeps is a gap, not something to wait for.
    expect(await failure(client.call('runGetMethod', { seqno: 7 }))).toMatchObject({
      code: 'SOURCE_GAP',
      retryable: false,
    })
    // toncenter's (and the local exchange's) wire for a garbage-collected state is a 500
    handlers.set(
      'getShardAccountCell',
      json(500, {
        ok: false,
        error: `LITE_SERVER_ERROR: cannot load state for (-1,8000000000000000,7):${'A'.repeat(64)}:${'B'.repeat(64)} : state already gc'd`,
        code: 500,
      }),
    )
    expect(await failure(client.call('getShardAccountCell', { seqno: 7 }))).toMatchObject({
      code: 'SOURCE_GAP',
      retryable: false,
    })
    expect(fatal).toBeInstanceOf(FatalSourceError)
    expect(fatal).toMatchObject({ code: 'SOURCE_REJECTED' })
    expect((fatal as Error).message).toContain('API key does not exist')
  })

  test('no answer within the timeout, and an unreachable upstream, are retryable', async () => {
    handlers.set('slow', () => {}) // never answers
    const slow = createTonApiClient({ url: origin, rps: Number.POSITIVE_INFINITY, timeoutMs: 200 })
    expect(await failure(slow.call('slow', {}))).toMatchObject({ code: 'SOURCE_TIMEOUT' })
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const gone = createTonApiClient({ url: `http://127.0.0.1:${port}`, rps: 5 })
    expect(await failure(gone.call('getMasterchainInfo', {}))).toMatchObject({
      code: 'SOURCE_UNAVAILABLE',
    })
  })

  test('requests start at most rps per second (1 without a key, 10 with one by default)', async () => {
    handlers.set('tick', json(200, { ok: true, result: 1 }))
    const client = createTonApiClient({ url: origin, apiKey: 'k' })
    const first = arrivals.length
    const asked = performance.now()
    await Promise.all(Array.from({ length: 6 }, () => client.call('tick', {})))
    const times = arrivals.slice(first).map((a) => a.at)
    expect(times).toHaveLength(6)
    expect(client.stats.requests).toBe(6)
    // Five gaps of 100 ms at the client: the sixth cannot start, so cannot arrive, before 500 ms
    // after the calls were made (a lower bound a loaded machine only widens; measuring from the
    // first arrival instead would lose that request's own latency). Unlimited, six arrive within
    // a few ms.
    expect((times.at(-1) as number) - asked).toBeGreaterThanOrEqual(499)
  })

  test('GET under the origin for the upstream REST API, and a bad URL refused', async () => {
    handlers.set('/v1/routers?x=1&x=2', json(200, { router_list: [] }))
    const client = createTonApiClient({ url: `${origin}/api/v2/jsonRPC`, rps: 100 })
    expect(await client.get('/v1/routers', { x: ['1', '2'] })).toEqual({ router_list: [] })
    expect(() => createTonApiClient({ url: 'ftp://x' })).toThrow(/http/)
    expect(() => createTonApiClient({ url: 'nope' })).toThrow(/Not a URL/)
  })
})
