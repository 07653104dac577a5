import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { TonApiClientEvent } from '../../upstream/tonApiClient.js'

/**
 * Where a node's index stands, read at each scrape: the chain's head (the upstream's for a
 * follower, the local chain's for a local exchange or a fork), the newest indexed block, the
 * lag in seconds when the node knows it, and the indexer's state.
 *
 * @example
 * ```ts
 * const progress: IndexProgress = { head: 3021, index: 3019, lagSeconds: 4, state: 'catching-up' }
 * ```
 */
export type IndexProgress = {
  /** The newest block of the chain (undefined until known). */
  readonly head?: number | undefined
  /** The newest block whose transactions are all indexed. */
  readonly index: number
  /** Seconds between the head's time and the indexed block's, when known. */
  readonly lagSeconds?: number | undefined
  /** `starting`, `catching-up`, `following`, `failed`, `stopped` (a follower), or `ready`. */
  readonly state?: string | undefined
}

/**
 * A fork's account-loading counters (`ForkStorage`'s `stats`), read at each scrape.
 *
 * @example
 * ```ts
 * const stats: ForkLoadStats = { fromCache: 40, fromUpstream: 4, libraries: 5, missingLibraries: 0 }
 * ```
 */
export type ForkLoadStats = {
  readonly fromCache: number
  readonly fromUpstream: number
  readonly libraries: number
  readonly missingLibraries: number
}

/** The metrics of one node; see {@link createNodeMetrics}. */
export type NodeMetrics = {
  /** This node's registry (one per node: tests run several nodes in one process). */
  readonly registry: Registry
  /** `text/plain; version=0.0.4; charset=utf-8`: Prometheus' text format. */
  readonly contentType: string
  /** The scrape: every metric in Prometheus' text format. */
  scrape(): Promise<string>
  /** One answered HTTP request: its route pattern (`/v1/pools/:addr`, or `unmatched`). */
  observeRequest(method: string, route: string, status: number, seconds: number): void
  /** One store call, by the store's method name, and whether it threw. */
  observeStore(operation: string, seconds: number, failed: boolean): void
  /** Transactions of an index batch just committed. */
  indexedTransactions(count: number): void
  /** The upstream client's hook (`createTonApiClient({ onEvent })`). */
  upstreamEvent(event: TonApiClientEvent): void
  /** Reads the index's progress at each scrape. */
  watchIndex(read: () => IndexProgress): void
  /** Reads a fork's loading counters at each scrape. */
  watchFork(read: () => ForkLoadStats): void
  /** Reads the store's data version age (seconds since it last changed) at each scrape. */
  watchDataVersion(read: () => number | undefined): void
  /** A replica: asks at each scrape whether a writer holds the presence lock. */
  watchWriterPresence(read: () => Promise<boolean>): void
}

/** Every metric's name starts with it. */
export const METRIC_PREFIX = 'tondexlab_'

const INDEX_STATES = ['starting', 'catching-up', 'following', 'failed', 'stopped', 'ready'] as const

/**
 * Creates one node's metrics in a registry of its own: REST request durations by route and
 * status, store call durations by method, the chain's head, the index's block, the follower's
 * lag (blocks and seconds), upstream requests, failures and retries by method, a fork's cache
 * hits and misses, and (unless `process: false`) Node's process metrics (`process_*`,
 * `nodejs_*`). What each one means and what to alert on: `docs/operations.md`.
 *
 * @example
 * ```ts
 * const metrics = createNodeMetrics()
 * metrics.observeRequest('GET', '/v1/pools', 200, 0.012)
 * (await metrics.scrape()).includes('tondexlab_http_request_duration_seconds_count{method="GET",route="/v1/pools",status_code="200"} 1') // true
 * ```
 */
