import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify'
import type { StoreReader } from '../store/Store.js'
import type { ChainReader } from './chain/ChainReader.js'
import { MethodNotAllowedError } from './errors/MethodNotAllowedError.js'
import { NotFoundError } from './errors/NotFoundError.js'
import { toErrorResponse } from './errors/toErrorResponse.js'
import { allowCrossOrigin } from './http/cors.js'
import { parseQueryString } from './http/parseQueryString.js'
import { createResponseCache, type ResponseCacheOptions } from './http/responseCache.js'
import { createRouteMethods } from './http/routeMethods.js'
import { createSharedAnswers } from './http/sharedAnswers.js'
import { createMarketReader } from './market/marketReader.js'
import { registerActionTreeRoutes } from './routes/actionTreeRoutes.js'
import { registerAssetRoutes } from './routes/assetRoutes.js'
import { registerDocsRoutes } from './routes/docsRoutes.js'
import { registerExportRoutes } from './routes/exportRoutes.js'
import { registerFarmRoutes } from './routes/farmRoutes.js'
import { registerHistoryRoutes } from './routes/historyRoutes.js'
import { registerPoolRoutes } from './routes/poolRoutes.js'
import { registerRouterRoutes } from './routes/routerRoutes.js'
import { registerSimulateRoutes } from './routes/simulateRoutes.js'
import { registerStatsRoutes } from './routes/statsRoutes.js'
import { registerWalletRoutes } from './routes/walletRoutes.js'
import type { UsdStablecoin } from './wire/indexedMarket.js'

/** Options of {@link createService}. */
export type CreateServiceOptions = {
  /** Where the market lives (e.g. `createSqliteStore({ path })`). */
  readonly store: StoreReader
  /** Fastify's logger: `false` (default) or `true` / pino options. */
  readonly logger?: boolean | Record<string, unknown>
  /** Serve `/swagger-ui/`, `/redoc` and `/openapi.json` (default true). */
  readonly docs?: boolean
  /** Largest accepted request body in bytes (default 1 MiB). */
  readonly bodyLimit?: number
  /**
   * The USD stablecoin statistics and exports price against (default: the stored asset with
   * symbol `USDT` / `USD₮`); see `docs/indexer.md`.
   */
  readonly usdStablecoin?: UsdStablecoin | undefined
  /**
   * Let browser pages of any origin call the API (default false): every answer carries
   * `Access-Control-Allow-Origin: *`, and a CORS preflight (`OPTIONS` with
   * `Access-Control-Request-Method`) on any path answers 204 with the allowed methods and
   * headers. The local exchange turns it on (`--no-cors` turns it off); see `docs/service.md`.
   */
  readonly cors?: boolean | undefined
  /**
   * The running chain, when one runs (the local exchange passes its live chain): jetton-wallet
   * addresses of any owner come from the minter's `get_wallet_address`. Without it (a snapshot
   * database) the service answers from the store alone.
   */
  readonly chain?: ChainReader | undefined
  /**
   * The cache of finished answers (a wallet's operations, the statistics and the CoinMarketCap
   * feed), keyed on the request URL and the store's data version, so never stale after a write;
   * identical statistics requests arriving together also share one computation. Its size bounds
   * (default 32 MiB in all, answers up to 4 MiB), or `false` to compute every answer.
   */
  readonly responseCache?: ResponseCacheOptions | false | undefined
  /**
   * Fastify server options an operator's node sets: a logger instance shared with the node's
   * other servers (instead of {@link CreateServiceOptions.logger}), request ids
   * (`genReqId`, `requestIdHeader`, `logController`), whether a request arriving while the
   * server closes is answered (`return503OnClosing: false`, a node's drain). Default none.
   */
  readonly server?: ServiceServerOptions | undefined
  /**
   * Called with the new instance before any route is registered: hooks that must see every
   * route (request metrics), routes kept out of the OpenAPI document (health, metrics).
   */
  readonly setup?: ((app: FastifyInstance) => void | Promise<void>) | undefined
}

/**
 * The Fastify server options {@link createService} takes from a node (its logger and request
 * ids).
 *
 * @example
 * ```ts
 * const server: ServiceServerOptions = { requestIdHeader: 'x-request-id', genReqId: () => 'r1' }
 * ```
 */
export type ServiceServerOptions = Pick<
  FastifyServerOptions,
  'loggerInstance' | 'genReqId' | 'requestIdHeader' | 'logController' | 'return503OnClosing'
>

/** The package version, shown in the OpenAPI document. */
const API_VERSION = '1.168.0'

