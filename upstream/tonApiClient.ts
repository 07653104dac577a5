import { Agent as HttpAgent, request as httpRequestOf } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequestOf } from 'node:https'
import { FatalSourceError, RetryableSourceError } from './errors.js'

/** Options of {@link createTonApiClient}. */
export type TonApiClientOptions = {
  /**
   * The TON HTTP API: toncenter's `…/api/v2/jsonRPC`, an `…/api/v2` base, or a bare origin
   * (`http://127.0.0.1:8080`, where `/api/v2/jsonRPC` is appended).
   */
  readonly url: string
  /** Sent as `X-API-Key` (toncenter's header). */
  readonly apiKey?: string | undefined
  /**
   * Requests per second at most, spaced evenly (toncenter: 1 without a key, 10 on a free key);
   * `Infinity` for no limit. Default 1 without a key, 10 with one.
   */
  readonly rps?: number | undefined
  /** Time allowed for one answer (default 15 000 ms). */
  readonly timeoutMs?: number | undefined
  /**
   * Told of every request once it ended and of every retry a caller notes: the hook for
   * metrics and logs (the client itself depends on neither). It must not throw.
   */
  readonly onEvent?: ((event: TonApiClientEvent) => void) | undefined
}

/**
 * What a {@link TonApiClient} tells its `onEvent` hook: a request that ended (`outcome` `ok`,
 * `retryable` or `fatal`, with the error's `code` and message when it failed, and its
 * duration), or a retry a caller noted (`method`: the request that failed retryably last —
 * the one asked again).
 *
 * @example
 * ```ts
 * const event: TonApiClientEvent = { type: 'request', method: 'getBlockHeader', seconds: 0.084,
 *   outcome: 'retryable', code: 'SOURCE_RATE_LIMITED', message: 'getBlockHeader: 429 Ratelimit exceed' }
 * ```
 */
export type TonApiClientEvent =
  | {
      readonly type: 'request'
      /** The JSON-RPC method, or `GET <path>` for the other APIs. */
      readonly method: string
      readonly seconds: number
      readonly outcome: 'ok' | 'retryable' | 'fatal'
      readonly code?: string | undefined
      readonly message?: string | undefined
    }
  | { readonly type: 'retry'; readonly method: string }

/**
 * Counters of a {@link TonApiClient}.
 *
 * @example
 * ```ts
 * const stats: TonApiClientStats = { requests: 1204, retries: 3 }
 * ```
 */
export type TonApiClientStats = { requests: number; retries: number }

/**
 * A toncenter v2 JSON-RPC client that classifies failures for a follower; see
 * {@link createTonApiClient}.
 */
export type TonApiClient = {
  /** The JSON-RPC endpoint it posts to. */
  readonly endpoint: string
  /** The origin (`http://127.0.0.1:8080`), for the upstream's other APIs (v3, REST). */
  readonly origin: string
  readonly stats: TonApiClientStats
  /**
   * One JSON-RPC call; resolves to its `result`.
   *
   * @throws {RetryableSourceError} 429, 5xx, a network failure, a timeout, an answer that is
   *   not JSON, a block the upstream does not have yet (404 / "not found" for a block).
   * @throws {FatalSourceError} `SOURCE_REJECTED` for another 4xx (a bad key, a bad parameter).
   */
  call<T>(method: string, params: Record<string, unknown>): Promise<T>
  /** GET `path` (under the origin) as JSON with the same limits and classification. */
  get<T>(path: string, query?: Record<string, string | readonly string[]>): Promise<T>
  /**
   * Counts a retry the caller makes after a retryable failure (for status and the `onEvent`
   * hook: the retried method is the failed request's when `error` is given, else the last one
   * that failed retryably).
   */
  noteRetry(error?: unknown): void
}

/**
 * Creates a client of a TON HTTP API v2 (toncenter's wire: POST `{ jsonrpc, id, method, params }`,
 * answers `{ ok, result }` or `{ ok: false, error, code }`). Requests are spaced to `rps`; every
 * failure is classified: rate limits (toncenter's `{"ok":false,"result":"Ratelimit
 * exceed","code":429}`), 5xx, timeouts, unreachable upstreams and blocks not there yet are
 * {@link RetryableSourceError}s, other refusals {@link FatalSourceError}s. It does not retry by
 * itself (the follower backs off and asks again) and never batches JSON-RPC calls.
 *
 * @example
 * ```ts
 * const client = createTonApiClient({ url: 'https://toncenter.com/api/v2/jsonRPC', apiKey, rps: 10 })
 * const info = await client.call<{ last: { seqno: number } }>('getMasterchainInfo', {})
 * info.last.seqno // 53_012_345
 * ```
 */
