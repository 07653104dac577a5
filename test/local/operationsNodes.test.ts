/**
 * `/healthz`, `/readyz`, `/metrics` and the logs of every kind of node, scraped while the node
 * works: a local exchange U, a follower R of U through a real proxy that rate-limits one
 * request, a fork F of U, and a read-only replica of a PostgreSQL database.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Address } from '@ton/core'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createNodeOperations, type NodeOperations } from '../../local/operations/nodeOperations.js'
import { startDatabaseServer } from '../../local/startDatabaseServer.js'
import { startFollowNode } from '../../local/startFollowNode.js'
import { startForkNode } from '../../local/startForkNode.js'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { urlSecrets } from '../../upstream/redact.js'
import { startDemoExchange } from '../_support/demoExchange.js'
import { type FaultProxy, startFaultProxy } from '../_support/faultProxy.js'
import { createTestDatabase, testPostgresUrl } from '../_support/postgresDatabase.js'
import { dapp } from './_support/dapp.js'

let dir: string
let upstream: RunningLocalExchange
let opsU: NodeOperations
const SINK = Address.parse(`0:${'6a'.repeat(32)}`)

/** A node's operations whose log lines are kept in `lines`. */
function operations(
  kind: NodeOperations['kind'],
  level: 'info' | 'warn' = 'warn',
  secrets: string[] = [],
) {
  const lines: string[] = []
  const ops = createNodeOperations({
    kind,
    logLevel: level,
    secrets,
    logDestination: { write: (line) => lines.push(line) },
  })
  return { ops, lines }
}

