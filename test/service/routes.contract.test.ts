import { Type } from '@sinclair/typebox'
import { Address } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { DEMO_WALLET_ADDRESSES, demoMarketFixture } from '../../demo/fixtures/demoMarketFixture.js'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import { AssetSchema } from '../../service/wire/asset.js'
import { FarmSchema } from '../../service/wire/farm.js'
import { PoolSchema } from '../../service/wire/pool.js'
import { RouterSchema } from '../../service/wire/router.js'
import { StakesSchema, VaultSchema } from '../../service/wire/walletObjects.js'
import { demoAddresses, expectError, expectShape, useService } from './_support/setupService.js'

const market = demoMarketFixture()
const { asset, router, pool } = demoAddresses(market)
const TON = NATIVE_ADDRESS
const USDL = asset('USDL')
const alice = DEMO_WALLET_ADDRESSES.alice
const carol = DEMO_WALLET_ADDRESSES.carol
const UNKNOWN = new Address(0, Buffer.alloc(32, 7)).toString({ bounceable: true, urlSafe: true })
const raw = (address: string) => Address.parse(address).toRawString()

const service = useService(market)
const get = (url: string) => service.app.inject({ method: 'GET', url })

describe('routers and markets', () => {
  test('GET /v1/routers lists v1 and v2 by default, v1 only with dex_v2=false', async () => {
    const all = await get('/v1/routers')
    expect(all.statusCode).toBe(200)
    expectShape(Type.Object({ router_list: Type.Array(RouterSchema) }), all.json())
    expect(all.json().router_list).toHaveLength(market.routers.length)
    const v1 = (await get('/v1/routers?dex_v2=false')).json().router_list
    expect(v1.map((r: { major_version: number }) => r.major_version)).toEqual([1])
    expectError(await get('/v1/routers?dex_v2=maybe'), 400, 'INVALID_PARAMETER', 'dex_v2')
  })

  test('GET /v1/routers/{address} accepts any address form; 404 unknown; 400 malformed', async () => {
    const address = router(2, 2, 'StableSwap')
    const res = await get(`/v1/routers/${raw(address)}`)
    expect(res.statusCode).toBe(200)
    expectShape(Type.Object({ router: RouterSchema }), res.json())
    expect(res.json().router).toMatchObject({
      address,
      major_version: 2,
      minor_version: 2,
      router_type: 'StableSwap',
    })
    expectError(await get(`/v1/routers/${UNKNOWN}`), 404, 'ROUTER_NOT_FOUND', 'address')
    expectError(await get('/v1/routers/EQnope'), 400, 'INVALID_ADDRESS', 'address')
  })

  test('GET /v1/markets lists each pair of a pool once', async () => {
    const pairs: [string, string][] = (await get('/v1/markets')).json().pairs
    const keys = pairs.map((p) => [...p].sort().join())
    expect(new Set(keys).size).toBe(pairs.length)
    const expected = new Set(
      market.pools.map((p) => [p.token0Address, p.token1Address].sort().join()),
    )
    expect(new Set(keys)).toEqual(expected)
    const v1Pairs = (await get('/v1/markets?dex_v2=false')).json().pairs
    expect(v1Pairs).toHaveLength(3)
  })
})

describe('assets', () => {
  test('GET /v1/assets and /v1/assets/{address}', async () => {
    const list = await get('/v1/assets')
    expectShape(Type.Object({ asset_list: Type.Array(AssetSchema) }), list.json())
    expect(list.json().asset_list).toHaveLength(market.assets.length)
    const ton = (await get(`/v1/assets/${raw(TON)}`)).json().asset
    expect(ton).toMatchObject({
      contract_address: TON,
      symbol: 'TON',
      decimals: 9,
      kind: 'Ton',
      balance: null,
    })
    expectShape(AssetSchema, ton)
    expectError(await get(`/v1/assets/${UNKNOWN}`), 404, 'ASSET_NOT_FOUND', 'address')
    expectError(await get('/v1/assets/0:12'), 400, 'INVALID_ADDRESS', 'address')
  })

  test('GET /v1/jetton/{address}/address derives the wallet; the native coin answers the owner', async () => {
    const stored = market.balances.find((b) => b.walletAddress === alice && b.assetAddress === USDL)
    const res = await get(`/v1/jetton/${USDL}/address?owner_address=${raw(alice)}`)
    expect(res.json()).toEqual({ address: stored?.jettonWalletAddress })
    expect((await get(`/v1/jetton/${TON}/address?owner_address=${alice}`)).json()).toEqual({
      address: alice,
    })
    expectError(await get(`/v1/jetton/${USDL}/address`), 400, 'MISSING_PARAMETER', 'owner_address')
    expectError(
      await get(`/v1/jetton/${UNKNOWN}/address?owner_address=${alice}`),
      404,
      'ASSET_NOT_FOUND',
    )
  })
})

