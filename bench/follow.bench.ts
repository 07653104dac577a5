/**
 * `npm run bench:follow`: how fast `serve --follow` indexes a chain through its TON HTTP API,
 * against the in-process indexer on the same history in the same run.
 *
 * U, the local exchange, builds a demo history of `BENCH_SWAPS` swaps (default 1 500) into a
 * file database. Baseline: every block of U's chain, parsed beforehand, indexed by
 * `createIndexer` into a fresh SQLite file (the indexer alone, no network). Measured:
 * `ton-dex-lab serve --follow <U> --rps unlimited` in a child process from an empty database,
 * timed from the moment it listens (its start-up — loading the code, reading the upstream's
 * routers, assets and router wallets — is reported apart) until `/local/status` reports U's head
 * indexed; its resident memory at
 * the end (VmRSS) and at its peak (VmHWM) are read from `/proc`. Reports transactions/s of both,
 * their ratio, and the follower's requests per block. Writes `bench/results/follow.json`.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Cell, loadTransaction } from '@ton/core'
import { type BlockTransaction, createIndexer } from '../indexer/ingest/createIndexer.js'
import { startLocalExchange } from '../local/startLocalExchange.js'
import { createSqliteStore } from '../store/sqlite/createSqliteStore.js'
import { writeResult } from './_support/measure.js'

const SWAPS = Number(process.env.BENCH_SWAPS ?? 1500)
const ROOT = join(import.meta.dirname, '..')
const dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-bench-follow-'))

try {
  const buildStart = performance.now()
  const upstream = await startLocalExchange({
    ...{ dbPath: join(dir, 'u.sqlite'), host: '127.0.0.1', port: 0 },
    demoSwaps: SWAPS,
  })
  const chain = upstream.chain
  if (chain === undefined) throw new Error('the local exchange runs no chain')
  const head = chain.head.seqno
  const blocks: BlockTransaction[] = []
  for (let seqno = 1; seqno <= head; seqno++) {
    const logged = chain.blockTransactions(seqno)
    const block = { seqno, now: logged[0]?.now ?? 0 }
    for (const t of logged) {
      const cell = Cell.fromBoc(Buffer.from(t.boc))[0] as Cell
      blocks.push({ transaction: loadTransaction(cell.beginParse()), block })
    }
  }
  const transactions = blocks.length
  console.log(
    `U: ${SWAPS} demo swaps, ${head} blocks, ${transactions} transactions, built in ${((performance.now() - buildStart) / 1000).toFixed(0)} s`,
  )

  // Baseline: the indexer in process on the same blocks.
  const store = createSqliteStore({ path: join(dir, 'baseline.sqlite') })
  const inStart = performance.now()
  await createIndexer({ store, source: blocks }).run()
  const inSeconds = (performance.now() - inStart) / 1000
  await store.close()

  // The follower in a child process, through U's TON HTTP API over loopback.
  const followStart = performance.now()
  const child = spawn(
    process.execPath,
    [
      ...['bin/ton-dex-lab.js', 'serve', '--follow', `${upstream.url}/api/v2/jsonRPC`],
      ...['--rps', 'unlimited', '--db', join(dir, 'r.sqlite'), '--port', '0'],
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const found = /listening on (http:\/\/[^\s,]+)/.exec(out)?.[1]
      if (found !== undefined && out.includes('Routers:')) resolve(found)
    })
    child.on('exit', () => reject(new Error('the follower exited')))
  })
  const startupSeconds = (performance.now() - followStart) / 1000
  const catchUpStart = performance.now()
  let status: { index: { seqno: number }; requests: number; retries: number }
  for (;;) {
    status = (await (await fetch(`${url}/local/status`)).json()) as typeof status
    if (status.index.seqno >= head) break
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const followSeconds = (performance.now() - catchUpStart) / 1000
  const proc = readFileSync(`/proc/${child.pid}/status`, 'utf8')
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(proc)?.[1] ?? 0)
  child.kill('SIGTERM')
  await upstream.close()

  const report = {
    swaps: SWAPS,
    blocks: head,
    transactions,
    inProcess: { seconds: inSeconds, transactionsPerSecond: transactions / inSeconds },
    follow: {
      startupSeconds,
      seconds: followSeconds,
      transactionsPerSecond: transactions / followSeconds,
      blocksPerSecond: head / followSeconds,
      requests: status.requests,
      requestsPerBlock: status.requests / head,
      retries: status.retries,
      rssMiB: kib('VmRSS') / 1024,
      peakRssMiB: kib('VmHWM') / 1024,
    },
    ratio: inSeconds / followSeconds,
  }
  console.log(
    `in process: ${report.inProcess.transactionsPerSecond.toFixed(0)} tx/s; follow: ${report.follow.transactionsPerSecond.toFixed(0)} tx/s (${report.follow.blocksPerSecond.toFixed(1)} blocks/s, ${report.follow.requestsPerBlock.toFixed(2)} requests a block); ratio ${report.ratio.toFixed(3)}×; follower RSS ${report.follow.rssMiB.toFixed(0)} MiB (peak ${report.follow.peakRssMiB.toFixed(0)} MiB)`,
  )
  console.log(`wrote ${writeResult('follow.json', report)}`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
