import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Address } from '@ton/core'
import { afterAll, expect, test } from 'vitest'
import { FileJournal } from './_support/fileJournal.js'
import { testWallets, transferBoc } from './_support/testWallets.js'
import { LiveChain } from './LiveChain.js'

const CHILD = join(import.meta.dirname, '_support', 'killChild.ts')
const dir = mkdtempSync(join(tmpdir(), 'live-chain-kill-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const bob = Address.parse(`0:${'b0'.repeat(32)}`)

/** Runs the child and SIGKILLs it once `killAfter` transfers were answered. */
function runChild(killAfter: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const answered = out.split('answered').length - 1
      if (answered >= killAfter) child.kill('SIGKILL')
    })
    child.on('error', reject)
    child.on('exit', () => resolve([...out.matchAll(/answered (\d+)/g)].map((m) => Number(m[1]))))
  })
}

test('killed mid-flight, the chain loses no answered transfer and duplicates none', async () => {
  const answered = await runChild(23)
  expect(answered.length).toBeGreaterThanOrEqual(23)
  const journal = new FileJournal(dir)
  const chain = await LiveChain.open({ journal })
  const { v4 } = testWallets()
  const { stack } = await chain.runGetMethod(v4.contract.address, 'seqno')
  const seqno = stack[0]?.type === 'int' ? Number(stack[0].value) : -1
  // every answered transfer is on the chain
  expect(seqno).toBeGreaterThan(Math.max(...answered))
  // each seqno ran exactly once: one external transaction per seqno, one credit for bob each
  const history = chain.transactions(v4.contract.address, { limit: 10_000 })
  const externals = history.filter((t) => t.seqno > 3)
  expect(externals).toHaveLength(seqno)
  expect(new Set(externals.map((t) => t.lt)).size).toBe(seqno)
  expect(chain.transactions(bob, { limit: 10_000 })).toHaveLength(seqno)
  // and the chain goes on from there
  const block = await chain.sendExternal(transferBoc(v4, seqno, bob, 1n))
  expect(block.transactions).toHaveLength(2)
  await chain.close()
  journal.close()
})
