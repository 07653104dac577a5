/**
 * `npm run bench:live`: a dApp's swaps through a running local exchange (`startLocalExchange`,
 * in-memory database, the demo market), against the in-process emulator in the same run.
 *
 * 1. Latency, `BENCH_LATENCY_SWAPS` (default 40) USDT → STON swaps on the DEX v2 router, one at
 *    a time from one test wallet: from the `sendBoc` call (`@ton/ton`'s `sendTransfer` on a
 *    `TonClient` on `/api/v2/jsonRPC`; the swap was built by `@ston-fi/sdk` from get-methods
 *    before) until `GET /v1/wallets/{address}/operations` (through `@ston-fi/api`) lists it.
 *    Reported as p50 and p99.
 * 2. Sustained throughput, in rounds: the five test wallets swap in parallel, `BENCH_SWAPS`
 *    (default 8) swaps each, each wallet building (SDK get-methods, seqno), signing and sending
 *    its next swap as soon as the previous one is answered; the round ends when the REST API
 *    lists all of them. Baseline of the same round: `dex.swap` on a plain in-process
 *    `createLocalDex` world (a jetton → jetton swap on a DEX v2 pool, the same 8–10 transaction
 *    chain, no HTTP, no journal, no indexer). The ratio (median of the per-round ratios) is the
 *    figure.
 * Writes `bench/results/live.json`.
 */
import { DEX } from '@ston-fi/sdk'
import { Address, internal, SendMode, toNano } from '@ton/core'
import { createLocalDex } from '../emulator/createLocalDex.js'
import { startLocalExchange } from '../local/startLocalExchange.js'
import type { TestWallet } from '../local/wallets/testWallets.js'
import { dapp } from '../test/local/_support/dapp.js'
import { writeResult } from './_support/measure.js'

const LATENCY_SWAPS = Number(process.env.BENCH_LATENCY_SWAPS ?? 40)
const SWAPS = Number(process.env.BENCH_SWAPS ?? 8)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

// --- the local exchange, as a dApp sees it ------------------------------------------------------
const exchange = await startLocalExchange({
  dbPath: ':memory:',
  host: '127.0.0.1',
  port: 0,
  demoSwaps: 2,
})
const app = dapp(exchange.url)
const assets = await app.api.getAssets()
const usdt = assets.find((a) => a.symbol === 'USDT')?.contractAddress
const ston = assets.find((a) => a.symbol === 'STON')?.contractAddress
const v2 = (await app.api.getRouters()).find(
  (r) => r.majorVersion === 2 && r.routerType === 'ConstantProduct',
)
if (usdt === undefined || ston === undefined || v2 === undefined) {
  throw new Error('the demo market has no USDT, STON or DEX v2 router')
}
const router = app.client.open(DEX.v2_2.Router.CPI.create(Address.parse(v2.address)))
const counts = new Map<string, number>()

async function operationCount(wallet: TestWallet): Promise<number> {
  const operations = await app.api.getWalletOperations({
    walletAddress: wallet.address.toString(),
    since: new Date(0),
    until: new Date(Date.now() + 3_600_000),
  })
  return operations.length
}

/** Builds the swap (SDK, get-methods and seqno over HTTP); `send` signs and calls `sendBoc`. */
async function prepare(wallet: TestWallet, flip: boolean) {
  const [offer, ask] = flip ? [ston, usdt] : [usdt, ston]
  const params = await router.getSwapJettonToJettonTxParams({
    userWalletAddress: wallet.address,
    offerJettonAddress: offer as string,
    askJettonAddress: ask as string,
    offerAmount: flip ? toNano('0.1') : 1_000_000n,
    minAskAmount: 1n,
  })
  const opened = app.client.open(wallet.contract)
  const seqno = await opened.getSeqno()
  const secretKey = (await wallet.keyPair()).secretKey
  return () =>
    opened.sendTransfer({
      seqno,
      secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: [internal({ to: params.to, value: params.value, body: params.body ?? null })],
    })
}

