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
 * 3. The dated history of a first start (`datedHistory`, `BENCH_HISTORY_SWAPS`, default the
 *    `npm start` default), built into a new database file: its user swaps per second, against
 *    a plain `@ton/sandbox` (`Blockchain.create`, the process-wide cell speed-ups uninstalled)
 *    running the same message chains — every block's root message at its block's time, from
 *    the same genesis — in the same run; and against the same replay with the emulator's
 *    process-wide cell speed-ups on (what the build's own overhead is measured against).
 * 4. Get-methods through the TON HTTP API (`POST /api/v2/runGetMethod get_pool_data` on the DEX
 *    demo's first constant-product pool) of `ton-dex-lab serve` on that database in a child process, loaded by
 *    autocannon (`BENCH_CONNECTIONS`, default 100; `BENCH_DURATION` s, default 4), against
 *    the plain sandbox's `runGetMethod` on the same account state in this process, and the
 *    same sandbox with the cell speed-ups on; rounds alternate, each ratio is the median of the
 *    per-round ratios.
 * 5. REST responsiveness under load: `GET /v1/pools`, one request after the other, on the
 *    child server while it is idle, then while the five test wallets send swaps back to back
 *    (`BENCH_LOAD_SWAPS`, default 10 each): p50, p99 and the slowest answer of each phase.
 * Writes `bench/results/live.json`.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEX } from '@ston-fi/sdk'
import {
  Address,
  Cell,
  internal,
  loadTransaction,
  type Message,
  SendMode,
  type ShardAccount,
  toNano,
} from '@ton/core'
import { Blockchain } from '@ton/sandbox'
import { type TestWallet, testWallets } from '../chain/wallets/testWallets.js'
import { ARBITRAGE_WALLET } from '../demo/runScenario.js'
import { installBocCache, uninstallBocCache } from '../emulator/bocCache.js'
import { installCellCache, uninstallCellCache } from '../emulator/cellCache.js'
import { createLocalDex, DEFAULT_LOCAL_DEX_NOW } from '../emulator/createLocalDex.js'
import { installNativeSha256, uninstallNativeSha256 } from '../emulator/nativeSha256.js'
import { DATED_DEMO_SWAPS } from '../local/node/localNode.js'
import { startLocalExchange } from '../local/startLocalExchange.js'
import { dapp } from '../test/local/_support/dapp.js'
import { writeResult } from './_support/measure.js'

const LATENCY_SWAPS = Number(process.env.BENCH_LATENCY_SWAPS ?? 40)
const SWAPS = Number(process.env.BENCH_SWAPS ?? 8)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const HISTORY_SWAPS = Number(process.env.BENCH_HISTORY_SWAPS ?? DATED_DEMO_SWAPS)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100)
const DURATION_S = Number(process.env.BENCH_DURATION ?? 4)
const LOAD_SWAPS = Number(process.env.BENCH_LOAD_SWAPS ?? 10)

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

// --- 3. the dated history against the plain sandbox on the same message chains -----------------
const dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-bench-live-'))
const dbPath = join(dir, 'history.sqlite')
const cpuSeconds = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from)
  return (used.user + used.system) / 1e6
}
const historyStart = process.hrtime.bigint()
const historyCpu = process.cpuUsage()
const built = await startLocalExchange({
  ...{ dbPath, host: '127.0.0.1', port: 0 },
  ...{ datedHistory: true, demoSwaps: HISTORY_SWAPS },
})
const historyWall = seconds(historyStart)
const historyCpuSeconds = cpuSeconds(historyCpu)
const chain = built.chain
if (chain === undefined) throw new Error('no chain')
const roots: { message: Message; now: number }[] = []
let historyTransactions = 0
for (let seqno = 1; seqno <= chain.head.seqno; seqno++) {
  const [first, ...rest] = chain.blockTransactions(seqno)
  if (first === undefined) continue
  const tx = loadTransaction(Cell.fromBoc(Buffer.from(first.boc))[0]!.beginParse())
  if (tx.inMessage) roots.push({ message: tx.inMessage, now: first.now })
  historyTransactions += 1 + rest.length
}
const arbitrage = (await (await Blockchain.create()).treasury(ARBITRAGE_WALLET)).address.toString()
const swapOperations = (await built.store.listOperations({ limit: 1_000_000 })).filter(
  (o) => o.operationType === 'Swap',
)
const userSwaps = swapOperations.filter((o) => o.walletAddress !== arbitrage).length
const poolAddress = Address.parse(
  (await built.store.listIndexedPools()).find((p) => p.kind === 'constant_product')?.address ?? '',
)
const poolAccount: ShardAccount = (await chain.blockchain.getContract(poolAddress)).account
// The DEX v2 codes are library cells of the chain, as on mainnet: a plain sandbox needs them.
const libraries = chain.blockchain.libs
await built.close()

