/**
 * `npm run bench:boc`: `writeBoc` (emulator/bocWriter.ts) against `@ton/core`'s `toBoc` on the
 * same cells in the same run — the recorded mainnet transactions of `test/indexer/_data/mainnet`
 * and their message bodies, as the TON HTTP API renders them — after a warm-up. Writes
 * `bench/results/boc-writer.json`.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Cell, loadTransaction } from '@ton/core'
import { writeBoc } from '../emulator/bocWriter.js'
import { writeResult } from './_support/measure.js'

const DATA = join(import.meta.dirname, '..', 'test', 'indexer', '_data', 'mainnet')
const cells: Cell[] = []
for (const file of readdirSync(DATA).filter((f) => f.endsWith('.json'))) {
  const text = readFileSync(join(DATA, file), 'utf8')
  for (const match of text.matchAll(/"(te6[A-Za-z0-9+/=]+)"/g)) {
    const root = Cell.fromBase64(match[1] as string)
    cells.push(root)
    // Transactions also give their messages' bodies; other bags (account states) stand alone.
    let tx: ReturnType<typeof loadTransaction> | undefined
    try {
      tx = loadTransaction(root.beginParse())
    } catch {
      tx = undefined
    }
    for (const message of tx === undefined ? [] : [tx.inMessage, ...tx.outMessages.values()]) {
      if (message) cells.push(message.body)
    }
  }
}
const ROUNDS = 7
const time = (write: (cell: Cell) => unknown) => {
  const start = performance.now()
  for (let i = 0; i < 50; i++) for (const cell of cells) write(cell)
  return performance.now() - start
}
const ratios: number[] = []
for (let round = 0; round < ROUNDS; round++) {
  const core = time((c) => c.toBoc({ idx: false }))
  const ours = time((c) => writeBoc(c, { idx: false }))
  // The first round warms both up.
  if (round > 0) ratios.push(core / ours)
}
ratios.sort((a, b) => a - b)
const median = ratios[Math.floor(ratios.length / 2)] as number
console.log(
  `${cells.length} cells × 50: writeBoc is ${median.toFixed(2)}× as fast as toBoc (median of ${ratios.length} rounds; ${ratios.map((r) => r.toFixed(2)).join(', ')})`,
)
console.log(`wrote ${writeResult('boc-writer.json', { cells: cells.length, ratios, median })}`)
