import { Type } from '@sinclair/typebox'
import { describe, expect, test } from 'vitest'
import { DEMO_WALLET_ADDRESSES, demoMarketFixture } from '../../demo/fixtures/demoMarketFixture.js'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import { liquidityBucket } from '../../service/query/queryPools.js'
import { AssetQueryItemSchema } from '../../service/wire/asset.js'
import { PoolSchema } from '../../service/wire/pool.js'
import {
  demoAddresses,
  expectError,
  expectShape,
  url,
  useService,
} from './_support/setupService.js'

const market = demoMarketFixture()
const { asset } = demoAddresses(market)
const TON = NATIVE_ADDRESS
const alice = DEMO_WALLET_ADDRESSES.alice
const symbolOf = (address: string) => market.assets.find((a) => a.address === address)?.symbol

const service = useService(market)

const queryAssets = async (body: Record<string, unknown>) => {
  const res = await service.app.inject({ method: 'POST', url: '/v1/assets/query', payload: body })
  expect(res.statusCode).toBe(200)
  const list = res.json().asset_list
  expectShape(Type.Array(AssetQueryItemSchema), list)
  return list as {
    contract_address: string
    meta: { symbol: string }
    balance: string | null
    wallet_address: string | null
  }[]
}
const symbols = (list: { meta: { symbol: string } }[]) => list.map((a) => a.meta.symbol)

describe('POST /v1/assets/query', () => {
  test('default: condition atoms are tags; most popular first', async () => {
    // USDT is the emulated demo's (its farms' pools, demoFarmFixture), the rest hand-written.
    expect(symbols(await queryAssets({ condition: 'asset:essential' }))).toEqual([
      'TON',
      'USDL',
      'USDT',
    ])
    expect(symbols(await queryAssets({ condition: 'asset:popular & !asset:essential' }))).toEqual([
      'XTON',
      'AQUA',
      'XTON', // the emulated demo's
      'STON',
    ])
    expect(
      symbols(
        await queryAssets({
          condition: '!(asset:blacklisted | asset:deprecated) & asset:liquidity:medium',
        }),
      ),
    ).toEqual(['BOLT', 'DUNE', 'CORAL'])
  })

  test('behavior: search terms match symbol, name or address; alone they select', async () => {
    expect(symbols(await queryAssets({ search_terms: ['usd'] }))).toEqual(['USDL', 'USDT'])
    expect(symbols(await queryAssets({ search_terms: ['reef', asset('EMBER')] }))).toEqual([
      'CORAL',
      'EMBER',
    ])
    expect(
      symbols(await queryAssets({ condition: 'asset:essential', search_terms: ['lab'] })),
    ).toEqual(['USDL'])
  })

  test('behavior: limit (default 100, max 1000), sort_by, unconditional assets', async () => {
    expect(await queryAssets({ condition: 'true', limit: 3 })).toHaveLength(3)
    expect(await queryAssets({ condition: 'true', limit: 5000 })).toHaveLength(market.assets.length)
    expect(
      symbols(await queryAssets({ condition: 'true', sort_by: ['symbol:asc'], limit: 4 })),
    ).toEqual(['AQUA', 'BOLT', 'CORAL', 'DUNE'])
    expect(
      symbols(await queryAssets({ condition: 'true', sort_by: ['dex_price_usd:desc'], limit: 2 })),
    ).toEqual(['DUNE', 'XTON'])
    expect(
      symbols(await queryAssets({ condition: 'false', unconditional_assets: [asset('GLYPH')] })),
    ).toEqual(['GLYPH'])
    expect(
      symbols(
        await queryAssets({ condition: 'true', limit: 1, unconditional_assets: [asset('GLYPH')] }),
      ),
    ).toEqual(['GLYPH'])
    // Neither a condition nor search terms: only the unconditional assets.
    expect(await queryAssets({})).toEqual([])
  })

  test('behavior: a wallet adds balances and the wallet atoms', async () => {
    const held = await queryAssets({ condition: 'asset:wallet_has_balance', wallet_address: alice })
    expect(symbols(held).sort()).toEqual(['AQUA', 'TON', 'USDL', 'XTON'])
    const ton = held.find((a) => a.contract_address === TON)
    expect(ton).toMatchObject({ balance: '1250000000000', wallet_address: alice })
    const inPools = await queryAssets({
      condition: 'asset:wallet_has_liquidity_in_pool',
      wallet_address: alice,
    })
    expect(symbols(inPools).sort()).toEqual(['AQUA', 'TON', 'USDL'])
  })

  test('behavior: the query-string style (singular repeated keys) is the same request', async () => {
    const viaBody = await queryAssets({
      condition: 'asset:popular',
      search_terms: ['a', 'o'],
      limit: 2,
    })
    const viaQuery = await service.app.inject({
      method: 'POST',
      url: url('/v1/assets/query', {
        condition: 'asset:popular',
        search_term: ['a', 'o'],
        limit: '2',
      }),
    })
    expect(viaQuery.json().asset_list).toEqual(viaBody)
  })

  test.each([
    [{ condition: 'asset:popular &' }, 'INVALID_CONDITION', 'condition'],
    [{ condition: 'true', limit: 0 }, 'INVALID_PARAMETER', 'limit'],
    [{ condition: 'true', sort_by: ['volume:sideways'] }, 'INVALID_PARAMETER', 'sort_by'],
    [
      { condition: 'true', unconditional_assets: ['nope'] },
      'INVALID_ADDRESS',
      'unconditional_assets',
    ],
    [{ condition: 'true', wallet_address: 'nope' }, 'INVALID_ADDRESS', 'wallet_address'],
  ])('%j answers 400 %s', async (body, code, field) => {
    expectError(
      await service.app.inject({ method: 'POST', url: '/v1/assets/query', payload: body }),
      400,
      code,
      field,
    )
  })
})

