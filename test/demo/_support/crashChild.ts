/**
 * Child process of the crash test: replays a deterministic emulator scenario into the SQLite
 * file given as argv[2] with small batches, printing `batch` after each commit so the parent
 * can kill it mid-ingest.
 */
import type { Transaction } from '@ton/core'
import { runScenario } from '../../../demo/runScenario.js'
import { createLocalDex } from '../../../emulator/createLocalDex.js'
import { createIndexer } from '../../../indexer/ingest/createIndexer.js'
import { createSqliteStore } from '../../../store/sqlite/createSqliteStore.js'

const path = process.argv[2] ?? ':memory:'
const dex = await createLocalDex({ seed: 'crash' })
const recorded: Transaction[] = []
dex.onTransactions((txs) => recorded.push(...txs))
const scenario = await runScenario(dex, { swaps: 20, seed: 11 })
const store = createSqliteStore({ path })
const stats = await createIndexer({
  store,
  source: recorded,
  assetOf: scenario.assetOf,
  batchSize: 7,
  onBatch: () => process.stdout.write('batch\n'),
}).run()
process.stdout.write(`done ${JSON.stringify({ ...stats, total: recorded.length })}\n`)
await store.close()
