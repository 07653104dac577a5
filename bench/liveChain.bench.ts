/**
 * `npm run bench:chain`: what the live chain costs on top of the
 * sandbox, and how fast it resumes.
 *
 * 1. Throughput of v4r2 wallet transfers (external → wallet → recipient, 2 transactions a
 *    block), in rounds, three ways on the same kind of world: the plain sandbox
 *    (`blockchain.sendMessage`, the baseline), `LiveChain.sendExternal` (dry run, block, journal
 *    record with account states, history) and `sendBoc` over HTTP to the TON HTTP API on
 *    127.0.0.1 (JSON, Fastify, one request at a time). Ratios are against the baseline of the
 *    same round.
 * 2. DEX v2 swaps (a jetton transfer and its 8–10 transaction chain), in rounds: the in-process
 *    emulator (`dex.swap` on a plain `createLocalDex` world, the baseline) against the whole
 *    dApp flow over HTTP on a live chain: `@ston-fi/sdk`'s router on a `Client` (TonClient)
 *    building the swap from get-methods, the wallet's seqno, signing, `sendBoc`.
 * 3. Restart: a DEX v2 world runs `BENCH_LIVE_BLOCKS` (default 1 150) swap blocks through
 *    `LiveChain.execute` with a snapshot every 200 blocks, then a second LiveChain opens the same
 *    journal on a fresh sandbox (the newest snapshot plus the account states of the 150 blocks
 *    after it, and the history of every block). Reported against the time the history took to
 *    emulate. The in-memory journal has no disk I/O: a SQLite journal adds its read time.
 *
 * Last runs (2 cores shared with other jobs, Node 20, defaults): plain sandbox 48–66 v4r2
 * transfers/s, LiveChain.sendExternal 37–39/s (ratio 0.60–0.71), HTTP sendBoc 23–30/s (ratio
 * 0.45–0.48; the signing of each transfer, ~20% of the time, is in all three). Swaps:
 * in-process emulator 18.2/s, the SDK dApp flow over HTTP 9.8/s (ratio 0.54; five HTTP calls a
 * swap). Restart after 1 150 swap blocks (11 500 transactions, 150 blocks after the newest
 * snapshot): 0.27–0.75 s, against 46–100 s to emulate that history (ratio 0.006–0.0075).
 */
import { StonApiClient } from '@ston-fi/api'
import { Client, DEX } from '@ston-fi/sdk'
import { Address, beginCell, internal, SendMode, storeMessage, toNano } from '@ton/core'
import Fastify from 'fastify'
import { deployTestWallets, transferMessage } from '../chain/_support/testWallets.js'
import { MemoryChainJournal } from '../chain/ChainJournal.js'
import { LiveChain } from '../chain/LiveChain.js'
import { tonHttpApi } from '../chain/tonHttpApi/tonHttpApi.js'
import { createLocalDex } from '../emulator/createLocalDex.js'
import { LocalBlockchain } from '../emulator/LocalBlockchain.js'

const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 100)
const ROUNDS = 3
const BLOCKS = Number(process.env.BENCH_LIVE_BLOCKS ?? 1_150)
const SWAPS = Number(process.env.BENCH_LIVE_SWAPS ?? 30)
const bob = Address.parse(`0:${'b0'.repeat(32)}`)

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!

// --- 1. throughput -------------------------------------------------------------------------
const plainChain = await LiveChain.open()
const plain = (await deployTestWallets(plainChain)).v4
await plainChain.close() // from here on the sandbox runs alone
const plainSandbox = plainChain.blockchain
let plainSeqno = 0

const live = await LiveChain.open({ journal: new MemoryChainJournal() })
const liveWallet = (await deployTestWallets(live)).v4
let liveSeqno = 0

const app = Fastify()
await app.register(tonHttpApi, { chain: live })
await app.listen({ host: '127.0.0.1', port: 0 })
const { port } = app.server.address() as { port: number }

