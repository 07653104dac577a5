/**
 * The official client's 37 calls (`@ston-fi/api` `StonApiClient`, the methods that map to this
 * service's endpoints, as `test/local/e2e.stonApi.test.ts` makes them) against one server,
 * with every HTTP answer the client received kept as bytes: two servers answer alike when the
 * records are equal. Inputs are read from the writer's own answers and index
 * ({@link stonApiInputs}), so the calls meet real rows: a pool with liquidity, a wallet with a
 * position, a farmer, a staker, a referrer, an owner the index never met and a pair without a
 * pool.
 */
import { StonApiClient } from '@ston-fi/api'
import { Address } from '@ton/core'
import { NATIVE_ADDRESS } from '../../../protocol/nativeAddress.js'
import type { Store } from '../../../store/Store.js'

/** What the calls ask about. */
export type StonApiInputs = {
  readonly v2Router: string
  readonly jetton: string
  readonly jettonSymbol: string
  /** A DEX v2 constant-product pool of TON and {@link jetton} with liquidity. */
  readonly pool: string
  /** Holds an LP position (in {@link pool} when one does). */
  readonly wallet: string
  /** A wallet the index never met. */
  readonly freshOwner: string
  readonly farm: string
  readonly farmPool: string
  readonly farmer: string
  readonly staker: string
  readonly referrer: string
  /** Two jettons no pool holds together. */
  readonly newPair: readonly [string, string]
}

/** One call's outcome: the bytes of every answer the client received, and whether it threw. */
export type CallRecord = {
  readonly call: string
  readonly ok: boolean
  readonly answers: readonly { request: string; status: number; body: string }[]
}

let recording: { request: string; status: number; body: string }[] | undefined
const realFetch = globalThis.fetch
/** The client's fetch (ofetch calls `globalThis.fetch` at each request), recorded while a call runs. */
globalThis.fetch = async (input, init) => {
  const res = await realFetch(input, init)
  if (recording !== undefined) {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url)
    recording.push({
      request: `${init?.method ?? 'GET'} ${url.pathname}${url.search}`,
      status: res.status,
      body: await res.clone().text(),
    })
  }
  return res
}

/**
 * The inputs of {@link stonApiCalls}, read from the writer (its REST answers and its index).
 */
export async function stonApiInputs(url: string, store: Store): Promise<StonApiInputs> {
  const client = new StonApiClient({ baseURL: url })
  const routers = await client.getRouters()
  const cp = new Set(
    routers
      .filter((r) => r.majorVersion === 2 && r.routerType === 'ConstantProduct')
      .map((r) => r.address),
  )
  const pools = await client.getPools()
  const v1Jettons = new Set(
    (await client.getPools({ dexV2: false }))
      .filter((p) => p.token0Address === NATIVE_ADDRESS || p.token1Address === NATIVE_ADDRESS)
      .flatMap((p) => [p.token0Address, p.token1Address]),
  )
  const pool = pools.find(
    (p) =>
      cp.has(p.routerAddress) &&
      BigInt(p.lpTotalSupply) > 0n &&
      p.token0Address === NATIVE_ADDRESS &&
      v1Jettons.has(p.token1Address),
  )
  if (pool === undefined) throw new Error('no TON pool of a v2 CP router with liquidity')
  const jetton = pool.token1Address
  const assets = await client.getAssets()
  const jettons = assets.filter((a) => a.kind === 'Jetton').map((a) => a.contractAddress)
  const paired = new Set(pools.flatMap((p) => [`${p.token0Address} ${p.token1Address}`]))
  let newPair: [string, string] | undefined
  for (const a of jettons) {
    for (const b of jettons) {
      if (a < b && !paired.has(`${a} ${b}`) && !paired.has(`${b} ${a}`)) newPair ??= [a, b]
    }
  }
  if (newPair === undefined) throw new Error('every pair of jettons has a pool')
  const lpHolders = (await store.listIndexedJettonWallets()).filter(
    (w) => w.masterAddress === pool.address && w.balance > 0n && w.ownerAddress !== null,
  )
  const farms = await client.getFarms()
  const farm = farms[0]
  const farmer = (await store.listIndexedFarmPositions()).find((p) => !p.destroyed)?.ownerAddress
  const staker = (await store.listIndexedStakePositions()).find((p) => !p.destroyed)?.ownerAddress
  const referrer = (await store.listIndexedVaults())[0]?.ownerAddress
  const wallet = lpHolders.find((w) => !farms.some((f) => f.minterAddress === w.ownerAddress))
  if (farm === undefined || farmer === undefined || staker === undefined) {
    throw new Error('the demo has no farm, farmer or staker')
  }
  if (referrer === undefined || wallet?.ownerAddress == null) {
    throw new Error('the demo has no referrer or LP holder')
  }
  return {
    v2Router: pool.routerAddress,
    jetton,
    jettonSymbol: assets.find((a) => a.contractAddress === jetton)?.symbol ?? '',
    pool: pool.address,
    wallet: wallet.ownerAddress,
    freshOwner: new Address(0, Buffer.alloc(32, 0x77)).toString(),
    farm: farm.minterAddress,
    farmPool: farm.poolAddress,
    farmer,
    staker,
    referrer,
    newPair,
  }
}