/** Every sample of a scrape: `name{labels}` → value. */
async function scrape(base: string): Promise<Map<string, number>> {
  const response = await fetch(`${base}/metrics`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
  const samples = new Map<string, number>()
  for (const line of (await response.text()).split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const at = line.lastIndexOf(' ')
    samples.set(line.slice(0, at), Number(line.slice(at + 1)))
  }
  return samples
}

/** The sum of every sample of `name` whose labels contain each of `labels`. */
function total(samples: Map<string, number>, name: string, ...labels: string[]): number {
  let sum = 0
  for (const [key, value] of samples) {
    const bare = key.split('{')[0]
    if (bare === name && labels.every((l) => key.includes(l))) sum += value
  }
  return sum
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-ops-'))
  opsU = operations('local').ops
  upstream = await startDemoExchange({
    ...{ dbPath: join(dir, 'u.sqlite'), host: '127.0.0.1', port: 0 },
    demoSwaps: 4,
    operations: opsU,
  })
})
afterAll(async () => {
  await upstream?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('a local exchange', () => {
  test('scraped while it works: request, store, chain and index counters move', async () => {
    const before = await scrape(upstream.url)
    const [alpha] = upstream.wallets
    if (alpha === undefined) throw new Error('no wallet')
    await dapp(upstream.url).send(alpha, { to: SINK, value: 1_000_000n })
    for (let i = 0; i < 3; i++) expect((await fetch(`${upstream.url}/v1/pools`)).status).toBe(200)
    const after = await scrape(upstream.url)
    const pools = 'tondexlab_http_request_duration_seconds_count'
    expect(total(after, pools, 'route="/v1/pools"', 'status_code="200"')).toBe(
      total(before, pools, 'route="/v1/pools"', 'status_code="200"') + 3,
    )
    // The TON HTTP API's routes are timed too (the front server's own).
    expect(total(after, pools, 'route="/api/v2/jsonRPC"')).toBeGreaterThan(
      total(before, pools, 'route="/api/v2/jsonRPC"'),
    )
    const batches = 'tondexlab_store_query_duration_seconds_count'
    expect(total(after, batches, 'operation="applyIndexBatch"')).toBeGreaterThan(
      total(before, batches, 'operation="applyIndexBatch"'),
    )
    expect(total(after, 'tondexlab_index_transactions_total')).toBeGreaterThan(
      total(before, 'tondexlab_index_transactions_total'),
    )
    expect(total(after, 'tondexlab_chain_head_seqno')).toBeGreaterThan(
      total(before, 'tondexlab_chain_head_seqno'),
    )
    expect(total(after, 'tondexlab_index_seqno')).toBe(upstream.chain?.head.seqno)
    expect(total(after, 'process_cpu_seconds_total')).toBeGreaterThan(0)
  })

  test('/healthz and /readyz answer; neither they nor /metrics are in the OpenAPI document', async () => {
    expect(await (await fetch(`${upstream.url}/healthz`)).json()).toEqual({ status: 'ok' })
    const ready = await fetch(`${upstream.url}/readyz`)
    expect(ready.status).toBe(200)
    expect(await ready.json()).toMatchObject({ ready: true, checks: { store: 'ok' } })
    const openapi = await (await fetch(`${upstream.url}/openapi.json`)).text()
    expect(openapi).toContain('/v1/pools')
    expect(openapi).not.toMatch(/healthz|readyz|"\/metrics"/)
  })
})

describe('a follower through a proxy that rate-limits once', () => {
  let proxy: FaultProxy
  let limited = 0
  beforeAll(async () => {
    proxy = await startFaultProxy(upstream.url, ({ method }) => {
      if (method === 'getBlockHeader' && limited === 0) {
        limited += 1
        return { type: 'ratelimit' }
      }
      return { type: 'pass' }
    })
  })
  afterAll(async () => {
    await proxy?.close()
  })

  test('upstream requests, failures and retries by method; lag; one log line per failure and retry; key hidden', async () => {
    const { ops, lines } = operations('follow', 'warn', ['k3y-0f-the-operator'])
    const node = await startFollowNode({
      ...{ dbPath: join(dir, 'r.sqlite'), host: '127.0.0.1', port: 0 },
      follow: {
        url: `${proxy.url}/api/v2/jsonRPC`,
        mode: 'blocks',
        rps: Number.POSITIVE_INFINITY,
        apiKey: 'k3y-0f-the-operator',
        backoff: { firstMs: 50, maxMs: 200 },
      },
      maxLagSeconds: 60,
      operations: ops,
    })
    try {
      const head = upstream.chain?.head.seqno ?? 0
      await node.follower.indexed(head)
      const samples = await scrape(node.url)
      expect(
        total(samples, 'tondexlab_upstream_requests_total', 'method="getBlockHeader"'),
      ).toBeGreaterThan(1)
      expect(
        total(
          samples,
          'tondexlab_upstream_failures_total',
          'method="getBlockHeader"',
          'code="SOURCE_RATE_LIMITED"',
        ),
      ).toBe(1)
      expect(total(samples, 'tondexlab_upstream_retries_total', 'method="getBlockHeader"')).toBe(1)
      expect(total(samples, 'tondexlab_index_seqno')).toBeGreaterThanOrEqual(head)
      expect(total(samples, 'tondexlab_index_lag_blocks')).toBe(
        total(samples, 'tondexlab_chain_head_seqno') - total(samples, 'tondexlab_index_seqno'),
      )
      expect(total(samples, 'tondexlab_index_state', 'state="following"')).toBe(1)
      const ready = await fetch(`${node.url}/readyz`)
      expect(ready.status).toBe(200)
      expect(await ready.json()).toMatchObject({ checks: { store: 'ok', index: 'ok' } })
      // One JSON line for the failure and one for the retry, with the method; no key.
      const upstreamLines = lines
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((l) => l.component === 'upstream')
      expect(upstreamLines.map((l) => [l.method, l.code ?? 'retry'])).toEqual([
        ['getBlockHeader', 'SOURCE_RATE_LIMITED'],
        ['getBlockHeader', 'retry'],
      ])
      expect(lines.join('')).not.toContain('k3y-0f-the-operator')
    } finally {
      await node.close()
    }
  })
})

describe('a fork', () => {
  test("cache misses, the upstream's requests and the first start's progress", async () => {
    const { ops } = operations('fork')
    const progress: string[] = []
    const node = await startForkNode({
      ...{ dbPath: join(dir, 'f.sqlite'), host: '127.0.0.1', port: 0 },
      fork: { url: `${upstream.url}/api/v2/jsonRPC`, rps: Number.POSITIVE_INFINITY },
      operations: ops,
      consoleProgress: {
        write: (text: string) => progress.push(text),
      } as unknown as NodeJS.WriteStream,
    })
    try {
      const samples = await scrape(node.url)
      const misses = total(samples, 'tondexlab_fork_accounts_loaded_total', 'source="upstream"')
      expect(misses).toBeGreaterThan(0)
      expect(misses).toBe(node.fork.storage.stats.fromUpstream)
      expect(total(samples, 'tondexlab_upstream_requests_total')).toBe(
        node.fork.client.stats.requests,
      )
      expect((await fetch(`${node.url}/readyz`)).status).toBe(200)
      const last = progress.at(-1) ?? ''
      expect(last).toMatch(
        /^fork: the test wallets at block \d+ read: \d+ requests, \d+ accounts in /,
      )
    } finally {
      await node.close()
    }
  })
})

const clusterUrl = testPostgresUrl('operationsNodes')
describe.skipIf(clusterUrl === undefined)('a read-only replica', () => {
  test('/readyz with the data version, a writer stuck or gone; /metrics; OpenAPI without them; password hidden', async () => {
    const db = await createTestDatabase(clusterUrl as string)
    const withPassword = new URL(db.url)
    withPassword.password = 'pw-0f-the-db'
    const databaseUrl = withPassword.toString()
    const writer = await startDatabaseServer({ databaseUrl, host: '127.0.0.1', port: 0 })
    let writerOpen = true
    const { ops, lines } = operations('replica', 'info', urlSecrets(databaseUrl))
    const replica = await startDatabaseServer({
      ...{ databaseUrl, readOnly: true, host: '127.0.0.1', port: 0 },
      operations: ops,
      maxLagSeconds: 1,
    })
    try {
      const ready = await fetch(`${replica.url}/readyz`)
      expect(ready.status).toBe(200)
      const body = (await ready.json()) as {
        data_version: string
        data_version_age_seconds: number
      }
      expect(typeof body.data_version).toBe('string')
      expect((await fetch(`${replica.url}/v1/pools`)).status).toBe(200)
      const samples = await scrape(replica.url)
      expect(
        total(samples, 'tondexlab_http_request_duration_seconds_count', 'route="/v1/pools"'),
      ).toBe(1)
      expect(
        total(samples, 'tondexlab_store_query_duration_seconds_count', 'operation="dataVersion"'),
      ).toBeGreaterThan(0)
      expect(samples.get('tondexlab_writer_present')).toBe(1)
      const openapi = await (await fetch(`${replica.url}/openapi.json`)).text()
      expect(openapi).not.toMatch(/healthz|readyz|"\/metrics"/)
      // A writer stuck mid-transaction (it wrote, never committed): not ready, with the reason;
      // once it ends, ready again although the data version still stands (an idle writer).
      const readyz = async () => {
        const res = await fetch(`${replica.url}/readyz`)
        return { status: res.status, body: (await res.json()) as { reasons: string[] } }
      }
      const stuck = new pg.Client({ connectionString: databaseUrl })
      await stuck.connect()
      try {
        await stuck.query('BEGIN')
        await stuck.query('UPDATE store_version SET version = version')
        let answer = await readyz()
        for (let i = 0; i < 100 && answer.status === 200; i++) {
          await new Promise((resolve) => setTimeout(resolve, 100))
          answer = await readyz()
        }
        expect(answer.status).toBe(503)
        expect(answer.body.reasons[0]).toMatch(
          /^writer: the data version has not moved for \d+ s while a writing transaction \(pid \d+\) has been open \d+ s \(--max-lag 1\)$/,
        )
        await stuck.query('ROLLBACK')
        expect((await readyz()).status).toBe(200)
      } finally {
        await stuck.end()
      }
      // The writer gone (its presence connection closed, as a crash closes it): not ready.
      await writer.close()
      writerOpen = false
      let gone = await readyz()
      for (let i = 0; i < 100 && gone.status === 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        gone = await readyz()
      }
      expect(gone.status).toBe(503)
      expect(gone.body.reasons[0]).toMatch(
        /^writer: no writer is connected \(none holds the writer's presence lock\) and the data version has not moved for \d+ s \(--max-lag 1\)$/,
      )
      expect((await scrape(replica.url)).get('tondexlab_writer_present')).toBe(0)
      ops.logger.warn(`cannot reach ${databaseUrl}`)
      expect(lines.length).toBeGreaterThan(2)
      expect(lines.join('')).not.toContain('pw-0f-the-db')
    } finally {
      await replica.close()
      if (writerOpen) await writer.close()
      await db.drop()
    }
  })
})
