import { Agent, createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createService } from '../../service/createService.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'
import { isRetryable } from '../../upstream/errors.js'
import { redact, redactText, urlSecrets } from '../../upstream/redact.js'
import { createTonApiClient } from '../../upstream/tonApiClient.js'
import { withRetries } from '../../upstream/withRetries.js'
import { indexLagCheck, readiness, storeCheck } from './health.js'
import { instrumentStore } from './instrumentStore.js'
import { createNodeLogger } from './logger.js'
import { createNodeMetrics } from './metrics.js'
import { createNodeOperations } from './nodeOperations.js'
import { catchUpProgress, catchUpText, forkStartProgress, progressLine } from './progress.js'

/** A real upstream: answers 429 to the first `getMasterchainInfo`, then the head. */
let upstream: Server
let origin: string
let rateLimited = 1
beforeAll(async () => {
  upstream = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => {
      body += chunk
    })
    request.on('end', () => {
      const method = (JSON.parse(body) as { method: string }).method
      response.setHeader('content-type', 'application/json')
      if (method === 'getMasterchainInfo' && rateLimited > 0) {
        rateLimited -= 1
        response.writeHead(429)
        response.end(JSON.stringify({ ok: false, result: 'Ratelimit exceed', code: 429 }))
        return
      }
      if (method === 'getMasterchainInfo') {
        response.end(JSON.stringify({ ok: true, result: { last: { seqno: 42 } } }))
        return
      }
      response.writeHead(400)
      response.end(JSON.stringify({ ok: false, error: 'bad method', code: 400 }))
    })
  })
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`
})
afterAll(async () => {
  upstream.closeAllConnections()
  await new Promise((resolve) => upstream.close(resolve))
})

/** The value of a sample line `name{labels} value` in a scrape. */
function sample(scrape: string, line: string): number | undefined {
  const found = scrape.split('\n').find((l) => l.startsWith(`${line} `))
  return found === undefined ? undefined : Number(found.slice(line.length + 1))
}

describe('redact (one home: upstream/redact.ts)', () => {
  test('passwords, API keys in URLs and named secrets', () => {
    expect(redact('postgres://dex:secret@db:5432/dex')).toBe('postgres://dex:***@db:5432/dex')
    expect(redact('https://toncenter.com/api/v2/jsonRPC?api_key=a1b2c3&x=1')).toBe(
      'https://toncenter.com/api/v2/jsonRPC?api_key=***&x=1',
    )
    expect(redact('postgres://dex@db/dex')).toBe('postgres://dex@db/dex')
    expect(urlSecrets('postgres://dex:s%40cret@db/dex')).toEqual(['s%40cret', 's@cret'])
    expect(redactText('{"msg":"key a1b2c3d4 \\"q\\""}', ['a1b2c3d4'])).toBe(
      '{"msg":"key *** \\"q\\""}',
    )
    expect(redactText('pw pa"ss!', ['pa"ss!'])).toBe('pw ***')
    expect(redactText('{"m":"pa\\"ss!"}', ['pa"ss!'])).toBe('{"m":"***"}')
  })
})

describe('metrics', () => {
  test('upstream requests, failures and retries by method through the client hook', async () => {
    const metrics = createNodeMetrics({ process: false })
    const client = createTonApiClient({
      url: origin,
      rps: Number.POSITIVE_INFINITY,
      onEvent: metrics.upstreamEvent,
    })
    const head = await withRetries(
      () => client.call<{ last: { seqno: number } }>('getMasterchainInfo', {}),
      {
        onRetry: () => client.noteRetry(),
      },
    )
    expect(head.last.seqno).toBe(42)
    const refused = await client.call('sendBoc', {}).catch((error: unknown) => error)
    expect(isRetryable(refused)).toBe(false)
    const scrape = await metrics.scrape()
    expect(sample(scrape, 'tondexlab_upstream_requests_total{method="getMasterchainInfo"}')).toBe(2)
    expect(
      sample(
        scrape,
        'tondexlab_upstream_failures_total{method="getMasterchainInfo",code="SOURCE_RATE_LIMITED"}',
      ),
    ).toBe(1)
    expect(sample(scrape, 'tondexlab_upstream_retries_total{method="getMasterchainInfo"}')).toBe(1)
    expect(
      sample(scrape, 'tondexlab_upstream_failures_total{method="sendBoc",code="SOURCE_REJECTED"}'),
    ).toBe(1)
    expect(
      sample(
        scrape,
        'tondexlab_upstream_request_duration_seconds_count{method="getMasterchainInfo",outcome="ok"}',
      ),
    ).toBe(1)
  })

  test('one registry per node: two nodes count apart; index and fork read at scrape', async () => {
    const a = createNodeMetrics()
    const b = createNodeMetrics()
    a.observeRequest('GET', '/v1/pools', 200, 0.01)
    a.observeRequest('GET', '/v1/pools', 200, 0.02)
    b.observeRequest('GET', '/v1/pools', 200, 0.01)
    let index = { head: 100, index: 90, lagSeconds: 45, state: 'catching-up' }
    a.watchIndex(() => index)
    let fork = { fromCache: 3, fromUpstream: 7, libraries: 2, missingLibraries: 0 }
    a.watchFork(() => fork)
    const first = await a.scrape()
    const line =
      'tondexlab_http_request_duration_seconds_count{method="GET",route="/v1/pools",status_code="200"}'
    expect(sample(first, line)).toBe(2)
    expect(sample(await b.scrape(), line)).toBe(1)
    expect(sample(first, 'tondexlab_index_lag_blocks')).toBe(10)
    expect(sample(first, 'tondexlab_index_lag_seconds')).toBe(45)
    expect(sample(first, 'tondexlab_index_state{state="catching-up"}')).toBe(1)
    expect(sample(first, 'tondexlab_fork_accounts_loaded_total{source="upstream"}')).toBe(7)
    expect(first).toMatch(/^process_cpu_seconds_total /m)
    index = { head: 101, index: 101, lagSeconds: 0, state: 'following' }
    fork = { fromCache: 5, fromUpstream: 7, libraries: 2, missingLibraries: 0 }
    const second = await a.scrape()
    expect(sample(second, 'tondexlab_index_lag_blocks')).toBe(0)
    expect(sample(second, 'tondexlab_index_state{state="catching-up"}')).toBe(0)
    expect(sample(second, 'tondexlab_fork_accounts_loaded_total{source="cache"}')).toBe(5)
    expect(sample(second, 'tondexlab_fork_accounts_loaded_total{source="upstream"}')).toBe(7)
  })

  test('store calls timed by method, index batches counted', async () => {
    const metrics = createNodeMetrics({ process: false })
    const store = instrumentStore(
      createSqliteStore({ path: ':memory:' }),
      metrics.observeStore,
      metrics.indexedTransactions,
    )
    await store.listPools()
    await store.listPools()
    await store.isEmpty()
    await store.applyIndexBatch({
      transactions: [],
      operations: [],
      pools: [],
      feeWithdrawals: [],
      links: [],
      cursor: { name: 'indexer', value: '1' },
    })
    await store.close()
    const scrape = await metrics.scrape()
    expect(
      sample(scrape, 'tondexlab_store_query_duration_seconds_count{operation="listPools"}'),
    ).toBe(2)
    expect(
      sample(scrape, 'tondexlab_store_query_duration_seconds_count{operation="isEmpty"}'),
    ).toBe(1)
    expect(
      sample(scrape, 'tondexlab_store_query_duration_seconds_count{operation="applyIndexBatch"}'),
    ).toBe(1)
    expect(sample(scrape, 'tondexlab_index_transactions_total')).toBe(0)
  })
})

describe('logger', () => {
  test('JSON lines with request ids; secrets hidden in every line; the level filters', async () => {
    const lines: string[] = []
    const ops = createNodeOperations({
      kind: 'follow',
      logLevel: 'info',
      secrets: ['topsecretkey', ...urlSecrets('postgres://dex:pw0rd!@db/dex')],
      logDestination: { write: (line) => lines.push(line) },
      processMetrics: false,
    })
    const store = ops.store(createSqliteStore({ path: ':memory:' }))
    ops.watchStore(store)
    const app = await createService({ store, server: ops.server, setup: ops.setup })
    const answer = await app.inject({
      url: '/v1/pools?api_key=topsecretkey',
      headers: { 'x-request-id': 'lb-7' },
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['x-request-id']).toBe('lb-7')
    // A header that is not a plain token is not taken (nor logged): an id of ours instead.
    const odd = await app.inject({ url: '/v1/pools', headers: { 'x-request-id': 'a"b\nc' } })
    expect(odd.headers['x-request-id']).toMatch(/^r[0-9a-z]+$/)
    ops.logger.warn({ url: 'postgres://dex:pw0rd!@db/dex' }, 'cannot reach topsecretkey and pw0rd!')
    ops.upstream({ type: 'retry', method: 'getBlockHeader' })
    await app.close()
    await store.close()
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    const request = parsed.filter((l) => l.request_id === 'lb-7')
    expect(request.map((l) => l.msg)).toEqual(['incoming request', 'request completed'])
    expect(lines.join('')).not.toMatch(/topsecretkey|pw0rd/)
    expect(lines.join('')).toMatch(/api_key=\*\*\*/)
    expect(parsed.some((l) => l.component === 'upstream' && l.method === 'getBlockHeader')).toBe(
      true,
    )
    // At warn, no request lines.
    const quiet: string[] = []
    const { logger } = createNodeLogger({
      level: 'warn',
      destination: { write: (l) => quiet.push(l) },
    })
    logger.info('not shown')
    logger.warn('shown')
    expect(quiet.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['shown'])
  })
})

describe('health', () => {
  test('/healthz, /readyz with reasons, /metrics; none in the OpenAPI document', async () => {
    const ops = createNodeOperations({ kind: 'follow', logLevel: 'silent', processMetrics: false })
    const store = ops.store(createSqliteStore({ path: ':memory:' }))
    ops.watchStore(store)
    let progress = { head: 500, index: 100, lagSeconds: 400, state: 'catching-up' }
    ops.addCheck(indexLagCheck(() => progress, 60))
    ops.metrics.watchIndex(() => progress)
    const app = await createService({ store, server: ops.server, setup: (a) => ops.serve(a) })
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' })
    const late = await app.inject('/readyz')
    expect(late.statusCode).toBe(503)
    expect(late.json().reasons).toEqual([
      'index: the index is 400 s (400 blocks) behind the head (--max-lag 60)',
    ])
    progress = { head: 500, index: 499, lagSeconds: 3, state: 'following' }
    expect((await app.inject('/readyz')).statusCode).toBe(200)
    await app.inject('/v1/pools')
    const metrics = await app.inject('/metrics')
    expect(metrics.headers['content-type']).toMatch(/^text\/plain/)
    expect(
      sample(
        metrics.body,
        'tondexlab_http_request_duration_seconds_count{method="GET",route="/v1/pools",status_code="200"}',
      ),
    ).toBe(1)
    expect(sample(metrics.body, 'tondexlab_index_seqno')).toBe(499)
    const openapi = JSON.stringify((await app.inject('/openapi.json')).json())
    expect(openapi).toContain('/v1/pools')
    expect(openapi).not.toMatch(/healthz|readyz|\/metrics/)
    ops.drain()
    expect((await app.inject('/readyz')).json().reasons).toEqual(['shutting down'])
    await app.close()
    // A store that does not answer is not ready, with the reason.
    await store.close()
    const closed = await readiness([storeCheck(store)])
    expect(closed.ready).toBe(false)
    expect(closed.reasons[0]).toMatch(/^store: the store does not answer/)
  })

  test('a failed or headless follower is not ready', async () => {
    expect(await indexLagCheck(() => ({ index: 0, state: 'starting' }), 60).check()).toMatch(/head/)
    expect(
      await indexLagCheck(
        () => ({ index: 5, head: 5, state: 'failed', error: 'SOURCE_GAP' }),
        60,
      ).check(),
    ).toMatch(/stopped: SOURCE_GAP/)
  })
})

describe('progress', () => {
  test('catch-up text: blocks of head, rates, time left', () => {
    expect(
      catchUpText(
        { startIndex: 0, startTransactions: 0, seconds: 20 },
        { state: 'catching-up', index: 1000, head: 3000, transactions: 9000 },
      ),
    ).toBe('follow: block 1000 of 3000 (33 %), 450 tx/s, 50 blocks/s, about 40 s left')
  })

  test("a follower's catch-up: lines while catching up, one closing line, silent when caught up", async () => {
    const written: string[] = []
    const samples = [
      { state: 'starting', index: 0, transactions: 0 },
      { state: 'catching-up', index: 10, head: 100, transactions: 50 },
      { state: 'catching-up', index: 60, head: 100, transactions: 400 },
      { state: 'following', index: 100, head: 100, transactions: 700 },
      { state: 'following', index: 101, head: 101, transactions: 705 },
    ]
    let i = 0
    // Each sample is read a second after the one before (the reporter's clock).
    const stop = catchUpProgress(
      { write: (text) => written.push(text) },
      () => samples[Math.min(i++, samples.length - 1)] as (typeof samples)[number],
      { tickMs: 5, everyMs: 0, now: () => i * 1_000 },
    )
    while (i < samples.length + 2) await new Promise((resolve) => setTimeout(resolve, 5))
    stop()
    expect(written[0]).toBe('follow: catching up, block 10 of 100\n')
    expect(written[1]).toMatch(
      /^follow: block 60 of 100 \(55 %\), \d+ tx\/s, \d+ blocks\/s, about .* left\n$/,
    )
    expect(written[2]).toBe('follow: caught up with block 100 in 2.0 s (650 transactions)\n')
    expect(written).toHaveLength(3)
  })

  test("a fork's first start: what it loads, requests and rate; a restart says nothing", () => {
    const written: string[] = []
    let requests = 0
    const report = forkStartProgress({ write: (t) => written.push(t) }, () => ({
      step: 'the market at block 1532',
      requests,
      accounts: 9,
    }))
    requests = 12
    report.stop()
    expect(written).toEqual([
      expect.stringMatching(/^fork: the market at block 1532 read: 12 requests, 9 accounts in \d/),
    ])
    const quiet: string[] = []
    forkStartProgress({ write: (t) => quiet.push(t) }, () => ({
      step: 's',
      requests: 0,
      accounts: 3,
    })).stop()
    expect(quiet).toEqual([])
  })

  test('off a terminal, one line every few seconds; on a terminal, redrawn in place', () => {
    let t = 0
    const written: string[] = []
    const line = progressLine({ write: (s) => written.push(s) }, { everyMs: 5_000, now: () => t })
    for (t = 0; t < 12_000; t += 1_000) line.show(`at ${t}`)
    line.done('done')
    expect(written).toEqual(['at 0\n', 'at 5000\n', 'at 10000\n', 'done\n'])
    const tty: string[] = []
    const live = progressLine({ write: (s) => tty.push(s), isTTY: true }, { now: () => t })
    live.show('a')
    t += 300
    live.show('b')
    live.done('c')
    expect(tty).toEqual(['\ra\u001b[K', '\rb\u001b[K', '\rc\u001b[K\n'])
  })
})

describe('drain', () => {
  test('an answer in flight when the drain begins is sent whole with Connection: close', async () => {
    const ops = createNodeOperations({ kind: 'local', logLevel: 'silent', processMetrics: false })
    const app = Fastify({ ...ops.server })
    let entered: () => void = () => undefined
    const inside = new Promise<void>((resolve) => {
      entered = resolve
    })
    let release: () => void = () => undefined
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    app.get('/slow', async () => {
      entered()
      await released
      return { done: true }
    })
    ops.serve(app)
    app.addHook('preClose', async () => ops.drain())
    await app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = app.server.address() as AddressInfo
    const agent = new Agent({ keepAlive: true })
    const answer = new Promise<{ connection: string | undefined; body: string }>(
      (resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: '/slow', agent }, (response) => {
          let body = ''
          response.on('data', (chunk) => {
            body += chunk
          })
          response.on('end', () => resolve({ connection: response.headers.connection, body }))
        })
        req.on('error', reject)
        req.end()
      },
    )
    await inside
    const closing = app.close()
    // The preClose hook runs once Fastify's close has begun.
    for (let i = 0; i < 100 && !ops.stopping; i++) await new Promise((r) => setImmediate(r))
    expect(ops.stopping).toBe(true)
    release()
    expect(await answer).toEqual({ connection: 'close', body: '{"done":true}' })
    await closing
    agent.destroy()
  })
})