export function createNodeMetrics(
  options: { readonly process?: boolean | undefined } = {},
): NodeMetrics {
  const registry = new Registry()
  if (options.process !== false) collectDefaultMetrics({ register: registry })
  const registers = [registry]
  const name = (n: string) => `${METRIC_PREFIX}${n}`

  const http = new Histogram({
    name: name('http_request_duration_seconds'),
    help: 'HTTP requests answered, by method, route pattern and status, and how long each took.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  })
  const store = new Histogram({
    name: name('store_query_duration_seconds'),
    help: "Store calls (the database's queries and transactions), by the store's method, and how long each took.",
    labelNames: ['operation'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  })
  const storeErrors = new Counter({
    name: name('store_errors_total'),
    help: 'Store calls that threw, by method.',
    labelNames: ['operation'] as const,
    registers,
  })
  const upstreamDuration = new Histogram({
    name: name('upstream_request_duration_seconds'),
    help: 'Requests to the upstream TON API, by method and outcome (ok, retryable, fatal), and how long each took (the rate cap wait included).',
    labelNames: ['method', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30],
    registers,
  })
  const upstreamRequests = new Counter({
    name: name('upstream_requests_total'),
    help: 'Requests sent to the upstream TON API, by method.',
    labelNames: ['method'] as const,
    registers,
  })
  const upstreamFailures = new Counter({
    name: name('upstream_failures_total'),
    help: 'Upstream requests that failed, by method and error code (SOURCE_RATE_LIMITED, SOURCE_UNAVAILABLE, SOURCE_TIMEOUT, SOURCE_REJECTED, …).',
    labelNames: ['method', 'code'] as const,
    registers,
  })
  const upstreamRetries = new Counter({
    name: name('upstream_retries_total'),
    help: 'Upstream requests asked again after a retryable failure, by method.',
    labelNames: ['method'] as const,
    registers,
  })

  const indexed = new Counter({
    name: name('index_transactions_total'),
    help: 'Transactions written to the index (committed batches).',
    registers,
  })

  const gauge = (n: string, help: string, read: () => number | undefined) =>
    new Gauge({
      name: name(n),
      help,
      registers,
      collect() {
        const value = read()
        if (value !== undefined && Number.isFinite(value)) this.set(value)
      },
    })
  /**
   * A `watch…` method: it sets the reader its metrics call at each scrape, and registers those
   * metrics at its first call (a node shows the gauges of what it runs: no fork gauges on a
   * follower, no index gauges on a replica).
   */
  const watched = <T>(register: (read: () => T | undefined) => void) => {
    let reader: (() => T) | undefined
    return (read: () => T) => {
      const first = reader === undefined
      reader = read
      if (first) register(() => reader?.())
    }
  }
  const watchIndex = watched<IndexProgress>((progress) => {
    gauge(
      'chain_head_seqno',
      "The chain's newest block (the upstream's head for a follower).",
      () => progress()?.head,
    )
    gauge(
      'index_seqno',
      'The newest block whose transactions are all indexed.',
      () => progress()?.index,
    )
    gauge('index_lag_blocks', 'Blocks between the chain head and the indexed block.', () => {
      const p = progress()
      return p?.head === undefined ? undefined : Math.max(0, p.head - p.index)
    })
    gauge(
      'index_lag_seconds',
      "Seconds between the chain head's time and the indexed block's (a follower).",
      () => progress()?.lagSeconds,
    )
    new Gauge({
      name: name('index_state'),
      help: "The indexer's state: 1 for the current one (starting, catching-up, following, failed, stopped, ready).",
      labelNames: ['state'] as const,
      registers,
      collect() {
        const state = progress()?.state
        if (state === undefined) return
        for (const s of INDEX_STATES) this.set({ state: s }, s === state ? 1 : 0)
      },
    })
  })
  const watchFork = watched<ForkLoadStats>((fork) => {
    // A fork's cache: counters read from ForkStorage's running totals.
    let counted = { cache: 0, upstream: 0 }
    new Counter({
      name: name('fork_accounts_loaded_total'),
      help: "A fork's accounts loaded on first touch, by source: cache (a hit of the fork's cache) or upstream (a miss).",
      labelNames: ['source'] as const,
      registers,
      collect() {
        const stats = fork()
        if (stats === undefined) return
        this.inc({ source: 'cache' }, Math.max(0, stats.fromCache - counted.cache))
        this.inc({ source: 'upstream' }, Math.max(0, stats.fromUpstream - counted.upstream))
        counted = { cache: stats.fromCache, upstream: stats.fromUpstream }
      },
    })
    gauge('fork_libraries', 'Libraries a fork installed into its sandbox.', () => fork()?.libraries)
    gauge(
      'fork_missing_libraries',
      'Libraries referenced but not had (contracts running them exit 9).',
      () => fork()?.missingLibraries,
    )
  })
  const watchDataVersion = watched<number | undefined>((age) => {
    gauge(
      'store_data_version_age_seconds',
      "Seconds since the store's data version last changed, as this node saw it (a replica: how long the writer has written nothing).",
      age,
    )
  })

  const watchWriterPresence = watched<Promise<boolean>>((present) => {
    new Gauge({
      name: name('writer_present'),
      help: "A replica's writer: 1 while a process holds the writers' presence lock in the database, 0 when none does (the writer is gone).",
      registers,
      async collect() {
        // A failed query (the database unreachable) leaves the last value; /readyz says why.
        const value = await present()?.catch(() => undefined)
        if (value !== undefined) this.set(value ? 1 : 0)
      },
    })
  })

  return {
    registry,
    contentType: registry.contentType,
    scrape: () => registry.metrics(),
    observeRequest(method, route, status, seconds) {
      http.observe({ method, route, status_code: String(status) }, seconds)
    },
    observeStore(operation, seconds, failed) {
      store.observe({ operation }, seconds)
      if (failed) storeErrors.inc({ operation })
    },
    indexedTransactions(count) {
      indexed.inc(count)
    },
    upstreamEvent(event) {
      if (event.type === 'retry') {
        upstreamRetries.inc({ method: event.method })
        return
      }
      upstreamRequests.inc({ method: event.method })
      upstreamDuration.observe({ method: event.method, outcome: event.outcome }, event.seconds)
      if (event.outcome !== 'ok') {
        upstreamFailures.inc({ method: event.method, code: event.code ?? 'UNKNOWN' })
      }
    },
    watchIndex,
    watchFork,
    watchDataVersion,
    watchWriterPresence,
  }
}