/** Runs `body` with `@ton/core` as published (the process-wide speed-ups off). */
async function plainCore<T>(body: () => Promise<T>): Promise<T> {
  uninstallBocCache()
  uninstallCellCache()
  uninstallNativeSha256()
  try {
    return await body()
  } finally {
    installNativeSha256()
    installCellCache()
    installBocCache()
  }
}
async function plainSandbox(): Promise<Blockchain> {
  const plain = await Blockchain.create({ config: 'slim' })
  plain.verbosity = { print: false, blockchainLogs: false, vmLogs: 'none', debugLogs: false }
  plain.libs = libraries
  return plain
}
/** The same message chains on a fresh sandbox, from the live chain's genesis. */
async function replayHistory() {
  const plain = await plainSandbox()
  // The live chain's genesis: the admin treasury, then the scenario's treasuries (a sandbox
  // treasury is an account state, not a message).
  plain.now = DEFAULT_LOCAL_DEX_NOW
  await plain.treasury('admin')
  plain.now = roots[0]?.now
  for (const name of ['alice', 'bob', 'carol', 'dave', 'ref-one', 'ref-two', ARBITRAGE_WALLET]) {
    await plain.treasury(name)
  }
  let transactions = 0
  const start = process.hrtime.bigint()
  const cpu = process.cpuUsage()
  for (const root of roots) {
    plain.now = root.now
    transactions += (await plain.sendMessage(root.message)).transactions.length
  }
  const wall = seconds(start)
  return {
    transactions,
    seconds: wall,
    cpuSeconds: cpuSeconds(cpu),
    swapsPerSecond: userSwaps / wall,
  }
}
const replay = await plainCore(replayHistory)
// The floor with the emulator's process-wide cell speed-ups on, as the local exchange runs.
const replayFast = await replayHistory()
const history = {
  userSwaps,
  arbitrageSwaps: swapOperations.length - userSwaps,
  blocks: roots.length,
  transactions: historyTransactions,
  firstStartSeconds: historyWall,
  firstStartCpuSeconds: historyCpuSeconds,
  firstStartSwapsPerSecond: userSwaps / historyWall,
  plainSandbox: replay,
  ratio: replay.seconds / historyWall,
  cpuRatio: replay.cpuSeconds / historyCpuSeconds,
  sandboxWithCellSpeedUps: replayFast,
  ratioToSandboxWithCellSpeedUps: replayFast.seconds / historyWall,
  cpuRatioToSandboxWithCellSpeedUps: replayFast.cpuSeconds / historyCpuSeconds,
}
console.log(JSON.stringify({ history }, null, 2))

// --- 4. get-methods through the TON HTTP API against the plain sandbox -------------------------
const child = spawn(
  process.execPath,
  ['bin/ton-dex-lab.js', 'serve', '--db', dbPath, '--port', '0'],
  { cwd: join(import.meta.dirname, '..'), stdio: ['ignore', 'pipe', 'inherit'] },
)
const childExited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
const url = await new Promise<string>((resolve, reject) => {
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString()
    const found = /listening on (http:\/\/[^\s,]+)/.exec(out)?.[1]
    if (found !== undefined && out.includes('Database:')) resolve(found)
  })
  void childExited.then(() => reject(new Error('the server exited')))
})

