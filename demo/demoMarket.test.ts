import { describe, expect, test } from 'vitest'
import { isqrt } from '../core/math/isqrt.js'
import { sqrtV1 } from '../core/math/sqrtV1.js'
import { canonicalAddressText } from '../protocol/addressText.js'
import { NATIVE_ADDRESS } from '../protocol/nativeAddress.js'
import { createSqliteStore } from '../store/sqlite/createSqliteStore.js'
import { isToken0 } from './demoAddresses.js'
import { demoMarket } from './demoMarket.js'
import { demoRouterWallet } from './demoRouters.js'
import { demoFarmFixture } from './fixtures/demoFarmFixture.js'
import { seedDemoMarket, seedReferenceMarket } from './seedDemoMarket.js'

const market = demoMarket()
/** The emulated demo's farms and the rows they stand on (generated from chain state). */
const chain = demoFarmFixture()
const fromChain = new Set([
  ...chain.routers.map((r) => r.address),
  ...chain.assets.map((a) => a.address),
  ...chain.pools.map((p) => p.address),
])
/** The hand-written part of the market. */
const written = {
  assets: market.assets.filter((a) => !fromChain.has(a.address)),
  routers: market.routers.filter((r) => !fromChain.has(r.address)),
  pools: market.pools.filter((p) => !fromChain.has(p.address)),
}

/** Every string field that holds an address, anywhere in the market. */
function addressesOf(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return /address$/i.test(key) ? [value] : []
  if (Array.isArray(value)) return value.flatMap((item) => addressesOf(item, key))
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([k, v]) => addressesOf(v, k))
  }
  return []
}

describe('demoMarket', () => {
  test('default: deterministic, and every address is valid and canonical', () => {
    expect(demoMarket()).toEqual(market)
    const addresses = addressesOf(market)
    expect(addresses.length).toBeGreaterThan(200)
    for (const address of addresses) expect(canonicalAddressText(address)).toBe(address)
  })

  test('behavior: the native coin, a USD stablecoin, seven jettons', () => {
    expect(written.assets.map((a) => a.symbol)).toEqual([
      'TON',
      'USDL',
      'XTON',
      'AQUA',
      'BOLT',
      'CORAL',
      'DUNE',
      'EMBER',
      'GLYPH',
    ])
    expect(market.assets[0]).toMatchObject({ address: NATIVE_ADDRESS, kind: 'Ton', decimals: 9 })
    expect(market.assets[1]).toMatchObject({ symbol: 'USDL', decimals: 6, dexPriceUsd: '1' })
  })

  test('behavior: a v1 1.0 router and v2 2.1 / 2.2 routers of all four kinds, with pools of each', () => {
    const versions = written.routers.map(
      (r) => `${r.majorVersion}.${r.minorVersion} ${r.routerType}`,
    )
    expect(versions.sort()).toEqual([
      '1.0 ConstantProduct',
      '2.1 ConstantProduct',
      '2.1 StableSwap',
      '2.1 WeightedConstProduct',
      '2.1 WeightedStableSwap',
      '2.2 ConstantProduct',
      '2.2 StableSwap',
      '2.2 WeightedConstProduct',
      '2.2 WeightedStableSwap',
    ])
    for (const router of written.routers) {
      expect(written.pools.some((p) => p.routerAddress === router.address)).toBe(true)
    }
  })

  test('behavior: farms and stakes are not hand-written: the emulated demo’s, on its pools', () => {
    expect(market.farms).toEqual(chain.farms)
    expect(market.farmNfts).toEqual(chain.farmNfts)
    expect(market.stakes).toEqual(chain.stakes)
    const pools = new Set(chain.pools.map((p) => p.address))
    expect(market.farms.length).toBeGreaterThan(0)
    expect(market.farms.every((f) => pools.has(f.poolAddress))).toBe(true)
    for (const pool of chain.pools) {
      expect(chain.routers.some((r) => r.address === pool.routerAddress)).toBe(true)
    }
  })

  test('behavior: pool tokens follow the contracts order (router wallet with the larger hash first)', () => {
    for (const pool of written.pools) {
      const router = market.routers.find((r) => r.address === pool.routerAddress)
      const symbol = (address: string) => market.assets.find((a) => a.address === address)?.symbol
      if (router === undefined) throw new Error('dangling router')
      const wallet0 = demoRouterWallet(router, symbol(pool.token0Address) as never)
      const wallet1 = demoRouterWallet(router, symbol(pool.token1Address) as never)
      expect(isToken0(wallet0, wallet1)).toBe(true)
    }
  })

  test('behavior: constant-product supplies are those of a first provision of the reserves', () => {
    for (const pool of written.pools) {
      const router = market.routers.find((r) => r.address === pool.routerAddress)
      if (router?.routerType !== 'ConstantProduct' || pool.reserve0 === 0n) continue
      const product = pool.reserve0 * pool.reserve1
      // floor: non-negative operands.
      const expected = router.majorVersion === 1 ? sqrtV1(product) / 1000n : isqrt(product)
      expect(pool.lpTotalSupply).toBe(expected)
    }
  })

  test('behavior: wallet data refers to the market; fee vaults are DEX v2 only', () => {
    const v2 = new Set(market.routers.filter((r) => r.majorVersion === 2).map((r) => r.address))
    expect(market.feeVaults.every((v) => v2.has(v.routerAddress))).toBe(true)
    for (const position of market.lpPositions) {
      const pool = market.pools.find((p) => p.address === position.poolAddress)
      expect(position.lpBalance).toBeLessThan(pool?.lpTotalSupply ?? 0n)
    }
  })

  test('behavior: seedReferenceMarket seeds an empty store once', async () => {
    const store = createSqliteStore({ path: ':memory:' })
    expect(await seedReferenceMarket(store)).toBe(true)
    expect(await seedReferenceMarket(store)).toBe(false)
    expect(await store.listPools()).toHaveLength(market.pools.length)
    await store.close()
  })

  test('behavior: seedDemoMarket builds the emulated market into an empty store once', async () => {
    const store = createSqliteStore({ path: ':memory:' })
    expect(await seedDemoMarket(store, { swaps: 4 })).toBe(true)
    expect(await seedDemoMarket(store, { swaps: 4 })).toBe(false)
    // Every pool is emulated and indexed: three constant-product pools (DEX v1 and v2) and two
    // of each stable and weighted DEX v2 kind.
    const pools = await store.listPools()
    expect(pools).toHaveLength(9)
    const indexed = new Set((await store.listIndexedPools()).map((p) => p.address))
    expect(pools.every((p) => indexed.has(p.address))).toBe(true)
    expect((await store.listOperations({ limit: 1000 })).length).toBeGreaterThan(4)
    await store.close()
  }, 60_000)
})
