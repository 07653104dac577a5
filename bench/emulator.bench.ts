/**
 * `npm run bench:emulator`: swaps per second through `createLocalDex` (`dex.swap`: wallet
 * lookups, the jetton transfer, the 8–10 transaction chain, receipt decoding) against the raw
 * cost of the same message chain sent by hand (a prebuilt jetton transfer body sent from the
 * treasury, no decoding), and the same hand-sent chain on the plain sandbox, i.e. with
 * `@ton/core`'s own cell parsing and portable SHA-256 put back (what the sandbox costs without
 * the emulator's cell cache and native hash). The three run in the same process on the same
 * world, interleaved, in rounds. Then the heap over `BENCH_MEMORY_SWAPS` (default 20 000) swaps
 * through `createLocalDex`, sampled every 1 000 swaps after a forced GC, to show that the
 * dropped transaction history and the bounded cell cache keep memory flat. Between the two,
 * `dex.swap` swaps per second on a DEX v2 pool of each kind (constant product, stableswap,
 * weighted constant product, weighted stableswap), interleaved in rounds, with the ratio to
 * constant product.
 * Machines here are noisy: the ratios are the meaningful throughput figures.
 * Writes `bench/results/emulator.json`.
 *
 * Last run (2 shared cores, load ≈ 1, Node 20, BENCH_SWAPS=100): plain sandbox 19.8 swaps/s,
 * LocalBlockchain 45.2 swaps/s (2.29×), createLocalDex 39.3 swaps/s (ratio 0.87); heap 34.6 MB
 * at start, 35.1 MB after 1 000 swaps, 35.6 MB after 20 000 swaps (200 000 transactions
 * streamed), in 505 s.
 * Per pool kind (BENCH_SWAPS=30, BENCH_MEMORY_SWAPS=1000, 2 shared cores under a load of 7–8,
 * so absolute figures are low): constant product 19.8 swaps/s, stableswap 19.1 (0.96×),
 * weighted constant product 15.7 (0.79×), weighted stableswap 13.4 (0.68×).
 */
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { beginCell, type Cell, toNano } from '@ton/core'
import { POOL_KINDS, type PoolKind } from '../core/index.js'
import { installCellCache, uninstallCellCache } from '../emulator/cellCache.js'
import { createLocalDex, type LocalRouter } from '../emulator/index.js'
import { installNativeSha256, uninstallNativeSha256 } from '../emulator/nativeSha256.js'
import { dexV2SwapPayload } from '../protocol/dex/v2Messages.js'
import { jettonTransferBody } from '../protocol/jetton/messages.js'
import { writeResult } from './_support/measure.js'

const SWAPS_PER_ROUND = Number(process.env.BENCH_SWAPS ?? 100)
const ROUNDS = 3
const MEMORY_SWAPS = Number(process.env.BENCH_MEMORY_SWAPS ?? 20_000)
const SAMPLE_EVERY = 1_000
const AMOUNT = 1_000_000_000n

setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

const dex = await createLocalDex({ seed: 'bench', fastCells: true })
const alice = await dex.wallet('alice')
const a = await dex.deployJetton('AAA')
const b = await dex.deployJetton('BBB')
const router = await dex.deployRouter('v2')
await dex.mint(a, alice.address, 10n ** 18n)
await dex.mint(b, alice.address, 10n ** 18n)
const { pool } = await dex.createPool(router, {
  from: alice,
  assetA: a,
  amountA: 10n ** 15n,
  assetB: b,
  amountB: 10n ** 15n,
})

// The hand-built chain: alice's jetton transfers carrying the swap payloads, A→B and B→A.
async function walletOf(minter: import('@ton/core').Address, owner: import('@ton/core').Address) {
  const arg = { type: 'slice' as const, cell: beginCell().storeAddress(owner).endCell() }
  return (
    await dex.blockchain.runGetMethod(minter, 'get_wallet_address', [arg])
  ).stackReader.readAddress()
}
const [aliceA, aliceB, routerA, routerB] = await Promise.all([
  walletOf(a.minter, alice.address),
  walletOf(b.minter, alice.address),
  walletOf(a.minter, router.address),
  walletOf(b.minter, router.address),
])
function handBody(askWallet: import('@ton/core').Address): Cell {
  const payload = dexV2SwapPayload({
    askWallet,
    refundAddress: alice.address,
    receiver: alice.address,
    minOut: 0n,
    deadline: 1_700_000_900,
  })
  return jettonTransferBody({
    amount: AMOUNT,
    destination: router.address,
    response: alice.address,
    forwardTonAmount: toNano('0.24'),
    forwardPayload: payload,
  })
}
const bodies = [
  { to: aliceA, body: handBody(routerB) },
  { to: aliceB, body: handBody(routerA) },
]