async function plainTransfers(n: number): Promise<number> {
  const start = process.hrtime.bigint()
  for (let i = 0; i < n; i++) {
    plainSandbox.now = Math.floor(Date.now() / 1000)
    const message = transferMessage(plain, plainSeqno++, bob, 1n)
    await plainSandbox.sendMessage(beginCell().store(storeMessage(message)).endCell())
  }
  return n / seconds(start)
}

async function liveTransfers(n: number): Promise<number> {
  const start = process.hrtime.bigint()
  for (let i = 0; i < n; i++) {
    const message = transferMessage(liveWallet, liveSeqno++, bob, 1n)
    await live.sendExternal(beginCell().store(storeMessage(message)).endCell())
  }
  return n / seconds(start)
}

async function httpTransfers(n: number): Promise<number> {
  const start = process.hrtime.bigint()
  for (let i = 0; i < n; i++) {
    const message = transferMessage(liveWallet, liveSeqno++, bob, 1n)
    const boc = beginCell().store(storeMessage(message)).endCell().toBoc().toString('base64')
    const res = await fetch(`http://127.0.0.1:${port}/api/v2/sendBoc`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ boc }),
    })
    if (res.status !== 200) throw new Error(`sendBoc answered ${res.status}: ${await res.text()}`)
  }
  return n / seconds(start)
}

await plainTransfers(20)
await liveTransfers(20)
await httpTransfers(20)
const rounds: { plain: number; live: number; http: number }[] = []
for (let r = 0; r < ROUNDS; r++) {
  const p = await plainTransfers(TRANSFERS)
  const l = await liveTransfers(TRANSFERS)
  const h = await httpTransfers(TRANSFERS)
  rounds.push({ plain: p, live: l, http: h })
}
await app.close()
const throughput = {
  transfersPerRound: TRANSFERS,
  plainSandboxPerSecond: median(rounds.map((r) => r.plain)),
  liveChainPerSecond: median(rounds.map((r) => r.live)),
  httpSendBocPerSecond: median(rounds.map((r) => r.http)),
  liveChainRatio: median(rounds.map((r) => r.live / r.plain)),
  httpSendBocRatio: median(rounds.map((r) => r.http / r.plain)),
}
console.log(JSON.stringify({ throughput }, null, 2))

// --- 2. swaps --------------------------------------------------------------------------------
async function swapWorld(seed: string) {
  const dex = await createLocalDex({ seed })
  const alice = await dex.wallet('alice')
  const a = await dex.deployJetton('AAA')
  const b = await dex.deployJetton('BBB')
  const router = await dex.deployRouter('v2')
  await dex.mint(a, alice.address, 10n ** 18n)
  await dex.mint(b, alice.address, 10n ** 18n)
  await dex.createPool(router, {
    from: alice,
    assetA: a,
    amountA: 10n ** 15n,
    assetB: b,
    amountB: 10n ** 15n,
  })
  return { dex, alice, a, b, router }
}
const inProcess = await swapWorld('swap-bench-plain')
let inProcessCount = 0
async function inProcessSwaps(n: number): Promise<number> {
  const { dex, alice, a, b, router } = inProcess
  const start = process.hrtime.bigint()
  for (let i = 0; i < n; i++) {
    const [offer, ask] = inProcessCount++ & 1 ? [b, a] : [a, b]
    const r = await dex.swap(router, { from: alice, offer, ask, amount: toNano('1') })
    if (r.status !== 'ok') throw new Error('in-process swap refunded')
  }
  return n / seconds(start)
}

