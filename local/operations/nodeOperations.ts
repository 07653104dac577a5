import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { ServiceServerOptions } from '../../service/createService.js'
import type { Store } from '../../store/Store.js'
import type { TonApiClientEvent } from '../../upstream/tonApiClient.js'
import {
  dataVersionWatch,
  OPERATIONS_PATHS,
  type ReadinessCheck,
  registerOperationsRoutes,
  storeCheck,
} from './health.js'
import { instrumentStore } from './instrumentStore.js'
import { createNodeLogger, type LogLevel } from './logger.js'
import { createNodeMetrics, type NodeMetrics } from './metrics.js'
import { observeHttp } from './observeHttp.js'

/** Options of {@link createNodeOperations}. */
export type NodeOperationsOptions = {
  /** What the node is: `local` exchange, `fork`, `follow` node, or a read-only `replica`. */
  readonly kind: 'local' | 'fork' | 'follow' | 'replica'
  /** `--log-level` (default `warn`). */
  readonly logLevel?: LogLevel | undefined
  /** Values hidden in every log line: the API key, the database's password. */
  readonly secrets?: readonly string[] | undefined
  /** Where log lines go (default stdout). */
  readonly logDestination?: { write(line: string): unknown } | undefined
  /** Node's process metrics in the registry (default true). */
  readonly processMetrics?: boolean | undefined
}

/**
 * A node's operations: its logger, metrics registry, readiness checks and the state of its
 * shutdown; see {@link createNodeOperations}.
 */
export type NodeOperations = {
  readonly kind: NodeOperationsOptions['kind']
  readonly logger: FastifyBaseLogger
  /** For `createService({ server })` and the front server: the shared logger and request ids. */
  readonly server: ServiceServerOptions & { readonly loggerInstance: FastifyBaseLogger }
  readonly metrics: NodeMetrics
  /** The paths the front server answers itself: `/healthz`, `/readyz`, `/metrics`. */
  readonly paths: readonly string[]
  /** `store` with every call timed (and every committed index batch counted). */
  store<S extends Store>(store: S): S
  /** The upstream client's `onEvent`: metrics, and one log line per failure and per retry. */
  upstream(event: TonApiClientEvent): void
  /** Adds a condition of `/readyz` (the store's is there from {@link NodeOperations.watchStore}). */
  addCheck(check: ReadinessCheck): void
  /**
   * The store `/readyz` asks (its data version; the last one given), reported with its age on a
   * replica.
   */
  watchStore(store: Pick<Store, 'dataVersion'>): void
  /** For `createService({ setup })`: request metrics and the `x-request-id` answer header. */
  setup(app: FastifyInstance): void
  /** Registers `/healthz`, `/readyz` and `/metrics` (hidden from OpenAPI) and request metrics. */
  serve(app: FastifyInstance): void
  /**
   * Starts the drain of the served server (see {@link NodeOperations.serve}): `/readyz` answers
   * 503 `shutting down`, every answer not yet sent — in flight or still to come on an open
   * connection — closes its connection (`Connection: close`), idle kept-alive connections are
   * closed now, and after `graceMs` (default 10 s) every connection still open (a stream) is
   * closed. The node's close then stops accepting and waits for what is in flight.
   */
  drain(graceMs?: number): void
  /** Whether the drain began. */
  readonly stopping: boolean
  /**
   * A replica's data version and how long it has stood still (one read of the store), once
   * {@link NodeOperations.watchStore} was given the store; `undefined` on other kinds.
   */
  dataVersion(): Promise<{ version: string; ageSeconds: number }> | undefined
  /** Transactions in the index batches committed through {@link NodeOperations.store}. */
  readonly transactionsIndexed: number
}