let rawOk = 0
async function rawSwaps(n: number): Promise<number> {
  const start = process.hrtime.bigint()
  for (let i = 0; i < n; i++) {
    const leg = bodies[i & 1] as (typeof bodies)[number]
    const { transactions } = await alice.send({ to: leg.to, value: toNano('0.3'), body: leg.body })
    rawOk += transactions.length
  }
  return n / (Number(process.hrtime.bigint() - start) / 1e9)
}

/** The hand-sent chain with @ton/core's own BOC parser and portable SHA-256 (plain sandbox). */
async function plainSandboxSwaps(n: number): Promise<number> {
  uninstallCellCache()
  uninstallNativeSha256()
  try {
    return await rawSwaps(n)
  } finally {
    installNativeSha256()
    installCellCache()
  }
}

let dexOk = 0
async function localDexSwaps(n: number): Promise<number> {
  const start = process.hrtime.bigint()
  for (let i = 0; i < n; i++) {
    const [offer, ask] = i & 1 ? [b, a] : [a, b]
    const r = await dex.swap(router, { from: alice, offer, ask, amount: AMOUNT })
    if (r.status === 'ok') dexOk += 1
  }
  return n / (Number(process.hrtime.bigint() - start) / 1e9)
}

await plainSandboxSwaps(20)
await rawSwaps(20)
await localDexSwaps(20)
const plain: number[] = []
const raw: number[] = []
const local: number[] = []
for (let round = 0; round < ROUNDS; round++) {
  plain.push(await plainSandboxSwaps(SWAPS_PER_ROUND))
  raw.push(await rawSwaps(SWAPS_PER_ROUND))
  local.push(await localDexSwaps(SWAPS_PER_ROUND))
}
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0
const plainRate = median(plain)
const rawRate = median(raw)
const localRate = median(local)
console.log(`plain sandbox, hand-sent chain: ${plainRate.toFixed(1)} swaps/s`)
console.log(
  `LocalBlockchain, hand-sent chain (baseline): ${rawRate.toFixed(1)} swaps/s  ${(rawRate / plainRate).toFixed(2)}x the plain sandbox`,
)
console.log(
  `createLocalDex swap: ${localRate.toFixed(1)} swaps/s  ratio ${(localRate / rawRate).toFixed(2)}x`,
)

// Swaps per second per DEX v2 pool kind: one router and pool of each kind in the same world,
// `dex.swap` in both directions, interleaved in rounds; the ratio is against constant product.
const KIND_PARAMS: Record<PoolKind, { amp?: bigint; w0?: bigint }> = {
  constant_product: {},
  stableswap: { amp: 100n },
  weighted_const_product: { w0: 8n * 10n ** 17n },
  weighted_stableswap: { amp: 10n ** 18n, w0: 5n * 10n ** 17n },
}
const kindRouters = new Map<PoolKind, LocalRouter>()
for (const kind of POOL_KINDS) {
  const kindRouter = await dex.deployRouter('v2', { kind })
  await dex.setPoolParams(await dex.pool(kindRouter, a, b), KIND_PARAMS[kind])
  await dex.createPool(kindRouter, {
    from: alice,
    assetA: a,
    amountA: 10n ** 15n,
    assetB: b,
    amountB: 10n ** 15n,
  })
  kindRouters.set(kind, kindRouter)
}
async function kindSwaps(kind: PoolKind, n: number): Promise<number> {
  const kindRouter = kindRouters.get(kind) as LocalRouter
  const start = process.hrtime.bigint()
  for (let i = 0; i < n; i++) {
    const [offer, ask] = i & 1 ? [b, a] : [a, b]
    const r = await dex.swap(kindRouter, { from: alice, offer, ask, amount: AMOUNT })
    if (r.status !== 'ok') throw new Error(`${kind} swap ${i} was refunded with ${r.exitCode}`)
  }
  return n / (Number(process.hrtime.bigint() - start) / 1e9)
}
const kindRounds = new Map<PoolKind, number[]>(POOL_KINDS.map((kind) => [kind, []]))
for (const kind of POOL_KINDS) await kindSwaps(kind, 10)
for (let round = 0; round < ROUNDS; round++) {
  for (const kind of POOL_KINDS) kindRounds.get(kind)?.push(await kindSwaps(kind, SWAPS_PER_ROUND))
}
const cpiRate = median(kindRounds.get('constant_product') ?? [])
const perKind = Object.fromEntries(
  POOL_KINDS.map((kind) => {
    const rate = median(kindRounds.get(kind) ?? [])
    console.log(
      `${kind}: ${rate.toFixed(1)} swaps/s  ${(rate / cpiRate).toFixed(2)}x constant product`,
    )
    return [
      kind,
      {
        swapsPerSecond: round1(rate),
        rounds: (kindRounds.get(kind) ?? []).map(round1),
        ratioToConstantProduct: round2(rate / cpiRate),
      },
    ]
  }),
)

