/**
 * `npm run bench:store`: the statistics, export and history endpoints on a large synthetic
 * history (`--ops` or `BENCH_OPS` operations over one year, default 10 000 000: many pools on two routers,
 * a hot set of wallets and a long tail, skewed referrers, failed swaps, liquidity operations,
 * vault withdrawals) against the same endpoints on a demo-sized one (1 500 operations over two
 * days, like the demo market) measured in the same run, on each store of `BENCH_STORES`
 * (default `sqlite,postgres` when Debian's PostgreSQL is installed: a throwaway cluster of its
 * binaries, as in the tests). Each history is written into a temporary SQLite file or a new
 * PostgreSQL database through the store's own write path (`applyIndexBatch`, which rolls the
 * operations up in the same transaction; see test/_support/syntheticHistory.ts) as a bulk load
 * (100 000 operations a transaction, `BENCH_BATCH`; the rollups folded once when the store
 * closes, the indexes of `operations` built after: `store/sqlite/bulkLoad.ts`,
 * `store/postgres/bulkLoad.ts`), every history at once,
 * each in a process of its own; then each store's histories are served by the service in a
 * child process (a read-only replica on PostgreSQL) and measured, nothing else writing, so the
 * load generator
 * does not share its event loop. On PostgreSQL the large history is also served by two
 * replicas at once: requests/s of one replica against two, same connections in all.
 *
 * Per endpoint and window (1 day and 30 days ending at the newest operation; 1 hour and 1 day for
 * the lists that return every operation of a window, whose 30-day answer is gigabytes): the
 * first request's latency (nothing cached), the median latency of `BENCH_SAMPLES` sequential
 * requests (the wallet's operations then come from the response cache), the answer size and the
 * longest event-loop stall of the server while answering, all measured before any load; then,
 * for the aggregates and the wallet's operations, the requests/s at 50 connections (autocannon,
 * `BENCH_DURATION` seconds, loopback, each run after the previous one's requests drained), with
 * p99, timeouts and the server's resident memory before and after; last, the latency of other
 * requests (`stats/stake`, the wallet's operations, `/v1/pools`) while 50 connections ask
 * different 30-day `stats/pool` windows. The ratio column is
 * large / demo latency; with both stores a last table sets their large-history medians side by
 * side. Writes `bench/results/store.json` (SQLite's figures at the top level as before, every
 * store's under `stores`). `BENCH_DB_DIR` keeps the written
 * databases and reuses them on the next run of the same size.
 *
 * Targets (issue: a read model that scales) at 10 M operations: aggregates under 100 ms for a
 * day and under 1 s for 30 days; lists in proportion to their answer; the 400-operation wallet
 * at >= 500 requests/s without timeouts at 50 connections; memory flat while serving.
 *
 * Last measured (10 M operations, 2 vCPUs otherwise idle; tables in docs/store.md): every
 * aggregate 0.5-41.1 ms for one day and 24.4-92.9 ms for 30 days, computed (stats/dex 27.6 /
 * 79.7, stats/pool 41.1 / 92.9); the first 30-day stats/dex from a cold file 1.25 s. Wallet
 * operations (400, 945 kB) 634 req/s at 50 connections, no failure. Identical aggregate
 * requests 2 512-34 525 req/s (shared, then cached); 50 different ones queue on the one
 * connection (10-53 req/s for the heavier ones, p99 1.0-4.9 s), other requests meanwhile 96-98 ms.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import Database from 'better-sqlite3'
import pg from 'pg'
import { isoSeconds, unixSeconds } from '../protocol/timeText.js'
import { deferPostgresIndexes } from '../store/postgres/bulkLoad.js'
import { deferSqliteIndexes } from '../store/sqlite/bulkLoad.js'
import { postgresBinaries, startTestPostgres } from '../test/_support/postgres.js'
import { type SyntheticHistory, writeSyntheticHistory } from '../test/_support/syntheticHistory.js'
import { writeResult } from './_support/measure.js'

/**
 * Operations of the large history: `npm run bench:store -- --ops 200000`, else `BENCH_OPS`, else
 * 10 000 000 (about an hour of writing on each store; small sizes for a quick check).
 */
const OPS = opsOption(process.argv, process.env.BENCH_OPS)
const DEMO_OPS = 1_500
/** Operations per write transaction of the bulk load (`BENCH_BATCH`). */
const BATCH = Number(process.env.BENCH_BATCH ?? 100_000)
const CONNECTIONS = 50
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5)
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 5)
/**
 * Keep the generated databases in this folder and reuse them on the next run with the same
 * operation count (a 10 M history takes about half an hour to write). Unset: temporary files.
 */