type CannonResult = {
  requests: { average: number }
  latency: { p50: number; p99: number }
  non2xx: number
  errors: number
  timeouts: number
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string
  method: 'POST'
  headers: Record<string, string>
  body: string
  connections: number
  duration: number
}) => Promise<CannonResult>
const getMethodBody = JSON.stringify({
  address: poolAddress.toString(),
  method: 'get_pool_data',
  stack: [],
})
async function apiGetMethods(duration: number): Promise<CannonResult> {
  const result = await autocannon({
    url: `${url}/api/v2/runGetMethod`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: getMethodBody,
    connections: CONNECTIONS,
    duration,
  })
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`runGetMethod: ${result.non2xx} non-2xx, ${result.errors} errors`)
  }
  return result
}
const plainGetter = await plainCore(async () => {
  const plain = await plainSandbox()
  await plain.setShardAccount(poolAddress, poolAccount)
  return plain
})
async function sandboxGetMethods(duration: number): Promise<number> {
  const start = process.hrtime.bigint()
  let calls = 0
  while (seconds(start) < duration) {
    await plainGetter.runGetMethod(poolAddress, 'get_pool_data')
    calls++
  }
  return calls / seconds(start)
}
const plainGetMethods = (duration: number) => plainCore(() => sandboxGetMethods(duration))
await apiGetMethods(1)
await plainGetMethods(1)
const getRounds: { api: CannonResult; plain: number; fast: number }[] = []
for (let r = 0; r < ROUNDS; r++) {
  const plain = await plainGetMethods(DURATION_S)
  const api = await apiGetMethods(DURATION_S)
  // The same sandbox with the emulator's cell speed-ups on, as the local exchange runs it.
  const fast = await sandboxGetMethods(DURATION_S)
  getRounds.push({ api, plain, fast })
}
const getMethods = {
  method: 'get_pool_data',
  connections: CONNECTIONS,
  rounds: ROUNDS,
  apiPerSecond: median(getRounds.map((r) => r.api.requests.average)),
  apiP50Ms: median(getRounds.map((r) => r.api.latency.p50)),
  apiP99Ms: median(getRounds.map((r) => r.api.latency.p99)),
  plainSandboxPerSecond: median(getRounds.map((r) => r.plain)),
  ratio: median(getRounds.map((r) => r.api.requests.average / r.plain)),
  sandboxWithCellSpeedUpsPerSecond: median(getRounds.map((r) => r.fast)),
  ratioToSandboxWithCellSpeedUps: median(getRounds.map((r) => r.api.requests.average / r.fast)),
}
console.log(JSON.stringify({ getMethods }, null, 2))

// --- 5. REST answers while five wallets swap back to back --------------------------------------
const remote = dapp(url)
const remoteRouter = remote.client.open(DEX.v2_2.Router.CPI.create(Address.parse(v2.address)))
const loadWallets = await testWallets()
async function poolsLatencies(until: () => boolean, atLeast: number): Promise<number[]> {
  const latencies: number[] = []
  while (latencies.length < atLeast || !until()) {
    const start = process.hrtime.bigint()
    const response = await fetch(`${url}/v1/pools`)
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`/v1/pools answered ${response.status}`)
    latencies.push(seconds(start) * 1000)
  }
  return latencies
}
async function swapBackToBack(wallet: TestWallet, count: number, w: number): Promise<void> {
  const opened = remote.client.open(wallet.contract)
  const secretKey = (await wallet.keyPair()).secretKey
  for (let i = 0; i < count; i++) {
    const flip = ((i + w) & 1) === 1
    const params = await remoteRouter.getSwapJettonToJettonTxParams({
      userWalletAddress: wallet.address,
      offerJettonAddress: (flip ? ston : usdt) as string,
      askJettonAddress: (flip ? usdt : ston) as string,
      offerAmount: flip ? toNano('0.1') : 1_000_000n,
      minAskAmount: 1n,
    })
    await opened.sendTransfer({
      seqno: await opened.getSeqno(),
      secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: [internal({ to: params.to, value: params.value, body: params.body ?? null })],
    })
  }
}
const summary = (latencies: number[]) => ({
  requests: latencies.length,
  p50Ms: percentile(latencies, 50),
  p99Ms: percentile(latencies, 99),
  maxMs: Math.max(...latencies),
})
await poolsLatencies(() => true, 50) // warm-up
const idle = await poolsLatencies(() => true, 300)
let swapping = true
const loadStart = process.hrtime.bigint()
const [loaded] = await Promise.all([
  poolsLatencies(() => !swapping, 50),
  Promise.all(loadWallets.map((wallet, w) => swapBackToBack(wallet, LOAD_SWAPS, w))).finally(() => {
    swapping = false
  }),
])
const loadSeconds = seconds(loadStart)
const responsiveness = {
  endpoint: 'GET /v1/pools',
  idle: summary(idle),
  underLoad: {
    ...summary(loaded),
    wallets: loadWallets.length,
    swaps: LOAD_SWAPS * loadWallets.length,
    swapsPerSecond: (LOAD_SWAPS * loadWallets.length) / loadSeconds,
  },
}
console.log(JSON.stringify({ responsiveness }, null, 2))
child.kill('SIGTERM')
await childExited
rmSync(dir, { recursive: true, force: true })

const path = writeResult('live.json', {
  bench: 'live',
  node: process.version,
  date: new Date().toISOString(),
  latency,
  throughput,
  history,
  getMethods,
  responsiveness,
})
console.log(`wrote ${path}`)