/**
 * Creates what an operator needs of one node: a structured logger (JSON through Fastify's
 * pino, request ids, secrets redacted), a Prometheus registry of its own, readiness checks for
 * `/readyz`, an upstream hook, a store wrapper that times every query, and the drain a
 * graceful shutdown begins with. The node builders wire it: `createService({ server: ops.server,
 * setup: ops.setup, store: ops.store(store) })`, `ops.serve(front)`, `createTonApiClient({
 * onEvent: ops.upstream })`, and `ops.drain(front.server)` before closing.
 *
 * @example
 * ```ts
 * const ops = createNodeOperations({ kind: 'follow', logLevel: 'info', secrets: [apiKey] })
 * const store = ops.store(createSqliteStore({ path: './follow.sqlite' }))
 * ops.watchStore(store)
 * const app = await createService({ store, server: ops.server, setup: ops.setup })
 * ops.serve(front) // GET /metrics, /readyz, /healthz
 * ```
 */
export function createNodeOperations(options: NodeOperationsOptions): NodeOperations {
  const { logger, server } = createNodeLogger({
    level: options.logLevel,
    secrets: options.secrets,
    destination: options.logDestination,
  })
  const metrics = createNodeMetrics({ process: options.processMetrics })
  const checks: ReadinessCheck[] = []
  let storeReady: ReadinessCheck | undefined
  let watched: ReturnType<typeof dataVersionWatch> | undefined
  let stopping = false
  let transactionsIndexed = 0
  let served: Server | undefined
  /** Responses not yet finished. */
  const inFlight = new Set<ServerResponse>()
  const upstreamLog = logger.child({ component: 'upstream' })
  const setup = (app: FastifyInstance) => {
    observeHttp(app, metrics.observeRequest)
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id)
    })
  }
  return {
    kind: options.kind,
    logger,
    // A request on an open connection while the node drains is answered, not refused with 503.
    server: { ...server, return503OnClosing: false },
    metrics,
    paths: OPERATIONS_PATHS,
    store: (store) =>
      instrumentStore(store, metrics.observeStore, (count) => {
        transactionsIndexed += count
        metrics.indexedTransactions(count)
      }),
    upstream(event) {
      metrics.upstreamEvent(event)
      if (event.type === 'retry') {
        upstreamLog.warn({ method: event.method }, `upstream: ${event.method} asked again`)
      } else if (event.outcome !== 'ok') {
        const line = {
          method: event.method,
          code: event.code,
          outcome: event.outcome,
          seconds: event.seconds,
        }
        if (event.outcome === 'fatal') upstreamLog.error(line, `upstream: ${event.message}`)
        else upstreamLog.warn(line, `upstream: ${event.message}`)
      }
    },
    addCheck(check) {
      checks.push(check)
    },
    watchStore(store) {
      storeReady = storeCheck(store)
      if (options.kind === 'replica') {
        const watch = dataVersionWatch(store)
        watched = watch
        metrics.watchDataVersion(() => watch.lastAge())
      }
    },
    setup,
    serve(app) {
      setup(app)
      served = app.server
      app.server.prependListener(
        'request',
        (_request: IncomingMessage, response: ServerResponse) => {
          if (stopping) {
            response.shouldKeepAlive = false
            return
          }
          inFlight.add(response)
          response.on('close', () => inFlight.delete(response))
        },
      )
      registerOperationsRoutes(app, {
        checks: () => (storeReady === undefined ? checks : [storeReady, ...checks]),
        metrics,
        stopping: () => stopping,
        // A replica's data version and its age (the store watched, before or after this call).
        details: async () => {
          if (watched === undefined) return {}
          const { version, ageSeconds } = await watched.read()
          return { data_version: version, data_version_age_seconds: ageSeconds }
        },
      })
    },
    drain(graceMs = 10_000) {
      if (stopping) return
      stopping = true
      for (const response of inFlight) {
        if (!response.headersSent) response.shouldKeepAlive = false
      }
      inFlight.clear()
      const server = served
      if (server === undefined) return
      server.closeIdleConnections()
      const timer = setTimeout(() => server.closeAllConnections(), graceMs)
      timer.unref()
      server.once('close', () => clearTimeout(timer))
    },
    get stopping() {
      return stopping
    },
    dataVersion: () => watched?.read(),
    get transactionsIndexed() {
      return transactionsIndexed
    },
  }
}
