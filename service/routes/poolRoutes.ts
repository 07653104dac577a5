import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { LpPositionRow } from '../../store/rows/walletRows.js'
import { canonicalAddress } from '../address/canonicalAddress.js'
import { booleanParam, type Params } from '../http/params.js'
import { mergeBodyIntoQuery } from '../http/requestParams.js'
import type { TypedInstance } from '../http/typeProvider.js'
import { admitsRouter, byPopularity, type MarketReader } from '../market/marketReader.js'
import { type PoolWalletContext, queryPools } from '../query/queryPools.js'
import { readQueryRequest } from '../query/queryRequest.js'
import { ERROR_RESPONSES } from '../wire/common.js'
import { PoolSchema, toWirePool } from '../wire/pool.js'
import { QueryParamsSchema } from './queryParamsSchema.js'

const DexV2 = Type.Optional(
  Type.Boolean({ default: true, description: 'true: v1 and v2 pools; false: v1 only' }),
)
const PoolListResponse = {
  200: Type.Object({ pool_list: Type.Array(PoolSchema) }),
  ...ERROR_RESPONSES,
}

/**
 * Pools: `GET /v1/pools` (`dex_v2`), `GET /v1/pools/{address}`,
 * `GET /v1/pools/by_market/{asset0}/{asset1}` (either order), and `POST /v1/pools/query` with
 * its legacy twin `POST /v1/pool/query` (query string or JSON body).
 *
 * @example
 * ```ts
 * registerPoolRoutes(app, market)
 * ```
 */
export function registerPoolRoutes(fastify: FastifyInstance, market: MarketReader): void {
  const app: TypedInstance = fastify.withTypeProvider()
  const admittedPools = async (dexV2: boolean) => {
    const routers = await market.routerIndex()
    return (await market.pools())
      .filter((pool) => {
        const router = routers.get(pool.routerAddress)
        return router !== undefined && admitsRouter(router, dexV2)
      })
      .sort(byPopularity)
  }

  app.get(
    '/v1/pools',
    {
      schema: {
        tags: ['pools'],
        summary: 'List pools',
        description: 'Most popular first.',
        querystring: Type.Object({ dex_v2: DexV2 }),
        response: PoolListResponse,
      },
    },
    async (request) => {
      const dexV2 = booleanParam(request.query, 'dex_v2', true)
      return { pool_list: (await admittedPools(dexV2)).map((pool) => toWirePool(pool)) }
    },
  )

  app.get(
    '/v1/pools/:address',
    {
      schema: {
        tags: ['pools'],
        summary: 'One pool',
        params: Type.Object({ address: Type.String() }),
        response: { 200: Type.Object({ pool: PoolSchema }), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const address = canonicalAddress(request.params.address, 'address')
      return { pool: toWirePool(await market.pool(address, 'address')) }
    },
  )

  app.get(
    '/v1/pools/by_market/:asset0/:asset1',
    {
      schema: {
        tags: ['pools'],
        summary: 'Pools of an asset pair',
        description:
          'Every pool (any router, any kind) holding both assets, in either order; an empty list when there is none.',
        params: Type.Object({ asset0: Type.String(), asset1: Type.String() }),
        querystring: Type.Object({ dex_v2: DexV2 }),
        response: PoolListResponse,
      },
    },
    async (request) => {
      const asset0 = canonicalAddress(request.params.asset0, 'asset0')
      const asset1 = canonicalAddress(request.params.asset1, 'asset1')
      // A filter: well-formed addresses of unknown assets have no pools (an empty list, not 404).
      const dexV2 = booleanParam(request.query, 'dex_v2', true)
      const routers = await market.routerIndex()
      const pools = (await market.poolsByPair(asset0, asset1)).filter((pool) => {
        const router = routers.get(pool.routerAddress)
        return router !== undefined && admitsRouter(router, dexV2)
      })
      return { pool_list: [...pools].sort(byPopularity).map((pool) => toWirePool(pool)) }
    },
  )

  const query = async (params: Params) => {
    const queryRequest = readQueryRequest(params)
    const pools = await admittedPools(booleanParam(params, 'dex_v2', true))
    const owner = queryRequest.walletAddress
    const assets = await market.assetIndex()
    if (owner === undefined) {
      return { pool_list: queryPools(pools, assets, queryRequest).map((pool) => toWirePool(pool)) }
    }
    const held = await market.store.listLpPositions(owner)
    const positions = new Map<string, LpPositionRow>(held.map((p) => [p.poolAddress, p]))
    const wallet: PoolWalletContext = {
      balances: new Map((await market.balances(owner)).map((b) => [b.assetAddress, b.balance])),
      pools: new Set(
        held
          .filter((p) => p.lpBalance > 0n || p.token0Balance > 0n || p.token1Balance > 0n)
          .map((p) => p.poolAddress),
      ),
    }
    return {
      pool_list: queryPools(pools, assets, queryRequest, wallet).map((pool) =>
        toWirePool(pool, positions.get(pool.address) ?? null),
      ),
    }
  }
  const querySchema = (summary: string) => ({
    preValidation: mergeBodyIntoQuery,
    schema: {
      tags: ['pools'],
      summary,
      description: 'Parameters in the query string (official client) or a JSON body.',
      querystring: Type.Composite([QueryParamsSchema, Type.Object({ dex_v2: DexV2 })]),
      response: PoolListResponse,
    },
  })
  app.post('/v1/pools/query', querySchema('Query pools with a condition'), async (request) =>
    query(request.query),
  )
  app.post(
    '/v1/pool/query',
    querySchema('Query pools (legacy path of /v1/pools/query)'),
    async (request) => query(request.query),
  )
}
