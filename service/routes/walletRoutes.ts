import { Type } from '@sinclair/typebox'
import type { FastifyInstance } from 'fastify'
import { canonicalAddress } from '../address/canonicalAddress.js'
import { resolveJettonWallet } from '../address/jettonWalletAddress.js'
import { NotFoundError } from '../errors/NotFoundError.js'
import { booleanParam } from '../http/params.js'
import type { TypedInstance } from '../http/typeProvider.js'
import { admitsRouter, byPopularity, type MarketReader } from '../market/marketReader.js'
import { AssetSchema, toWireAsset } from '../wire/asset.js'
import { ERROR_RESPONSES } from '../wire/common.js'
import { FarmSchema, toWireFarm } from '../wire/farm.js'
import { PoolSchema, toWirePool } from '../wire/pool.js'
import { StakesSchema, toWireStakes, toWireVault, VaultSchema } from '../wire/walletObjects.js'
import { FarmListQuery, filteredFarms } from './farmRoutes.js'

const Wallet = { address: Type.String({ description: 'Wallet (owner) address' }) }

/**
 * Per-wallet endpoints under `/v1/wallets/{address}/`: `assets`, `assets/{asset}`, `pools`,
 * `pools/{pool}`, `farms`, `farms/{farm}`, `stakes` (and `stake`), `fee_vaults` (DEX v2
 * referral-fee vaults). Any well-formed address is a wallet: one the store knows nothing
 * about simply holds nothing.
 *
 * @example
 * ```ts
 * registerWalletRoutes(app, market)
 * ```
 */
