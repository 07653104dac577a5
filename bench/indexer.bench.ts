/**
 * `npm run bench:indexer`: operations indexed per second from pre-recorded transactions. The
 * demo scenario (`BENCH_SWAPS` swaps, default 200) runs once through the emulator; its
 * transactions are serialized to BoCs and parsed back (as recorded chain data would be), then
 * only the indexing is timed: `createIndexer` into a fresh in-memory SQLite store per round
 * (decoding, pool replay through core, traces, batched atomic writes), median of `ROUNDS`.
 *
 * Baseline, measured in the same run and interleaved round by round: the least any indexer of
 * these transactions must do — hash each one, read its inbound op code, and write one row per
 * transaction (hash, lt, op) into SQLite in batches of the same size. The ratio says how much the
 * decoding, replay, tracing and full rows cost on top of that floor.
 * Writes `bench/results/indexer.json`.
 */
import { beginCell, Cell, loadTransaction, storeTransaction, type Transaction } from '@ton/core'
import Database from 'better-sqlite3'
import { runScenario } from '../demo/runScenario.js'
import { createLocalDex } from '../emulator/createLocalDex.js'
import { createIndexer, type IngestStats } from '../indexer/ingest/createIndexer.js'
import { createSqliteStore } from '../store/sqlite/createSqliteStore.js'
import { formatRate, writeResult } from './_support/measure.js'

const SWAPS = Number(process.env.BENCH_SWAPS ?? 200)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7)

const recordStart = performance.now()
const dex = await createLocalDex({ seed: 'bench-indexer', fastCells: true })
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

/** The floor: hash, inbound op code and one SQLite row per transaction, batches of 2000. */
function floorRound(): number {
  const db = new Database(':memory:')
  db.exec('CREATE TABLE txs (hash TEXT PRIMARY KEY, lt TEXT NOT NULL, op INTEGER) STRICT')
  const insert = db.prepare('INSERT INTO txs (hash, lt, op) VALUES (?, ?, ?)')
  const write = db.transaction((rows: [string, string, number | null][]) => {
    for (const row of rows) insert.run(row)
  })
  const started = performance.now()
  let rows: [string, string, number | null][] = []
  for (const tx of recorded) {
    const body = tx.inMessage?.body.beginParse()
    const op = body !== undefined && body.remainingBits >= 32 ? body.loadUint(32) : null
    rows.push([tx.hash().toString('hex'), tx.lt.toString(), op])
    if (rows.length === 2000) {
      write(rows)
      rows = []
    }
  }
  write(rows)
  const seconds = (performance.now() - started) / 1000
  db.close()
  return seconds
}

await round() // warm-up
floorRound()
const rounds: { seconds: number; stats: IngestStats }[] = []
const floors: number[] = []
const ratios: number[] = []
for (let i = 0; i < ROUNDS; i += 1) {
  const floor = floorRound()
  const r = await round()
  rounds.push(r)
  floors.push(floor)
  ratios.push(r.seconds / floor)
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0
const seconds = median(rounds.map((r) => r.seconds))
const floorSeconds = median(floors)
const ratio = median(ratios)
const stats = rounds[0]?.stats
if (stats === undefined) throw new Error('no round ran')
const opsPerSecond = stats.operations / seconds
const txPerSecond = stats.transactions / seconds
console.log(
  `indexed ${stats.transactions} transactions → ${stats.operations} operations ` +
    `(${stats.other} other, ${stats.withdrawals} vault withdrawals) in ${(seconds * 1000).toFixed(1)} ms (median of ${ROUNDS})`,
)
console.log(`operations: ${formatRate(opsPerSecond)}   transactions: ${formatRate(txPerSecond)}`)
console.log(
  `baseline (hash + op code + one row per transaction): ${formatRate(stats.transactions / floorSeconds)} ` +
    `transactions; indexer time / baseline time = ${ratio.toFixed(2)}× (median of per-round ratios)`,
)
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
  baselineTransactionsPerSecond: Math.round(stats.transactions / floorSeconds),
  timeRatioToBaseline: Number(ratio.toFixed(3)),
  node: process.version,
})
console.log(`wrote ${path}`)