/**
 * Builds the offline REST service over `store`: the wire-compatible `/v1` endpoints of the
 * exchange API (routers, markets, assets, pools, farms, wallets, simulations), interactive
 * docs at `/swagger-ui/` and `/redoc`, and one error mapping for every failure
 * (`{"error": {"code", "message", "field"?}}`; see `docs/service.md`). The returned Fastify
 * instance is ready: `listen()` it, call it in-process with `inject()`, or mount its
 * `routing` function in another Node HTTP server.
 *
 * @example
 * ```ts
 * import { createService, importSnapshotFile } from 'ton-dex-lab/service'
 * import { createSqliteStore } from 'ton-dex-lab/store'
 * const store = createSqliteStore({ path: ':memory:' })
 * await importSnapshotFile(store, 'market.json') // a market with nine routers
 * const app = await createService({ store })
 * const res = await app.inject('/v1/routers')
 * res.json().router_list.length // 9
 * ```
 */
export async function createService({
  store,
  logger = false,
  docs = true,
  bodyLimit = 1024 * 1024,
  usdStablecoin,
  cors = false,
  chain,
  responseCache = {},
  server,
  setup,
}: CreateServiceOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(server?.loggerInstance === undefined ? { logger } : {}),
    ...server,
    bodyLimit,
    routerOptions: {
      maxParamLength: 500,
      querystringParser: parseQueryString,
      ignoreTrailingSlash: true,
    },
    // Bad percent-encoding or overlong path segments, before any route runs.
    frameworkErrors: (error, _request, reply) => sendError(reply, error),
  })

  // JSON bodies: an empty body (clients that POST query-string parameters with a JSON
  // content type) is no body at all.
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (text.trim() === '') {
      done(null, undefined)
      return
    }
    try {
      done(null, JSON.parse(text))
    } catch {
      const error = new Error('The body is not valid JSON.') as FastifyError
      error.statusCode = 400
      error.code = 'FST_ERR_CTP_INVALID_JSON_BODY'
      done(error, undefined)
    }
  })

  // Form bodies (what `curl -d ''` sends): empty is no body; otherwise its fields are
  // parameters like a JSON body's.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8')
      done(null, text.trim() === '' ? undefined : parseQueryString(text))
    },
  )

  if (cors) allowCrossOrigin(app)
  await setup?.(app)

  // Every route's methods, for 405 answers on a known path called with another method.
  const routeMethods = createRouteMethods()
  app.addHook('onRoute', (route) => routeMethods.add(route.method, route.url))

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof MethodNotAllowedError) reply.header('allow', error.allowed.join(', '))
    const response = toErrorResponse(error)
    if (response.status >= 500) request.log.error({ err: error }, 'unexpected failure')
    return reply.code(response.status).send(response.body)
  })
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? request.url
    const allowed = routeMethods.allowed(path)
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      reply.header('allow', allowed.join(', '))
      return sendError(reply, new MethodNotAllowedError({ method: request.method, path, allowed }))
    }
    return sendError(reply, new NotFoundError({ code: 'ROUTE_NOT_FOUND', address: request.url }))
  })

  if (docs) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'ton-dex-lab offline DEX API',
          description:
            'Offline, wire-compatible implementation of the STON.fi-style REST API (DEX v1 and v2) with exact pool math. Every failure answers {"error": {"code", "message", "field"?}}.',
          version: API_VERSION,
        },
        tags: [
          { name: 'routers', description: 'Routers and trading pairs' },
          { name: 'assets', description: 'Assets and jetton wallets' },
          { name: 'pools', description: 'Pools and pool queries' },
          { name: 'farms', description: 'Incentive farms' },
          { name: 'wallets', description: 'Per-wallet positions' },
          { name: 'simulations', description: 'Swap, reverse-swap and provision previews' },
          { name: 'transactions', description: 'Swap status, transaction queries, action trees' },
          { name: 'stats', description: 'Statistics and referral-fee reports from history' },
          { name: 'exports', description: 'CoinMarketCap and DEX Screener feeds' },
        ],
      },
    })
    await app.register(swaggerUi, { routePrefix: '/swagger-ui' })
    registerDocsRoutes(app)
  }

  const market = createMarketReader(store, usdStablecoin, chain)
  registerRouterRoutes(app, market)
  registerAssetRoutes(app, market)
  registerPoolRoutes(app, market)
  registerFarmRoutes(app, market)
  registerWalletRoutes(app, market)
  registerSimulateRoutes(app, market)
  // Finished answers kept until the data changes: wallet operations, statistics, exports.
  const answers = responseCache === false ? undefined : createResponseCache(responseCache)
  const shared = createSharedAnswers(store, answers)
  registerHistoryRoutes(app, market, answers, shared)
  registerActionTreeRoutes(app, market)
  registerStatsRoutes(app, market, usdStablecoin, shared)
  registerExportRoutes(app, market, usdStablecoin, shared)

  await app.ready()
  return app
}

function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  const response = toErrorResponse(error)
  return reply.code(response.status).send(response.body)
}
