/**
 * `npm run bench:fork`: the first DEX v2 swap on a fork of a live chain, against the same swap
 * on the chain itself in the same run.
 *
 * U, the local exchange (the demo market), runs on a temporary SQLite file; F is
 * `startForkNode` on U's TON HTTP API through a counting proxy (`test/_support/faultProxy.ts`,
 * every request passed on). The swap: USDT → STON on U's DEX v2 constant-product router with
 * `@ston-fi/sdk` (`getSwapJettonToJettonTxParams`' get-methods, the wallet's `seqno`, then
 * `sendBoc`) from one of U's pre-funded test wallets, timed until the chain answered `sendBoc`
 * — the fork executes the whole trace (wallet → jetton wallets → router → pool → router →
 * jetton wallets) as one block before it answers, and the bench checks that block's
 * transactions and the STON paid out. The market's addresses come from U's REST API beforehand.
 *
 * Per round and rate cap (`--rps 10`, and unlimited): the baseline, the swap on U itself; the
 * cold fork — F on an empty database, every account the swap touches (and every library its
 * code references) loaded from U; the warm cache — F restarted on the same database (same
 * block S), the same swap again. Reports the median latencies, the median per-round ratios
 * against the baseline, and the upstream requests of each swap by method (and F's start-up
 * requests apart). Writes `bench/results/fork.json`. `BENCH_FORK_ROUNDS` (default 7) rounds.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { StonApiClient } from '@ston-fi/api'
import { Client, DEX } from '@ston-fi/sdk'
import { Address, beginCell, internal, SendMode } from '@ton/core'
import { JettonMaster } from '@ton/ton'
import type { LiveChain } from '../chain/LiveChain.js'
import type { TestWallet } from '../chain/wallets/testWallets.js'
import { type RunningForkNode, startForkNode } from '../local/startForkNode.js'
import { startLocalExchange } from '../local/startLocalExchange.js'
import { startFaultProxy } from '../test/_support/faultProxy.js'
import { writeResult } from './_support/measure.js'

const ROUNDS = Number(process.env.BENCH_FORK_ROUNDS ?? 7)
/** The rate caps measured: `--rps 10` (a toncenter key's) and unlimited. */
const RATES: readonly { name: string; rps: number }[] = [
  { name: 'rps10', rps: 10 },
  { name: 'unlimited', rps: Number.POSITIVE_INFINITY },
]
/** USDT offered per swap (6 decimals: 1 USDT). */
const OFFER = 1_000_000n

const dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-bench-fork-'))

/** The market's addresses, read once from U's REST API. */
type Market = { usdt: string; ston: string; router: string }

/**
 * One swap on the chain behind `url` (its TON HTTP API only): the SDK's get-methods, the
 * wallet's seqno, the signed transfer through `sendBoc`. Resolves with the milliseconds until
 * `sendBoc` answered, after checking the block it made: the whole trace, STON paid out.
 */
async function swapOn(
  url: string,
  chain: LiveChain,
  wallet: TestWallet,
  market: Market,
  api: StonApiClient,
): Promise<number> {
  const client = new Client({ endpoint: `${url}/api/v2/jsonRPC`, stonApiClient: api })
  const head = chain.head.seqno
  const secretKey = (await wallet.keyPair()).secretKey
  const stonWallet = await stonWalletOf(chain, wallet, market)
  const before = await jettonBalance(chain, stonWallet)
  const start = performance.now()
  const router = client.open(DEX.v2_2.Router.CPI.create(Address.parse(market.router)))
  const params = await router.getSwapJettonToJettonTxParams({
    userWalletAddress: wallet.address,
    offerJettonAddress: market.usdt,
    askJettonAddress: market.ston,
    offerAmount: OFFER,
    minAskAmount: 1n,
  })
  const opened = client.open(wallet.contract)
  const seqno = await opened.getSeqno()
  await opened.sendTransfer({
    seqno,
    secretKey,
    sendMode: SendMode.PAY_GAS_SEPARATELY,
    messages: [internal({ to: params.to, value: params.value, body: params.body ?? null })],
  })
  const ms = performance.now() - start
  // sendBoc answered after the whole trace ran: one block, the STON paid out in it.
  if (chain.head.seqno !== head + 1)
    throw new Error(`the swap made ${chain.head.seqno - head} blocks`)
  const transactions = chain.blockTransactions(head + 1).length
  if (transactions < 8) throw new Error(`the swap's block holds ${transactions} transactions`)
  if ((await jettonBalance(chain, stonWallet)) <= before) throw new Error('no STON paid out')
  return ms
}

/** The wallet's STON jetton wallet (read on the chain itself, outside the timing). */
async function stonWalletOf(chain: LiveChain, wallet: TestWallet, market: Market) {
  const master = JettonMaster.create(Address.parse(market.ston))
  const { stack } = await chain.runGetMethod(master.address, 'get_wallet_address', [
    { type: 'slice', cell: beginCell().storeAddress(wallet.address).endCell() },
  ])
  const top = stack[0]
  if (top?.type !== 'slice' && top?.type !== 'cell') throw new Error('get_wallet_address')
  return top.cell.beginParse().loadAddress()
}

async function jettonBalance(chain: LiveChain, jettonWallet: Address): Promise<bigint> {
  const account = await chain.account(jettonWallet)
  if (account.status !== 'active') return 0n
  const { stack } = await chain.runGetMethod(jettonWallet, 'get_wallet_data', [])
  const top = stack[0]
  return top?.type === 'int' ? top.value : 0n
}