// Memory over many swaps: the stream hands transactions on, the history is not kept.
let streamed = 0
const stop = dex.onTransactions((txs) => {
  streamed += txs.length
})
const samples: { swaps: number; heapMb: number }[] = []
const heapMb = () => {
  gc()
  return Math.round((process.memoryUsage().heapUsed / 2 ** 20) * 10) / 10
}
samples.push({ swaps: 0, heapMb: heapMb() })
const memoryStart = process.hrtime.bigint()
for (let i = 1; i <= MEMORY_SWAPS; i++) {
  const [offer, ask] = i & 1 ? [b, a] : [a, b]
  const r = await dex.swap(router, { from: alice, offer, ask, amount: AMOUNT })
  if (r.status !== 'ok') throw new Error(`swap ${i} was refunded with ${r.exitCode}`)
  if (i % SAMPLE_EVERY === 0) {
    samples.push({ swaps: i, heapMb: heapMb() })
    console.log(`${i} swaps: heap ${samples.at(-1)?.heapMb} MB`)
  }
}
stop()
const memorySeconds = Number(process.hrtime.bigint() - memoryStart) / 1e9
const heaps = samples.map((s) => s.heapMb)
const firstSample = samples[1]?.heapMb ?? heaps[0] ?? 0
const report = {
  date: new Date().toISOString(),
  node: process.version,
  swapsPerRound: SWAPS_PER_ROUND,
  rounds: ROUNDS,
  plainSandbox: {
    name: "hand-built jetton transfer on the plain sandbox (@ton/core's own parsing and SHA-256)",
    swapsPerSecond: round1(plainRate),
    rounds: plain.map(round1),
  },
  baseline: {
    name: 'raw sandbox chain, hand-built jetton transfer (LocalBlockchain: cell cache, native SHA-256)',
    swapsPerSecond: round1(rawRate),
    rounds: raw.map(round1),
    speedupOverPlain: round2(rawRate / plainRate),
  },
  localDex: {
    name: 'createLocalDex swap with receipt',
    swapsPerSecond: round1(localRate),
    rounds: local.map(round1),
    ratio: round2(localRate / rawRate),
  },
  perKind,
  memory: {
    swaps: MEMORY_SWAPS,
    seconds: Math.round(memorySeconds),
    transactionsStreamed: streamed,
    heapMb: {
      start: heaps[0],
      afterFirst1000: firstSample,
      end: heaps.at(-1),
      max: Math.max(...heaps),
    },
    samples,
  },
  pool: (await dex.poolState(pool)).reserve0 > 0n ? 'ok' : 'empty',
  checks: { rawTransactions: rawOk, okSwaps: dexOk },
}
console.log(
  `memory: ${MEMORY_SWAPS} swaps in ${report.memory.seconds} s, heap ${JSON.stringify(report.memory.heapMb)} MB, ${streamed} transactions streamed`,
)
console.log(`wrote ${writeResult('emulator.json', report)}`)

function round1(x: number): number {
  return Math.round(x * 10) / 10
}
function round2(x: number): number {
  return Math.round(x * 100) / 100
}