export function createTonApiClient(options: TonApiClientOptions): TonApiClient {
  const { endpoint, origin } = endpointOf(options.url)
  const rps = options.rps ?? (options.apiKey === undefined ? 1 : 10)
  if (!(rps > 0)) throw new RangeError(`rps must be positive (got ${rps}).`)
  const limit = Number.isFinite(rps) ? Math.max(1, Math.floor(rps)) : 0
  const spacingMs = limit === 0 ? 0 : 1000 / rps
  const timeoutMs = options.timeoutMs ?? 15_000
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (options.apiKey !== undefined) headers['x-api-key'] = options.apiKey
  const stats: TonApiClientStats = { requests: 0, retries: 0 }
  let nextSlot = 0
  /** When the last `limit` requests started (a ring): none starts within 1 s of the one
   * `limit` places before it, however late the timers of concurrent callers fire. */
  const starts: number[] = []
  let id = 0
  const onEvent = options.onEvent
  /** The method of each retryable failure thrown, and of the last one. */
  const failedMethods = new WeakMap<object, string>()
  let lastFailed = 'unknown'

  /** Waits for this request's slot: at most `rps` requests start in any second. */
  const slot = async () => {
    if (spacingMs === 0) return
    // Evenly spaced reservations …
    const now = performance.now()
    const at = Math.max(now, nextSlot)
    nextSlot = at + spacingMs
    if (at > now) await sleep(at - now)
    // … and a sliding window over the actual starts (timers of waiting calls may fire together).
    for (;;) {
      const t = performance.now()
      const oldest = starts.length < limit ? undefined : starts[starts.length - limit]
      if (oldest === undefined || t - oldest >= WINDOW_MS) break
      await sleep(WINDOW_MS - (t - oldest))
    }
    starts.push(performance.now())
    if (starts.length > 2 * limit) starts.splice(0, starts.length - limit)
  }

  const send = async (what: string, url: string, init: HttpInit): Promise<unknown> => {
    if (onEvent === undefined) return exchange(what, url, init)
    const started = performance.now()
    try {
      const body = await exchange(what, url, init)
      onEvent({ type: 'request', method: what, seconds: seconds(started), outcome: 'ok' })
      return body
    } catch (error) {
      const retryable = error instanceof RetryableSourceError
      if (retryable) {
        failedMethods.set(error, what)
        lastFailed = what
      }
      onEvent({
        type: 'request',
        method: what,
        seconds: seconds(started),
        outcome: retryable ? 'retryable' : 'fatal',
        code: (error as { code?: string }).code,
        message: error instanceof Error ? error.message : String(error),
      })
      throw error
    }
  }

  const exchange = async (what: string, url: string, init: HttpInit): Promise<unknown> => {
    await slot()
    stats.requests += 1
    let response: HttpAnswer
    try {
      response = await httpRequest(url, init, timeoutMs)
    } catch (error) {
      const timedOut = error instanceof HttpTimeout
      throw new RetryableSourceError({
        code: timedOut ? 'SOURCE_TIMEOUT' : 'SOURCE_UNAVAILABLE',
        message: timedOut
          ? `${what}: no answer in ${timeoutMs} ms`
          : `${what}: ${origin} cannot be reached or the answer broke off`,
        cause: error,
      })
    }
    const text = response.text
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
    const code = errorCode(response.status, body)
    if (code !== undefined) throw classify(what, code, response, body)
    if (body === undefined) {
      throw new RetryableSourceError({
        code: 'SOURCE_UNAVAILABLE',
        message: `${what}: the answer is not JSON (${response.status})`,
      })
    }
    return body
  }

  return {
    endpoint,
    origin,
    stats,
    async call<T>(method: string, params: Record<string, unknown>): Promise<T> {
      id += 1
      const body = (await send(method, endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      })) as { result?: unknown }
      return body.result as T
    },
    async get<T>(path: string, query: Record<string, string | readonly string[]> = {}) {
      const url = new URL(path, origin)
      for (const [key, value] of Object.entries(query)) {
        for (const v of typeof value === 'string' ? [value] : value) url.searchParams.append(key, v)
      }
      const get: Record<string, string> = { accept: 'application/json' }
      if (options.apiKey !== undefined) get['x-api-key'] = options.apiKey
      return (await send(`GET ${path}`, url.toString(), { method: 'GET', headers: get })) as T
    },
    noteRetry(error?: unknown) {
      stats.retries += 1
      if (onEvent === undefined) return
      const method =
        typeof error === 'object' && error !== null ? failedMethods.get(error) : undefined
      onEvent({ type: 'retry', method: method ?? lastFailed })
    },
  }
}

