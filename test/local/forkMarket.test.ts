/**
 * `serve --fork`'s REST API: F forks U (a local exchange, the upstream) through a counting proxy
 * from an empty database, and lists U's routers, assets and pools as they were at the pinned
 * block S, adopted from F's own state at S; then follows what F's own blocks do to them. One U
 * for the whole file (its start builds the demo market).
 */
import { createHash } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { StonApiClient } from '@ston-fi/api'
import { Client, DEX, pTON } from '@ston-fi/sdk'
import {
  Address,
  beginCell,
  contractAddress,
  Dictionary,
  internal,
  SendMode,
  type StateInit,
  TupleReader,
  toNano,
} from '@ton/core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { fixtureCode } from '../../contracts-fixtures/fixtureCode.js'
import { parseForkSeed } from '../../local/forkSeed.js'
import { type RunningForkNode, startForkNode } from '../../local/startForkNode.js'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { readDexV2PoolData } from '../../protocol/dex/poolData.js'
import { jettonMintBody } from '../../protocol/jetton/messages.js'
import { jettonMinterData } from '../../protocol/jetton/storage.js'
import { INDEX_CURSOR, parseCursor } from '../../store/indexCursor.js'
import { startDemoExchange } from '../_support/demoExchange.js'
import { type FaultProxy, startFaultProxy } from '../_support/faultProxy.js'
import { dapp } from './_support/dapp.js'

type RouterJson = { address: string; major_version: number; router_type: string }
type PoolJson = {
  address: string
  router_address: string
  token0_address: string
  token1_address: string
  reserve0: string
  reserve1: string
  lp_total_supply: string
  lp_fee: string
  protocol_fee: string
  ref_fee: string
  protocol_fee_address: string
  collected_token0_protocol_fee: string
  collected_token1_protocol_fee: string
  amp: string | null
  rate: string | null
  w0: string | null
}
type AssetJson = { contract_address: string; symbol: string; decimals: number; kind: string }

let dir: string
let upstream: RunningLocalExchange
let proxy: FaultProxy
let fork: RunningForkNode | undefined
/** U's REST bodies at S (before anything changed U after F pinned it). */
let atS: { routers: unknown; assets: unknown; pools: unknown }

const get = async <T>(url: string): Promise<T> => (await (await fetch(url)).json()) as T
const routersOf = async (base: string) =>
  (await get<{ router_list: RouterJson[] }>(`${base}/v1/routers`)).router_list
const poolsOf = async (base: string) =>
  (await get<{ pool_list: PoolJson[] }>(`${base}/v1/pools`)).pool_list
const assetsOf = async (base: string) =>
  (await get<{ asset_list: AssetJson[] }>(`${base}/v1/assets`)).asset_list

/** What the chain says of a pool, as the REST API writes it. */
const chainFields = (p: PoolJson) => ({
  address: p.address,
  router_address: p.router_address,
  token0_address: p.token0_address,
  token1_address: p.token1_address,
  reserve0: p.reserve0,
  reserve1: p.reserve1,
  lp_total_supply: p.lp_total_supply,
  lp_fee: p.lp_fee,
  protocol_fee: p.protocol_fee,
  ref_fee: p.ref_fee,
  protocol_fee_address: p.protocol_fee_address,
  collected_token0_protocol_fee: p.collected_token0_protocol_fee,
  collected_token1_protocol_fee: p.collected_token1_protocol_fee,
  amp: p.amp,
  rate: p.rate,
  w0: p.w0,
})
const byAddress = (pools: PoolJson[]) =>
  pools.map(chainFields).sort((a, b) => a.address.localeCompare(b.address))

const startFork = (db: string, seed?: unknown) =>
  startForkNode({
    dbPath: join(dir, db),
    host: '127.0.0.1',
    port: 0,
    fork: {
      url: `${proxy.url}/api/v2/jsonRPC`,
      rps: Number.POSITIVE_INFINITY,
      timeoutMs: 5_000,
      attempts: 3,
      ...(seed === undefined ? {} : { seed: { path: 'seed.json', ...parseForkSeed(seed) } }),
    },
  })

/** REST requests (`GET /v1/…`) the proxy saw from index `from` on. */
const restRequests = (from: number) =>
  proxy.requests.slice(from).filter((r) => r.method.includes('/v1/')).length

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-forkmarket-'))
  upstream = await startDemoExchange({
    ...{ dbPath: join(dir, 'u.sqlite'), host: '127.0.0.1', port: 0 },
    demoSwaps: 4,
  })
  proxy = await startFaultProxy(upstream.url, () => ({ type: 'pass' }))
  atS = {
    routers: await get(`${upstream.url}/v1/routers`),
    assets: await get(`${upstream.url}/v1/assets`),
    pools: await get(`${upstream.url}/v1/pools`),
  }
  fork = await startFork('f.sqlite')
}, 600_000)