describe('pools', () => {
  test('GET /v1/pools: all, most popular first; dex_v2=false keeps v1', async () => {
    const list = (await get('/v1/pools')).json().pool_list
    expectShape(Type.Array(PoolSchema), list)
    expect(list).toHaveLength(market.pools.length)
    const popularity = list.map((p: { popularity_index: number }) => p.popularity_index)
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a))
    const v1Router = router(1, 0, 'ConstantProduct')
    const v1 = (await get('/v1/pools?dex_v2=false')).json().pool_list
    expect(v1.map((p: { router_address: string }) => p.router_address)).toEqual([
      v1Router,
      v1Router,
      v1Router,
    ])
  })

  test('GET /v1/pools/{address} reports amounts as strings and kind parameters', async () => {
    const stable = pool(router(2, 2, 'StableSwap'), TON, asset('XTON'))
    const body = (await get(`/v1/pools/${stable.address}`)).json().pool
    expectShape(PoolSchema, body)
    expect(body).toMatchObject({
      address: stable.address,
      reserve0: stable.reserve0.toString(),
      lp_total_supply: stable.lpTotalSupply.toString(),
      lp_fee: '20',
      amp: '200',
      w0: null,
      lp_balance: null,
    })
    expectError(await get(`/v1/pools/${UNKNOWN}`), 404, 'POOL_NOT_FOUND', 'address')
  })

  test('GET /v1/pools/by_market/{a}/{b} is symmetric', async () => {
    const ab = (await get(`/v1/pools/by_market/${TON}/${USDL}`)).json().pool_list
    const ba = (await get(`/v1/pools/by_market/${raw(USDL)}/${TON}`)).json().pool_list
    expect(ab).toHaveLength(3)
    expect(ba).toEqual(ab)
    expect(
      (await get(`/v1/pools/by_market/${TON}/${USDL}?dex_v2=false`)).json().pool_list,
    ).toHaveLength(1)
    // A filter: an unknown but valid asset has no pools; a malformed one is 400.
    expect((await get(`/v1/pools/by_market/${TON}/${UNKNOWN}`)).json()).toEqual({ pool_list: [] })
    expectError(await get(`/v1/pools/by_market/${TON}/nope`), 400, 'INVALID_ADDRESS', 'asset1')
  })
})

describe('farms', () => {
  test('GET /v1/farms with only_active and dex_v2', async () => {
    const all = (await get('/v1/farms')).json().farm_list
    expectShape(Type.Array(FarmSchema), all)
    // The demo's farms, as the REST API derived them from its indexed chain (demoFarmFixture).
    expect(all).toHaveLength(market.farms.length)
    expect(all.every((f: { nft_infos: unknown[] }) => f.nft_infos.length === 0)).toBe(true)
    const active = (await get('/v1/farms?only_active=true')).json().farm_list
    expect(active.map((f: { status: string }) => f.status)).toEqual(['operational'])
    // Both are on DEX v2 pools.
    expect((await get('/v1/farms?dex_v2=false')).json().farm_list).toEqual([])
  })

  test('GET /v1/farms/{address}, /v1/farms/by_pool/{pool} and /v1/farms_by_pool/{pool}', async () => {
    const farm = market.farms.find((f) => f.rewards.length === 2)
    const one = (await get(`/v1/farms/${farm?.minterAddress}`)).json().farm
    expect(one).toMatchObject({
      minter_address: farm?.minterAddress,
      pool_address: farm?.poolAddress,
    })
    expect(one.rewards).toHaveLength(2)
    const byPool = (await get(`/v1/farms/by_pool/${farm?.poolAddress}`)).json()
    expect(byPool.farm_list.map((f: { minter_address: string }) => f.minter_address)).toEqual([
      farm?.minterAddress,
    ])
    expect((await get(`/v1/farms_by_pool/${farm?.poolAddress}`)).json()).toEqual(byPool)
    expectError(await get(`/v1/farms/${UNKNOWN}`), 404, 'FARM_NOT_FOUND', 'address')
    expect(one.reward_token_address).toBe(farm?.rewards[0]?.address)
    // A filter: an unknown but valid pool has no farms; a malformed address is still 400.
    expect((await get(`/v1/farms/by_pool/${UNKNOWN}`)).json()).toEqual({ farm_list: [] })
    expectError(await get('/v1/farms/by_pool/nope'), 400, 'INVALID_ADDRESS', 'pool_address')
  })
})

