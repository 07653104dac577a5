import { join } from 'node:path'
import { StonApiClient } from '@ston-fi/api'
import { Client, DEX, pTON } from '@ston-fi/sdk'
import { Address, toNano } from '@ton/core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { RunningFollowNode } from '../../local/startFollowNode.js'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { importSnapshot } from '../../service/snapshot/importSnapshot.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'
import { startFaultProxy } from '../_support/faultProxy.js'
import { dapp } from './_support/dapp.js'
import { type FollowHarness, followHarness } from './_support/followHarness.js'

/**
 * R starts at a later block S of U's chain (`--from-seqno S`), when every pool already holds
 * liquidity: it adopts the pools from their state at S − 1, then follows the swaps after S, and
 * its reserves equal U's (U's REST pools are its indexed state, which U's own tests hold equal to
 * `get_pool_data`).
 */
let harness: FollowHarness
let upstream: RunningLocalExchange
let follower: RunningFollowNode

beforeAll(async () => {
  harness = await followHarness('follow-from', 12)
  upstream = harness.upstream
  follower = await harness.follow({ fromSeqno: (upstream.chain?.head.seqno ?? 0) + 1 })
}, 300_000)
afterAll(async () => {
  await harness?.close()
})

type WirePool = Record<string, string | number | boolean | null>
const CHAIN_FIELDS = [
  ...['address', 'router_address', 'token0_address', 'token1_address', 'reserve0', 'reserve1'],
  ...['lp_total_supply', 'lp_fee', 'protocol_fee', 'ref_fee', 'protocol_fee_address'],
  ...['collected_token0_protocol_fee', 'collected_token1_protocol_fee', 'amp', 'rate', 'w0'],
]
const chainFields = async (url: string) => {
  const { pool_list } = (await (await fetch(`${url}/v1/pools`)).json()) as { pool_list: WirePool[] }
  // By address: the listing's order is by popularity, which is history R does not have.
  return pool_list
    .map((p) => Object.fromEntries(CHAIN_FIELDS.map((f) => [f, p[f]])))
    .sort((a, b) => String(a.address).localeCompare(String(b.address)))
}

test('started at a later block, it adopts the funded pools and follows them exactly', async () => {
  const start = (upstream.chain?.head.seqno ?? 0) + 1
  expect(start).toBeGreaterThan(50)
  // Adopted at start - 1: every pool, with U's state then.
  const before = await chainFields(upstream.url)
  expect(before.length).toBeGreaterThan(5)
  expect(await chainFields(follower.url)).toEqual(before)
  // More swaps on U after S.
  const app = dapp(upstream.url)
  for (const wallet of upstream.wallets.slice(0, 3)) {
    await app.send(wallet, await app.swapParams(wallet, 2_000_000n))
  }
  const head = upstream.chain?.head.seqno ?? 0
  expect(head).toBeGreaterThan(start)
  await follower.follower.indexed(head)
  const after = await chainFields(upstream.url)
  expect(after).not.toEqual(before)
  expect(await chainFields(follower.url)).toEqual(after)
  // The wallets paid after S existed before it: R adopted them from their state at the block
  // before it first saw them, so their balances are the chain's, not only what moved since.
  const balances = async (url: string, wallet: string) => {
    const { asset_list } = (await (await fetch(`${url}/v1/wallets/${wallet}/assets`)).json()) as {
      asset_list: { contract_address: string; balance?: string }[]
    }
    return asset_list
      .filter((a) => a.balance !== undefined && a.balance !== '0')
      .map((a) => [a.contract_address, a.balance])
      .sort()
  }
  const indexed = await follower.store.listIndexedJettonWallets()
  let adopted = 0
  for (const wallet of upstream.wallets.slice(0, 3)) {
    const address = wallet.address.toString()
    const onChain = await balances(upstream.url, address)
    // The wallets R's index met after S (the swap's output): their whole balance, not the swap's.
    const met = indexed.filter(
      (w) => w.ownerAddress !== null && Address.parse(w.ownerAddress).equals(wallet.address),
    )
    for (const w of met) {
      const master = Address.parse(w.masterAddress as string)
      const chainBalance = onChain.find(([asset]) => Address.parse(asset as string).equals(master))
      expect(chainBalance?.[1]).toBe(w.balance.toString())
      adopted++
    }
    // The REST API answers every balance (read from the upstream: untouched wallets are not met).
    expect(await balances(follower.url, address)).toEqual(onChain)
  }
  expect(adopted).toBeGreaterThanOrEqual(3)
  // Only what happened after S is R's history.
  const since = 'since=2020-01-01T00:00:00&until=2030-01-01T00:00:00'
  const stats = async (url: string) =>
    ((await (await fetch(`${url}/v1/stats/dex?${since}`)).json()) as { stats: { trades: number } })
      .stats.trades
  expect(await stats(follower.url)).toBe(3)
  expect(await stats(upstream.url)).toBeGreaterThan(3)
}, 300_000)

