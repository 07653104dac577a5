import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { ChainView } from '../ChainView.js'
import type { ForkHistory } from '../fork/forkHistory.js'
import { forkHistoryMethods } from './forkHistoryMethods.js'
import { TON_API_METHODS } from './methods.js'
import { Params, type RawParams } from './params.js'
import { type BlockActions, toncenterStreaming } from './streaming.js'
import { TonHttpApiError, toTonApiFailure } from './TonHttpApiError.js'
import { toncenterV3 } from './v3/toncenterV3.js'

/**
 * Options of the {@link tonHttpApi} plugin.
 *
 * @example
 * ```ts
 * const options: TonHttpApiOptions = { chain: () => liveChain } // 503 until it returns one
 * ```
 */
export type TonHttpApiOptions = {
  /**
   * The chain to serve, or a function answering it (or `undefined` while no chain runs, e.g.
   * over a snapshot database: every method then answers 503).
   */
  readonly chain: ChainView | (() => ChainView | undefined)
  /** The actions of a block for the Streaming API's `actions` events (none without it). */
  readonly actions?: BlockActions | undefined
  /**
   * A forked chain's past (`OpenedFork.history`): `getTransactions` then goes on below the
   * fork's own transactions into the upstream's at or below the pinned block.
   */
  readonly history?: ForkHistory | undefined
}

/** Most requests one JSON-RPC batch may hold. */
const MAX_BATCH = 100

/** toncenter's error answer, plus our stable `error_code`. */
type ErrorAnswer = { ok: false; error: string; code: number; error_code: string }

/**
 * A TON HTTP API compatible with toncenter's API v2, served from a chain ({@link ChainView}, e.g. a `LiveChain`):
 * `POST /api/v2/jsonRPC` (JSON-RPC 2.0: `{ "jsonrpc": "2.0", "id", "method", "params" }`) and
 * every method as `GET` (query string) or `POST` (JSON body) `/api/v2/<method>`. Answers are
 * `{ "ok": true, "result": … }`; failures `{ "ok": false, "error": message, "code": status,
 * "error_code": stable code }` with a 4xx status: 400 for a malformed parameter or BoC, 404
 * for an unknown method, 422 for an external message the chain rejects, 503 when no chain
 * runs. `@ton/ton`'s `TonClient` and `@ston-fi/sdk`'s `Client` work against it unchanged:
 * `new TonClient({ endpoint: 'http://127.0.0.1:3000/api/v2/jsonRPC' })`.
 * Methods and shapes: `chain/tonHttpApi/README.md`. Register it without a prefix; its routes carry
 * `/api/v2`. It also registers {@link toncenterV3}, the toncenter API v3 subset under `/api/v3`.
 *
 * @example
 * ```ts
 * const app = Fastify()
 * await app.register(tonHttpApi, { chain })
 * await app.listen({ host: '127.0.0.1', port: 3000 })
 * const client = new TonClient({ endpoint: 'http://127.0.0.1:3000/api/v2/jsonRPC' })
 * await client.getBalance(wallet.address) // 99_990_000_000n
 * ```
 */