describe('POST /v1/assets/search (legacy)', () => {
  test('search_string selects; it is required', async () => {
    const res = await service.app.inject({
      method: 'POST',
      url: url('/v1/assets/search', { search_string: 'aqua' }),
    })
    expect(res.json().asset_list.map((a: { meta: { symbol: string } }) => a.meta.symbol)).toEqual([
      'AQUA',
    ])
    expectError(
      await service.app.inject({ method: 'POST', url: '/v1/assets/search' }),
      400,
      'MISSING_PARAMETER',
      'search_string',
    )
  })
})

describe('POST /v1/pools/query and /v1/pool/query', () => {
  const queryPools = async (query: Record<string, string | string[]>, path = '/v1/pools/query') => {
    const res = await service.app.inject({ method: 'POST', url: url(path, query) })
    expect(res.statusCode).toBe(200)
    expectShape(Type.Array(PoolSchema), res.json().pool_list)
    return res.json().pool_list as {
      address: string
      token0_address: string
      token1_address: string
      lp_total_supply_usd: string
      lp_balance: string | null
    }[]
  }

  test('default: pool atoms by TVL bucket; both paths agree', async () => {
    const high = await queryPools({ condition: 'pool:liquidity:very_high' })
    const expected = market.pools.filter((p) => liquidityBucket(p.lpTotalSupplyUsd) === 'very_high')
    expect(high.map((p) => p.address).sort()).toEqual(expected.map((p) => p.address).sort())
    expect(high.length).toBeGreaterThan(0)
    expect(await queryPools({ condition: 'pool:liquidity:very_high' }, '/v1/pool/query')).toEqual(
      high,
    )
  })

  test('behavior: asset atoms hold when either asset has the tag; search terms; dex_v2', async () => {
    const clean = await queryPools({ condition: '!asset:blacklisted' })
    expect(clean.some((p) => [p.token0_address, p.token1_address].includes(asset('GLYPH')))).toBe(
      false,
    )
    expect(clean).toHaveLength(market.pools.length - 1)
    const usdl = await queryPools({ search_term: 'USDL' })
    expect(usdl.every((p) => [p.token0_address, p.token1_address].includes(asset('USDL')))).toBe(
      true,
    )
    expect(usdl).toHaveLength(5)
    expect(await queryPools({ search_term: 'USDL', dex_v2: 'false' })).toHaveLength(1)
    const xton = await queryPools({ condition: 'false', unconditional_asset: asset('XTON') })
    expect(
      xton.map((p) => symbolOf(p.token0_address === TON ? p.token1_address : p.token0_address)),
    ).toEqual(['XTON', 'XTON', 'XTON', 'XTON'])
  })

  test('behavior: a wallet enables pool:wallet_has_liquidity and fills the LP fields', async () => {
    const mine = await queryPools({ condition: 'pool:wallet_has_liquidity', wallet_address: alice })
    const positions = market.lpPositions.filter((p) => p.walletAddress === alice)
    expect(mine.map((p) => p.address).sort()).toEqual(positions.map((p) => p.poolAddress).sort())
    expect(mine.every((p) => p.lp_balance !== null && p.lp_balance !== '0')).toBe(true)
  })

  test('behavior: a JSON body with plural names is the same request', async () => {
    const viaQuery = await queryPools({
      condition: 'asset:popular',
      search_term: ['TON'],
      limit: '3',
    })
    const viaBody = await service.app.inject({
      method: 'POST',
      url: '/v1/pools/query',
      payload: { condition: 'asset:popular', search_terms: ['TON'], limit: 3 },
    })
    expect(viaBody.json().pool_list).toEqual(viaQuery)
    expect(viaQuery).toHaveLength(3)
  })
})