const KEEP_DIR = process.env.BENCH_DB_DIR
/**
 * The stores measured, in order (`BENCH_STORES=sqlite,postgres`): by default both when Debian's
 * PostgreSQL is installed (a throwaway cluster of its binaries, as in the tests), else SQLite.
 */
const STORES = (process.env.BENCH_STORES ?? (postgresBinaries() ? 'sqlite,postgres' : 'sqlite'))
  .split(',')
  .map((s) => s.trim())
  .filter((s): s is StoreName => s === 'sqlite' || s === 'postgres')

type StoreName = 'sqlite' | 'postgres'
/** Where a history is stored: a SQLite file or a PostgreSQL database URL. */
type Target = { readonly store: StoreName; readonly location: string }

/** What the measurements need of a written history (kept beside a reused database). */
type BenchHistory = Pick<SyntheticHistory, 'usd' | 'referrers' | 'wallet' | 'first' | 'last'> & {
  readonly pools: readonly { readonly address: string }[]
}

type CannonResult = {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number }
  non2xx: number
  errors: number
  timeouts: number
}
type Cannon = (options: {
  url: string
  connections: number
  duration: number
  timeout: number
  requests?: { method: 'GET'; setupRequest: (request: { path: string }) => { path: string } }[]
}) => Promise<CannonResult>
type ServerReport = { maxDelayMs: number; rssMb: number }

if (process.argv[2] === '--generate') {
  const [, , , store, location, operations, days, label] = process.argv
  const kept = await generate(
    label as string,
    { store: store as StoreName, location: location as string },
    Number(operations),
    Number(days),
  )
  process.send?.(kept, () => process.disconnect?.())
} else if (process.argv[2] === '--serve') {
  await serve(
    { store: process.argv[3] as StoreName, location: process.argv[4] as string },
    process.argv[5] as string,
  )
} else {
  await main()
}