export function registerWalletRoutes(fastify: FastifyInstance, market: MarketReader): void {
  const app: TypedInstance = fastify.withTypeProvider()
  const { store } = market
  const walletOf = (request: { params: { address: string } }) =>
    canonicalAddress(request.params.address, 'address')
  const tags = ['wallets']

  app.get(
    '/v1/wallets/:address/assets',
    {
      schema: {
        tags,
        summary: 'The asset catalogue with the wallet balances',
        params: Type.Object(Wallet),
        response: { 200: Type.Object({ asset_list: Type.Array(AssetSchema) }), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const owner = walletOf(request)
      const held = new Map((await market.balances(owner)).map((b) => [b.assetAddress, b]))
      const assets = await market.assets()
      return {
        asset_list: assets.map((asset) => {
          const balance = held.get(asset.address)
          return toWireAsset(asset, {
            balance: balance?.balance ?? 0n,
            walletAddress: asset.kind === 'Ton' ? owner : (balance?.jettonWalletAddress ?? null),
          })
        }),
      }
    },
  )

  app.get(
    '/v1/wallets/:address/assets/:asset',
    {
      schema: {
        tags,
        summary: 'One asset with the wallet balance',
        params: Type.Object({ ...Wallet, asset: Type.String() }),
        response: { 200: Type.Object({ asset: AssetSchema }), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const owner = walletOf(request)
      const asset = await market.asset(canonicalAddress(request.params.asset, 'asset'), 'asset')
      const balance = (await market.balances(owner)).find((b) => b.assetAddress === asset.address)
      const jettonWallet =
        balance?.jettonWalletAddress ??
        (await resolveJettonWallet(store, asset, owner, market.chain)) ??
        null
      return {
        asset: toWireAsset(asset, { balance: balance?.balance ?? 0n, walletAddress: jettonWallet }),
      }
    },
  )

  app.get(
    '/v1/wallets/:address/pools',
    {
      schema: {
        tags,
        summary: 'Liquidity positions of the wallet',
        params: Type.Object(Wallet),
        querystring: Type.Object({ dex_v2: Type.Optional(Type.Boolean({ default: true })) }),
        response: { 200: Type.Object({ pool_list: Type.Array(PoolSchema) }), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const owner = walletOf(request)
      const dexV2 = booleanParam(request.query, 'dex_v2', true)
      const routers = await market.routerIndex()
      const rows = []
      for (const position of await store.listLpPositions(owner)) {
        const pool = await market.findPool(position.poolAddress)
        const router = pool && routers.get(pool.routerAddress)
        if (pool === undefined || router === undefined || !admitsRouter(router, dexV2)) continue
        rows.push({ pool, position, popularityIndex: pool.popularityIndex, address: pool.address })
      }
      return { pool_list: rows.sort(byPopularity).map((r) => toWirePool(r.pool, r.position)) }
    },
  )

  app.get(
    '/v1/wallets/:address/pools/:pool',
    {
      schema: {
        tags,
        summary: "One pool with the wallet's position",
        params: Type.Object({ ...Wallet, pool: Type.String() }),
        response: { 200: Type.Object({ pool: PoolSchema }), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const owner = walletOf(request)
      const pool = await market.pool(canonicalAddress(request.params.pool, 'pool'), 'pool')
      return { pool: toWirePool(pool, (await store.getLpPosition(owner, pool.address)) ?? null) }
    },
  )

  app.get(
    '/v1/wallets/:address/farms',
    {
      schema: {
        tags,
        summary: 'Farm positions of the wallet',
        description: "Farms where the wallet holds NFTs; nft_infos lists the wallet's NFTs.",
        params: Type.Object(Wallet),
        querystring: FarmListQuery,
        response: { 200: Type.Object({ farm_list: Type.Array(FarmSchema) }), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const nfts = await market.farmNfts(walletOf(request))
      const holds = (minter: string) =>
        nfts.some((n) => n.farmAddress === minter && n.status !== 'unstaked')
      const farms = await filteredFarms(market, request.query, (farm) => holds(farm.minterAddress))
      return {
        farm_list: farms
          .filter((farm) => nfts.some((n) => n.farmAddress === farm.minterAddress))
          .map((farm) =>
            toWireFarm(
              farm,
              nfts.filter((n) => n.farmAddress === farm.minterAddress),
            ),
          ),
      }
    },
  )

  app.get(
    '/v1/wallets/:address/farms/:farm',
    {
      schema: {
        tags,
        summary: "One farm with the wallet's NFTs",
        params: Type.Object({ ...Wallet, farm: Type.String() }),
        response: { 200: Type.Object({ farm: FarmSchema }), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const owner = walletOf(request)
      const address = canonicalAddress(request.params.farm, 'farm')
      const farm = await market.findFarm(address)
      if (farm === undefined)
        throw new NotFoundError({ code: 'FARM_NOT_FOUND', field: 'farm', address })
      const nfts = (await market.farmNfts(owner)).filter((n) => n.farmAddress === address)
      return { farm: toWireFarm(farm, nfts) }
    },
  )

  const stakes = async (request: { params: { address: string } }) =>
    toWireStakes(await market.stake(walletOf(request)))
  const stakeSchema = (summary: string) => ({
    schema: {
      tags,
      summary,
      params: Type.Object(Wallet),
      response: { 200: StakesSchema, ...ERROR_RESPONSES },
    },
  })
  app.get('/v1/wallets/:address/stakes', stakeSchema('Staking positions of the wallet'), stakes)
  app.get('/v1/wallets/:address/stake', stakeSchema('Staking positions (alias of /stakes)'), stakes)

  app.get(
    '/v1/wallets/:address/fee_vaults',
    {
      schema: {
        tags,
        summary: 'DEX v2 referral-fee vaults of the wallet',
        description:
          'One vault per referrer × token per router; DEX v1 referral fees are paid out instantly and never appear.',
        params: Type.Object(Wallet),
        response: { 200: Type.Object({ vault_list: Type.Array(VaultSchema) }), ...ERROR_RESPONSES },
      },
    },
    async (request) => ({
      vault_list: (await store.listFeeVaults(walletOf(request))).map(toWireVault),
    }),
  )
}
