/**
 * Test funds on a fork: F (`serve --fork <U>`, an empty database) forks U (the local exchange)
 * through a counting proxy; F's `/local/wallets` and `/local/faucet` fund a fresh wallet with
 * TON (a local balance change) and a jetton (minted as U's jetton admin, impersonated), which
 * then swaps with `@ston-fi/sdk` on F — and U never sees any of it. An LP token (its pool
 * mints only for liquidity) comes from a holder named by `--fork-fund-from`.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { StonApiClient } from '@ston-fi/api'
import { Client, DEX, pTON } from '@ston-fi/sdk'
import { Address, beginCell, internal, SendMode, toNano } from '@ton/core'
import { mnemonicNew, mnemonicToPrivateKey } from '@ton/crypto'
import { WalletContractV4 } from '@ton/ton'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { swap } from '../../core/ops/swap.js'
import { createPoolState, type PoolKind } from '../../core/pool/PoolState.js'
import { FORK_FUNDS_NOTE } from '../../local/forkFaucet.js'
import { type RunningForkNode, startForkNode } from '../../local/startForkNode.js'
import type { RunningLocalExchange } from '../../local/startLocalExchange.js'
import { readDexV1PoolData, readDexV2PoolData } from '../../protocol/dex/poolData.js'
import { startDemoExchange } from '../_support/demoExchange.js'
import { type Fault, type FaultProxy, startFaultProxy } from '../_support/faultProxy.js'

let dir: string
let upstream: RunningLocalExchange
let proxy: FaultProxy
let fork: RunningForkNode | undefined
/** An LP token of U (a pool: it mints only for liquidity) and its largest holder at S. */
let lp: { master: string; holder: string; balance: bigint }
/** Another pool's LP token, with no holder named. */
let otherLp: string
/** U's head when F pinned it. */
let pinned: number
/** What the proxy does with the next request (a test sets it; default pass). */
let plan: (request: { method: string }) => Fault = () => ({ type: 'pass' })

const startFork = () =>
  startForkNode({
    dbPath: join(dir, 'f.sqlite'),
    host: '127.0.0.1',
    port: 0,
    fork: {
      url: `${proxy.url}/api/v2/jsonRPC`,
      rps: Number.POSITIVE_INFINITY,
      timeoutMs: 3_000,
      attempts: 3,
      fundFrom: [{ jetton: lp.master, holder: lp.holder }],
    },
  })

type Fresh = { contract: WalletContractV4; address: Address; secretKey: Buffer }

/** A fresh v4r2 wallet: on neither chain before the faucet. */
async function freshWallet(): Promise<Fresh> {
  const keys = await mnemonicToPrivateKey(await mnemonicNew())
  const contract = WalletContractV4.create({ workchain: 0, publicKey: keys.publicKey })
  return { contract, address: contract.address, secretKey: keys.secretKey }
}

async function post(base: string, path: string, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  // biome-ignore lint/suspicious/noExplicitAny: a test reads the answer's fields
  return { status: response.status, json: (await response.json()) as Record<string, any> }
}

const clientOf = (base: string) => new Client({ endpoint: `${base}/api/v2/jsonRPC` })

/** `owner`'s balance of the jetton `master` on `base` (0 without a wallet). */
async function jettonBalance(base: string, master: string, owner: Address): Promise<bigint> {
  const client = clientOf(base)
  const { stack } = await client.runMethod(Address.parse(master), 'get_wallet_address', [
    { type: 'slice', cell: beginCell().storeAddress(owner).endCell() },
  ])
  const wallet = stack.readAddress()
  const state = await client.getContractState(wallet)
  if (state.state !== 'active') return 0n
  return (await client.runMethod(wallet, 'get_wallet_data')).stack.readBigNumber()
}

const sendBocs = (from: number) =>
  proxy.requests
    .slice(from)
    .filter((r) => ['sendBoc', 'sendBocReturnHash', 'sendQuery'].includes(r.method)).length

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-fork-funds-'))
  upstream = await startDemoExchange({
    ...{ dbPath: join(dir, 'u.sqlite'), host: '127.0.0.1', port: 0 },
    demoSwaps: 2,
  })
  proxy = await startFaultProxy(upstream.url, (request) => plan(request))
  // Each pool is its LP token's master; its largest holder at S is found on U's v3 API.
  const pools = (
    (await (await fetch(`${upstream.url}/v1/pools`)).json()) as {
      pool_list: { address: string }[]
    }
  ).pool_list.map((p) => p.address)
  const holders: { master: string; holder: string; balance: bigint }[] = []
  for (const pool of pools) {
    const query = `jetton_address=${pool}&exclude_zero_balance=true&sort=desc&limit=1`
    const { jetton_wallets } = (await (
      await fetch(`${upstream.url}/api/v3/jetton/wallets?${query}`)
    ).json()) as { jetton_wallets: { owner: string; balance: string }[] }
    const top = jetton_wallets[0]
    if (top !== undefined) {
      holders.push({ master: pool, holder: top.owner, balance: BigInt(top.balance) })
    }
  }
  expect(holders.length).toBeGreaterThan(1)
  lp = holders[0]!
  otherLp = holders[1]!.master
  pinned = upstream.chain!.head.seqno
  fork = await startFork()
}, 600_000)

