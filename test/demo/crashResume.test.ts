import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'

const CHILD = join(import.meta.dirname, '_support', 'crashChild.ts')
const dir = mkdtempSync(join(tmpdir(), 'indexer-crash-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Runs the child; with `killAfter`, SIGKILLs it once that many batches were committed. */
function runChild(db: string, killAfter?: number): Promise<{ killed: boolean; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, db], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    let batches = 0
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      batches = out.split('batch').length - 1
      // Kill while the next batch is being built and written, not at a clean boundary.
      if (killAfter !== undefined && batches >= killAfter) child.kill('SIGKILL')
    })
    child.on('error', reject)
    child.on('exit', (_code, signal) => resolve({ killed: signal === 'SIGKILL', out }))
  })
}

describe('indexer crash safety', () => {
  it('loses and duplicates nothing when killed mid-ingest and resumed', async () => {
    const reference = join(dir, 'reference.sqlite')
    const crashed = join(dir, 'crashed.sqlite')
    const clean = await runChild(reference)
    expect(clean.out).toContain('done')
    const first = await runChild(crashed, 5)
    expect(first.killed).toBe(true)
    const resumed = await runChild(crashed)
    expect(resumed.out).toContain('done')

    const a = createSqliteStore({ path: reference })
    const b = createSqliteStore({ path: crashed })
    const opsA = await a.listOperations({ limit: 10_000 })
    expect(opsA.length).toBeGreaterThan(20)
    expect(await b.listOperations({ limit: 10_000 })).toEqual(opsA)
    expect(await b.listIndexedPools()).toEqual(await a.listIndexedPools())
    const walletsA = await a.listIndexedJettonWallets()
    expect(walletsA.length).toBeGreaterThan(10)
    expect(await b.listIndexedJettonWallets()).toEqual(walletsA)
    expect(await b.listIndexedLpAccounts()).toEqual(await a.listIndexedLpAccounts())
    expect(await b.listIndexedVaults()).toEqual(await a.listIndexedVaults())
    const txsA = await a.listIndexedTransactions({ limit: 10_000 })
    expect(await b.listIndexedTransactions({ limit: 10_000 })).toEqual(txsA)
    expect(await b.getCursor('indexer')).toBe(await a.getCursor('indexer'))
    await a.close()
    await b.close()
  })
})
