/**
 * `npm run bench:retrace`: the replay of a recorded mainnet transaction by `retraceTransaction`,
 * against a bare `@ton/sandbox` `Executor` execution of the same transaction in the same run.
 *
 * Two recorded transactions (ston-fi/ton-rs emulation vectors, `test/data/mainnet/README.md`):
 * public tx 3b464a32…1daf (`hashExact`, a wallet's transfer) and a STON.fi v2.2 pool swap
 * (`stonfiPoolSwap`, code in a library). Each is served by a recorded toncenter
 * (`test/_support/recordedToncenter.ts`, a real HTTP server on 127.0.0.1, C++ flavour with v3).
 *
 * Per round and transaction: the baseline — `Executor.create()` and one `runTransaction` with
 * the recorded inputs (what a replay costs when its inputs are in hand); **cold** — a retrace
 * on a new client, every upstream read through the recorded toncenter over loopback; **warm** —
 * a retrace with the upstream answers kept from an earlier one (`cache`), so only the replay,
 * the checks and the exchange reading run. Reports median milliseconds and the median of the
 * per-round ratios to the baseline, and the upstream requests of one cold retrace by method.
 * Writes `bench/results/retrace.json`. `BENCH_RETRACE_ROUNDS` (default 7) rounds.
 */
import { retraceTransaction } from '../chain/retrace/retraceTransaction.js'
import { loadTxEmulation } from '../test/_support/mainnetData.js'
import { serveRecorded } from '../test/_support/recordedToncenter.js'
import { emulatedVectorTx, vectorRetraceChain } from '../test/_support/vectorRetrace.js'
import { createTonApiClient } from '../upstream/tonApiClient.js'
import { writeResult } from './_support/measure.js'

const ROUNDS = Number(process.env.BENCH_RETRACE_ROUNDS ?? 7)

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

async function timed<T>(run: () => Promise<T>): Promise<[number, T]> {
  const start = process.hrtime.bigint()
  const value = await run()
  return [Number(process.hrtime.bigint() - start) / 1e6, value]
}

/** The bare execution: a new emulator and the transaction on the recorded inputs. */
const bare = emulatedVectorTx

const report: Record<string, unknown> = {
  rounds: ROUNDS,
  note: 'median ms per transaction; ratio = median of per-round (case / baseline); baseline = Executor.create() + runTransaction on the recorded inputs',
}
for (const name of ['hashExact', 'stonfiPoolSwap'] as const) {
  const v = loadTxEmulation(name)
  const tx = await bare(v)
  const hash = tx.hash().toString('hex')
  const { upstream } = await serveRecorded(vectorRetraceChain(v, tx))
  const url = upstream.url
  const cache = new Map<string, unknown>()
  const retrace = (kept?: Map<string, unknown>) =>
    retraceTransaction({
      client: createTonApiClient({ url, rps: Number.POSITIVE_INFINITY }),
      tx: hash,
      cache: kept,
    })
  // Warm-up, and the cache for the warm runs; the requests of one cold retrace by method.
  await bare(v)
  const before = new Map(upstream.counts)
  const first = (await retrace(cache)).target
  if (first.status !== 'identical') throw new Error(`${name}: the retrace is ${first.status}`)
  const requests: Record<string, number> = {}
  for (const [method, n] of upstream.counts) requests[method] = n - (before.get(method) ?? 0)
  const base: number[] = []
  const cold: number[] = []
  const warm: number[] = []
  const coldRatio: number[] = []
  const warmRatio: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    const [b] = await timed(() => bare(v))
    const [c, rc] = await timed(() => retrace())
    const [w, rw] = await timed(() => retrace(cache))
    if (rc.target.status !== 'identical' || rw.target.status !== 'identical') {
      throw new Error(`${name}: a retrace was not identical`)
    }
    base.push(b)
    cold.push(c)
    warm.push(w)
    coldRatio.push(c / b)
    warmRatio.push(w / b)
  }
  await upstream.close()
  const entry = {
    transaction: hash,
    baselineMs: median(base),
    coldMs: median(cold),
    warmMs: median(warm),
    coldRatio: median(coldRatio),
    warmRatio: median(warmRatio),
    coldRequests: requests,
  }
  report[name] = entry
  console.log(
    `${name.padEnd(15)} bare ${entry.baselineMs.toFixed(1)} ms | cold ${entry.coldMs.toFixed(1)} ms (×${entry.coldRatio.toFixed(2)}) | warm ${entry.warmMs.toFixed(1)} ms (×${entry.warmRatio.toFixed(2)}) | ${Object.values(requests).reduce((a, n) => a + n, 0)} requests`,
  )
}
console.log(`wrote ${writeResult('retrace.json', report)}`)