afterAll(async () => {
  await fork?.close()
  await proxy?.close()
  await upstream?.close()
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
})

describe('serve --fork <U>: the REST API', () => {
  test('lists U’s routers, assets and pools with their state at S', async () => {
    const uPools = (atS.pools as { pool_list: PoolJson[] }).pool_list
    const uRouters = (atS.routers as { router_list: RouterJson[] }).router_list
    // Every kind the demo has: DEX v1, and DEX v2 of each router type.
    expect(new Set(uRouters.map((r) => `${r.major_version} ${r.router_type}`)).size).toBe(
      uRouters.length,
    )
    expect(uPools.length).toBeGreaterThanOrEqual(uRouters.length)
    expect((await routersOf(fork!.url)).map((r) => r.address).sort()).toEqual(
      uRouters.map((r) => r.address).sort(),
    )
    const uAssets = (atS.assets as { asset_list: AssetJson[] }).asset_list
    expect((await assetsOf(fork!.url)).map((a) => [a.contract_address, a.symbol])).toEqual(
      expect.arrayContaining(uAssets.map((a) => [a.contract_address, a.symbol])),
    )
    expect(byAddress(await poolsOf(fork!.url))).toEqual(byAddress(uPools))
    // Every router wallet is named by its own get_wallet_data on F (v1 pTON, v2 pTON, jettons):
    // nothing is unnamed, and the names are U's own (the pools' tokens above).
    const status = (await (await fetch(`${fork!.url}/local/status`)).json()) as {
      unnamed: unknown[]
    }
    expect(status.unnamed).toEqual([])
    // Adopted at the fork's own block (local block 0, the state at S): the index began there.
    expect(parseCursor(await fork!.store.getCursor(INDEX_CURSOR))).toMatchObject({ seqno: 0 })
  })

  test('a swap on U after S leaves F’s pools at their S state', async () => {
    const before = byAddress(await poolsOf(fork!.url))
    const wallet = upstream.wallets[1]!
    const u = dapp(upstream.url)
    await u.send(wallet, await u.swapParams(wallet, 1_000_000n))
    await upstream.indexed(upstream.chain!.head.seqno)
    const uNow = byAddress(await poolsOf(upstream.url))
    // U moved one pool …
    expect(uNow.filter((p, i) => JSON.stringify(p) !== JSON.stringify(before[i])).length).toBe(1)
    // … and F did not.
    expect(byAddress(await poolsOf(fork!.url))).toEqual(before)
  }, 120_000)

  test('a swap on F with the official clients on F: F’s REST follows the pool as its chain says', async () => {
    const wallet = upstream.wallets[2]!
    // F's own REST API names the market; every get-method and sendBoc on F.
    const api = new StonApiClient({ baseURL: fork!.url })
    const client = new Client({ endpoint: `${fork!.url}/api/v2/jsonRPC`, stonApiClient: api })
    const assets = await api.getAssets()
    const usdt = assets.find((a) => a.symbol === 'USDT')!.contractAddress
    const ston = assets.find((a) => a.symbol === 'STON')!.contractAddress
    const v2 = (await api.getRouters({ dexV2: true })).find(
      (r) => r.majorVersion === 2 && r.routerType === 'ConstantProduct',
    )!
    const simulation = await api.simulateSwap({
      offerAddress: usdt,
      askAddress: ston,
      offerUnits: '3000000',
      slippageTolerance: '0.01',
    })
    expect(BigInt(simulation.askUnits)).toBeGreaterThan(0n)
    expect(simulation.routerAddress).toBe(v2.address)
    const router = client.open(DEX.v2_2.Router.CPI.create(Address.parse(v2.address)))
    const params = await router.getSwapJettonToJettonTxParams({
      userWalletAddress: wallet.address,
      offerJettonAddress: usdt,
      askJettonAddress: ston,
      offerAmount: 3_000_000n,
      minAskAmount: BigInt(simulation.minAskUnits),
    })
    // The wallet's STON on F before (held since before S: the index has not met it).
    const jettonBalance = async (master: string) => {
      const owner = {
        type: 'slice' as const,
        cell: beginCell().storeAddress(wallet.address).endCell(),
      }
      const { stack } = await fork!.chain.runGetMethod(
        Address.parse(master),
        'get_wallet_address',
        [owner],
      )
      const address = new TupleReader([...stack]).readAddress()
      return new TupleReader([
        ...(await fork!.chain.runGetMethod(address, 'get_wallet_data')).stack,
      ]).readBigNumber()
    }
    const stonBefore = await jettonBalance(ston)
    const usdtBefore = await jettonBalance(usdt)
    const before = byAddress(await poolsOf(fork!.url))
    const uBefore = byAddress(await poolsOf(upstream.url))
    const uHead = upstream.chain!.head.seqno
    const head = fork!.chain.head.seqno
    await dapp(fork!.url).send(wallet, params)
    expect(fork!.chain.head.seqno).toBe(head + 1)
    await fork!.indexed(head + 1)
    const after = byAddress(await poolsOf(fork!.url))
    // Of the chain's fields (USD figures follow the swaps' prices)
    const changed = after.filter(
      (p) => JSON.stringify(p) !== JSON.stringify(before.find((b) => b.address === p.address)),
    )
    expect(changed.map((p) => p.address)).toEqual([simulation.poolAddress])
    const pool = changed[0]!
    // The pool paid what F's simulation said, and F's REST row is its get_pool_data on F.
    const { stack } = await fork!.chain.runGetMethod(Address.parse(pool.address), 'get_pool_data')
    const data = readDexV2PoolData(new TupleReader([...stack]), 'constant_product')
    expect([pool.reserve0, pool.reserve1, pool.lp_total_supply]).toEqual([
      data.reserve0.toString(),
      data.reserve1.toString(),
      data.totalSupply.toString(),
    ])
    const old = before.find((b) => b.address === pool.address)!
    // The STON side fell by the payout and the protocol's fee, collected beside the reserves.
    const side = pool.token0_address === ston ? 0 : 1
    const reserve = (p: typeof pool) => BigInt(side === 0 ? p.reserve0 : p.reserve1)
    const collected = (p: typeof pool) =>
      BigInt(side === 0 ? p.collected_token0_protocol_fee : p.collected_token1_protocol_fee)
    expect(collected(pool)).toBeGreaterThan(collected(old))
    expect(reserve(old) - reserve(pool)).toBe(
      BigInt(simulation.askUnits) + collected(pool) - collected(old),
    )
    // The wallet's STON in F's REST: the wallet existed at S; met when the router's wallet paid
    // it, it is adopted with its state at the block before, plus the payout.
    const stonAsset = await api.getWalletAsset({
      walletAddress: wallet.address.toString(),
      assetAddress: ston,
    })
    expect(BigInt(stonAsset.balance ?? '0')).toBe(stonBefore + BigInt(simulation.askUnits))
    expect(await jettonBalance(ston)).toBe(stonBefore + BigInt(simulation.askUnits))
    // The offer side: a wallet that only sent on F, read on F (the index does not follow it).
    const usdtAsset = await api.getWalletAsset({
      walletAddress: wallet.address.toString(),
      assetAddress: usdt,
    })
    expect(BigInt(usdtAsset.balance ?? '0')).toBe(usdtBefore - 3_000_000n)
    expect(await jettonBalance(usdt)).toBe(usdtBefore - 3_000_000n)
    // … and the swap in its operations.
    const operations = await api.getWalletOperations({
      walletAddress: wallet.address.toString(),
      since: new Date(0),
      until: new Date(Date.now() + 60_000),
    })
    expect(operations.map((o) => String(o.operation.operationType).toLowerCase())).toEqual(['swap'])
    expect(operations[0]!.operation.poolAddress).toBe(simulation.poolAddress)
    // U did not see any of it.
    expect(upstream.chain!.head.seqno).toBe(uHead)
    expect(byAddress(await poolsOf(upstream.url))).toEqual(uBefore)
  }, 120_000)

  test('a swap on each DEX v2 router kind on F: the pool’s REST row is its get_pool_data on F', async () => {
    const wallet = upstream.wallets[4]!
    const app = dapp(fork!.url)
    const assets = await app.api.getAssets()
    const address = (symbol: string) => assets.find((a) => a.symbol === symbol)!.contractAddress
    const routers = await routersOf(fork!.url)
    const kinds = [
      {
        type: 'StableSwap',
        kind: 'stableswap',
        sdk: DEX.v2_2.Router.Stable,
        offer: 'USDC',
        ask: 'USDT',
      },
      {
        type: 'WeightedStableSwap',
        kind: 'weighted_stableswap',
        sdk: DEX.v2_2.Router.WStable,
        offer: 'USDC',
        ask: 'USDT',
      },
      {
        type: 'WeightedConstProduct',
        kind: 'weighted_const_product',
        sdk: DEX.v2_2.Router.WCPI,
        offer: 'STON',
        ask: 'TON',
      },
    ] as const
    for (const { type, kind, sdk, offer, ask } of kinds) {
      const row = routers.find((r) => r.major_version === 2 && r.router_type === type)!
      const json = row as RouterJson & { pton_master_address: string }
      // The SDK's router class of its kind (its own gas amounts).
      const router = app.client.open(sdk.create(Address.parse(row.address)))
      const params =
        ask === 'TON'
          ? await router.getSwapJettonToTonTxParams({
              userWalletAddress: wallet.address,
              offerJettonAddress: address(offer),
              proxyTon: pTON.v2_1.create(Address.parse(json.pton_master_address)),
              offerAmount: 2n * 10n ** 9n,
              minAskAmount: 1n,
            })
          : await router.getSwapJettonToJettonTxParams({
              userWalletAddress: wallet.address,
              offerJettonAddress: address(offer),
              askJettonAddress: address(ask),
              offerAmount: 2_000_000n,
              minAskAmount: 1n,
            })
      const before = byAddress(await poolsOf(fork!.url))
      const head = fork!.chain.head.seqno
      await app.send(wallet, params)
      await fork!.indexed(head + 1)
      const after = byAddress(await poolsOf(fork!.url))
      const changed = after.filter((p, i) => JSON.stringify(p) !== JSON.stringify(before[i]))
      expect(changed.map((p) => p.router_address)).toEqual([row.address])
      const pool = changed[0]!
      const { stack } = await fork!.chain.runGetMethod(Address.parse(pool.address), 'get_pool_data')
      const data = readDexV2PoolData(new TupleReader([...stack]), kind)
      expect([pool.reserve0, pool.reserve1, pool.lp_total_supply]).toEqual([
        data.reserve0.toString(),
        data.reserve1.toString(),
        data.totalSupply.toString(),
      ])
      expect([pool.amp, pool.w0, pool.rate]).toEqual([
        'amp' in data ? data.amp.toString() : null,
        'w0' in data ? data.w0.toString() : null,
        'rate' in data ? data.rate.toString() : null,
      ])
    }
  }, 120_000)

  test('a jetton a dApp mints on F is listed from its TEP-64 content; its pool on U’s router too', async () => {
    const wallet = upstream.wallets[3]!
    const app = dapp(fork!.url)
    const send = async (params: {
      to: Address
      value: bigint
      body?: unknown
      init?: StateInit | null | undefined
    }) => {
      const opened = app.client.open(wallet.contract)
      await opened.sendTransfer({
        seqno: await opened.getSeqno(),
        secretKey: (await wallet.keyPair()).secretKey,
        sendMode: SendMode.PAY_GAS_SEPARATELY,
        messages: [
          internal({
            to: params.to,
            value: params.value,
            body: (params.body as never) ?? null,
            ...(params.init ? { init: params.init } : {}),
          }),
        ],
      })
      await fork!.indexed(fork!.chain.head.seqno)
    }
    const attributes = Dictionary.empty(Dictionary.Keys.BigUint(256), Dictionary.Values.Cell())
    const attribute = (name: string, value: string) =>
      attributes.set(
        BigInt(`0x${createHash('sha256').update(name).digest('hex')}`),
        beginCell().storeUint(0, 8).storeStringTail(value).endCell(),
      )
    attribute('name', 'Fork Coin')
    attribute('symbol', 'FORK')
    attribute('decimals', '6')
    const init: StateInit = {
      code: fixtureCode('jettonMinter'),
      data: jettonMinterData({
        admin: wallet.address,
        content: beginCell().storeUint(0, 8).storeDict(attributes).endCell(),
        walletCode: fixtureCode('jettonWallet'),
      }),
    }
    const minter = contractAddress(0, init)
    await send({
      to: minter,
      value: toNano('0.3'),
      init,
      body: jettonMintBody({
        to: wallet.address,
        amount: 1_000_000n * 10n ** 6n,
        tonAmount: toNano('0.05'),
        response: wallet.address,
      }),
    })
    const asset = await get<{ asset: AssetJson }>(`${fork!.url}/v1/assets/${minter.toString()}`)
    expect(asset.asset).toMatchObject({ symbol: 'FORK', decimals: 6, kind: 'Jetton' })
    // A FORK/STON pool on U's DEX v2 router, made on F through @ston-fi/sdk.
    const ston = (await app.api.getAssets()).find((a) => a.symbol === 'STON')!.contractAddress
    const v2 = (await app.api.getRouters()).find(
      (r) => r.majorVersion === 2 && r.routerType === 'ConstantProduct',
    )!
    const router = app.client.open(DEX.v2_2.Router.CPI.create(v2.address))
    for (const side of [
      { send: minter.toString(), other: ston, amount: 50_000n * 10n ** 6n },
      { send: ston, other: minter.toString(), amount: 20n * 10n ** 9n },
    ]) {
      await send(
        await router.getProvideLiquidityJettonTxParams({
          userWalletAddress: wallet.address,
          sendTokenAddress: side.send,
          otherTokenAddress: side.other,
          sendAmount: side.amount,
          minLpOut: 1n,
        }),
      )
    }
    const pool = await router.getPool({ token0: minter, token1: ston })
    const listed = (await poolsOf(fork!.url)).find((p) => p.address === pool.address.toString())
    const state = await app.client.open(pool).getPoolData()
    expect([listed?.reserve0, listed?.reserve1]).toEqual([
      state.reserve0.toString(),
      state.reserve1.toString(),
    ])
    expect([state.reserve0, state.reserve1].sort()).toEqual(
      [50_000n * 10n ** 6n, 20n * 10n ** 9n].sort(),
    )
  }, 120_000)

  test('a restart with the same database adopts nothing again', async () => {
    const pools = byAddress(await poolsOf(fork!.url))
    const cursor = await fork!.store.getCursor(INDEX_CURSOR)
    await fork!.close()
    fork = undefined
    const from = proxy.requests.length
    fork = await startFork('f.sqlite')
    // The swapped pool keeps F's state, not S's; nothing asked of U.
    expect(byAddress(await poolsOf(fork.url))).toEqual(pools)
    expect(await fork.store.getCursor(INDEX_CURSOR)).toEqual(cursor)
    expect(proxy.requests.length - from).toBe(0)
  }, 120_000)
})

