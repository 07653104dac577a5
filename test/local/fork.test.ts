/**
 * `serve --fork`: F forks U (a second local exchange, the upstream) through a counting,
 * fault-injecting proxy in front of U's TON HTTP API, from an empty database. U's TON HTTP API
 * has no `getShardAccountCell` yet, so F is the approximate fork (`getAddressInformation`); the
 * exact fork's own check runs once U answers it.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { StonApiClient } from '@ston-fi/api'
import { Client, DEX, pTON } from '@ston-fi/sdk'
import {
  Address,
  beginCell,
  type Cell,
  external,
  internal,
  SendMode,
  storeMessage,
  toNano,
} from '@ton/core'
import { JettonMaster } from '@ton/ton'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { TestWallet } from '../../chain/wallets/testWallets.js'
import { type RunningForkNode, startForkNode } from '../../local/startForkNode.js'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { startDemoExchange } from '../_support/demoExchange.js'
import { type Fault, type FaultProxy, startFaultProxy } from '../_support/faultProxy.js'
import { dapp } from './_support/dapp.js'

let dir: string
let upstream: RunningLocalExchange
let proxy: FaultProxy
let fork: RunningForkNode | undefined
/** What the proxy does with the next request (tests set it; default pass). */
let plan: (request: { method: string; n: number }) => Fault = () => ({ type: 'pass' })
/** The basechain's zero address. */
const ZERO = new Address(0, Buffer.alloc(32)).toString()
/** Every library hash the forks asked of U. */
const libraryAsks: string[] = []
/** The upstream's head when F pinned it. */
let pinned: number

const rpcUrl = () => `${proxy.url}/api/v2/jsonRPC`
const startFork = (db = 'f.sqlite', seqno?: number) =>
  startForkNode({
    dbPath: join(dir, db),
    host: '127.0.0.1',
    port: 0,
    fork: {
      url: rpcUrl(),
      rps: Number.POSITIVE_INFINITY,
      timeoutMs: 3_000,
      attempts: 3,
      ...(seqno === undefined ? {} : { seqno }),
    },
  })

/** A toncenter v2 call (GET) on `base`: the status and the JSON body. */
async function call<T = unknown>(
  base: string,
  method: string,
  params: Record<string, string | number>,
): Promise<{ status: number; ok: boolean; result: T; error_code?: string }> {
  const query = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  )
  const response = await fetch(`${base}/api/v2/${method}?${query}`)
  const json = (await response.json()) as { ok: boolean; result: T; error_code?: string }
  return { status: response.status, ...json }
}

type AccountView = { balance: string; data: string; last_transaction_id: { lt: string } }
/** The account as the chain answers it (without `sync_utime`, the time of the answer). */
const accountOf = async (base: string, address: string): Promise<AccountView> => {
  const { result } = await call<AccountView & { sync_utime?: number }>(
    base,
    'getAddressInformation',
    { address },
  )
  const { sync_utime: _, ...account } = result
  return account
}

/** Requests of the proxy log from index `from` on whose method is one of `methods`. */
const seen = (from: number, ...methods: string[]) =>
  proxy.requests.slice(from).filter((r) => methods.includes(r.method)).length

/** A signed v4r2 transfer as an external-in message BoC (base64), for `sendBoc`. */
async function transferBoc(
  base: string,
  wallet: TestWallet,
  to: Address,
  value: bigint,
  body?: Cell,
): Promise<string> {
  const { result } = await call<{ exit_code: number; stack: [string, string][] }>(
    base,
    'runGetMethod',
    { address: wallet.address.toString(), method: 'seqno', stack: '[]' },
  )
  // A test wallet is funded at genesis and deployed by its first message.
  const deployed = result.exit_code === 0
  const transfer: Cell = wallet.contract.createTransfer({
    seqno: deployed ? Number(BigInt(result.stack[0]![1])) : 0,
    secretKey: (await wallet.keyPair()).secretKey,
    sendMode: SendMode.PAY_GAS_SEPARATELY,
    messages: [internal({ to, value, bounce: body !== undefined, body: body ?? null })],
  })
  const message = external({
    to: wallet.address,
    ...(deployed ? {} : { init: wallet.contract.init }),
    body: transfer,
  })
  return beginCell().store(storeMessage(message)).endCell().toBoc().toString('base64')
}