/** Requests of `log` from `from` on, by method. */
function byMethod(log: readonly { method: string }[], from: number): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const { method } of log.slice(from)) counts[method] = (counts[method] ?? 0) + 1
  return counts
}

const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0)

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

try {
  const buildStart = performance.now()
  const upstream = await startLocalExchange({
    ...{ dbPath: join(dir, 'u.sqlite'), host: '127.0.0.1', port: 0 },
    demoSwaps: 4,
  })
  const uChain = upstream.chain
  if (uChain === undefined) throw new Error('the local exchange runs no chain')
  console.log(
    `U: the demo market, head ${uChain.head.seqno}, built in ${((performance.now() - buildStart) / 1000).toFixed(0)} s`,
  )
  const proxy = await startFaultProxy(upstream.url, () => ({ type: 'pass' }))
  const api = new StonApiClient({ baseURL: upstream.url })
  const assets = await api.getAssets()
  const routers = await api.getRouters({ dexV2: true })
  const market: Market = {
    usdt: assets.find((a) => a.symbol === 'USDT')?.contractAddress ?? '',
    ston: assets.find((a) => a.symbol === 'STON')?.contractAddress ?? '',
    router:
      routers.find((r) => r.majorVersion === 2 && r.routerType === 'ConstantProduct')?.address ??
      '',
  }
  const wallet = upstream.wallets[1]
  if (wallet === undefined) throw new Error('U has no test wallet 1')
  // Warm-up: the process's first swap pays for loading and compiling the code paths.
  await swapOn(upstream.url, uChain, wallet, market, api)

  const startFork = (db: string, rps: number): Promise<RunningForkNode> =>
    startForkNode({
      dbPath: join(dir, db),
      host: '127.0.0.1',
      port: 0,
      fork: { url: `${proxy.url}/api/v2/jsonRPC`, rps },
    })

  type Round = {
    baselineMs: number
    coldMs: number
    warmMs: number
    startupRequests: Record<string, number>
    coldRequests: Record<string, number>
    restartRequests: Record<string, number>
    warmRequests: Record<string, number>
  }
  const results: Record<string, Round[]> = Object.fromEntries(RATES.map((r) => [r.name, []]))
  for (let round = 0; round < ROUNDS; round++) {
    for (const rate of RATES) {
      // The baseline, back to back with the fork's swaps: U itself.
      const baselineMs = await swapOn(upstream.url, uChain, wallet, market, api)
      const db = `f-${rate.name}-${round}.sqlite`
      let from = proxy.requests.length
      let fork = await startFork(db, rate.rps)
      const startupRequests = byMethod(proxy.requests, from)
      from = proxy.requests.length
      const coldMs = await swapOn(fork.url, fork.chain, wallet, market, api)
      const coldRequests = byMethod(proxy.requests, from)
      await fork.close()
      from = proxy.requests.length
      fork = await startFork(db, rate.rps)
      const restartRequests = byMethod(proxy.requests, from)
      from = proxy.requests.length
      const warmMs = await swapOn(fork.url, fork.chain, wallet, market, api)
      const warmRequests = byMethod(proxy.requests, from)
      await fork.close()
      const entry = {
        baselineMs,
        coldMs,
        warmMs,
        startupRequests,
        coldRequests,
        restartRequests,
        warmRequests,
      }
      results[rate.name]?.push(entry)
      console.log(
        `round ${round + 1}, ${rate.name}: U ${baselineMs.toFixed(0)} ms; cold fork ${coldMs.toFixed(0)} ms (${total(coldRequests)} requests: ${JSON.stringify(coldRequests)}); warm ${warmMs.toFixed(0)} ms (${total(warmRequests)} requests)`,
      )
    }
  }
  await proxy.close()
  await upstream.close()

  const summary = Object.fromEntries(
    Object.entries(results).map(([name, rounds]) => {
      const last = rounds[rounds.length - 1] as Round
      return [
        name,
        {
          baselineMs: median(rounds.map((r) => r.baselineMs)),
          coldMs: median(rounds.map((r) => r.coldMs)),
          warmMs: median(rounds.map((r) => r.warmMs)),
          coldRatio: median(rounds.map((r) => r.coldMs / r.baselineMs)),
          warmRatio: median(rounds.map((r) => r.warmMs / r.baselineMs)),
          coldRequestsPerSwap: median(rounds.map((r) => total(r.coldRequests))),
          warmRequestsPerSwap: median(rounds.map((r) => total(r.warmRequests))),
          startupRequests: median(rounds.map((r) => total(r.startupRequests))),
          restartRequests: median(rounds.map((r) => total(r.restartRequests))),
          coldRequestsByMethod: last.coldRequests,
          startupRequestsByMethod: last.startupRequests,
          rounds,
        },
      ]
    }),
  )
  const report = { rounds: ROUNDS, offerUsdt: OFFER, swap: 'USDT → STON, DEX v2 CPI', summary }
  for (const [name, s] of Object.entries(summary)) {
    console.log(
      `${name}: U ${s.baselineMs.toFixed(0)} ms; cold fork ${s.coldMs.toFixed(0)} ms (${s.coldRatio.toFixed(2)}× U, ${s.coldRequestsPerSwap} upstream requests a swap); warm cache ${s.warmMs.toFixed(0)} ms (${s.warmRatio.toFixed(2)}× U, ${s.warmRequestsPerSwap} requests); start-up ${s.startupRequests} requests, restart ${s.restartRequests}`,
    )
  }
  console.log(`wrote ${writeResult('fork.json', report)}`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