/** Child mode: serve the database of `target` on 127.0.0.1, report event-loop stalls and memory. */
async function serve(target: Target, usdAddress: string): Promise<void> {
  const { createService } = await import('../service/createService.js')
  const store = await openStore(target, { readOnly: true })
  const app = await createService({
    store,
    docs: false,
    usdStablecoin: { address: usdAddress, decimals: 6 },
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  const delay = monitorEventLoopDelay({ resolution: 5 })
  delay.enable()
  process.on('message', (message) => {
    if (message === 'reset') delay.reset()
    else if (message === 'report') {
      process.send?.({ maxDelayMs: delay.max / 1e6, rssMb: process.memoryUsage().rss / 1e6 })
    }
  })
  const address = app.server.address()
  console.log(`PORT ${typeof address === 'object' && address !== null ? address.port : 0}`)
}

/**
 * A store on `target` (a REST replica's when `readOnly`: PostgreSQL refuses its writes; a bulk
 * load's when `bulkLoad`).
 */
async function openStore(target: Target, { readOnly = false, bulkLoad = false } = {}) {
  if (target.store === 'postgres') {
    const { createPostgresStore } = await import('../store/postgres/createPostgresStore.js')
    return createPostgresStore({ url: target.location, readOnly, bulkLoad })
  }
  const { createSqliteStore } = await import('../store/sqlite/createSqliteStore.js')
  return createSqliteStore({ path: target.location, bulkLoad })
}

type Endpoint = {
  name: string
  kind: 'aggregate' | 'list'
  /** Window label → path. */
  paths: Record<string, string>
  load?: boolean
}

type Measured = {
  endpoint: string
  window: string
  operationsInWindow: number
  /** The first request of this URL: nothing cached for it yet (the response cache misses). */
  firstMs: number
  medianMs: number
  bytes: number
  /** Longest event-loop stall of the server while it answered the sequential requests. */
  maxStallMs: number
  /**
   * Requests/s at 50 connections all asking this URL: after the first, answered from the
   * response cache or shared with the computation running (aggregates and the wallet's list).
   */
  requestsPerSecond?: number
  /**
   * Aggregates: requests/s at 50 connections asking 50 different URLs of the same cost (the URL
   * made unique with an ignored parameter), so every request is computed.
   */
  computedRequestsPerSecond?: number
  computedP99Ms?: number
  /** Longest event-loop stall under load (50 requests interleaved: each turn runs several). */
  loadStallMs?: number
  p99Ms?: number
  timeouts?: number
  rssMbBefore?: number
  rssMbAfter?: number
}

async function main(): Promise<void> {
  const autocannon = createRequire(import.meta.url)('autocannon') as Cannon
  type Result = {
    generation: unknown
    measured: Measured[]
    bystanders?: Bystanders | undefined
    replicas?: Replicas | undefined
  }
  const all: Partial<Record<StoreName, Record<'demo' | 'large', Result>>> = {}
  for (const storeName of STORES) {
    const results: Record<'demo' | 'large', Result> = {
      demo: { generation: undefined, measured: [] },
      large: { generation: undefined, measured: [] },
    }
    all[storeName] = results
  }
  // Every history is written first, all at once (one process each: the machine's cores are
  // shared, and a writer waiting on its database leaves them to the other), then each store is
  // measured alone, with nothing writing.
  type Prepared = {
    storeName: StoreName
    cluster: Awaited<ReturnType<typeof startTestPostgres>> | undefined
    dir: string | undefined
    histories: Record<'demo' | 'large', { target: Target; kept: Promise<Kept> }>
  }
  const prepared: Prepared[] = []
  try {
    for (const storeName of STORES) {
      const cluster =
        storeName === 'postgres' ? await startTestPostgres(postgresBinaries() as string) : undefined
      const dir =
        cluster === undefined
          ? (KEEP_DIR ?? mkdtempSync(join(tmpdir(), 'ton-dex-lab-bench-store-')))
          : undefined
      const item: Prepared = { storeName, cluster, dir, histories: {} as Prepared['histories'] }
      prepared.push(item)
      if (cluster !== undefined) await configureForBulkLoad(cluster.url)
      for (const [label, operations, days] of [
        ['demo', DEMO_OPS, 2],
        ['large', OPS, 365],
      ] as const) {
        const name = `${storeName} ${label}`
        if (cluster !== undefined) {
          const target = { store: storeName, location: await createDatabase(cluster.url, label) }
          item.histories[label] = { target, kept: generateInChild(name, target, operations, days) }
          continue
        }
        const path = join(
          dir as string,
          KEEP_DIR === undefined ? `${label}.sqlite` : `store-${operations}.sqlite`,
        )
        const target = { store: storeName, location: path }
        const described = `${path}.json`
        if (KEEP_DIR !== undefined && existsSync(path) && existsSync(described)) {
          console.log(`${label}: reusing ${path}`)
          const kept = Promise.resolve(JSON.parse(readFileSync(described, 'utf8')) as Kept)
          item.histories[label] = { target, kept }
          continue
        }
        if (KEEP_DIR !== undefined) {
          mkdirSync(dir as string, { recursive: true })
          rmSync(path, { force: true })
        }
        const kept = generateInChild(name, target, operations, days)
        if (KEEP_DIR !== undefined) {
          void kept.then((k) => writeFileSync(described, JSON.stringify(k))).catch(() => {})
        }
        item.histories[label] = { target, kept }
      }
    }
    await Promise.all(prepared.flatMap((p) => [p.histories.demo.kept, p.histories.large.kept]))
    for (const { storeName, histories, cluster, dir } of prepared) {
      const results = all[storeName] as Record<'demo' | 'large', Result>
      for (const label of ['demo', 'large'] as const) {
        const { target } = histories[label]
        const kept = await histories[label].kept
        results[label].generation = kept.generation
        Object.assign(results[label], await measureAll(autocannon, target, kept.history))
        if (cluster !== undefined && label === 'large') {
          results[label].replicas = await measureReplicas(autocannon, target, kept.history)
          console.log(JSON.stringify({ replicas: results[label].replicas }))
        }
      }
      // Each store's space back before the next one is measured.
      cluster?.stop()
      if (dir !== undefined && KEEP_DIR === undefined) rmSync(dir, { recursive: true, force: true })
    }
  } finally {
    for (const { cluster, dir } of prepared) {
      cluster?.stop()
      if (dir !== undefined && KEEP_DIR === undefined) rmSync(dir, { recursive: true, force: true })
    }
  }
  for (const [storeName, results] of Object.entries(all)) {
    console.log(`\n${storeName}: ${JSON.stringify(results.large.generation)}`)
    printTable(results.demo.measured, results.large.measured)
    for (const label of ['demo', 'large'] as const) {
      const b = results[label].bystanders
      if (b === undefined) continue
      const each = Object.entries(b.latencies)
        .map(([name, l]) => `${name} ${l.medianMs} ms (max ${l.maxMs}, ${l.samples} requests)`)
        .join(', ')
      console.log(
        `${storeName} ${label}: while 50 connections asked different 30-day stats/pool windows (${b.computedRequestsPerSecond} req/s): ${each}`,
      )
    }
    const r = results.large.replicas
    if (r !== undefined) {
      for (const [name, x] of Object.entries(r)) {
        console.log(
          `${storeName} replicas, ${name}: one ${x.one} req/s, two ${x.two} req/s (${(x.two / Math.max(1, x.one)).toFixed(2)}x)`,
        )
      }
    }
  }
  if (all.sqlite !== undefined && all.postgres !== undefined) {
    printComparison(all.sqlite.large.measured, all.postgres.large.measured)
  }
  const out = writeResult('store.json', {
    date: new Date().toISOString(),
    node: process.version,
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    samples: SAMPLES,
    ...(all.sqlite ?? {}),
    stores: all,
  })
  console.log(`written ${out}`)
}

/**
 * Checkpoints of the throwaway cluster every 4 GB of write-ahead log instead of 1 GB (its
 * default `max_wal_size`): a bulk load of gigabytes otherwise writes its pages again at every
 * forced checkpoint.
 */
async function configureForBulkLoad(clusterUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: clusterUrl })
  await admin.connect()
  try {
    await admin.query("ALTER SYSTEM SET max_wal_size = '4GB'")
    await admin.query('SELECT pg_reload_conf()')
  } finally {
    await admin.end()
  }
}