const viaHttp = await swapWorld('swap-bench-http')
const swapChain = await LiveChain.open({ blockchain: viaHttp.dex.blockchain })
const trader = (await deployTestWallets(swapChain)).v4
await swapChain.execute(async () => {
  await viaHttp.dex.mint(viaHttp.a, trader.contract.address, 10n ** 18n)
  await viaHttp.dex.mint(viaHttp.b, trader.contract.address, 10n ** 18n)
})
const swapApp = Fastify()
await swapApp.register(tonHttpApi, { chain: swapChain })
await swapApp.listen({ host: '127.0.0.1', port: 0 })
const swapClient = new Client({
  endpoint: `http://127.0.0.1:${(swapApp.server.address() as { port: number }).port}/api/v2/jsonRPC`,
  stonApiClient: new StonApiClient({ baseURL: 'http://127.0.0.1:9' }),
})
const sdkRouter = swapClient.open(DEX.v2_2.Router.CPI.create(viaHttp.router.address))
const traderWallet = swapClient.open(trader.contract)
let httpCount = 0
async function httpSwaps(n: number): Promise<number> {
  const start = process.hrtime.bigint()
  for (let i = 0; i < n; i++) {
    const [offer, ask] = httpCount++ & 1 ? [viaHttp.b, viaHttp.a] : [viaHttp.a, viaHttp.b]
    const params = await sdkRouter.getSwapJettonToJettonTxParams({
      userWalletAddress: trader.contract.address,
      offerJettonAddress: offer.minter,
      askJettonAddress: ask.minter,
      offerAmount: toNano('1'),
      minAskAmount: 1n,
    })
    await traderWallet.sendTransfer({
      seqno: await traderWallet.getSeqno(),
      secretKey: trader.keyPair.secretKey,
      sendMode: SendMode.PAY_GAS_SEPARATELY,
      messages: [internal({ to: params.to, value: params.value, body: params.body ?? null })],
    })
  }
  return n / seconds(start)
}
await inProcessSwaps(5)
await httpSwaps(5)
const swapRounds: { inProcess: number; http: number }[] = []
for (let r = 0; r < ROUNDS; r++) {
  swapRounds.push({ inProcess: await inProcessSwaps(SWAPS), http: await httpSwaps(SWAPS) })
}
await swapApp.close()
const swaps = {
  swapsPerRound: SWAPS,
  inProcessEmulatorPerSecond: median(swapRounds.map((r) => r.inProcess)),
  httpDappFlowPerSecond: median(swapRounds.map((r) => r.http)),
  httpDappFlowRatio: median(swapRounds.map((r) => r.http / r.inProcess)),
}
console.log(JSON.stringify({ swaps }, null, 2))

// --- 3. restart ------------------------------------------------------------------------------
const dex = await createLocalDex({ seed: 'live-bench' })
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
const journal = new MemoryChainJournal()
const chain = await LiveChain.open({ blockchain: dex.blockchain, journal, snapshotEvery: 200 })
const historyStart = process.hrtime.bigint()
for (let i = 0; i < BLOCKS; i++) {
  const [offer, ask] = i & 1 ? [b, a] : [a, b]
  await chain.execute(() => dex.swap(router, { from: alice, offer, ask, amount: toNano('1') }))
}
const historySeconds = seconds(historyStart)
const poolBefore = await chain.account(pool.address)

// No close(): the process "dies" here; the reopened chain must not need a final snapshot.
const restartStart = process.hrtime.bigint()
const resumed = await LiveChain.open({ journal, blockchain: await LocalBlockchain.createLocal() })
const restartSeconds = seconds(restartStart)
const poolAfter = await resumed.account(pool.address)
if (poolAfter.data?.hash().equals(poolBefore.data!.hash()) !== true) {
  throw new Error('the resumed pool differs')
}
const restart = {
  blocks: resumed.head.seqno,
  transactions: resumed.transactionCount,
  blocksAfterSnapshot: resumed.head.seqno - (journal.loadSnapshot()?.seqno ?? 0),
  historySeconds,
  restartSeconds,
  restartToHistoryRatio: restartSeconds / historySeconds,
}
console.log(JSON.stringify({ restart }, null, 2))