async function sendBoc(base: string, boc: string) {
  const response = await fetch(`${base}/api/v2/sendBoc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ boc }),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-fork-'))
  upstream = await startDemoExchange({
    ...{ dbPath: join(dir, 'u.sqlite'), host: '127.0.0.1', port: 0 },
    demoSwaps: 4,
  })
  proxy = await startFaultProxy(upstream.url, (request) => {
    if (request.method === 'getLibraries') {
      const asked = request.params.libraries
      libraryAsks.push(...(Array.isArray(asked) ? asked.map(String) : [String(asked)]))
    }
    return plan(request)
  })
  pinned = upstream.chain?.head.seqno ?? -1
  fork = await startFork()
}, 600_000)

afterAll(async () => {
  await fork?.close()
  await proxy?.close()
  await upstream?.close()
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
})

describe('serve --fork <U>', () => {
  test('pins U’s head, and says whether it is an exact fork of it', async () => {
    const status = (await (await fetch(`${fork!.url}/local/status`)).json()) as {
      mode: string
      fork: Record<string, unknown>
      warning: string
    }
    expect(status.mode).toBe('fork')
    // Exact where U answers getShardAccountCell, approximate (getAddressInformation) otherwise.
    const exact =
      (await call(upstream.url, 'getShardAccountCell', { address: ZERO })).status === 200
    expect(status.fork).toMatchObject({ url: rpcUrl(), seqno: pinned, exact })
    expect(status.fork.requests).toBeGreaterThan(0)
    expect(status.warning).toMatch(/test wallets only/i)
    // The local chain continues above the pinned block's logical time.
    expect(fork!.chain.head.lt).toBeGreaterThanOrEqual(upstream.chain!.head.lt)
  })

  test('reads U’s accounts at the pinned block, and keeps them when U changes', async () => {
    const pools = (
      (await (await fetch(`${upstream.url}/v1/pools`)).json()) as {
        pool_list: { address: string }[]
      }
    ).pool_list.map((p) => p.address)
    expect(pools.length).toBeGreaterThan(1)
    const before = new Map<string, AccountView>()
    for (const pool of pools) {
      const atU = await accountOf(upstream.url, pool)
      const atF = await accountOf(fork!.url, pool)
      expect(atF.data).toBe(atU.data)
      expect(atF.balance).toBe(atU.balance)
      before.set(pool, atF)
    }
    // U swaps after the fork's block: F still shows the pools as they were at it.
    const wallet = upstream.wallets[1]!
    const u = dapp(upstream.url)
    await u.send(wallet, await u.swapParams(wallet, 1_000_000n))
    let changed = 0
    for (const pool of pools) {
      const atU = await accountOf(upstream.url, pool)
      const atF = await accountOf(fork!.url, pool)
      expect(atF.data).toBe(before.get(pool)!.data)
      if (atU.data !== atF.data) changed += 1
    }
    expect(changed).toBe(1)
  }, 120_000)

  test('a transfer on F runs on F only: U’s head and accounts unchanged, no sendBoc upstream', async () => {
    const uHead = upstream.chain!.head.seqno
    const fHead = fork!.chain.head.seqno
    const from = proxy.requests.length
    const wallet = upstream.wallets[2]!
    const to = new Address(0, Buffer.alloc(32, 7))
    const boc = await transferBoc(fork!.url, wallet, to, toNano('3'))
    const sent = await sendBoc(fork!.url, boc)
    expect(sent.status).toBe(200)
    expect(fork!.chain.head.seqno).toBe(fHead + 1)
    expect((await accountOf(fork!.url, to.toString())).balance).toBe(toNano('3').toString())
    expect((await accountOf(upstream.url, to.toString())).balance).toBe('0')
    expect(upstream.chain!.head.seqno).toBe(uHead)
    expect(seen(from, 'sendBoc', 'sendBocReturnHash', 'sendQuery')).toBe(0)
  }, 60_000)

  test('a DEX v1 swap with the official SDK on F executes on F only', async () => {
    const uHead = upstream.chain!.head.seqno
    const from = proxy.requests.length
    const wallet = upstream.wallets[3]!
    // The market's routers and assets from U's REST API; every get-method and sendBoc on F.
    const api = new StonApiClient({ baseURL: upstream.url })
    const client = new Client({ endpoint: `${fork!.url}/api/v2/jsonRPC`, stonApiClient: api })
    const usdt = (await api.getAssets()).find((a) => a.symbol === 'USDT')!.contractAddress
    const v1 = (await api.getRouters()).find((r) => r.majorVersion === 1)!
    const router = client.open(DEX.v1.Router.create(Address.parse(v1.address)))
    const params = await router.getSwapTonToJettonTxParams({
      userWalletAddress: wallet.address,
      proxyTon: pTON.v1.create(Address.parse(v1.ptonMasterAddress)),
      offerAmount: toNano('1'),
      askJettonAddress: usdt,
      minAskAmount: 1n,
    })
    const usdtWallet = await client
      .open(JettonMaster.create(Address.parse(usdt)))
      .getWalletAddress(wallet.address)
    const balance = async (base: string) =>
      BigInt(
        (
          await call<{ stack: [string, string][] }>(base, 'runGetMethod', {
            address: usdtWallet.toString(),
            method: 'get_wallet_data',
            stack: '[]',
          })
        ).result.stack[0]![1],
      )
    const before = await balance(fork!.url)
    const fHead = fork!.chain.head.seqno
    await dapp(fork!.url).send(wallet, params)
    expect(fork!.chain.head.seqno).toBe(fHead + 1)
    // wallet → pTON → router → pool → router → USDT wallets: the swap paid out on F …
    expect(await balance(fork!.url)).toBeGreaterThan(before)
    // … and nowhere else.
    expect(await balance(upstream.url)).toBe(before)
    expect(upstream.chain!.head.seqno).toBe(uHead)
    expect(seen(from, 'sendBoc', 'sendBocReturnHash', 'sendQuery')).toBe(0)
  }, 120_000)

  test('concurrent first touches are one request; "does not exist at S" is cached', async () => {
    const from = proxy.requests.length
    const nobody = new Address(0, Buffer.alloc(32, 0x42)).toString()
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(fork!.url, 'getAddressInformation', { address: nobody }),
      ),
    )
    for (const answer of answers) expect(answer.result).toMatchObject({ state: 'uninitialized' })
    expect(seen(from, 'getAddressInformation', 'getShardAccountCell')).toBe(1)
    await call(fork!.url, 'getAddressInformation', { address: nobody })
    expect(seen(from, 'getAddressInformation', 'getShardAccountCell')).toBe(1)
  })

  test('upstream faults mid-job: retried, or answered 503 with nothing journaled', async () => {
    const wallet = upstream.wallets[4]!
    // A destination F has never touched: its load fails on every attempt.
    const fresh = new Address(0, Buffer.alloc(32, 9))
    const boc = await transferBoc(fork!.url, wallet, fresh, toNano('1'))
    const head = fork!.chain.head.seqno
    const walletBefore = await accountOf(fork!.url, wallet.address.toString())
    plan = ({ method }) =>
      method === 'getAddressInformation' || method === 'getShardAccountCell'
        ? { type: 'bad-gateway' }
        : { type: 'pass' }
    const failed = await sendBoc(fork!.url, boc)
    plan = () => ({ type: 'pass' })
    expect(failed.status).toBe(503)
    expect(failed.body.error_code).toBe('LIVE_CHAIN_FORK_UNAVAILABLE')
    expect(fork!.chain.head.seqno).toBe(head)
    // The wallet's transaction ran before the destination failed to load: rolled back.
    expect(await accountOf(fork!.url, wallet.address.toString())).toEqual(walletBefore)
    // The chain goes on: the same message, the upstream answering 429 every other time.
    let n = 0
    plan = ({ method }) =>
      (method === 'getAddressInformation' || method === 'getShardAccountCell') && n++ % 2 === 0
        ? { type: 'ratelimit' }
        : { type: 'pass' }
    const retried = await sendBoc(fork!.url, boc)
    plan = () => ({ type: 'pass' })
    expect(retried.status).toBe(200)
    expect(fork!.chain.head.seqno).toBe(head + 1)
    expect((await accountOf(fork!.url, fresh.toString())).balance).toBe(toNano('1').toString())
    expect(proxy.injected.ratelimit).toBeGreaterThan(0)
  }, 60_000)

  test('a restart with the same database asks U for no account it touched', async () => {
    const touched = [
      upstream.wallets[2]!.address.toString(),
      upstream.wallets[3]!.address.toString(),
      new Address(0, Buffer.alloc(32, 7)).toString(),
    ]
    const pools = (
      (await (await fetch(`${upstream.url}/v1/pools`)).json()) as {
        pool_list: { address: string }[]
      }
    ).pool_list.map((p) => p.address)
    const before = new Map<string, AccountView>()
    for (const address of [...touched, ...pools]) {
      before.set(address, await accountOf(fork!.url, address))
    }
    const head = fork!.chain.head
    await fork!.close()
    fork = undefined
    const from = proxy.requests.length
    fork = await startFork()
    expect(fork.chain.head).toEqual(head)
    for (const [address, view] of before) expect(await accountOf(fork.url, address)).toEqual(view)
    // A swap's get-methods on a touched pool: answered from the fork's own state.
    expect(seen(from, 'getAddressInformation', 'getShardAccountCell')).toBe(0)
    // Not even the head or the config: the database is a fork of its block.
    expect(proxy.requests.length - from).toBe(0)
  }, 120_000)
})

describe('serve --fork <U> --fork-seqno <n>', () => {
  test('pins that block, runs from its time, and the database stays its fork', async () => {
    // A recent block: an upstream keeps the states of recent blocks only.
    const S = upstream.chain!.head.seqno - 1
    const at = await startFork('seqno.sqlite', S)
    try {
      const status = at.fork.status()
      expect(status.seqno).toBe(S)
      expect(status.time).toBe(upstream.chain!.blockTime(S))
      // The virtual clock starts at the block's time and runs on from there.
      expect(at.chain.time).toBeGreaterThanOrEqual(status.time)
      expect(at.chain.time).toBeLessThan(status.time + 60)
    } finally {
      await at.close()
    }
    // A restart naming another block is refused: the chain was forked from block S.
    await expect(startFork('seqno.sqlite', S - 1)).rejects.toMatchObject({
      code: 'FORK_MISMATCH',
    })
    // The same block again, or none: the fork of block S, with no upstream request.
    const from = proxy.requests.length
    const again = await startFork('seqno.sqlite')
    expect(again.fork.status().seqno).toBe(S)
    expect(proxy.requests.length).toBe(from)
    await again.close()
  }, 120_000)
})

describe('serve --fork <U> where U answers getShardAccountCell', () => {
  test('the exact fork: U’s ShardAccounts at the pinned block', async (context) => {
    const probe = await call(upstream.url, 'getShardAccountCell', {
      address: upstream.wallets[0]!.address.toString(),
    })
    if (probe.status !== 200) {
      // U's TON HTTP API gains getShardAccountCell, getLibraries and `seqno` in a parallel change.
      context.skip()
      return
    }
    const exact = await startFork('exact.sqlite')
    try {
      const status = exact.fork.status()
      expect(status.exact).toBe(true)
      const S = status.seqno
      const pools = (
        (await (await fetch(`${upstream.url}/v1/pools`)).json()) as {
          pool_list: { address: string }[]
        }
      ).pool_list.map((p) => p.address)
      // U changes a pool after S that the fork has not touched yet.
      const wallet = upstream.wallets[1]!
      const u = dapp(upstream.url)
      await u.send(wallet, await u.swapParams(wallet, 1_000_000n))
      for (const pool of pools) {
        const atS = await call<{ bytes: string }>(upstream.url, 'getShardAccountCell', {
          address: pool,
          seqno: S,
        })
        const onFork = await call<{ bytes: string }>(exact.url, 'getShardAccountCell', {
          address: pool,
        })
        expect(onFork.result.bytes).toBe(atS.result.bytes)
      }
    } finally {
      await exact.close()
    }
  }, 120_000)

  test('a DEX v2 swap through library-coded contracts: each library fetched once', async (context) => {
    const probe = await call(upstream.url, 'getLibraries', { libraries: '0'.repeat(64) })
    if (probe.status !== 200) {
      // U's TON HTTP API gains getLibraries in a parallel change; without it, v2 code (library
      // cells, as on mainnet) cannot be resolved on a fork of U and its contracts exit 9.
      context.skip()
      return
    }
    const lib = await startFork('libraries.sqlite')
    const from = libraryAsks.length
    try {
      const wallet = upstream.wallets[1]!
      const api = new StonApiClient({ baseURL: upstream.url })
      const client = new Client({ endpoint: `${lib.url}/api/v2/jsonRPC`, stonApiClient: api })
      const assets = await api.getAssets()
      const usdt = assets.find((a) => a.symbol === 'USDT')!.contractAddress
      const ston = assets.find((a) => a.symbol === 'STON')!.contractAddress
      const routers = await api.getRouters({ dexV2: true })
      const v2 = routers.find((r) => r.majorVersion === 2 && r.routerType === 'ConstantProduct')!
      const router = client.open(DEX.v2_2.Router.CPI.create(Address.parse(v2.address)))
      const params = await router.getSwapJettonToJettonTxParams({
        userWalletAddress: wallet.address,
        offerJettonAddress: usdt,
        askJettonAddress: ston,
        offerAmount: 1_000_000n,
        minAskAmount: 1n,
      })
      const head = lib.chain.head.seqno
      await dapp(lib.url).send(wallet, params)
      expect(lib.chain.head.seqno).toBe(head + 1)
      const txs = lib.chain.blockTransactions(head + 1)
      expect(txs.length).toBeGreaterThanOrEqual(8)
      const status = lib.fork.status()
      expect(status.libraries).toBeGreaterThan(0)
      expect(status.missing_libraries).toBe(0)
      // Each library hash asked of the upstream once.
      const asked = libraryAsks.slice(from)
      expect(asked.length).toBeGreaterThan(0)
      expect(new Set(asked).size).toBe(asked.length)
    } finally {
      await lib.close()
    }
  }, 120_000)

  test('replay: F at S runs U’s swap of block S+1 into the same transactions', async (context) => {
    const probe = await call(upstream.url, 'getShardAccountCell', { address: ZERO })
    if (probe.status !== 200) {
      // Bit-exact needs the exact fork (storage stats, end lt): U answers getShardAccountCell
      // after a parallel change.
      context.skip()
      return
    }
    const S = upstream.chain!.head.seqno
    // A named block: the fork's clock starts at S's time, so it can be set to U's next block's.
    const replay = await startFork('replay.sqlite', S)
    try {
      // A DEX v2 swap (library-coded router and pool, ten transactions), signed for U's state.
      const wallet = upstream.wallets[1]!
      const params = await dapp(upstream.url).swapParams(wallet, 2_000_000n)
      const boc = await transferBoc(
        upstream.url,
        wallet,
        params.to,
        params.value,
        params.body as Cell,
      )
      const original = await upstream.chain!.sendExternal(boc)
      expect(original.seqno).toBe(S + 1)
      replay.chain.setTime({ set: original.now })
      const replayed = await replay.chain.sendExternal(boc)
      const hashes = (block: { transactions: readonly { hash(): Buffer }[] }) =>
        block.transactions.map((tx) => tx.hash().toString('hex'))
      expect(original.transactions.length).toBeGreaterThanOrEqual(8)
      expect(hashes(replayed)).toEqual(hashes(original))
    } finally {
      await replay.close()
    }
  }, 120_000)
})