/** A written history: how it was written and what the measurements need of it. */
type Kept = { generation: unknown; history: BenchHistory }

/** {@link generate} in a child process of its own (`--generate`); its output goes to ours. */
function generateInChild(
  label: string,
  target: Target,
  operations: number,
  days: number,
): Promise<Kept> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--generate',
      target.store,
      target.location,
      String(operations),
      String(days),
      label,
    ],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  )
  return new Promise((resolve, reject) => {
    let kept: Kept | undefined
    child.on('message', (message) => {
      kept = message as Kept
    })
    child.once('close', (code) =>
      kept !== undefined && code === 0
        ? resolve(kept)
        : reject(new Error(`writing the ${label} history failed (exit ${code})`)),
    )
  })
}

/** A new database `bench_<label>` in the cluster at `clusterUrl`; returns its URL. */
async function createDatabase(clusterUrl: string, label: string): Promise<string> {
  const name = `bench_${label}`
  const admin = new pg.Client({ connectionString: clusterUrl })
  await admin.connect()
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`)
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(clusterUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Requests/s of one REST replica against two on the same PostgreSQL database. */
type Replicas = Record<string, { one: number; two: number }>

/**
 * 50 connections on one replica, then 25 on each of two replicas (two processes reading the
 * same database), for a computed aggregate (every request a new URL) and the cached wallet
 * answer.
 */
async function measureReplicas(cannon: Cannon, target: Target, h: BenchHistory): Promise<Replicas> {
  const iso = (offset: number) => isoSeconds(unixSeconds(h.last) + offset)
  const urls = {
    'stats/dex 1 d (computed)': `/v1/stats/dex?since=${iso(-86_400 + 1)}&until=${h.last}`,
    'wallet operations (cached)': `/v1/wallets/${h.wallet}/operations?since=${iso(-30 * 86_400 + 1)}&until=${h.last}`,
  }
  const first = await startChild(target, h.usd.address)
  const second = await startChild(target, h.usd.address)
  const out: Replicas = {}
  try {
    for (const [name, url] of Object.entries(urls)) {
      const computed = name.includes('computed')
      let n = 0
      const run = (base: string, connections: number) =>
        cannon({
          url: base + url,
          connections,
          duration: DURATION_S,
          timeout: 10,
          ...(computed
            ? {
                requests: [
                  {
                    method: 'GET' as const,
                    setupRequest: (request: { path: string }) => ({
                      ...request,
                      path: uncachedUrl(url, n++),
                    }),
                  },
                ],
              }
            : {}),
        })
      for (const c of [first, second]) await fetchText(c.base + url)
      await drain(first.base)
      const one = await run(first.base, CONNECTIONS)
      await drain(first.base)
      await drain(second.base)
      const [a, b] = await Promise.all([
        run(first.base, CONNECTIONS / 2),
        run(second.base, CONNECTIONS / 2),
      ])
      out[name] = {
        one: Math.round(one.requests.average),
        two: Math.round(a.requests.average + b.requests.average),
      }
    }
  } finally {
    await stopChild(first.child)
    await stopChild(second.child)
  }
  return out
}

/** The large history's median latencies on both stores, side by side. */
function printComparison(sqlite: readonly Measured[], postgres: readonly Measured[]): void {
  console.log(
    '\n| endpoint | window | SQLite ms | PostgreSQL ms | SQLite req/s | PostgreSQL req/s |',
  )
  console.log('|---|---|---|---|---|---|')
  for (const s of sqlite) {
    const p = postgres.find((x) => x.endpoint === s.endpoint && x.window === s.window)
    console.log(
      `| ${s.endpoint} | ${s.window} | ${s.medianMs} | ${p?.medianMs ?? '-'} | ${s.computedRequestsPerSecond ?? s.requestsPerSecond ?? '-'} | ${p?.computedRequestsPerSecond ?? p?.requestsPerSecond ?? '-'} |`,
    )
  }
}

/**
 * Writes the synthetic history into the new database of `target` through the store's write
 * path (`applyIndexBatch`, `BATCH` operations a transaction), as a bulk load: the secondary
 * indexes of `operations` are dropped first and built again after the last batch (one sort
 * each instead of an insert at a random key per row and index), and the store is opened with
 * `bulkLoad` (the rollups folded once, by set statements, when it closes; SQLite's connection
 * unsynced with a 1 GiB page cache). The write time includes the roll-up and the index builds.
 */
async function generate(
  label: string,
  target: Target,
  operations: number,
  days: number,
): Promise<{ generation: unknown; history: BenchHistory }> {
  // The schema first (the store migrates on open), then its indexes of the history go.
  await (await openStore(target)).close()
  const deferred =
    target.store === 'postgres'
      ? await deferPostgresIndexes(target.location, ['operations'])
      : deferSqliteIndexes(target.location, ['operations'])
  const store = await openStore(target, { bulkLoad: true })
  const started = performance.now()
  let shown = 0
  const history = await writeSyntheticHistory(store, {
    operations,
    days,
    seed: 2026,
    batch: BATCH,
    onProgress: (written) => {
      if (written - shown >= operations / 20 || written === operations) {
        shown = written
        const s = (performance.now() - started) / 1000
        console.log(`${label}: ${written} operations written in ${s.toFixed(1)} s`)
      }
    },
  })
  const batchSeconds = (performance.now() - started) / 1000
  await store.close()
  const rollupSeconds = (performance.now() - started) / 1000 - batchSeconds
  console.log(`${label}: rolled up in ${rollupSeconds.toFixed(1)} s`)
  const indexSeconds = await deferred.restore()
  const seconds = (performance.now() - started) / 1000
  console.log(
    `${label}: ${deferred.names.length} indexes of operations built in ${indexSeconds.toFixed(1)} s`,
  )
  let databaseMb: number
  if (target.store === 'postgres') {
    const client = new pg.Client({ connectionString: target.location })
    await client.connect()
    try {
      const size = await client.query('SELECT pg_database_size(current_database()) AS b')
      databaseMb = Math.round(Number(size.rows[0]?.b) / 1e6)
    } finally {
      await client.end()
    }
  } else {
    databaseMb = Math.round(statSync(target.location).size / 1e6)
  }
  const generation = {
    operations,
    days,
    pools: history.pools.length,
    referrers: history.referrers.length,
    seconds: Number(seconds.toFixed(1)),
    operationsPerSecond: Math.round(operations / seconds),
    batchSeconds: Number(batchSeconds.toFixed(1)),
    rollupSeconds: Number(rollupSeconds.toFixed(1)),
    indexSeconds: Number(indexSeconds.toFixed(1)),
    operationsPerBatch: BATCH,
    databaseMb,
  }
  console.log(`${label}: ${JSON.stringify(generation)}`)
  const { usd, referrers, wallet, first, last } = history
  const pools = history.pools.map((p) => ({ address: p.address }))
  return { generation, history: { usd, referrers, wallet, first, last, pools } }
}

function endpoints(h: BenchHistory): Endpoint[] {
  const iso = (offset: number) => isoSeconds(unixSeconds(h.last) + offset)
  const range = (seconds: number) => `since=${iso(-seconds + 1)}&until=${h.last}`
  const blocks = (seconds: number) => {
    const to = unixSeconds(h.last)
    return `fromBlock=${to - seconds + 1}&toBlock=${to}`
  }
  const day = 86_400
  const month = 30 * day
  const top = h.referrers[0] as string
  const small = h.referrers.at(-1) as string
  const pool = h.pools[0]?.address as string
  const windows = (make: (s: number) => string, short = day, long = month) => ({
    [short === day ? '1d' : '1h']: make(short),
    [long === month ? '30d' : '1d']: make(long),
  })
  return [
    { name: 'stats/dex', kind: 'aggregate', paths: windows((s) => `/v1/stats/dex?${range(s)}`) },
    { name: 'stats/pool', kind: 'aggregate', paths: windows((s) => `/v1/stats/pool?${range(s)}`) },
    {
      name: 'stats/pool (1 pool)',
      kind: 'aggregate',
      paths: windows((s) => `/v1/stats/pool?${range(s)}&pool_address=${pool}`),
    },
    {
      name: 'stats/fees (top referrer)',
      kind: 'aggregate',
      paths: windows((s) => `/v1/stats/fees?referrer_address=${top}&${range(s)}`),
    },
    { name: 'stats/stake', kind: 'aggregate', paths: { '-': '/v1/stats/stake' } },
    { name: 'export/cmc (24 h)', kind: 'aggregate', paths: { '1d': '/export/cmc/v1' } },
    {
      name: 'screener/latest-block',
      kind: 'aggregate',
      paths: { '-': '/export/screener/v1/latest-block' },
    },
    {
      name: 'screener/pair',
      kind: 'aggregate',
      paths: { '-': `/export/screener/v1/pair/${pool}` },
    },
    {
      name: 'wallet operations (400 in 30 d)',
      kind: 'list',
      load: true,
      paths: windows((s) => `/v1/wallets/${h.wallet}/operations?${range(s)}`),
    },
    {
      name: 'stats/fee_accruals (small referrer)',
      kind: 'list',
      paths: windows((s) => `/v1/stats/fee_accruals?referrer_address=${small}&${range(s)}`),
    },
    {
      name: 'stats/fee_withdrawals (top referrer)',
      kind: 'list',
      paths: windows((s) => `/v1/stats/fee_withdrawals?referrer_address=${top}&${range(s)}`),
    },
    {
      name: 'stats/operations',
      kind: 'list',
      paths: windows((s) => `/v1/stats/operations?${range(s)}`, 3600, day),
    },
    {
      name: 'screener/events',
      kind: 'list',
      paths: windows((s) => `/export/screener/v1/events?${blocks(s)}`, 3600, day),
    },
  ]
}

async function measureAll(
  cannon: Cannon,
  target: Target,
  h: BenchHistory,
): Promise<{ measured: Measured[]; bystanders: Bystanders | undefined }> {
  const counter = await operationCounter(target)
  const { child, base } = await startChild(target, h.usd.address)
  const out: { endpoint: Endpoint; url: string; m: Measured }[] = []
  let bystanders: Bystanders | undefined
  try {
    // Sequential latencies first, for every endpoint, on a server that has not been loaded:
    // a load run ends with its 50 requests still being answered, and a latency measured
    // behind them would be theirs.
    for (const endpoint of endpoints(h)) {
      for (const [window, url] of Object.entries(endpoint.paths)) {
        const params = new URL(url, base).searchParams
        const block = (name: string) => isoSeconds(Number(params.get(name)))
        const [since, until] = params.has('fromBlock')
          ? [block('fromBlock'), block('toBlock')]
          : [params.get('since'), params.get('until') ?? h.last]
        const n = since === null ? 0 : await counter.count(since, until as string)
        const cold = performance.now()
        await fetchText(base + url) // warm the caches once
        const firstMs = performance.now() - cold
        send(child, 'reset')
        const times: number[] = []
        let bytes = 0
        for (let i = 0; i < SAMPLES; i++) {
          const started = performance.now()
          // An aggregate's samples are computed, not served again from the cache: the same
          // request made unique with a parameter the endpoint ignores.
          const body = await fetchText(
            base + (endpoint.kind === 'aggregate' ? uncachedUrl(url, i) : url),
          )
          times.push(performance.now() - started)
          bytes = Buffer.byteLength(body)
        }
        const stall = await report(child)
        const m: Measured = {
          endpoint: endpoint.name,
          window,
          operationsInWindow: n,
          firstMs: Number(firstMs.toFixed(1)),
          medianMs: Number(median(times).toFixed(1)),
          bytes,
          maxStallMs: Number(stall.maxDelayMs.toFixed(1)),
        }
        console.log(JSON.stringify(m))
        out.push({ endpoint, url, m })
      }
    }
    // Then requests/s at 50 connections, each run after the previous one's requests drained.
    for (const { endpoint, url, m } of out) {
      if (endpoint.kind !== 'aggregate' && endpoint.load !== true) continue
      await drain(base)
      const before = await report(child)
      send(child, 'reset')
      const r = await cannon({
        url: base + url,
        connections: CONNECTIONS,
        duration: DURATION_S,
        timeout: 10,
      })
      const after = await report(child)
      Object.assign(m, {
        requestsPerSecond: Math.round(r.requests.average),
        p99Ms: r.latency.p99,
        timeouts: r.timeouts + r.errors + r.non2xx,
        rssMbBefore: Math.round(before.rssMb),
        rssMbAfter: Math.round(after.rssMb),
        loadStallMs: Number(after.maxDelayMs.toFixed(1)),
      })
      if (endpoint.kind === 'aggregate') {
        await drain(base)
        let n = 0
        const computed = await cannon({
          url: base + url,
          connections: CONNECTIONS,
          duration: DURATION_S,
          timeout: 10,
          requests: [
            {
              method: 'GET',
              setupRequest: (request) => ({ ...request, path: uncachedUrl(url, n++) }),
            },
          ],
        })
        Object.assign(m, {
          computedRequestsPerSecond: Math.round(computed.requests.average),
          computedP99Ms: computed.latency.p99,
          timeouts: (m.timeouts ?? 0) + computed.timeouts + computed.errors + computed.non2xx,
        })
      }
      console.log(JSON.stringify(m))
    }
    await drain(base)
    bystanders = await measureBystanders(cannon, base, h)
    console.log(JSON.stringify({ bystanders }))
    await drain(base)
  } finally {
    await counter.close()
    await stopChild(child)
  }
  return { measured: out.map((x) => x.m), bystanders }
}

/** Counts the operations of a window straight from the database of `target`. */
async function operationCounter(target: Target) {
  const sql =
    'SELECT COUNT(*) AS n FROM operations WHERE pool_tx_timestamp >= $1 AND pool_tx_timestamp <= $2'
  if (target.store === 'postgres') {
    const client = new pg.Client({ connectionString: target.location })
    await client.connect()
    return {
      count: async (since: string, until: string) =>
        Number((await client.query(sql, [since, until])).rows[0]?.n),
      close: () => client.end(),
    }
  }
  const db = new Database(target.location, { readonly: true })
  const statement = db.prepare(sql.replace('$1', '?').replace('$2', '?'))
  return {
    count: async (since: string, until: string) => (statement.get(since, until) as { n: number }).n,
    close: async () => db.close(),
  }
}

/** Latencies of other requests while 50 connections ask different 30-day `stats/pool` windows. */
type Bystanders = {
  computedRequestsPerSecond: number
  /** Median and longest latency of each bystander request, sent one after another meanwhile. */
  latencies: Record<string, { samples: number; medianMs: number; maxMs: number }>
}

/**
 * What the heaviest aggregate under load costs everyone else: 50 connections ask different
 * 30-day `stats/pool` windows (each computed) for `BENCH_DURATION` seconds while one client
 * asks, in turn, `stats/stake`, the wallet's operations and `/v1/pools`.
 */
async function measureBystanders(
  cannon: Cannon,
  base: string,
  h: BenchHistory,
): Promise<Bystanders> {
  const iso = (offset: number) => isoSeconds(unixSeconds(h.last) + offset)
  const range = `since=${iso(-30 * 86_400 + 1)}&until=${h.last}`
  const heavy = `/v1/stats/pool?${range}`
  const others: Record<string, string> = {
    'stats/stake': '/v1/stats/stake',
    'wallet operations': `/v1/wallets/${h.wallet}/operations?${range}`,
    pools: '/v1/pools',
  }
  for (const url of Object.values(others)) await fetchText(base + url)
  let n = 0
  const load = cannon({
    url: base + heavy,
    connections: CONNECTIONS,
    duration: DURATION_S,
    timeout: 30,
    requests: [
      { method: 'GET', setupRequest: (request) => ({ ...request, path: uncachedUrl(heavy, n++) }) },
    ],
  })
  const times: Record<string, number[]> = {}
  const end = performance.now() + Math.max(1, DURATION_S - 1.5) * 1000
  await new Promise((resolve) => setTimeout(resolve, 500))
  while (performance.now() < end) {
    for (const [name, url] of Object.entries(others)) {
      const started = performance.now()
      await fetchText(base + url)
      const list = times[name] ?? []
      list.push(performance.now() - started)
      times[name] = list
    }
  }
  const r = await load
  const latencies: Bystanders['latencies'] = {}
  for (const [name, list] of Object.entries(times)) {
    latencies[name] = {
      samples: list.length,
      medianMs: Number(median(list).toFixed(1)),
      maxMs: Number(Math.max(...list).toFixed(1)),
    }
  }
  return { computedRequestsPerSecond: Math.round(r.requests.average), latencies }
}

/** `url` with an ignored parameter making it unique (`_sample=n`): a response cache misses it. */
function uncachedUrl(url: string, n: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}_sample=${n}`
}

