import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { startLocalExchange } from '../../local/startLocalExchange.js'
import { type HistoryFacts, historyFacts } from './_support/historyFacts.js'

const ROOT = join(import.meta.dirname, '..', '..')
const dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-first-kill-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const SWAPS = 30

/**
 * `ton-dex-lab serve` on `dbPath`, SIGKILLed as soon as its stderr (the start-up log and the
 * progress bar, one line per tenth on a pipe) matches `at`.
 */
async function killAt(dbPath: string, at: RegExp): Promise<string> {
  const child = spawn(
    process.execPath,
    ['bin/ton-dex-lab.js', 'serve', '--db', dbPath, '--port', '0', '--demo-swaps', String(SWAPS)],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  let err = ''
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString()
      if (at.test(err)) {
        child.kill('SIGKILL')
        resolve()
      }
    })
    void exited.then(() => reject(new Error(`the server exited before ${at}: ${err}`)))
  })
  await exited
  return err
}

/** Starts the exchange on `dbPath` as `npm start` does, reads its history's facts, stops it. */
async function complete(dbPath: string): Promise<HistoryFacts> {
  const exchange = await startLocalExchange({
    ...{ dbPath, host: '127.0.0.1', port: 0 },
    ...{ demoSwaps: SWAPS, datedHistory: true },
  })
  try {
    const chain = exchange.chain
    if (chain === undefined) throw new Error('no chain')
    await exchange.indexed(chain.head.seqno)
    const status = (await (await fetch(`${exchange.url}/local/status`)).json()) as {
      state: string
    }
    expect(status.state).toBe('ready')
    // The index holds the chain, once.
    const transactions = await exchange.store.listIndexedTransactions({ limit: 1_000_000 })
    expect(transactions).toHaveLength(chain.transactionCount)
    return await historyFacts(exchange.store, chain.time)
  } finally {
    await exchange.close()
  }
}

test('a first start SIGKILLed at any point of its build ends, at the next start, with the whole history', async () => {
  const uninterrupted = await complete(join(dir, 'whole.sqlite'))
  expect(uninterrupted.userSwaps).toBe(SWAPS)
  expect(uninterrupted.tradedPools).toBe(9)
  expect(uninterrupted.activeDays).toBeGreaterThanOrEqual(7)
  expect(uninterrupted.lastDaySwaps).toBeGreaterThan(0)
  const points = [
    /Starting the local exchange/, // before the chain exists
    /demo: emulating swaps \[[#.]{20}\] \d+\//, // the set-up ran, the first swaps
    /demo: emulating swaps \[#{10}/, // half of the swaps
    /demo: indexing/, // every block executed, the index being written
  ]
  for (const [i, at] of points.entries()) {
    const dbPath = join(dir, `killed-${i}.sqlite`)
    await killAt(dbPath, at)
    const facts = await complete(dbPath)
    // The scenario's own facts are the uninterrupted start's; the dated ones follow the start's
    // time (the activity pattern is laid from it), so they are held to the same bar.
    expect({ point: String(at), ...facts }).toMatchObject({
      point: String(at),
      userSwaps: uninterrupted.userSwaps,
      pools: uninterrupted.pools,
      tradedPools: uninterrupted.tradedPools,
    })
    expect(facts.arbitrageSwaps).toBeGreaterThan(0)
    expect(facts.activeDays).toBeGreaterThanOrEqual(7)
    expect(Math.abs(facts.activeDays - uninterrupted.activeDays)).toBeLessThanOrEqual(1)
    expect(facts.lastDaySwaps).toBeGreaterThan(0)
    expect(facts.span).toBeGreaterThan(29 * 86_400)
  }
}, 900_000)
