import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import type { WalletBalanceRow } from '../../store/rows/walletRows.js'
import { canonicalAddress } from '../address/canonicalAddress.js'
import { resolveJettonWallet } from '../address/jettonWalletAddress.js'
import { UnprocessableError } from '../errors/UnprocessableError.js'
import { type Params, requiredAddress } from '../http/params.js'
import { mergeBodyIntoQuery, mergeQueryIntoBody } from '../http/requestParams.js'
import type { TypedInstance } from '../http/typeProvider.js'
import type { MarketReader } from '../market/marketReader.js'
import { type AssetWalletContext, queryAssets } from '../query/queryAssets.js'
import { readQueryRequest } from '../query/queryRequest.js'
import {
  AssetQueryItemSchema,
  AssetSchema,
  toWireAsset,
  toWireAssetQueryItem,
} from '../wire/asset.js'
import { ERROR_RESPONSES } from '../wire/common.js'
import { QueryParamsSchema } from './queryParamsSchema.js'

const AssetQueryResponse = {
  200: Type.Object({ asset_list: Type.Array(AssetQueryItemSchema) }),
  ...ERROR_RESPONSES,
}

/**
 * Assets: `GET /v1/assets`, `GET /v1/assets/{address}`, `POST /v1/assets/query` (JSON body or
 * query string), legacy `POST /v1/assets/search` (`search_string`), and
 * `GET /v1/jetton/{address}/address?owner_address=` (an owner's jetton-wallet address).
 *
 * @example
 * ```ts
 * registerAssetRoutes(app, market)
 * ```
 */
export function registerAssetRoutes(fastify: FastifyInstance, market: MarketReader): void {
  const app: TypedInstance = fastify.withTypeProvider()
  app.get(
    '/v1/assets',
    {
      schema: {
        tags: ['assets'],
        summary: 'List assets',
        response: { 200: Type.Object({ asset_list: Type.Array(AssetSchema) }), ...ERROR_RESPONSES },
      },
    },
    async () => ({ asset_list: (await market.assets()).map((a) => toWireAsset(a)) }),
  )

  app.get(
    '/v1/assets/:address',
    {
      schema: {
        tags: ['assets'],
        summary: 'One asset',
        params: Type.Object({ address: Type.String() }),
        response: { 200: Type.Object({ asset: AssetSchema }), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const address = canonicalAddress(request.params.address, 'address')
      return { asset: toWireAsset(await market.asset(address, 'address')) }
    },
  )

  const runQuery = async (params: Params, legacy: boolean) => {
    const query = readQueryRequest(params, legacy ? ['search_string'] : [])
    const owner = query.walletAddress
    const held =
      owner === undefined
        ? undefined
        : new Map((await market.balances(owner)).map((b) => [b.assetAddress, b]))
    const wallet = owner === undefined ? undefined : await walletContext(owner, held)
    const rows = queryAssets(await market.assets(), query, wallet)
    return {
      asset_list: rows.map((row) => {
        if (owner === undefined) return toWireAssetQueryItem(row)
        const balance = held?.get(row.address)
        return toWireAssetQueryItem(row, {
          balance: balance?.balance ?? 0n,
          walletAddress: row.kind === 'Ton' ? owner : (balance?.jettonWalletAddress ?? null),
        })
      }),
    }
  }
  const walletContext = async (
    walletAddress: string,
    held: ReadonlyMap<string, WalletBalanceRow> | undefined,
  ): Promise<AssetWalletContext> => {
    const balances = new Map([...(held?.values() ?? [])].map((b) => [b.assetAddress, b.balance]))
    const liquidityAssets = new Set<string>()
    for (const position of await market.store.listLpPositions(walletAddress)) {
      const pool = await market.store.getPool(position.poolAddress)
      if (pool === undefined || position.lpBalance === 0n) continue
      liquidityAssets.add(pool.token0Address)
      liquidityAssets.add(pool.token1Address)
    }
    return { balances, liquidityAssets }
  }

  app.post(
    '/v1/assets/query',
    {
      preValidation: mergeQueryIntoBody,
      schema: {
        tags: ['assets'],
        summary: 'Query assets with a condition',
        description: 'Parameters in a JSON body (official client) or in the query string.',
        body: QueryParamsSchema,
        response: AssetQueryResponse,
      },
    },
    async (request) => runQuery(request.body, false),
  )

  app.post(
    '/v1/assets/search',
    {
      preValidation: mergeBodyIntoQuery,
      schema: {
        tags: ['assets'],
        summary: 'Search assets (legacy; prefer /v1/assets/query)',
        querystring: Type.Composite([
          Type.Object({
            search_string: Type.String({ description: 'Symbol or name substring, or an address' }),
          }),
          QueryParamsSchema,
        ]),
        response: AssetQueryResponse,
      },
    },
    async (request) => runQuery(request.query, true),
  )

  app.get(
    '/v1/jetton/:address/address',
    {
      schema: {
        tags: ['assets'],
        summary: "An owner's jetton-wallet address",
        description:
          "A stored address, else derived from the jetton's wallet layout the writer recorded, else the master's get_wallet_address on a chain the server asks; 422 JETTON_WALLET_UNKNOWN (naming the jetton) otherwise. The native coin answers the owner itself.",
        params: Type.Object({ address: Type.String() }),
        querystring: Type.Object({ owner_address: Type.String() }),
        response: { 200: Type.Object({ address: Type.String() }), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const jetton = await market.asset(
        canonicalAddress(request.params.address, 'address'),
        'address',
      )
      const owner = requiredAddress(request.query, 'owner_address')
      const wallet = await resolveJettonWallet(market.store, jetton, owner, market.chain)
      if (wallet === undefined) {
        throw new UnprocessableError({
          code: 'JETTON_WALLET_UNKNOWN',
          field: 'address',
          message: `The wallet layout of jetton ${jetton.symbol} (${jetton.address}) is not recorded and no chain is asked (--chain-api), so its wallet addresses cannot be derived here.`,
        })
      }
      return { address: wallet }
    },
  )
}