async function untilListed(wallet: TestWallet, count: number): Promise<void> {
  while ((await operationCount(wallet)) < count) {
    await new Promise((resolve) => setImmediate(resolve))
  }
}

const wallets = exchange.wallets
for (const wallet of wallets) counts.set(wallet.name, await operationCount(wallet))

// --- 1. latency ------------------------------------------------------------------------------
const alpha = wallets[0] as TestWallet
const latencies: number[] = []
for (let i = 0; i < LATENCY_SWAPS + 3; i++) {
  const send = await prepare(alpha, (i & 1) === 1)
  const start = process.hrtime.bigint()
  await send()
  const expected = (counts.get(alpha.name) ?? 0) + 1
  await untilListed(alpha, expected)
  counts.set(alpha.name, expected)
  if (i >= 3) latencies.push(seconds(start) * 1000) // the first three warm up
}
const latency = {
  swaps: LATENCY_SWAPS,
  p50Ms: percentile(latencies, 50),
  p99Ms: percentile(latencies, 99),
  maxMs: Math.max(...latencies),
}
console.log(JSON.stringify({ latency }, null, 2))

// --- 2. sustained throughput against the in-process emulator -----------------------------------
const dex = await createLocalDex({ seed: 'bench-live' })
const alice = await dex.wallet('alice')
const a = await dex.deployJetton('AAA')
const b = await dex.deployJetton('BBB')
const v2Router = await dex.deployRouter('v2')
await dex.mint(a, alice.address, 10n ** 18n)
await dex.mint(b, alice.address, 10n ** 18n)
await dex.createPool(v2Router, {
  from: alice,
  assetA: a,
  amountA: 10n ** 15n,
  assetB: b,
  amountB: 10n ** 15n,
})
let inProcessCount = 0
async function inProcessSwaps(n: number): Promise<number> {
  const start = process.hrtime.bigint()
  for (let i = 0; i < n; i++) {
    const [offer, ask] = inProcessCount++ & 1 ? [b, a] : [a, b]
    const r = await dex.swap(v2Router, { from: alice, offer, ask, amount: toNano('1') })
    if (r.status !== 'ok') throw new Error('in-process swap refunded')
  }
  return n / seconds(start)
}

async function liveSwaps(perWallet: number): Promise<number> {
  const start = process.hrtime.bigint()
  await Promise.all(
    wallets.map(async (wallet, w) => {
      for (let i = 0; i < perWallet; i++) await (await prepare(wallet, ((i + w) & 1) === 1))()
    }),
  )
  await Promise.all(
    wallets.map(async (wallet) => {
      const expected = (counts.get(wallet.name) ?? 0) + perWallet
      await untilListed(wallet, expected)
      counts.set(wallet.name, expected)
    }),
  )
  return (perWallet * wallets.length) / seconds(start)
}

await inProcessSwaps(5)
await liveSwaps(1)
const rounds: { inProcess: number; live: number }[] = []
for (let r = 0; r < ROUNDS; r++) {
  const inProcess = await inProcessSwaps(SWAPS * wallets.length)
  const live = await liveSwaps(SWAPS)
  rounds.push({ inProcess, live })
}
const throughput = {
  swapsPerRound: SWAPS * wallets.length,
  wallets: wallets.length,
  rounds: ROUNDS,
  inProcessEmulatorSwapsPerSecond: median(rounds.map((r) => r.inProcess)),
  liveExchangeSwapsPerSecond: median(rounds.map((r) => r.live)),
  ratio: median(rounds.map((r) => r.live / r.inProcess)),
}
console.log(JSON.stringify({ throughput }, null, 2))
await exchange.close()

const path = writeResult('live.json', {
  bench: 'live',
  node: process.version,
  date: new Date().toISOString(),
  latency,
  throughput,
})
console.log(`wrote ${path}`)
