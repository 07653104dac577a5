import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Address } from '@ton/core'
import Database from 'better-sqlite3'
import { afterAll, expect, test } from 'vitest'
import { testWallets } from '../../chain/wallets/testWallets.js'
import { startLocalExchange } from '../../local/startLocalExchange.js'
import { INDEX_CURSOR, parseCursor } from '../../store/indexCursor.js'
import { dapp } from './_support/dapp.js'
import { spawnServe } from './_support/spawnServe.js'

const dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-term-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const dbPath = join(dir, 'dex.sqlite')
/** Where every transfer goes: an address with no contract, credited once per transfer. */
const SINK = Address.parse(`0:${'5f'.repeat(32)}`)

/** How one request ended. */
type Outcome =
  | { kind: 'answer'; status: number }
  /** The connection failed before any byte of an answer (refused, or closed while idle). */
  | { kind: 'refused'; code: string }
  /** The answer began and was cut off, or its body is not whole. */
  | { kind: 'cut'; status: number; detail: string }

/** One GET over a kept-alive connection of `agent`, classified. */
function get(agent: Agent, url: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request(url, { agent }, (response) => {
      const status = response.statusCode ?? 0
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('aborted', () => resolve({ kind: 'cut', status, detail: 'aborted' }))
      response.on('error', (error) => resolve({ kind: 'cut', status, detail: error.message }))
      response.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8')
        const length = response.headers['content-length']
        if (length !== undefined && Number(length) !== Buffer.byteLength(body)) {
          resolve({ kind: 'cut', status, detail: `${body.length} of ${length} bytes` })
          return
        }
        try {
          JSON.parse(body)
          resolve({ kind: 'answer', status })
        } catch {
          resolve({ kind: 'cut', status, detail: `not JSON: ${body.slice(0, 80)}` })
        }
      })
    })
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ kind: 'refused', code: error.code ?? error.message }),
    )
    req.end()
  })
}

test('SIGTERM under load: in-flight answered whole, no 5xx, the index batch ends whole, nothing lost or doubled', async () => {
  const server = await spawnServe(
    ['serve', '--db', dbPath, '--port', '0', '--demo-swaps', '6'],
    'Database:',
  )
  const wallets = await testWallets()
  const app = dapp(server.url)
  const answered = new Map<string, number>()
  const failures: string[] = []
  let total = 0
  let stopping: Promise<number | null> | undefined
  // Five wallets send transfers (each waits for its previous one's answer) …
  const writers = wallets.map(async (wallet) => {
    for (let i = 0; i < 50; i++) {
      try {
        await app.send(wallet, { to: SINK, value: 1_000_000n })
      } catch (error) {
        const status = (error as { response?: { status?: number } }).response?.status
        if (status !== undefined) failures.push(`sendBoc answered ${status}`)
        if (stopping === undefined) failures.push(`sendBoc failed before SIGTERM: ${String(error)}`)
        return // the server stopped: not answered
      }
      answered.set(wallet.name, (answered.get(wallet.name) ?? 0) + 1)
      total += 1
      // SIGTERM while the other four have a transfer in flight.
      if (total === 12) stopping = server.stop('SIGTERM')
    }
  })
  // … while readers ask the REST API, the TON HTTP API and /local/status on kept-alive
  // connections until the server is gone.
  const outcomes: Outcome[] = []
  const paths = ['/v1/pools', '/api/v2/getMasterchainInfo', '/local/status', '/v1/assets']
  const readers = paths.map(async (path) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 2 })
    try {
      for (let i = 0; i < 5_000; i++) {
        const outcome = await get(agent, `${server.url}${path}`)
        outcomes.push(outcome)
        if (outcome.kind === 'refused' && stopping === undefined) {
          failures.push(`${path} refused before SIGTERM: ${outcome.code}`)
        }
        // Gone: refused twice in a row after the signal.
        if (outcome.kind === 'refused' && stopping !== undefined) {
          const again = await get(agent, `${server.url}${path}`)
          outcomes.push(again)
          if (again.kind === 'refused') return
        }
      }
    } finally {
      agent.destroy()
    }
  })
  await Promise.all(writers)
  await Promise.all(readers)
  const code = await stopping
  expect(failures).toEqual([])
  expect(total).toBeGreaterThanOrEqual(12)
  // The signal stopped it cleanly (exit 0).
  expect(code).toBe(0)
  expect(server.output().err).not.toMatch(/Stopping failed|quitting without/)
  // No 5xx, no answer cut off mid-way; some requests were answered after the signal.
  const answers = outcomes.filter((o) => o.kind === 'answer')
  expect(outcomes.filter((o) => o.kind === 'cut')).toEqual([])
  expect(answers.filter((o) => o.status >= 500)).toEqual([])
  expect(answers.length).toBeGreaterThan(20)

  // The stopped database: the index's cursor is the chain's last block, and it holds every
  // chain transaction once (the last batch was committed whole before the database closed).
  const db = new Database(dbPath, { readonly: true })
  try {
    const head = (
      db.prepare('SELECT MAX(seqno) AS seqno FROM chain_blocks').get() as {
        seqno: number
      }
    ).seqno
    const cursorText = (
      db.prepare('SELECT value FROM cursors WHERE name = ?').get(INDEX_CURSOR) as {
        value: string
      }
    ).value
    expect(parseCursor(cursorText)?.seqno).toBe(head)
    const chainTxs = db.prepare('SELECT COUNT(*) AS n FROM chain_transactions').get() as {
      n: number
    }
    const indexed = db
      .prepare(
        'SELECT COUNT(*) AS n, COUNT(DISTINCT hash) AS distinct_hashes FROM indexed_transactions',
      )
      .get() as { n: number; distinct_hashes: number }
    expect(indexed.n).toBe(chainTxs.n)
    expect(indexed.distinct_hashes).toBe(indexed.n)
  } finally {
    db.close()
  }

  // Restarted: every answered transfer is on the chain, and the index still equals the chain.
  const exchange = await startLocalExchange({ dbPath, host: '127.0.0.1', port: 0 })
  try {
    const chain = exchange.chain
    if (chain === undefined) throw new Error('no chain after the restart')
    for (const wallet of wallets) {
      const { stack } = await chain.runGetMethod(wallet.address, 'seqno')
      const seqno = stack[0]?.type === 'int' ? Number(stack[0].value) : -1
      expect(seqno).toBeGreaterThanOrEqual(answered.get(wallet.name) ?? 0)
    }
    await exchange.indexed(chain.head.seqno)
    const rows = await exchange.store.listIndexedTransactions({ limit: 1_000_000 })
    expect(new Set(rows.map((t) => t.hash)).size).toBe(rows.length)
    expect(rows).toHaveLength(chain.transactionCount)
  } finally {
    await exchange.close()
  }
})
