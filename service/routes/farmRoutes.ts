import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { FarmRow } from '../../store/rows/referenceRows.js'
import { canonicalAddress } from '../address/canonicalAddress.js'
import { NotFoundError } from '../errors/NotFoundError.js'
import { booleanParam, type Params } from '../http/params.js'
import type { TypedInstance } from '../http/typeProvider.js'
import { admitsRouter, type MarketReader } from '../market/marketReader.js'
import { ERROR_RESPONSES } from '../wire/common.js'
import { FarmSchema, toWireFarm } from '../wire/farm.js'

/** Farm statuses that mean "running" (v1/v2 minters say `active`, v3 minters `operational`). */
const RUNNING = new Set(['active', 'operational'])

/**
 * Whether a farm is still running: a running status and rewards left to distribute.
 *
 * @example
 * ```ts
 * isActiveFarm({ status: 'paused', allRewardsDistributed: true }) // false
 * ```
 */
export function isActiveFarm(farm: Pick<FarmRow, 'status' | 'allRewardsDistributed'>): boolean {
  return RUNNING.has(farm.status) && !farm.allRewardsDistributed
}

/** Farm list filters shared by `/v1/farms` and `/v1/wallets/{address}/farms`. */
export const FarmListQuery = Type.Object({
  dex_v2: Type.Optional(
    Type.Boolean({ default: true, description: 'true: farms of v1 and v2 pools; false: v1 only' }),
  ),
  only_active: Type.Optional(
    Type.Boolean({ default: false, description: 'Only farms still distributing rewards' }),
  ),
})

/**
 * The farms passing `dex_v2` and `only_active`, by minter address (`keep` may force a farm in,
 * e.g. one whose NFTs a wallet still holds).
 *
 * @example
 * ```ts
 * await filteredFarms(market, request.query, () => false)
 * ```
 */
export async function filteredFarms(
  market: MarketReader,
  params: Params,
  keep: (farm: FarmRow) => boolean,
): Promise<FarmRow[]> {
  const dexV2 = booleanParam(params, 'dex_v2', true)
  const onlyActive = booleanParam(params, 'only_active', false)
  const routers = await market.routerIndex()
  const pools = new Map((await market.store.listPools()).map((p) => [p.address, p]))
  return (await market.farms()).filter((farm) => {
    const router = routers.get(pools.get(farm.poolAddress)?.routerAddress ?? '')
    if (router === undefined || !admitsRouter(router, dexV2)) return false
    return !onlyActive || isActiveFarm(farm) || keep(farm)
  })
}

/**
 * Farms: `GET /v1/farms` (`dex_v2`, `only_active`), `GET /v1/farms/{address}` (minter
 * address), `GET /v1/farms/by_pool/{pool_address}` and the official client's
 * `GET /v1/farms_by_pool/{pool_address}`. Outside wallet endpoints `nft_infos` is empty.
 *
 * @example
 * ```ts
 * registerFarmRoutes(app, market)
 * ```
 */
export function registerFarmRoutes(fastify: FastifyInstance, market: MarketReader): void {
  const app: TypedInstance = fastify.withTypeProvider()
  const FarmList = { 200: Type.Object({ farm_list: Type.Array(FarmSchema) }), ...ERROR_RESPONSES }

  app.get(
    '/v1/farms',
    {
      schema: {
        tags: ['farms'],
        summary: 'List farms',
        querystring: FarmListQuery,
        response: FarmList,
      },
    },
    async (request) => ({
      farm_list: (await filteredFarms(market, request.query, () => false)).map((f) =>
        toWireFarm(f, []),
      ),
    }),
  )

  app.get(
    '/v1/farms/:address',
    {
      schema: {
        tags: ['farms'],
        summary: 'One farm (by minter address)',
        params: Type.Object({ address: Type.String() }),
        response: { 200: Type.Object({ farm: FarmSchema }), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const address = canonicalAddress(request.params.address, 'address')
      const farm = await market.findFarm(address)
      if (farm === undefined) {
        throw new NotFoundError({ code: 'FARM_NOT_FOUND', field: 'address', address })
      }
      return { farm: toWireFarm(farm, []) }
    },
  )

  const byPool = async (poolAddress: string) => {
    // A filter: a well-formed address of no known pool has no farms (an empty list, not 404).
    const pool = canonicalAddress(poolAddress, 'pool_address')
    const farms = (await market.farms()).filter((f) => f.poolAddress === pool)
    return { farm_list: farms.map((f) => toWireFarm(f, [])) }
  }
  const byPoolSchema = (summary: string) => ({
    schema: {
      tags: ['farms'],
      summary,
      params: Type.Object({ pool_address: Type.String() }),
      response: FarmList,
    },
  })
  app.get('/v1/farms/by_pool/:pool_address', byPoolSchema('Farms of a pool'), async (request) =>
    byPool(request.params.pool_address),
  )
  app.get(
    '/v1/farms_by_pool/:pool_address',
    byPoolSchema('Farms of a pool (path used by the official client)'),
    async (request) => byPool(request.params.pool_address),
  )
}
