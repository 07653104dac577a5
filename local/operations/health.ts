import type { FastifyInstance } from 'fastify'
import type { Store } from '../../store/Store.js'
import type { IndexProgress, NodeMetrics } from './metrics.js'

/**
 * One condition of `GET /readyz`: `check()` answers `undefined` when it holds, else the reason
 * (a sentence for the operator). A check that throws or takes longer than the probe's limit is
 * not ready either.
 *
 * @example
 * ```ts
 * const check: ReadinessCheck = { name: 'index', check: () => (lag > 60 ? `the index is ${lag} s behind` : undefined) }
 * ```
 */
export type ReadinessCheck = {
  readonly name: string
  check(): Promise<string | undefined> | string | undefined
}

/**
 * The answer of `GET /readyz`: 200 with `ready: true`, or 503 with the reasons.
 *
 * @example
 * ```ts
 * const answer: Readiness = { ready: false, checks: { store: 'ok', index: 'the index is 340 s behind the head (--max-lag 60)' },
 *   reasons: ['index: the index is 340 s behind the head (--max-lag 60)'] }
 * ```
 */
export type Readiness = {
  readonly ready: boolean
  /** Each check's `ok` or reason. */
  readonly checks: Readonly<Record<string, string>>
  /** `<check>: <reason>` of each failing check. */
  readonly reasons: readonly string[]
}

/** How long one readiness check may take before it counts as failing. */
const CHECK_TIMEOUT_MS = 2_000

/**
 * Runs every check (concurrently, each within 2 s) and answers whether the node is ready.
 *
 * @example
 * ```ts
 * await readiness([storeCheck(store)]) // { ready: true, checks: { store: 'ok' }, reasons: [] }
 * ```
 */
export async function readiness(checks: readonly ReadinessCheck[]): Promise<Readiness> {
  const results = await Promise.all(
    checks.map(async (c) => {
      let timer: NodeJS.Timeout | undefined
      try {
        const reason = await Promise.race([
          Promise.resolve().then(() => c.check()),
          new Promise<string>((resolve) => {
            timer = setTimeout(
              () => resolve(`no answer within ${CHECK_TIMEOUT_MS} ms`),
              CHECK_TIMEOUT_MS,
            )
          }),
        ])
        return [c.name, reason] as const
      } catch (error) {
        return [c.name, error instanceof Error ? error.message : String(error)] as const
      } finally {
        clearTimeout(timer)
      }
    }),
  )
  const reasons = results.flatMap(([name, reason]) =>
    reason === undefined ? [] : [`${name}: ${reason}`],
  )
  return {
    ready: reasons.length === 0,
    checks: Object.fromEntries(results.map(([name, reason]) => [name, reason ?? 'ok'])),
    reasons,
  }
}

/**
 * The store answers (its data version: one read of the database); a store that opened is
 * migrated (a writer migrates on open, a replica refuses to open a schema that lacks a
 * migration), so an answer means both.
 *
 * @example
 * ```ts
 * await storeCheck(store).check() // undefined
 * ```
 */
export function storeCheck(store: Pick<Store, 'dataVersion'>): ReadinessCheck {
  return {
    name: 'store',
    async check() {
      try {
        await store.dataVersion()
        return undefined
      } catch (error) {
        return `the store does not answer: ${error instanceof Error ? error.message : String(error)}`
      }
    },
  }
}

/**
 * A follower's index: not failed, the head read, and at most `maxLagSeconds` behind it.
 *
 * @example
 * ```ts
 * indexLagCheck(() => ({ head: 3021, index: 2900, lagSeconds: 610, state: 'catching-up' }), 60).check()
 * // 'the index is 610 s (121 blocks) behind the head (--max-lag 60)'
 * ```
 */