describe('serve --fork <U> --fork-seed <market.json>', () => {
  test('the seed names routers and pools; unlisted assets are named from TEP-64 on the fork', async () => {
    // U's pools now: the seeded fork pins U's head now (U swapped after S above).
    const uPools = await poolsOf(upstream.url)
    const from = proxy.requests.length
    // U's routers and pools as captured at S, without the assets section.
    const seeded = await startFork('seeded.sqlite', { routers: atS.routers, pools: atS.pools })
    try {
      // The seed wins: U's REST API is not asked.
      expect(restRequests(from)).toBe(0)
      expect(byAddress(await poolsOf(seeded.url))).toEqual(byAddress(uPools))
      // The demo's jettons carry off-chain TEP-64 content (`…/USDT.json`), not fetched: the
      // symbol is the URI's file name, the decimals TEP-64's default (9; U's USDT has 6).
      const uAssets = (atS.assets as { asset_list: AssetJson[] }).asset_list
      const named = await assetsOf(seeded.url)
      const listed = new Set(uPools.flatMap((p) => [p.token0_address, p.token1_address]))
      const pooled = uAssets.filter((a) => listed.has(a.contract_address))
      expect(pooled.length).toBeGreaterThan(2)
      for (const asset of pooled) {
        expect(named.find((a) => a.contract_address === asset.contract_address)).toMatchObject({
          symbol: asset.symbol,
          decimals: 9,
          kind: asset.kind,
        })
      }
    } finally {
      await seeded.close()
    }
  }, 120_000)
})

