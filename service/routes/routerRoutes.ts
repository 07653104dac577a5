import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { canonicalAddress } from '../address/canonicalAddress.js'
import { booleanParam } from '../http/params.js'
import type { TypedInstance } from '../http/typeProvider.js'
import { admitsRouter, byPopularity, type MarketReader } from '../market/marketReader.js'
import { ERROR_RESPONSES } from '../wire/common.js'
import { RouterSchema, toWireRouter } from '../wire/router.js'

const DexV2Query = Type.Object({
  dex_v2: Type.Optional(
    Type.Boolean({ default: true, description: 'true: v1 and v2 routers; false: v1 only' }),
  ),
})

/**
 * Routers and markets: `GET /v1/routers` (`dex_v2`, default true), `GET /v1/routers/{address}`,
 * `GET /v1/markets` (pairs of asset addresses that have a pool; `dex_v2`).
 *
 * @example
 * ```ts
 * registerRouterRoutes(app, market)
 * (await app.inject('/v1/routers?dex_v2=false')).json().router_list.length // 1
 * ```
 */
export function registerRouterRoutes(fastify: FastifyInstance, market: MarketReader): void {
  const app: TypedInstance = fastify.withTypeProvider()
  app.get(
    '/v1/routers',
    {
      schema: {
        tags: ['routers'],
        summary: 'List routers',
        querystring: DexV2Query,
        response: {
          200: Type.Object({ router_list: Type.Array(RouterSchema) }),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const dexV2 = booleanParam(request.query, 'dex_v2', true)
      const routers = await market.store.listRouters()
      return { router_list: routers.filter((r) => admitsRouter(r, dexV2)).map(toWireRouter) }
    },
  )

  app.get(
    '/v1/routers/:address',
    {
      schema: {
        tags: ['routers'],
        summary: 'One router',
        params: Type.Object({ address: Type.String() }),
        response: { 200: Type.Object({ router: RouterSchema }), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const address = canonicalAddress(request.params.address, 'address')
      return { router: toWireRouter(await market.router(address, 'address')) }
    },
  )

  app.get(
    '/v1/markets',
    {
      schema: {
        tags: ['routers'],
        summary: 'All trading pairs',
        description: 'Each pair is [token0_address, token1_address] of a pool; each pair once.',
        querystring: DexV2Query,
        response: {
          200: Type.Object({
            pairs: Type.Array(Type.Array(Type.String(), { minItems: 2, maxItems: 2 })),
          }),
          ...ERROR_RESPONSES,
        },
      },
    },
    async (request) => {
      const dexV2 = booleanParam(request.query, 'dex_v2', true)
      const routers = await market.routerIndex()
      const pools = [...(await market.store.listPools())].sort(byPopularity)
      const seen = new Set<string>()
      const pairs: [string, string][] = []
      for (const pool of pools) {
        const router = routers.get(pool.routerAddress)
        if (router === undefined || !admitsRouter(router, dexV2)) continue
        const key = [pool.token0Address, pool.token1Address].sort().join(' ')
        if (seen.has(key)) continue
        seen.add(key)
        pairs.push([pool.token0Address, pool.token1Address])
      }
      return { pairs }
    },
  )
}