export function indexLagCheck(
  progress: () => IndexProgress & { readonly error?: string | undefined },
  maxLagSeconds: number,
): ReadinessCheck {
  return {
    name: 'index',
    check() {
      const p = progress()
      if (p.state === 'failed') return `the follower stopped: ${p.error ?? 'a fatal error'}`
      if (p.state === 'stopped') return 'the follower is stopped'
      if (p.head === undefined) return "the follower has not read the upstream's head yet"
      const lag = p.lagSeconds ?? 0
      if (lag > maxLagSeconds) {
        return `the index is ${Math.round(lag)} s (${Math.max(0, p.head - p.index)} blocks) behind the head (--max-lag ${maxLagSeconds})`
      }
      return undefined
    },
  }
}

/**
 * A fork: the upstream answered at start (the pin, the config and the market were read), as
 * `started()` says.
 *
 * @example
 * ```ts
 * forkCheck(() => true).check() // undefined
 * ```
 */
export function forkCheck(started: () => boolean): ReadinessCheck {
  return {
    name: 'upstream',
    check: () => (started() ? undefined : 'the upstream has not answered the start yet'),
  }
}

/**
 * Tracks how long the store's data version has stayed the same (each call of `age()` reads it
 * once): a replica's view of its writer, reported in `/readyz` and as
 * `tondexlab_store_data_version_age_seconds`. A writer with nothing to write and a stuck one
 * look the same from a replica, so this is reported, not a condition of readiness.
 *
 * @example
 * ```ts
 * const version = dataVersionWatch(store)
 * await version.read() // { version: '812', ageSeconds: 0 }
 * ```
 */
export function dataVersionWatch(store: Pick<Store, 'dataVersion'>): {
  read(): Promise<{ version: string; ageSeconds: number }>
  /** The age at the last read (undefined before the first). */
  lastAge(): number | undefined
} {
  let version: string | undefined
  let since = 0
  let last: number | undefined
  return {
    async read() {
      const now = Date.now()
      const current = await store.dataVersion()
      if (current !== version) {
        version = current
        since = now
      }
      last = (now - since) / 1000
      return { version: current, ageSeconds: last }
    },
    lastAge: () => last,
  }
}

/** The operators' paths: every node answers them itself, never the REST API's router. */
export const OPERATIONS_PATHS = ['/healthz', '/readyz', '/metrics'] as const

/**
 * Registers `GET /healthz` (200 `{"status":"ok"}` while the process answers), `GET /readyz`
 * (200 or 503 with {@link Readiness}; 503 `shutting down` once `stopping()` says so, so a load
 * balancer stops sending before the server closes) and `GET /metrics` (Prometheus' text
 * format), all hidden from the OpenAPI document.
 *
 * @example
 * ```ts
 * registerOperationsRoutes(front, { checks: () => [storeCheck(store)], metrics, stopping: () => false })
 * (await front.inject('/readyz')).statusCode // 200
 * ```
 */
export function registerOperationsRoutes(
  app: FastifyInstance,
  options: {
    readonly checks: () => readonly ReadinessCheck[]
    readonly metrics?: NodeMetrics | undefined
    readonly stopping?: (() => boolean) | undefined
    /** Extra fields of `/readyz`'s body (a replica's data version). */
    readonly details?: (() => Promise<Record<string, unknown>>) | undefined
  },
): void {
  const hidden = { schema: { hide: true }, logLevel: 'warn' as const }
  app.get('/healthz', hidden, async () => ({ status: 'ok' }))
  app.get('/readyz', hidden, async (_request, reply) => {
    const details = (await options.details?.().catch(() => ({}))) ?? {}
    if (options.stopping?.() === true) {
      return reply
        .code(503)
        .send({ ready: false, checks: {}, reasons: ['shutting down'], ...details })
    }
    const answer = await readiness(options.checks())
    return reply.code(answer.ready ? 200 : 503).send({ ...answer, ...details })
  })
  const metrics = options.metrics
  if (metrics !== undefined) {
    app.get('/metrics', hidden, async (_request, reply) =>
      reply.type(metrics.contentType).send(await metrics.scrape()),
    )
  }
}