/**
 * Waits until the server has answered the requests a load run left in flight: a request that
 * reads nothing (`/v1/stats/stake`, about 1 ms alone) answers three times in a row within
 * 10 ms only once no long request runs beside it (30 s at most).
 */
async function drain(base: string): Promise<void> {
  const until = performance.now() + 30_000
  let quick = 0
  while (quick < 3 && performance.now() < until) {
    const started = performance.now()
    await fetchText(`${base}/v1/stats/stake`)
    quick = performance.now() - started < 10 ? quick + 1 : 0
  }
}

function printTable(demo: readonly Measured[], large: readonly Measured[]): void {
  const rows = [
    [
      'endpoint',
      'window',
      'ops demo/large',
      'first ms large',
      'demo ms',
      'large ms',
      'ratio',
      'req/s demo',
      'req/s large',
      'p99 large',
      'computed req/s large',
      'computed p99',
      'stall ms',
      'answer',
    ],
  ]
  for (const l of large) {
    const d = demo.find((x) => x.endpoint === l.endpoint && x.window === l.window)
    rows.push([
      l.endpoint,
      l.window,
      `${d?.operationsInWindow ?? '-'}/${l.operationsInWindow}`,
      String(l.firstMs),
      String(d?.medianMs ?? '-'),
      String(l.medianMs),
      d === undefined ? '-' : `${(l.medianMs / Math.max(0.1, d.medianMs)).toFixed(1)}x`,
      String(d?.requestsPerSecond ?? '-'),
      String(l.requestsPerSecond ?? '-'),
      l.p99Ms === undefined ? '-' : `${l.p99Ms} ms${l.timeouts ? ` (${l.timeouts} failed)` : ''}`,
      String(l.computedRequestsPerSecond ?? '-'),
      l.computedP99Ms === undefined ? '-' : `${l.computedP99Ms} ms`,
      String(l.maxStallMs),
      `${(l.bytes / 1e3).toFixed(1)} kB`,
    ])
  }
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? []
  for (const r of rows) console.log(`| ${r.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`)
}