afterAll(async () => {
  await fork?.close()
  await proxy?.close()
  await upstream?.close()
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
})

describe('/local/wallets and /local/faucet on a fork', () => {
  test('the local exchange’s test wallets, as U holds them at S, and a local-only note', async () => {
    const onF = (await (await fetch(`${fork!.url}/local/wallets`)).json()) as {
      wallets: { name: string; address: string; mnemonic: string; version: string }[]
      note: string
    }
    const onU = (await (await fetch(`${upstream.url}/local/wallets`)).json()) as {
      wallets: unknown[]
    }
    expect(onF.wallets).toEqual(onU.wallets)
    expect(onF.note).toBe(FORK_FUNDS_NOTE)
    // U funded them before S: F keeps U's state of them (no local top-up).
    for (const w of onF.wallets) {
      const address = Address.parse(w.address)
      expect(await clientOf(fork!.url).getBalance(address)).toBe(
        await clientOf(upstream.url).getBalance(address),
      )
    }
    expect(fork!.chain.head.seqno).toBe(0)
    expect(fork!.fork.status().seqno).toBe(pinned)
  })

  test('a fresh wallet gets TON and a jetton on F (minted as U’s admin) and swaps on F only', async () => {
    const from = proxy.requests.length
    const uHead = upstream.chain!.head.seqno
    const wallet = await freshWallet()
    const api = new StonApiClient({ baseURL: upstream.url })
    const assets = await api.getAssets()
    const usdt = assets.find((a) => a.symbol === 'USDT')!.contractAddress
    const ston = assets.find((a) => a.symbol === 'STON')!.contractAddress

    const ton = await post(fork!.url, '/local/faucet', {
      address: wallet.address.toString({ bounceable: false }),
      asset: 'TON',
      amount: toNano('50').toString(),
    })
    expect(ton.status).toBe(200)
    expect(ton.json).toMatchObject({ amount: '50000000000', via: 'balance', transactions: [] })
    expect(ton.json.blocks).toHaveLength(1)
    expect(ton.json.note).toBe(FORK_FUNDS_NOTE)
    expect(await clientOf(fork!.url).getBalance(wallet.address)).toBe(toNano('50'))

    const amount = 250_000_000n // 250 USDT (6 decimals)
    const minted = await post(fork!.url, '/local/faucet', {
      address: wallet.address.toString(),
      asset: usdt,
      amount: amount.toString(),
    })
    expect(minted.status).toBe(200)
    expect(minted.json).toMatchObject({ amount: amount.toString(), via: 'mint' })
    // admin-impersonated message → minter → the new jetton wallet
    expect(minted.json.transactions.length).toBeGreaterThanOrEqual(2)
    expect(await jettonBalance(fork!.url, usdt, wallet.address)).toBe(amount)

    // The official SDK on F (the market's routers from U's REST API): USDT → STON on DEX v2.
    const client = new Client({ endpoint: `${fork!.url}/api/v2/jsonRPC`, stonApiClient: api })
    const routers = await api.getRouters({ dexV2: true })
    const v2 = routers.find((r) => r.majorVersion === 2 && r.routerType === 'ConstantProduct')!
    const router = client.open(DEX.v2_2.Router.CPI.create(Address.parse(v2.address)))
    const params = await router.getSwapJettonToJettonTxParams({
      userWalletAddress: wallet.address,
      offerJettonAddress: usdt,
      askJettonAddress: ston,
      offerAmount: 100_000_000n,
      minAskAmount: 1n,
    })
    const opened = client.open(wallet.contract)
    const head = fork!.chain.head.seqno
    await opened.sendTransfer({
      seqno: await opened.getSeqno(),
      secretKey: wallet.secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: [internal({ to: params.to, value: params.value, body: params.body ?? null })],
    })
    expect(fork!.chain.head.seqno).toBe(head + 1)
    expect(await jettonBalance(fork!.url, usdt, wallet.address)).toBe(amount - 100_000_000n)
    expect(await jettonBalance(fork!.url, ston, wallet.address)).toBeGreaterThan(0n)

    // U: none of it.
    expect(await clientOf(upstream.url).getBalance(wallet.address)).toBe(0n)
    expect(await jettonBalance(upstream.url, usdt, wallet.address)).toBe(0n)
    expect(await jettonBalance(upstream.url, ston, wallet.address)).toBe(0n)
    expect(upstream.chain!.head.seqno).toBe(uHead)
    expect(sendBocs(from)).toBe(0)
  }, 180_000)

  test('an LP token: refused as a mint (422), sent from its --fork-fund-from holder', async () => {
    const from = proxy.requests.length
    const to = (await freshWallet()).address
    const holder = Address.parse(lp.holder)
    const refused = await post(fork!.url, '/local/faucet', {
      address: to.toString(),
      asset: otherLp,
      amount: '1000',
    })
    expect(refused.status).toBe(422)
    expect(refused.json.error).toMatchObject({ code: 'FAUCET_NOT_MINTABLE', field: 'asset' })
    expect(refused.json.error.message).toContain('--fork-fund-from')

    const amount = lp.balance / 3n
    const before = await jettonBalance(fork!.url, lp.master, holder)
    const sent = await post(fork!.url, '/local/faucet', {
      address: to.toString(),
      asset: lp.master,
      amount: amount.toString(),
    })
    expect(sent.status).toBe(200)
    expect(sent.json).toMatchObject({ via: 'holder', amount: amount.toString() })
    expect(await jettonBalance(fork!.url, lp.master, to)).toBe(amount)
    expect(await jettonBalance(fork!.url, lp.master, holder)).toBe(before - amount)
    // More than the holder has left: refused with nothing sent.
    const head = fork!.chain.head.seqno
    const short = await post(fork!.url, '/local/faucet', {
      address: to.toString(),
      asset: lp.master,
      amount: (before - amount + 1n).toString(),
    })
    expect(short.status).toBe(422)
    expect(short.json.error.code).toBe('FAUCET_HOLDER_REFUSED')
    expect(fork!.chain.head.seqno).toBe(head)
    // U's holder and recipient as they were.
    expect(await jettonBalance(upstream.url, lp.master, holder)).toBe(lp.balance)
    expect(await jettonBalance(upstream.url, lp.master, to)).toBe(0n)
    expect(sendBocs(from)).toBe(0)
  }, 120_000)

  test('bad requests answer the local exchange’s codes', async () => {
    const to = new Address(0, Buffer.alloc(32, 3)).toString()
    const nobody = new Address(0, Buffer.alloc(32, 0x51)).toString()
    const cases: [unknown, number, string][] = [
      [{ address: 'x', asset: 'TON', amount: '1' }, 400, 'FAUCET_INVALID_ADDRESS'],
      [{ address: to, asset: 'TON', amount: '-1' }, 400, 'FAUCET_INVALID_AMOUNT'],
      [{ address: to, asset: nobody, amount: '1' }, 404, 'FAUCET_UNKNOWN_ASSET'],
      [{ address: to, asset: 'NOPE', amount: '1' }, 404, 'FAUCET_UNKNOWN_ASSET'],
      [{ address: to, asset: 'TON', amount: toNano('10001').toString() }, 422, 'FAUCET_OVER_CAP'],
      [[1], 400, 'FAUCET_INVALID_BODY'],
    ]
    for (const [body, status, code] of cases) {
      const answer = await post(fork!.url, '/local/faucet', body)
      expect([answer.status, answer.json.error?.code]).toEqual([status, code])
    }
  })

  test('the upstream failing to load the recipient: 503, nothing changed; then it goes through', async () => {
    const usdt = (await new StonApiClient({ baseURL: upstream.url }).getAssets()).find(
      (a) => a.symbol === 'USDT',
    )!.contractAddress
    const to = new Address(0, Buffer.alloc(32, 0x71)).toString()
    const head = fork!.chain.head.seqno
    plan = ({ method }) =>
      method === 'getAddressInformation' || method === 'getShardAccountCell'
        ? { type: 'bad-gateway' }
        : { type: 'pass' }
    try {
      for (const asset of ['TON', usdt]) {
        const failed = await post(fork!.url, '/local/faucet', {
          address: to,
          asset,
          amount: '1000',
        })
        expect([failed.status, failed.json.error.code]).toEqual([503, 'LOCAL_FORK_UNAVAILABLE'])
        expect(fork!.chain.head.seqno).toBe(head)
      }
    } finally {
      plan = () => ({ type: 'pass' })
    }
    const given = await post(fork!.url, '/local/faucet', {
      address: to,
      asset: usdt,
      amount: '1000',
    })
    expect(given.status).toBe(200)
    expect(await jettonBalance(fork!.url, usdt, Address.parse(to))).toBe(1000n)
  }, 60_000)

  test('a restart keeps what the faucet gave (journaled), asking U for none of it', async () => {
    const to = new Address(0, Buffer.alloc(32, 0x61))
    const given = await post(fork!.url, '/local/faucet', {
      address: to.toString(),
      asset: 'TON',
      amount: '7000000000',
    })
    expect(given.status).toBe(200)
    await fork!.close()
    fork = undefined
    const from = proxy.requests.length
    fork = await startFork()
    expect(await clientOf(fork.url).getBalance(to)).toBe(7_000_000_000n)
    expect(proxy.requests.length).toBe(from)
  }, 120_000)
})