describe('serve --fork <a TON API without a STON.fi REST API>', () => {
  test('no seed: nothing is adopted, the REST API lists no routers or pools, the chain runs', async () => {
    // U behind a proxy whose REST answers are not the STON.fi API's shape (a plain TON API).
    const plain = await startFaultProxy(
      upstream.url,
      () => ({ type: 'pass' }),
      ({ method }) =>
        method.includes('/v1/') ? { type: 'rewrite', rewrite: () => ({}) } : { type: 'pass' },
    )
    const bare = await startForkNode({
      dbPath: join(dir, 'bare.sqlite'),
      host: '127.0.0.1',
      port: 0,
      fork: { url: `${plain.url}/api/v2/jsonRPC`, rps: Number.POSITIVE_INFINITY, timeoutMs: 5_000 },
    })
    try {
      expect(await routersOf(bare.url)).toEqual([])
      expect(await poolsOf(bare.url)).toEqual([])
      // The index was not begun by an adoption: a later start with --fork-seed may still adopt.
      expect(await bare.store.getCursor(INDEX_CURSOR)).toBeUndefined()
      expect(plain.requests.filter((r) => r.method.includes('/v1/routers')).length).toBe(1)
    } finally {
      await bare.close()
      await plain.close()
    }
  }, 120_000)
})
