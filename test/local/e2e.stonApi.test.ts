import { StonApiClient } from '@ston-fi/api'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demoMarket } from '../../demo/demoMarket.js'
import { demoWalletAddress } from '../../demo/demoWallets.js'
import {
  type RunningLocalExchange as RunningService,
  startLocalExchange as startService,
} from '../../local/startLocalExchange.js'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import { demoAddresses } from '../service/_support/setupService.js'

/**
 * End to end: the real server on 127.0.0.1 (a free port, in-memory database seeded with the
 * demo market) driven by the official `@ston-fi/api` client through every method that maps to
 * the endpoints of this service. Only the base URL differs from production use.
 */

const market = demoMarket()
const { asset, router, pool } = demoAddresses(market)
const TON = NATIVE_ADDRESS
const USDL = asset('USDL')
const alice = demoWalletAddress('alice')
const carol = demoWalletAddress('carol')

let service: RunningService
let client: StonApiClient
beforeAll(async () => {
  // The hand-written reference market: this suite asserts its fixed rows.
  service = await startService({
    ...{ dbPath: ':memory:', host: '127.0.0.1', port: 0 },
    demo: 'reference',
  })
  client = new StonApiClient({ baseURL: service.url })
})
afterAll(async () => {
  await service.close()
})

describe('@ston-fi/api against the offline service', () => {
  test('routers and markets', async () => {
    const routers = await client.getRouters()
    expect(routers).toHaveLength(market.routers.length)
    expect((await client.getRouters({ dexV2: false })).map((r) => r.majorVersion)).toEqual([1])
    const one = await client.getRouter(router(2, 1, 'WeightedStableSwap'))
    expect(one).toMatchObject({
      majorVersion: 2,
      minorVersion: 1,
      routerType: 'WeightedStableSwap',
      ptonVersion: '2.1',
    })
    const pairs = await client.getSwapPairs()
    expect(pairs.length).toBeGreaterThan(0)
    expect(pairs.every((pair) => pair.length === 2)).toBe(true)
  })

  test('assets, queries and jetton wallets', async () => {
    expect(await client.getAssets()).toHaveLength(market.assets.length)
    const ton = await client.getAsset(TON)
    expect(ton).toMatchObject({ contractAddress: TON, kind: 'Ton', decimals: 9, symbol: 'TON' })
    expect(ton.balance).toBeUndefined()
    const popular = await client.queryAssets({
      condition: 'asset:popular & !asset:blacklisted',
      sortBy: ['popularity_index:desc'],
      limit: 2,
    })
    expect(popular.map((a) => a.meta?.symbol)).toEqual(['TON', 'USDL'])
    const withWallet = await client.queryAssets({
      condition: 'asset:wallet_has_balance',
      walletAddress: alice,
      unconditionalAssets: [asset('GLYPH')],
    })
    expect(withWallet.find((a) => a.contractAddress === USDL)?.balance).toBe('4800000000')
    expect(withWallet.some((a) => a.contractAddress === asset('GLYPH'))).toBe(true)
    const searched = await client.searchAssets({ searchString: 'bolt', condition: 'true' })
    expect(searched.map((a) => a.meta?.symbol)).toEqual(['BOLT'])
    const wallet = await client.getJettonWalletAddress({ jettonAddress: USDL, ownerAddress: alice })
    expect(wallet).toBe(
      market.balances.find((b) => b.walletAddress === alice && b.assetAddress === USDL)
        ?.jettonWalletAddress,
    )
  })

  test('pools', async () => {
    const pools = await client.getPools()
    expect(pools).toHaveLength(market.pools.length)
    expect(await client.getPools({ dexV2: false })).toHaveLength(3)
    const stable = pool(router(2, 2, 'StableSwap'), TON, asset('XTON'))
    expect(await client.getPool(stable.address)).toMatchObject({
      address: stable.address,
      amp: '200',
      lpFee: '20',
    })
    expect(await client.getPool({ poolAddress: stable.address })).toMatchObject({
      address: stable.address,
    })
    expect(
      await client.getPoolsByAssetPair({ asset0Address: TON, asset1Address: USDL }),
    ).toHaveLength(3)
    const queried = await client.queryPools({
      condition: 'pool:liquidity:very_high | pool:wallet_has_liquidity',
      searchTerms: ['TON'],
      unconditionalAssets: [asset('EMBER')],
      walletAddress: alice,
      sortBy: ['lp_total_supply_usd:desc'],
      limit: 5,
      dexV2: true,
    })
    expect(queried.length).toBeGreaterThan(0)
    expect(queried.length).toBeLessThanOrEqual(5)
  })

  test('farms', async () => {
    const farms = await client.getFarms()
    // The emulated demo's farms as the REST API derived them from its chain (demoFarmFixture).
    expect(farms).toHaveLength(market.farms.length)
    expect(await client.getFarms({ dexV2: false })).toEqual([])
    const farm = market.farms.find((f) => f.rewards.length === 2)
    if (farm === undefined) throw new Error('demo data changed')
    expect(await client.getFarm(farm.minterAddress)).toMatchObject({
      minterAddress: farm.minterAddress,
      poolAddress: farm.poolAddress,
    })
    const byPool = await client.getFarmsByPool(farm.poolAddress)
    expect(byPool.map((f) => f.minterAddress)).toContain(farm.minterAddress)
  })

  test('wallets', async () => {
    const assets = await client.getWalletAssets(alice)
    expect(assets.find((a) => a.contractAddress === TON)?.balance).toBe('1250000000000')
    expect(await client.getWalletAsset({ walletAddress: alice, assetAddress: USDL })).toMatchObject(
      { balance: '4800000000' },
    )
    const pools = await client.getWalletPools(alice)
    expect(pools).toHaveLength(2)
    expect(await client.getWalletPools({ walletAddress: alice, dexV2: false })).toHaveLength(1)
    const position = pools[0]
    if (position === undefined) throw new Error('no position')
    expect(
      await client.getWalletPool({ walletAddress: alice, poolAddress: position.address }),
    ).toMatchObject({ lpBalance: position.lpBalance })
    // The demo's second farmer: one position in the running farm.
    const nft = market.farmNfts.filter((n) => n.status === 'active').at(-1)
    const farmer = nft?.ownerAddress as string
    const farms = await client.getWalletFarms(farmer)
    expect(farms).toHaveLength(1)
    expect(farms[0]?.nftInfos).toHaveLength(1)
    expect(await client.getWalletFarms({ walletAddress: farmer, dexV2: true })).toEqual(farms)
    const farm = await client.getWalletFarm({
      walletAddress: farmer,
      farmAddress: farms[0]?.minterAddress as string,
    })
    expect(farm.nftInfos[0]).toMatchObject({
      status: 'active',
      stakedTokens: nft?.stakedTokens.toString(),
      nonclaimedRewards: nft?.nonclaimedRewards.toString(),
    })
    expect(await client.getWalletFarms(alice)).toEqual([])
    const staker = market.stakes[1]
    const stakes = await client.getWalletStakes({ walletAddress: staker?.walletAddress as string })
    expect(stakes.nfts).toHaveLength(1)
    expect(stakes.stakedSton).toBe(staker?.stakedSton.toString())
    const vaults = await client.getWalletVaultsFee({ walletAddress: carol })
    expect(vaults).toHaveLength(3)
    expect(vaults.every((v) => /^\d+$/.test(v.balance))).toBe(true)
  })

  test('simulations', async () => {
    const swap = await client.simulateSwap({
      offerAddress: TON,
      askAddress: USDL,
      offerUnits: '5000000000',
      slippageTolerance: '0.005',
    })
    expect(swap).toMatchObject({ offerUnits: '5000000000', askUnits: '15951992', feeAddress: USDL })
    expect(swap.router.majorVersion).toBe(2)
    expect(swap.gasParams.forwardGas).toBe('300000000')
    const v1 = await client.simulateSwap({
      offerAddress: TON,
      askAddress: USDL,
      offerUnits: '5000000000',
      slippageTolerance: '0.005',
      dexVersion: [1],
      referralAddress: carol,
    })
    expect(v1.router.majorVersion).toBe(1)
    expect(v1.gasParams).toEqual({ forwardGas: '185000000', estimatedGasConsumption: '45000000' })
    const reverse = await client.simulateReverseSwap({
      offerAddress: USDL,
      askAddress: TON,
      askUnits: '1000000000',
      slippageTolerance: '0.01',
      referralAddress: carol,
      referralFeeBps: '25',
    })
    expect(reverse.askUnits).toBe('1000000000')
    expect(BigInt(reverse.offerUnits)).toBeGreaterThan(3_000_000n)
    const v22 = pool(router(2, 2, 'ConstantProduct'), TON, USDL)
    const balanced = await client.simulateLiquidityProvision({
      provisionType: 'Balanced',
      tokenA: TON,
      tokenB: USDL,
      tokenAUnits: '1000000000',
      poolAddress: v22.address,
      slippageTolerance: '0.01',
      walletAddress: alice,
    })
    expect(balanced).toMatchObject({
      provisionType: 'Balanced',
      tokenBUnits: '3200000',
      lpAccountTokenABalance: '0',
    })
    const arbitrary = await client.simulateLiquidityProvision({
      provisionType: 'Arbitrary',
      tokenA: TON,
      tokenB: USDL,
      tokenAUnits: '1000000000',
      tokenBUnits: '0',
      poolAddress: v22.address,
      slippageTolerance: '0.01',
    })
    expect(BigInt(arbitrary.estimatedLpUnits)).toBeGreaterThan(0n)
    const initial = await client.simulateLiquidityProvision({
      provisionType: 'Initial',
      tokenA: asset('DUNE'),
      tokenB: asset('EMBER'),
      tokenAUnits: '1000000000',
      tokenBUnits: '400000000',
      slippageTolerance: '0.01',
    })
    expect(initial.lpTotalSupply).toBe('0')
  })

  test('errors reach the client as HTTP errors with the JSON body', async () => {
    const unknown = await client.getPool(NATIVE_ADDRESS).then(
      () => undefined,
      (error: { status?: number; data?: unknown }) => error,
    )
    expect(unknown?.status).toBe(404)
    expect(unknown?.data).toMatchObject({ error: { code: 'POOL_NOT_FOUND', field: 'address' } })
  })
})
