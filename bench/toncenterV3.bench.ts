/**
 * `node --import tsx bench/toncenterV3.bench.ts`: how fast a chain follower reads the local
 * exchange's history through toncenter v3's `/api/v3/transactions` (the discovery call of a
 * follower's `accounts` mode), against v2's `getTransactions` for the same transactions, over
 * HTTP on 127.0.0.1, in the same run.
 *
 * A DEX v2 world runs `BENCH_V3_SWAPS` (default 300) swap blocks through `LiveChain.execute`
 * (about 10 transactions each). Then, in rounds, one pass reads every transaction of the
 * router, the pool and the router's two jetton wallets:
 * - baseline: v2 `getTransactions` of each account, 1000 a page, newest first, paged by
 *   `(lt, hash)`;
 * - v3: `/api/v3/transactions?account=…×4&start_lt=X&sort=asc&limit=1000`, paged by
 *   `start_lt` = the last lt + 1 until a page is empty (what a follower does). The first v3
 *   pass renders every transaction; later passes find the rendered transactions kept.
 * Before the rounds, a lookup by message hash builds the message index (every block of the
 * history parsed once; listing transactions does not need it): its time is reported on its own.
 *
 * Last runs (2 cores shared with other jobs, load average 11–16, defaults: 300 swap blocks,
 * 3 000 transactions, 1 500 of them on the four accounts): index 1.9–2.8 s (1 068–1 578
 * transactions/s); first pass v2 341–499/s, v3 347–595/s (ratio 1.02–1.19); later passes v2
 * 438–577/s, v3 4 978–6 794/s (ratio 8.6–13.8, rendered transactions kept).
 */
import { toNano } from '@ton/core'
import Fastify from 'fastify'
import { LiveChain } from '../chain/LiveChain.js'
import { tonHttpApi } from '../chain/tonHttpApi/tonHttpApi.js'
import { createLocalDex } from '../emulator/createLocalDex.js'

const SWAPS = Number(process.env.BENCH_V3_SWAPS ?? 300)
const ROUNDS = 3

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9

// fast cells, as the local exchange runs (`startLocalExchange`)
const dex = await createLocalDex({ seed: 'toncenter-v3-bench', fastCells: true })
const alice = await dex.wallet('alice')
const a = await dex.deployJetton('AAA')
const b = await dex.deployJetton('BBB')
const router = await dex.deployRouter('v2')
await dex.mint(a, alice.address, 10n ** 18n)
await dex.mint(b, alice.address, 10n ** 18n)
const { pool } = await dex.createPool(router, {
  ...{ from: alice, assetA: a, amountA: 10n ** 15n, assetB: b, amountB: 10n ** 15n },
})
const chain = await LiveChain.open({ blockchain: dex.blockchain })
const historyStart = process.hrtime.bigint()
for (let i = 0; i < SWAPS; i++) {
  const [offer, ask] = i & 1 ? [b, a] : [a, b]
  await chain.execute(() => dex.swap(router, { from: alice, offer, ask, amount: toNano('1') }))
}
const historySeconds = seconds(historyStart)

const app = Fastify()
await app.register(tonHttpApi, { chain })
await app.listen({ host: '127.0.0.1', port: 0 })
const { port } = app.server.address() as { port: number }
const base = `http://127.0.0.1:${port}`
const accounts = [router.address, pool.address, pool.wallet0, pool.wallet1]

type Page = { transactions: { lt: string }[] }
type V2Page = { result: { transaction_id: { lt: string; hash: string } }[] }

async function v2Pass(): Promise<number> {
  let count = 0
  for (const account of accounts) {
    let cursor = ''
    for (;;) {
      const res = await fetch(
        `${base}/api/v2/getTransactions?address=${account.toString()}&limit=1000${cursor}`,
      )
      const page = ((await res.json()) as V2Page).result
      // the page starts at the cursor, inclusive: skip it after the first page
      const fresh = cursor === '' ? page : page.slice(1)
      count += fresh.length
      if (fresh.length === 0) break
      const last = page.at(-1)!.transaction_id
      cursor = `&lt=${last.lt}&hash=${encodeURIComponent(last.hash)}`
    }
  }
  return count
}

async function v3Pass(): Promise<number> {
  const query = accounts.map((account) => `account=${account.toRawString()}`).join('&')
  let count = 0
  let startLt = 0n
  for (;;) {
    const res = await fetch(
      `${base}/api/v3/transactions?${query}&start_lt=${startLt}&sort=asc&limit=1000`,
    )
    const page = ((await res.json()) as Page).transactions
    if (page.length === 0) break
    count += page.length
    startLt = BigInt(page.at(-1)!.lt) + 1n
  }
  return count
}

// The first v3 query indexes the whole history (every block parsed once): timed on its own.
const indexStart = process.hrtime.bigint()
await fetch(`${base}/api/v3/transactionsByMessage?msg_hash=${'A'.repeat(43)}%3D`)
const indexSeconds = seconds(indexStart)

const rounds: Record<string, number>[] = []
for (let round = 0; round < ROUNDS; round++) {
  let start = process.hrtime.bigint()
  const v2Count = await v2Pass()
  const v2Seconds = seconds(start)
  start = process.hrtime.bigint()
  const v3Count = await v3Pass()
  const v3Seconds = seconds(start)
  if (v3Count !== v2Count) throw new Error(`v3 read ${v3Count} transactions, v2 ${v2Count}`)
  rounds.push({
    transactions: v3Count,
    v2PerSecond: Math.round(v2Count / v2Seconds),
    v3PerSecond: Math.round(v3Count / v3Seconds),
    ratio: Number((v2Seconds / v3Seconds).toFixed(2)),
  })
}
await app.close()
await chain.close()
console.log(
  JSON.stringify(
    {
      history: { blocks: chain.head.seqno, transactions: chain.transactionCount, historySeconds },
      index: {
        seconds: indexSeconds,
        transactionsPerSecond: Math.round(chain.transactionCount / indexSeconds),
      },
      rounds,
    },
    null,
    2,
  ),
)
