/**
 * `npm run bench:indexer`: operations indexed per second from pre-recorded transactions. The
 * demo scenario (`BENCH_SWAPS` swaps, default 200) runs once through the emulator; its
 * transactions are serialized to BoCs and parsed back (as recorded chain data would be), then
 * only the indexing is timed: `createIndexer` into a fresh in-memory SQLite store per round
 * (decoding, pool replay through core, traces, batched atomic writes), median of `ROUNDS`.
 * Writes `bench/results/indexer.json`.
 */
import { beginCell, Cell, loadTransaction, storeTransaction, type Transaction } from '@ton/core'
import { createLocalDex } from '../emulator/createLocalDex.js'
import { runScenario } from '../indexer/demo/runScenario.js'
import { createIndexer, type IngestStats } from '../indexer/ingest/createIndexer.js'
import { createSqliteStore } from '../store/sqlite/createSqliteStore.js'
import { formatRate, writeResult } from './_support/measure.js'

const SWAPS = Number(process.env.BENCH_SWAPS ?? 200)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7)

const recordStart = performance.now()
const dex = await createLocalDex({ seed: 'bench-indexer' })
const live: Transaction[] = []
const stop = dex.onTransactions((txs) => {
  live.push(...txs)
})
const scenario = await runScenario(dex, { swaps: SWAPS, seed: 3 })
stop()
const bocs = live.map((tx) => beginCell().store(storeTransaction(tx)).endCell().toBoc())
const recorded = bocs.map((boc) => loadTransaction(Cell.fromBoc(boc)[0]?.beginParse() as never))
const recordSeconds = (performance.now() - recordStart) / 1000
console.log(
  `recorded ${recorded.length} transactions of ${SWAPS} swaps in ${recordSeconds.toFixed(1)} s`,
)

async function round(): Promise<{ seconds: number; stats: IngestStats }> {
  const store = createSqliteStore({ path: ':memory:' })
  const started = performance.now()
  const stats = await createIndexer({ store, source: recorded, assetOf: scenario.assetOf }).run()
  const seconds = (performance.now() - started) / 1000
  await store.close()
  return { seconds, stats }
}

await round() // warm-up
const rounds: { seconds: number; stats: IngestStats }[] = []
for (let i = 0; i < ROUNDS; i += 1) rounds.push(await round())
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
const seconds = median(rounds.map((r) => r.seconds))
const stats = rounds[0]?.stats
if (stats === undefined) throw new Error('no round ran')
const opsPerSecond = stats.operations / seconds
const txPerSecond = stats.transactions / seconds
console.log(
  `indexed ${stats.transactions} transactions → ${stats.operations} operations ` +
    `(${stats.other} other, ${stats.withdrawals} vault withdrawals) in ${(seconds * 1000).toFixed(1)} ms (median of ${ROUNDS})`,
)
console.log(`operations: ${formatRate(opsPerSecond)}   transactions: ${formatRate(txPerSecond)}`)
console.log(`target ≥ 50.0 k/s operations: ${opsPerSecond >= 50_000 ? 'met' : 'NOT met'}`)
const path = writeResult('indexer.json', {
  swaps: SWAPS,
  rounds: ROUNDS,
  transactions: stats.transactions,
  operations: stats.operations,
  other: stats.other,
  medianSeconds: seconds,
  operationsPerSecond: Math.round(opsPerSecond),
  transactionsPerSecond: Math.round(txPerSecond),
  node: process.version,
})
console.log(`wrote ${path}`)