async function fetchText(url: string): Promise<string> {
  const res = await fetch(url)
  const text = await res.text()
  if (!res.ok) throw new Error(`${url}: ${res.status} ${text.slice(0, 200)}`)
  return text
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

function send(child: ChildProcess, message: string): void {
  child.send(message)
}

function report(child: ChildProcess): Promise<ServerReport> {
  return new Promise((resolve) => {
    child.once('message', (message) => resolve(message as ServerReport))
    child.send('report')
  })
}

function startChild(target: Target, usd: string): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(import.meta.url),
      '--serve',
      target.store,
      target.location,
      usd,
    ],
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  )
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const match = /PORT (\d+)/.exec(out)
      if (match) resolve({ child, base: `http://127.0.0.1:${match[1]}` })
    })
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)))
  })
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit')
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

/** The `--ops <n>` argument, else `fromEnv`, else 10 M; a whole positive number. */
function opsOption(argv: readonly string[], fromEnv: string | undefined): number {
  const at = argv.indexOf('--ops')
  const text = at >= 0 ? argv[at + 1] : fromEnv
  const ops = text === undefined ? 10_000_000 : Number(text.replaceAll('_', ''))
  if (!Number.isSafeInteger(ops) || ops < 1_500) {
    throw new Error(`--ops / BENCH_OPS must be a whole number of operations >= 1500, not ${text}`)
  }
  return ops
}