describe('wallets', () => {
  test('GET /v1/wallets/{address}/assets: the catalogue with balances', async () => {
    const list = (await get(`/v1/wallets/${alice}/assets`)).json().asset_list
    expectShape(Type.Array(AssetSchema), list)
    expect(list).toHaveLength(market.assets.length)
    const usdl = list.find((a: { contract_address: string }) => a.contract_address === USDL)
    expect(usdl.balance).toBe('4800000000')
    expect(list.find((a: { kind: string }) => a.kind === 'Ton').wallet_address).toBe(alice)
    const one = (await get(`/v1/wallets/${alice}/assets/${asset('BOLT')}`)).json().asset
    expect(one).toMatchObject({ symbol: 'BOLT', balance: '0' })
    expect(one.wallet_address).toMatch(/^EQ/)
    expectError(
      await get(`/v1/wallets/${alice}/assets/${UNKNOWN}`),
      404,
      'ASSET_NOT_FOUND',
      'asset',
    )
    expectError(await get('/v1/wallets/nope/assets'), 400, 'INVALID_ADDRESS', 'address')
  })

  test('GET /v1/wallets/{address}/pools and /pools/{pool}', async () => {
    const list = (await get(`/v1/wallets/${alice}/pools`)).json().pool_list
    expectShape(Type.Array(PoolSchema), list)
    const positions = market.lpPositions.filter((p) => p.walletAddress === alice)
    expect(list.map((p: { address: string }) => p.address).sort()).toEqual(
      positions.map((p) => p.poolAddress).sort(),
    )
    for (const item of list) {
      const position = positions.find((p) => p.poolAddress === item.address)
      expect(item.lp_balance).toBe(position?.lpBalance.toString())
      expect(item.lp_wallet_address).toBe(position?.lpWalletAddress)
    }
    expect((await get(`/v1/wallets/${alice}/pools?dex_v2=false`)).json().pool_list).toHaveLength(1)
    const none = pool(router(2, 2, 'WeightedStableSwap'), TON, asset('XTON'))
    const empty = (await get(`/v1/wallets/${alice}/pools/${none.address}`)).json().pool
    expect(empty).toMatchObject({ lp_balance: '0', token0_balance: '0', lp_wallet_address: null })
    expect((await get(`/v1/wallets/${UNKNOWN}/pools`)).json()).toEqual({ pool_list: [] })
  })

  test('GET /v1/wallets/{address}/farms and /farms/{farm}: the wallet NFTs only', async () => {
    // The demo's first farmer: a position in the running farm, one unstaked from the finished.
    const unstaked = market.farmNfts.find((n) => n.status === 'unstaked')
    const farmer = unstaked?.ownerAddress as string
    const farms = (await get(`/v1/wallets/${farmer}/farms`)).json().farm_list
    expectShape(Type.Array(FarmSchema), farms)
    expect(farms).toHaveLength(2)
    for (const farm of farms) {
      expect(farm.nft_infos.length).toBeGreaterThan(0)
      expect(
        farm.nft_infos.every((n: { address: string }) =>
          market.farmNfts.some((m) => m.address === n.address && m.ownerAddress === farmer),
        ),
      ).toBe(true)
    }
    // only_active: the finished farm, where the wallet holds nothing staked any more, is left out.
    const active = (await get(`/v1/wallets/${farmer}/farms?only_active=true`)).json().farm_list
    expect(active.map((f: { minter_address: string }) => f.minter_address)).toEqual(
      market.farms.filter((f) => f.status === 'operational').map((f) => f.minterAddress),
    )
    const one = (await get(`/v1/wallets/${farmer}/farms/${unstaked?.farmAddress}`)).json().farm
    expect(one.nft_infos).toHaveLength(1)
    expect(one.nft_infos[0]).toMatchObject({ status: 'unstaked', nonclaimed_rewards: '0' })
    expect((await get(`/v1/wallets/${carol}/farms`)).json().farm_list).toEqual([])
  })

  test('GET /v1/wallets/{address}/stakes (and /stake); zeros for a wallet without stakes', async () => {
    const staker = market.stakes[0]
    const stakes = (await get(`/v1/wallets/${staker?.walletAddress}/stakes`)).json()
    expectShape(StakesSchema, stakes)
    expect(stakes.nfts).toHaveLength(1)
    expect(stakes.staked_ston).toBe(staker?.stakedSton.toString())
    expect(stakes.nfts[0].minted_gemston).toBe(staker?.nfts[0]?.mintedGemston.toString())
    expect((await get(`/v1/wallets/${staker?.walletAddress}/stake`)).json()).toEqual(stakes)
    expect((await get(`/v1/wallets/${carol}/stakes`)).json()).toEqual({
      ston_balance: '0',
      staked_ston: '0',
      minted_gemston: '0',
      voting_power: '0',
      nfts: [],
    })
  })

  test('GET /v1/wallets/{address}/fee_vaults: DEX v2 vaults only', async () => {
    const vaults = (await get(`/v1/wallets/${carol}/fee_vaults`)).json().vault_list
    expectShape(Type.Array(VaultSchema), vaults)
    expect(vaults).toHaveLength(3)
    const v2 = new Set(market.routers.filter((r) => r.majorVersion === 2).map((r) => r.address))
    expect(vaults.every((v: { router_address: string }) => v2.has(v.router_address))).toBe(true)
    expect((await get(`/v1/wallets/${alice}/fee_vaults`)).json()).toEqual({ vault_list: [] })
  })
})