/** The failure's status: the HTTP status, or the `code` of a 200 `{ ok: false }` answer. */
function errorCode(status: number, body: unknown): number | undefined {
  if (status >= 400) return status
  if (typeof body === 'object' && body !== null && (body as { ok?: unknown }).ok === false) {
    const code = (body as { code?: unknown }).code
    return typeof code === 'number' ? code : 500
  }
  return undefined
}

function classify(what: string, code: number, response: HttpAnswer, body: unknown): Error {
  const said = describe(body)
  const message = `${what}: ${code}${said === '' ? '' : ` ${said}`}`
  if (code === 429) {
    const seconds = Number(response.retryAfter)
    return new RetryableSourceError({
      code: 'SOURCE_RATE_LIMITED',
      message,
      retryAfterMs: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : undefined,
    })
  }
  // History or state the upstream no longer keeps (pruned; an archival node is needed): gone.
  // toncenter answers a garbage-collected state with a 500 "… state already gc'd".
  if (
    (code === 404 || code === 500) &&
    /not kept|lt not in db|pruned|state already gc'd|STATE_NOT_KEPT|STATE_PRUNED/i.test(said)
  ) {
    return new FatalSourceError({ code: 'SOURCE_GAP', message })
  }
  if (code >= 500 || code === 408) {
    return new RetryableSourceError({ code: 'SOURCE_UNAVAILABLE', message })
  }
  // A block past the upstream's head (a lagging replica behind a load balancer, or a shard
  // block not applied yet): there later.
  if (code === 404 && /block|not ready|not applied/i.test(said)) {
    return new RetryableSourceError({ code: 'SOURCE_NOT_READY', message })
  }
  return new FatalSourceError({ code: 'SOURCE_REJECTED', message })
}

function describe(body: unknown): string {
  if (typeof body !== 'object' || body === null) return ''
  const b = body as { error?: unknown; result?: unknown; error_code?: unknown }
  const parts = [b.error_code, b.error, typeof b.result === 'string' ? b.result : undefined]
  return parts.filter((p): p is string => typeof p === 'string').join(' ')
}

/** The JSON-RPC endpoint and the origin of what a user names as the TON API. */
function endpointOf(url: string): { endpoint: string; origin: string } {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new RangeError(`Not a URL: '${url}'.`)
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new RangeError(`The TON API must be http(s): '${url}'.`)
  }
  const path = parsed.pathname.replace(/\/+$/, '')
  const endpoint = path.endsWith('/jsonRPC')
    ? `${parsed.origin}${path}`
    : path.endsWith('/api/v2')
      ? `${parsed.origin}${path}/jsonRPC`
      : `${parsed.origin}${path}/api/v2/jsonRPC`
  return { endpoint, origin: parsed.origin }
}

/** The rate's window, a little over a second: requests in flight together reach the upstream
 * a few milliseconds apart from when they started. */
const WINDOW_MS = 1050

/** Seconds since `started` (a `performance.now()`). */
function seconds(started: number): number {
  return (performance.now() - started) / 1000
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

type HttpInit = {
  readonly method: 'GET' | 'POST'
  readonly headers: Record<string, string>
  readonly body?: string
}
type HttpAnswer = {
  readonly status: number
  readonly retryAfter: string | null
  readonly text: string
}

/** No answer within the client's time limit. */
class HttpTimeout extends Error {}

// Kept-alive connections, shared by every client of the process: a follower asks thousands of
// small questions, and `fetch`'s streams, abort signals and per-request objects cost it about a
// quarter of its CPU time (a profile of a 3 400-transaction catch-up) against node:http's.
const httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 32 })
const httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 32 })

/** One HTTP exchange: the status, `Retry-After`, and the body as text. */
function httpRequest(url: string, init: HttpInit, timeoutMs: number): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const secure = url.startsWith('https:')
    const request = (secure ? httpsRequestOf : httpRequestOf)(
      url,
      {
        method: init.method,
        headers:
          init.body === undefined
            ? init.headers
            : { ...init.headers, 'content-length': Buffer.byteLength(init.body) },
        agent: secure ? httpsAgent : httpAgent,
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => {
          clearTimeout(timer)
          const retryAfter = response.headers['retry-after']
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
            text: Buffer.concat(chunks).toString('utf8'),
          })
        })
        response.on('error', (error) => {
          clearTimeout(timer)
          reject(error)
        })
      },
    )
    const timer = setTimeout(() => request.destroy(new HttpTimeout()), timeoutMs)
    request.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    request.end(init.body)
  })
}
