/**
 * `npm run bench:follow`: how fast `serve --follow` indexes a chain through its TON HTTP API,
 * against the in-process indexer on the same history in the same run.
 *
 * U, the local exchange, builds a demo history of `BENCH_SWAPS` swaps (default 1 500) into a
 * file database. Baseline: the in-process indexer as the local exchange runs it — U's stored
 * transaction BoCs parsed (with a cold cell cache, as the follower parses them) and indexed by
 * `createIndexer` into a fresh SQLite file (no network) —
 * and, apart, the indexer alone on transactions parsed beforehand. Measured, in both modes
 * (`blocks`, `accounts`): `ton-dex-lab serve --follow <U> --rps unlimited` in a child process
 * from an empty database,
 * timed from the moment it listens (its start-up — loading the code, reading the upstream's
 * routers, assets and router wallets — is reported apart) until `/local/status` reports U's head
 * indexed; its resident memory at
 * the end (VmRSS) and at its peak (VmHWM) are read from `/proc`. Reports transactions/s of both,
 * their ratio, and the follower's requests per block; and, since the machine's other load moves
 * wall-clock figures, the CPU time each side used (the in-process indexer's; the follower's and
 * the upstream's during the catch-up) and the ratios of transactions per CPU-second (the
 * in-process indexer's CPU time over the follower's, and over the upstream's serving it). Writes
 * `bench/results/follow.json`.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Cell, loadTransaction } from '@ton/core'
import type { LoggedTransaction } from '../chain/TransactionLog.js'
import { clearCellCache } from '../emulator/cellCache.js'
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
  const logged: LoggedTransaction[] = []
  for (let seqno = 1; seqno <= head; seqno++) logged.push(...chain.blockTransactions(seqno))
  const transactions = logged.length
  console.log(
    `U: ${SWAPS} demo swaps, ${head} blocks, ${transactions} transactions, built in ${((performance.now() - buildStart) / 1000).toFixed(0)} s`,
  )

  // Baseline: the indexer in process as the local exchange runs it, from the chain's stored
  // transaction BoCs (parsed, then indexed) into a fresh SQLite file; and the indexer alone on
  // transactions parsed beforehand.
  const inProcess = async (parsedBefore: boolean) => {
    // Cold, as the follower parses them: U built these very cells in this process, and the
    // parsed-cell cache would hand them back without parsing or hashing.
    clearCellCache()
    const store = createSqliteStore({ path: join(dir, `baseline-${parsedBefore}.sqlite`) })
    const parse = () => {
      const blocks = new Map<number, { seqno: number; now: number }>()
      return logged.map((t): BlockTransaction => {
        const cell = Cell.fromBoc(Buffer.from(t.boc))[0] as Cell
        let block = blocks.get(t.seqno)
        if (block === undefined) {
          block = { seqno: t.seqno, now: t.now }
          blocks.set(t.seqno, block)
        }
        return { transaction: loadTransaction(cell.beginParse()), block }
      })
    }
    const ready = parsedBefore ? parse() : undefined
    const start = performance.now()
    const cpuStart = process.cpuUsage()
    await createIndexer({ store, source: ready ?? parse() }).run()
    const seconds = (performance.now() - start) / 1000
    const cpuSeconds = cpuOf(process.cpuUsage(cpuStart))
    await store.close()
    return {
      seconds,
      transactionsPerSecond: transactions / seconds,
      cpuSeconds,
      transactionsPerCpuSecond: transactions / cpuSeconds,
    }
  }
  const journal = await inProcess(false)
  const indexerOnly = await inProcess(true)

  // The follower in a child process, through U's TON HTTP API over loopback.
  const follow = async (mode: 'blocks' | 'accounts') => {
    const followStart = performance.now()
    const child = spawn(
      process.execPath,
      [
        ...['bin/ton-dex-lab.js', 'serve', '--follow', `${upstream.url}/api/v2/jsonRPC`],
        ...['--follow-mode', mode, '--rps', 'unlimited'],
        ...['--db', join(dir, `r-${mode}.sqlite`), '--port', '0'],
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
    const followerCpuStart = processCpuSeconds(child.pid as number)
    const upstreamCpuStart = process.cpuUsage()
    let status: { index: { seqno: number }; requests: number; retries: number }
    for (;;) {
      status = (await (await fetch(`${url}/local/status`)).json()) as typeof status
      if (status.index.seqno >= head) break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const seconds = (performance.now() - catchUpStart) / 1000
    const followerCpuSeconds = processCpuSeconds(child.pid as number) - followerCpuStart
    const upstreamCpuSeconds = cpuOf(process.cpuUsage(upstreamCpuStart))
    const proc = readFileSync(`/proc/${child.pid}/status`, 'utf8')
    const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(proc)?.[1] ?? 0)
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
    return {
      startupSeconds,
      seconds,
      transactionsPerSecond: transactions / seconds,
      followerCpuSeconds,
      upstreamCpuSeconds,
      transactionsPerFollowerCpuSecond: transactions / followerCpuSeconds,
      blocksPerSecond: head / seconds,
      requests: status.requests,
      requestsPerBlock: status.requests / head,
      retries: status.retries,
      rssMiB: kib('VmRSS') / 1024,
      peakRssMiB: kib('VmHWM') / 1024,
    }
  }
  const blocks = await follow('blocks')
  const accounts = await follow('accounts')
  await upstream.close()

  const report = {
    swaps: SWAPS,
    blocks: head,
    transactions,
    inProcess: journal,
    indexerOnly,
    follow: blocks,
    followAccounts: accounts,
    ratio: journal.seconds / blocks.seconds,
    ratioToIndexerOnly: indexerOnly.seconds / blocks.seconds,
    accountsRatio: journal.seconds / accounts.seconds,
    cpuRatio: journal.cpuSeconds / blocks.followerCpuSeconds,
    accountsCpuRatio: journal.cpuSeconds / accounts.followerCpuSeconds,
    upstreamCpuRatio: journal.cpuSeconds / blocks.upstreamCpuSeconds,
    accountsUpstreamCpuRatio: journal.cpuSeconds / accounts.upstreamCpuSeconds,
  }
  const line = (name: string, f: typeof blocks) =>
    `${name}: ${f.transactionsPerSecond.toFixed(0)} tx/s (${f.blocksPerSecond.toFixed(1)} blocks/s, ${f.requestsPerBlock.toFixed(2)} requests a block), RSS ${f.rssMiB.toFixed(0)} MiB (peak ${f.peakRssMiB.toFixed(0)} MiB); CPU: follower ${f.followerCpuSeconds.toFixed(1)} s (${f.transactionsPerFollowerCpuSecond.toFixed(0)} tx per CPU-second), upstream ${f.upstreamCpuSeconds.toFixed(1)} s`
  console.log(
    `in process (from the journal's BoCs): ${journal.transactionsPerSecond.toFixed(0)} tx/s, ${journal.transactionsPerCpuSecond.toFixed(0)} tx per CPU-second; indexer alone: ${indexerOnly.transactionsPerSecond.toFixed(0)} tx/s`,
  )
  console.log(
    `${line('follow, blocks mode', blocks)}; ratio ${report.ratio.toFixed(3)}× (${report.ratioToIndexerOnly.toFixed(3)}× of the indexer alone), by CPU time ${report.cpuRatio.toFixed(3)}× (by the upstream's ${report.upstreamCpuRatio.toFixed(3)}×)`,
  )
  console.log(
    `${line('follow, accounts mode', accounts)}; ratio ${report.accountsRatio.toFixed(3)}×, by CPU time ${report.accountsCpuRatio.toFixed(3)}× (by the upstream's ${report.accountsUpstreamCpuRatio.toFixed(3)}×)`,
  )
  console.log(`wrote ${writeResult('follow.json', report)}`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}

/** User + system seconds of a `process.cpuUsage()` reading. */
function cpuOf(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1e6
}

/** User + system seconds a child process has used so far (`/proc/<pid>/stat`, clock ticks). */
function processCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) / 100
}
