import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ChainView } from '../../ChainView.js'
import { Params } from '../params.js'
import { TonHttpApiError, toTonApiFailure } from '../TonHttpApiError.js'
import { sendMessage, V3_ENDPOINTS } from './methods.js'
import { V3Query } from './query.js'

/**
 * Options of the {@link toncenterV3} plugin.
 *
 * @example
 * ```ts
 * const options: ToncenterV3Options = { chain: () => liveChain } // 503 until it returns one
 * ```
 */
export type ToncenterV3Options = {
  /** The chain to serve, or a function answering it (`undefined` while none runs: 503). */
  readonly chain: ChainView | (() => ChainView | undefined)
}

/** toncenter v3's error body, plus our stable `error_code`. */
type V3ErrorAnswer = { status: number; body: { error: string; error_code: string } }

/**
 * The toncenter API v3 subset that chain followers and dApps call, served from a
 * {@link ChainView} (its history, not an indexer): `GET /api/v3/transactions`,
 * `/api/v3/transactionsByMessage`, `/api/v3/traces`, `/api/v3/jetton/wallets` and
 * `/api/v3/masterchainInfo`, and `POST /api/v3/message`, in toncenter's shapes (toncenter/ton-indexer
 * `ton-index-go/index/models/*.go`): raw upper-case addresses plus `address_book`, base64 hashes,
 * amounts and lts as strings, `finality: "finalized"`. Errors are `{ "error": message,
 * "error_code": stable code }`: 400 for a bad parameter (named in the message), 503 when no
 * chain runs. The TON HTTP API plugin registers it; parameters and shapes:
 * `chain/tonHttpApi/README.md`.
 *
 * @example
 * ```ts
 * await app.register(toncenterV3, { chain })
 * await fetch(`${base}/api/v3/transactions?account=${raw}&start_lt=9000001&sort=asc&limit=1000`)
 * // { transactions: [{ account: '0:83DF…', lt: '9000001', mc_block_seqno: 4, … }], address_book: { … } }
 * ```
 */
export const toncenterV3: FastifyPluginAsync<ToncenterV3Options> = async (
  app: FastifyInstance,
  options: ToncenterV3Options,
) => {
  const resolveChain =
    typeof options.chain === 'function' ? options.chain : () => options.chain as ChainView

  app.setErrorHandler((error, request, reply) => {
    const answer = toV3Error(error)
    if (answer.status >= 500) request.log.error(error)
    void reply.status(answer.status).send(answer.body)
  })

  for (const [path, endpoint] of Object.entries(V3_ENDPOINTS)) {
    app.get(
      `/api/v3/${path}`,
      {
        schema: {
          tags: ['toncenter API v3 (subset)'],
          summary: `toncenter v3 /api/v3/${path}`,
        },
      },
      async (request: FastifyRequest) => {
        const chain = resolveChain()
        if (!chain) {
          throw new TonHttpApiError({
            code: 'TON_API_NO_CHAIN',
            status: 503,
            message: 'No chain runs behind this server: it serves a snapshot database.',
          })
        }
        const query = (request.query ?? {}) as Record<string, unknown>
        return endpoint(new V3Query(query), chain)
      },
    )
  }

  app.post(
    '/api/v3/message',
    {
      schema: { tags: ['toncenter API v3 (subset)'], summary: 'toncenter v3 POST /api/v3/message' },
    },
    async (request: FastifyRequest) => {
      const chain = resolveChain()
      if (!chain) {
        throw new TonHttpApiError({
          code: 'TON_API_NO_CHAIN',
          status: 503,
          message: 'No chain runs behind this server: it serves a snapshot database.',
        })
      }
      const body = request.body
      const params =
        typeof body === 'object' && body !== null && !Array.isArray(body)
          ? (body as Record<string, unknown>)
          : {}
      return sendMessage(new Params(params), chain)
    },
  )

  // Any other v3 path: toncenter's error shape rather than Fastify's, naming what is served.
  app.route({
    method: ['GET', 'POST'],
    url: '/api/v3/*',
    schema: { hide: true },
    handler: async (request: FastifyRequest) => {
      const path = request.url.split('?')[0]!.slice(0, 120)
      throw new TonHttpApiError({
        code: 'TON_API_METHOD_NOT_FOUND',
        status: 404,
        message: `${request.method} ${path} is not served here; the toncenter v3 subset is GET ${Object.keys(
          V3_ENDPOINTS,
        )
          .map((name) => `/api/v3/${name}`)
          .join(', ')} and POST /api/v3/message.`,
      })
    },
  })
}

/** The v3 answer of a failure: v3's shape around {@link toTonApiFailure}. */
function toV3Error(error: unknown): V3ErrorAnswer {
  const failure = toTonApiFailure(error)
  return { status: failure.status, body: { error: failure.message, error_code: failure.code } }
}