export const tonHttpApi: FastifyPluginAsync<TonHttpApiOptions> = async (
  app: FastifyInstance,
  options: TonHttpApiOptions,
) => {
  const resolveChain =
    typeof options.chain === 'function' ? options.chain : () => options.chain as ChainView

  const methods =
    options.history === undefined
      ? TON_API_METHODS
      : { ...TON_API_METHODS, ...forkHistoryMethods(options.history) }

  const call = async (method: string, raw: RawParams): Promise<unknown> => {
    const handler = Object.hasOwn(methods, method) ? methods[method] : undefined
    if (!handler) {
      throw new TonHttpApiError({
        code: 'TON_API_METHOD_NOT_FOUND',
        status: 404,
        message: `Unknown method ${JSON.stringify(method.slice(0, 80))}.`,
      })
    }
    const chain = resolveChain()
    if (!chain) {
      throw new TonHttpApiError({
        code: 'TON_API_NO_CHAIN',
        status: 503,
        message: 'No chain runs behind this server: it serves a snapshot database.',
      })
    }
    return handler(new Params(raw), chain)
  }

  // toncenter API v3's subset (`/api/v3/…`), with its own error shape.
  await app.register(toncenterV3, { chain: resolveChain })

  app.setErrorHandler((error, request, reply) => {
    const answer = toErrorAnswer(error)
    if (isServerFault(answer)) request.log.error(error)
    void reply.status(answer.code).send(answer)
  })

  // toncenter's Streaming API v2 (SSE), under this plugin's error answers (registered after
  // setErrorHandler, so its scope inherits it).
  await app.register(toncenterStreaming, { chain: resolveChain, actions: options.actions })

  /** One JSON-RPC request object: its answer and the status it would have alone. */
  const rpc = async (
    request: FastifyRequest,
    body: unknown,
  ): Promise<{ status: number; answer: Record<string, unknown> }> => {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      const message = 'A JSON-RPC 2.0 request must be an object.'
      return {
        status: 400,
        answer: { ...errorOf('TON_API_INVALID_REQUEST', 400, message), jsonrpc: '2.0', id: null },
      }
    }
    const { id, method, params } = body as { id?: unknown; method?: unknown; params?: unknown }
    const envelope = { jsonrpc: '2.0', id: id ?? null }
    if (typeof method !== 'string' || method === '') {
      return {
        status: 400,
        answer: { ...errorOf('TON_API_INVALID_REQUEST', 400, 'Missing method.'), ...envelope },
      }
    }
    if (
      params !== undefined &&
      (typeof params !== 'object' || params === null || Array.isArray(params))
    ) {
      const error = errorOf('TON_API_INVALID_REQUEST', 400, 'params must be an object.')
      return { status: 400, answer: { ...error, ...envelope } }
    }
    try {
      const result = await call(method, (params ?? {}) as RawParams)
      return { status: 200, answer: { ok: true, result, ...envelope } }
    } catch (error) {
      const answer = toErrorAnswer(error)
      if (isServerFault(answer)) request.log.error(error)
      return { status: answer.code, answer: { ...answer, ...envelope } }
    }
  }

  app.post(
    '/api/v2/jsonRPC',
    { schema: docs('JSON-RPC 2.0 call of any method, or a batch (an array of calls)') },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const body = request.body
      if (Array.isArray(body)) {
        if (body.length === 0 || body.length > MAX_BATCH) {
          throw new TonHttpApiError({
            code: 'TON_API_INVALID_REQUEST',
            status: 400,
            message: `A JSON-RPC batch holds 1 to ${MAX_BATCH} requests; this one holds ${body.length}.`,
          })
        }
        // In order, one after another: a batch of sendBoc and reads sees its own effects.
        const answers: Record<string, unknown>[] = []
        for (const item of body) answers.push((await rpc(request, item)).answer)
        return answers
      }
      if (typeof body !== 'object' || body === null) {
        throw new TonHttpApiError({
          code: 'TON_API_INVALID_REQUEST',
          status: 400,
          message: 'The body must be a JSON-RPC 2.0 request object or an array of them.',
        })
      }
      const { status, answer } = await rpc(request, body)
      return reply.status(status).send(answer)
    },
  )

  app.get(
    '/api/v2/:method',
    { schema: docs('A method, parameters in the query string') },
    async (request: FastifyRequest) => {
      const { method } = request.params as { method: string }
      return { ok: true, result: await call(method, (request.query ?? {}) as RawParams) }
    },
  )

  app.post(
    '/api/v2/:method',
    { schema: docs('A method, parameters in a JSON body') },
    async (request: FastifyRequest) => {
      const { method } = request.params as { method: string }
      const body = request.body
      const params =
        typeof body === 'object' && body !== null && !Array.isArray(body)
          ? { ...(request.query as RawParams), ...(body as RawParams) }
          : (request.query as RawParams)
      return { ok: true, result: await call(method, params ?? {}) }
    },
  )
}

/** OpenAPI annotations only: parameters are validated by the methods, with toncenter's errors. */
function docs(summary: string): Record<string, unknown> {
  return {
    tags: ['TON HTTP API (toncenter v2)'],
    summary,
    description: `Methods: ${Object.keys(TON_API_METHODS).join(', ')}.`,
  }
}

function errorOf(errorCode: string, status: number, message: string): ErrorAnswer {
  return { ok: false, error: message, code: status, error_code: errorCode }
}

/** A 5xx worth logging: not a state the chain no longer keeps (toncenter answers those 500). */
function isServerFault(answer: ErrorAnswer): boolean {
  return answer.code >= 500 && answer.error_code !== 'TON_API_STATE_PRUNED'
}

/** The v2 answer of a failure: toncenter's shape around {@link toTonApiFailure}. */
function toErrorAnswer(error: unknown): ErrorAnswer {
  const failure = toTonApiFailure(error)
  return errorOf(failure.code, failure.status, failure.message)
}