test('without a REST API upstream, it adopts each pool on its first transaction seen; an import names the market', async () => {
  // A plain TON API: U's REST paths answer 404 through the proxy, so R2 has no pool list to
  // adopt at start; the market (routers, assets) is imported into its database first.
  const proxy = await startFaultProxy(
    upstream.url,
    () => ({ type: 'pass' }),
    ({ method }) => (method.startsWith('GET /v1/') ? { type: 'not-found' } : { type: 'pass' }),
  )
  try {
    const api = new StonApiClient({ baseURL: upstream.url })
    const routers = await api.getRouters({ dexV2: true })
    const start = (upstream.chain?.head.seqno ?? 0) + 1
    // What the chain cannot say, imported first (`ton-dex-lab import`): U's routers and assets.
    const body = async (path: string) => (await fetch(`${upstream.url}${path}`)).json()
    const db = createSqliteStore({ path: join(harness.dir, 'r-bare.sqlite') })
    await importSnapshot(db, {
      routers: await body('/v1/routers'),
      assets: await body('/v1/assets'),
      pools: { pool_list: [] },
    })
    await db.close()
    // The exchange's routers are the imported ones (no --routers).
    const bare = await harness.follow(
      { url: `${proxy.url}/api/v2/jsonRPC`, fromSeqno: start },
      'r-bare.sqlite',
    )
    expect(proxy.injected['not-found']).toBeGreaterThan(0)
    expect(await chainFields(bare.url)).toEqual([])
    // A DEX v2 jetton → jetton swap and a DEX v1 TON → jetton swap on U after S.
    const app = dapp(upstream.url)
    const [first, second] = upstream.wallets.slice(3, 5)
    await app.send(first!, await app.swapParams(first!, 3_000_000n))
    const client = new Client({ endpoint: `${upstream.url}/api/v2/jsonRPC`, stonApiClient: api })
    const usdt = (await api.getAssets()).find((a) => a.symbol === 'USDT')!.contractAddress
    const v1 = routers.find((r) => r.majorVersion === 1)!
    const router = client.open(DEX.v1.Router.create(Address.parse(v1.address)))
    await app.send(
      second!,
      await router.getSwapTonToJettonTxParams({
        userWalletAddress: second!.address,
        proxyTon: pTON.v1.create(Address.parse(v1.ptonMasterAddress)),
        offerAmount: toNano('0.5'),
        askJettonAddress: usdt,
        minAskAmount: 1n,
      }),
    )
    const head = upstream.chain?.head.seqno ?? 0
    await bare.follower.indexed(head)
    // The two pools the swaps entered, adopted at the block before and followed since: their
    // reserves, supply, fees and kind parameters are U's (U's REST pools are its indexed state).
    // Listed by R2's REST API with U's chain fields (the imported assets name their sides).
    const listed = await chainFields(bare.url)
    const onU = await chainFields(upstream.url)
    expect(listed.length).toBe(2)
    for (const pool of listed) expect(pool).toEqual(onU.find((p) => p.address === pool.address))
    const indexed = await bare.store.listIndexedPools()
    const v2 = routers.find((r) => r.majorVersion === 2 && r.routerType === 'ConstantProduct')!
    expect(indexed.map((p) => p.routerAddress).sort()).toEqual([v1.address, v2.address].sort())
    for (const pool of indexed) {
      const u = onU.find((p) => p.address === pool.address)
      expect(u).toBeDefined()
      expect({
        reserve0: String(pool.reserve0),
        reserve1: String(pool.reserve1),
        lp_total_supply: String(pool.totalSupply),
        lp_fee: String(pool.lpFee),
        protocol_fee: String(pool.protocolFee),
        ref_fee: String(pool.refFee),
      }).toEqual({
        reserve0: u?.reserve0,
        reserve1: u?.reserve1,
        lp_total_supply: u?.lp_total_supply,
        lp_fee: u?.lp_fee,
        protocol_fee: u?.protocol_fee,
        ref_fee: u?.ref_fee,
      })
    }
  } finally {
    await proxy.close()
  }
}, 300_000)