describe('service-wide errors and docs', () => {
  test('unknown path, bad URL encoding, bad JSON, wrong body type', async () => {
    expectError(await get('/v1/nothing'), 404, 'ROUTE_NOT_FOUND')
    expectError(await get('/v1/pools/%E0%A4%A'), 400, 'INVALID_URL')
    const post = (payload: string, type = 'application/json') =>
      service.app.inject({
        method: 'POST',
        url: '/v1/assets/query',
        payload,
        headers: { 'content-type': type },
      })
    expectError(await post('{"condition":'), 400, 'INVALID_BODY')
    expectError(await post('[1,2]'), 400, 'INVALID_BODY', 'body')
    expectError(await post('x', 'text/plain'), 400, 'INVALID_BODY', 'body')
    expectError(await post('<a/>', 'application/xml'), 415, 'UNSUPPORTED_MEDIA_TYPE')
  })

  test('the OpenAPI document, Swagger UI and Redoc are served locally', async () => {
    const openapi = (await get('/openapi.json')).json()
    expect(openapi.openapi).toBe('3.0.3')
    expect(Object.keys(openapi.paths)).toContain('/v1/swap/simulate')
    expect((await get('/swagger-ui/')).statusCode).toBe(200)
    const redoc = await get('/redoc')
    expect(redoc.headers['content-type']).toContain('text/html')
    expect(redoc.body).toContain('/redoc/redoc.standalone.js')
    expect(redoc.body).not.toMatch(/https?:\/\//)
    const bundle = await get('/redoc/redoc.standalone.js')
    expect(bundle.statusCode).toBe(200)
    expect(bundle.body.length).toBeGreaterThan(100_000)
  })
})