const KIND_OF: Record<string, PoolKind> = {
  ConstantProduct: 'constant_product',
  StableSwap: 'stableswap',
  WeightedConstProduct: 'weighted_const_product',
  WeightedStableSwap: 'weighted_stableswap',
}

/** The SDK's v2.2 router class of each router type (their swap messages are alike). */
const ROUTER_V2_2 = {
  ConstantProduct: DEX.v2_2.Router.CPI,
  StableSwap: DEX.v2_2.Router.Stable,
  WeightedConstProduct: DEX.v2_2.Router.WCPI,
  WeightedStableSwap: DEX.v2_2.Router.WStable,
} as unknown as Record<string, typeof DEX.v2_2.Router.CPI>

/**
 * The quickstart, all on F: the market's routers and pools from F's REST API (U's,
 * adopted at S), each swap's expected output F's `/v1/swap/simulate` — held equal to F's own
 * pool state (`get_pool_data` and core's exact math, and a DEX v1 pool's
 * `get_expected_outputs`) — and the swaps in F's REST operations afterwards.
 */
describe('the quickstart on F: a wallet funded by F’s faucet swaps on every router type', () => {
  test('each swap pays exactly F’s simulation (= get_pool_data and core’s math); F’s REST shows it', async () => {
    const from = proxy.requests.length
    const uHead = upstream.chain!.head.seqno
    // U's pools' chain fields (its USD figures follow the clock's 24 h window).
    const chainOf = async (base: string) =>
      (
        (await (await fetch(`${base}/v1/pools`)).json()) as {
          pool_list: Record<string, unknown>[]
        }
      ).pool_list.map((p) => [p.address, p.reserve0, p.reserve1, p.lp_total_supply])
    const uPools = await chainOf(upstream.url)
    const wallet = await freshWallet()
    const me = wallet.address
    const api = new StonApiClient({ baseURL: fork!.url })
    const client = new Client({ endpoint: `${fork!.url}/api/v2/jsonRPC`, stonApiClient: api })
    const TON = 'EQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAM9c'
    // Funded by F's faucet only: TON, and every jetton a swap below offers.
    const fund = async (asset: string, amount: bigint) => {
      const answer = await post(fork!.url, '/local/faucet', {
        address: me.toString(),
        asset,
        amount: amount.toString(),
      })
      expect([answer.status, answer.json.via]).toEqual([200, asset === 'TON' ? 'balance' : 'mint'])
    }
    await fund('TON', toNano('500'))
    const pools = (
      (await (await fetch(`${fork!.url}/v1/pools`)).json()) as {
        pool_list: {
          address: string
          router_address: string
          token0_address: string
          token1_address: string
        }[]
      }
    ).pool_list
    const routers = await api.getRouters()
    const kinds = new Set<string>()
    const opened = client.open(wallet.contract)
    for (const r of routers) {
      const pool = pools.find((p) => p.router_address === r.address)!
      // TON → jetton where the pool has TON, else token0 → token1: the output is a jetton, exact.
      const offerTon = pool.token0_address === TON || pool.token1_address === TON
      const offer = offerTon ? TON : pool.token0_address
      const ask = offer === pool.token0_address ? pool.token1_address : pool.token0_address
      const amount = offerTon ? toNano('20') : 50_000_000n
      if (!offerTon) await fund(offer, amount)
      // The pool on F, as the swap will find it: get_pool_data, and core's exact math.
      const kind = KIND_OF[r.routerType]!
      const read = async (method: string) =>
        (await client.runMethod(Address.parse(pool.address), method)).stack
      let state: ReturnType<typeof createPoolState>
      let token0Wallet: Address
      if (r.majorVersion === 1) {
        const data = readDexV1PoolData(await read('get_pool_data'))
        const totalSupply = (await read('get_jetton_data')).readBigNumber()
        token0Wallet = data.token0Wallet
        state = createPoolState({ dex: 'v1', kind, ...data, totalSupply })
      } else {
        const data = readDexV2PoolData(await read('get_pool_data'), kind)
        token0Wallet = data.token0Wallet
        state = createPoolState({ dex: 'v2', kind, ...data })
      }
      // The side: whether the router's wallet of the offer (pTON's for TON) is token0's.
      const routerAddress = Address.parse(r.address)
      const offerMaster = offerTon ? r.ptonMasterAddress : offer
      const { stack } = await client.runMethod(Address.parse(offerMaster), 'get_wallet_address', [
        { type: 'slice', cell: beginCell().storeAddress(routerAddress).endCell() },
      ])
      const routerWallet = stack.readAddress()
      const side = routerWallet.equals(token0Wallet) ? 0 : 1
      const expected = swap(state, { side, amountIn: amount })
      expect(expected.amountOut).toBeGreaterThan(0n)
      // F's REST simulation of this pool: the same amount.
      const simulation = await api.simulateSwap({
        offerAddress: offer,
        askAddress: ask,
        offerUnits: amount.toString(),
        slippageTolerance: '0.01',
        poolAddress: pool.address,
      })
      expect(simulation.poolAddress).toBe(pool.address)
      expect(BigInt(simulation.askUnits)).toBe(expected.amountOut)
      if (r.majorVersion === 1) {
        // DEX v1 pools simulate too (`get_expected_outputs`), on F's state: the same amount.
        const v1 = client.open(DEX.v1.Pool.create(Address.parse(pool.address)))
        const outputs = await v1.getExpectedOutputs({ amount, jettonWallet: routerWallet })
        expect(outputs.jettonToReceive).toBe(expected.amountOut)
      }
      const common = {
        userWalletAddress: me,
        offerAmount: amount,
        askJettonAddress: ask,
        // The simulation as the slippage limit: a worse output refunds (v1 wants out > min).
        minAskAmount: r.majorVersion === 1 ? expected.amountOut - 1n : expected.amountOut,
      }
      const proxyTon =
        r.majorVersion === 1
          ? pTON.v1.create(Address.parse(r.ptonMasterAddress))
          : pTON.v2_1.create(Address.parse(r.ptonMasterAddress))
      const router =
        r.majorVersion === 1
          ? client.open(DEX.v1.Router.create(routerAddress))
          : client.open(ROUTER_V2_2[r.routerType]!.create(routerAddress))
      const params = offerTon
        ? await router.getSwapTonToJettonTxParams({ ...common, proxyTon })
        : await router.getSwapJettonToJettonTxParams({ ...common, offerJettonAddress: offer })
      const before = await jettonBalance(fork!.url, ask, me)
      const head = fork!.chain.head.seqno
      await opened.sendTransfer({
        seqno: await opened.getSeqno(),
        secretKey: wallet.secretKey,
        sendMode: SendMode.PAY_GAS_SEPARATELY,
        messages: [internal({ to: params.to, value: params.value, body: params.body ?? null })],
      })
      expect(fork!.chain.head.seqno).toBe(head + 1)
      const label = `v${r.majorVersion} ${r.routerType} ${offerTon ? 'TON' : offer} → ${ask}`
      expect(await jettonBalance(fork!.url, ask, me), label).toBe(before + expected.amountOut)
      kinds.add(`v${r.majorVersion} ${r.routerType}`)
    }
    expect(kinds.size).toBe(routers.length)
    expect(kinds.size).toBeGreaterThanOrEqual(5)
    // F's REST API shows the swaps: one operation per router, each on its pool.
    await fork!.indexed(fork!.chain.head.seqno)
    const operations = await api.getWalletOperations({
      walletAddress: me.toString(),
      since: new Date(0),
      until: new Date(Date.now() + 60_000),
    })
    const swaps = operations.filter((o) => String(o.operation.operationType) === 'swap')
    expect(swaps.map((o) => o.operation.poolAddress).sort()).toEqual(
      routers.map((r) => pools.find((p) => p.router_address === r.address)!.address).sort(),
    )
    // U's head and pools as they were; no message went upstream.
    expect(upstream.chain!.head.seqno).toBe(uHead)
    expect(await chainOf(upstream.url)).toEqual(uPools)
    expect(sendBocs(from)).toBe(0)
  }, 300_000)
})