/** The 37 calls against `url`, each with the answers it received (see the module's comment). */
export async function stonApiCalls(url: string, inputs: StonApiInputs): Promise<CallRecord[]> {
  const client = new StonApiClient({ baseURL: url })
  const TON = NATIVE_ADDRESS
  const { jetton, pool, wallet, farmer } = inputs
  const calls: [string, () => Promise<unknown>][] = [
    ['getRouters', () => client.getRouters()],
    ['getRouters v1', () => client.getRouters({ dexV2: false })],
    ['getRouter', () => client.getRouter(inputs.v2Router)],
    ['getSwapPairs', () => client.getSwapPairs()],
    ['getAssets', () => client.getAssets()],
    ['getAsset', () => client.getAsset(TON)],
    [
      'queryAssets popular',
      () =>
        client.queryAssets({
          condition: 'asset:popular & !asset:blacklisted',
          sortBy: ['popularity_index:desc'],
          limit: 2,
        }),
    ],
    [
      'queryAssets wallet',
      () =>
        client.queryAssets({
          condition: 'asset:wallet_has_balance',
          walletAddress: wallet,
          unconditionalAssets: [jetton],
        }),
    ],
    [
      'searchAssets',
      () =>
        client.searchAssets({ searchString: inputs.jettonSymbol.slice(0, 3), condition: 'true' }),
    ],
    [
      'getJettonWalletAddress (an owner never met)',
      () =>
        client.getJettonWalletAddress({ jettonAddress: jetton, ownerAddress: inputs.freshOwner }),
    ],
    ['getPools', () => client.getPools()],
    ['getPools v1', () => client.getPools({ dexV2: false })],
    ['getPool', () => client.getPool(pool)],
    ['getPool by query', () => client.getPool({ poolAddress: pool })],
    [
      'getPoolsByAssetPair',
      () => client.getPoolsByAssetPair({ asset0Address: TON, asset1Address: jetton }),
    ],
    [
      'queryPools',
      () =>
        client.queryPools({
          condition: 'pool:liquidity:very_high | pool:wallet_has_liquidity',
          searchTerms: ['TON'],
          unconditionalAssets: [jetton],
          walletAddress: wallet,
          sortBy: ['lp_total_supply_usd:desc'],
          limit: 5,
          dexV2: true,
        }),
    ],
    ['getFarms', () => client.getFarms()],
    ['getFarms v1', () => client.getFarms({ dexV2: false })],
    ['getFarm', () => client.getFarm(inputs.farm)],
    ['getFarmsByPool', () => client.getFarmsByPool(inputs.farmPool)],
    ['getWalletAssets', () => client.getWalletAssets(wallet)],
    [
      'getWalletAsset',
      () => client.getWalletAsset({ walletAddress: wallet, assetAddress: jetton }),
    ],
    ['getWalletPools', () => client.getWalletPools(wallet)],
    ['getWalletPools v1', () => client.getWalletPools({ walletAddress: wallet, dexV2: false })],
    ['getWalletPool', () => client.getWalletPool({ walletAddress: wallet, poolAddress: pool })],
    ['getWalletFarms', () => client.getWalletFarms(farmer)],
    ['getWalletFarms v2', () => client.getWalletFarms({ walletAddress: farmer, dexV2: true })],
    [
      'getWalletFarm',
      () => client.getWalletFarm({ walletAddress: farmer, farmAddress: inputs.farm }),
    ],
    ['getWalletFarms (none)', () => client.getWalletFarms(inputs.freshOwner)],
    ['getWalletStakes', () => client.getWalletStakes({ walletAddress: inputs.staker })],
    ['getWalletVaultsFee', () => client.getWalletVaultsFee({ walletAddress: inputs.referrer })],
    [
      'simulateSwap',
      () =>
        client.simulateSwap({
          offerAddress: TON,
          askAddress: jetton,
          offerUnits: '5000000000',
          slippageTolerance: '0.005',
        }),
    ],
    [
      'simulateSwap v1 referral',
      () =>
        client.simulateSwap({
          offerAddress: TON,
          askAddress: jetton,
          offerUnits: '5000000000',
          slippageTolerance: '0.005',
          dexVersion: [1],
          referralAddress: inputs.referrer,
        }),
    ],
    [
      'simulateReverseSwap',
      () =>
        client.simulateReverseSwap({
          offerAddress: jetton,
          askAddress: TON,
          askUnits: '1000000000',
          slippageTolerance: '0.01',
          referralAddress: inputs.referrer,
          referralFeeBps: '25',
        }),
    ],
    [
      'simulateLiquidityProvision Balanced',
      () =>
        client.simulateLiquidityProvision({
          provisionType: 'Balanced',
          tokenA: TON,
          tokenB: jetton,
          tokenAUnits: '1000000000',
          poolAddress: pool,
          slippageTolerance: '0.01',
          walletAddress: wallet,
        }),
    ],
    [
      'simulateLiquidityProvision Arbitrary',
      () =>
        client.simulateLiquidityProvision({
          provisionType: 'Arbitrary',
          tokenA: TON,
          tokenB: jetton,
          tokenAUnits: '1000000000',
          tokenBUnits: '0',
          poolAddress: pool,
          slippageTolerance: '0.01',
        }),
    ],
    [
      'simulateLiquidityProvision Initial (a new pair)',
      () =>
        client.simulateLiquidityProvision({
          provisionType: 'Initial',
          tokenA: inputs.newPair[0],
          tokenB: inputs.newPair[1],
          tokenAUnits: '1000000000',
          tokenBUnits: '400000000',
          slippageTolerance: '0.01',
        }),
    ],
  ]
  const records: CallRecord[] = []
  for (const [call, run] of calls) {
    const answers: { request: string; status: number; body: string }[] = []
    recording = answers
    let ok = true
    try {
      await run()
    } catch {
      ok = false
    } finally {
      recording = undefined
    }
    records.push({ call, ok, answers })
  }
  return records
}
