/**
 * Concurrent writers and readers on one database, on every `Store` implementation: two stores
 * (connections / pools) write interleaved batches while a third reads. Every batch is one
 * transaction, so a reader sees whole batches only — in the operations, the running swap
 * totals and the distinct wallets — and the rollups of the interleaved writes equal those of
 * the same operations written by one writer.
 */
import { afterAll, describe, expect, test } from 'vitest'
import type { OperationRow } from '../../store/rows/historyRows.js'
import type { Store } from '../../store/Store.js'
import { swapRow } from '../_support/swapRow.js'
import { storeKinds } from './_support/storeKinds.js'

const BATCH = 40
const BATCHES = 12
const OPEN = { since: '1970-01-01T00:00:00', until: '9999-12-31T23:59:59' }

/** Writer `w`'s batch `b`: swaps spread over hours and wallets, both writers' hours interleaved. */
function batchOf(w: number, b: number): OperationRow[] {
  return Array.from({ length: BATCH }, (_, i) => {
    const n = b * BATCH + i
    const hour = (n * 7 + w * 3) % 48
    const day = 1 + Math.floor(hour / 24)
    const timestamp = `2026-11-0${day}T${String(hour % 24).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}:00`
    const swap = swapRow(`w${w}b${b}i${i}`, 10_000n + BigInt(n) * 2n + BigInt(w), timestamp)
    // Half the swaps offer the other asset; wallets repeat across batches and writers.
    const wallet = `EQwallet${(n * 13 + w) % 97}`
    return {
      ...swap,
      walletAddress: wallet,
      destinationWalletAddress: wallet,
      ...(i % 2 === 0 ? {} : { asset0Delta: -swap.asset0Delta, asset1Delta: -swap.asset1Delta }),
    }
  })
}

const swapsOf = async (store: Store) =>
  (await store.poolSwapTotals(OPEN)).reduce((n, t) => n + t.offer0.swaps + t.offer1.swaps, 0)

describe.each(storeKinds('store concurrency'))('$name store', (kind) => {
  afterAll(() => kind.cleanup())

  test('behavior: readers see whole batches of concurrent writers; rollups as if written alone', async () => {
    const database = await kind.database()
    const writers = [await database.open(), await database.open()]
    const reader = await database.open()
    let writing = true
    const seen = { operations: new Set<number>(), swaps: new Set<number>() }
    const read = async () => {
      while (writing) {
        const operations = (await reader.scanOperations({})).length
        const swaps = await swapsOf(reader)
        expect(operations % BATCH, `operations ${operations}`).toBe(0)
        expect(swaps % BATCH, `swaps ${swaps}`).toBe(0)
        seen.operations.add(operations)
        seen.swaps.add(swaps)
        // Pages of a whole list are whole batches too when no write lands between them.
        await new Promise((resolve) => setImmediate(resolve))
      }
    }
    const write = async (w: number) => {
      const store = writers[w] as Store
      for (let b = 0; b < BATCHES; b++) {
        const operations = batchOf(w, b)
        if (b % 2 === 0) {
          await store.applyIndexBatch({
            transactions: [],
            operations,
            pools: [],
            feeWithdrawals: [],
            links: [],
            cursor: { name: `writer${w}`, value: String(b) },
          })
        } else {
          expect(await store.insertOperations(operations)).toBe(BATCH)
        }
        // A turn of the event loop between batches: an in-process store (SQLite writes
        // synchronously) lets the reader in too.
        await new Promise((resolve) => setImmediate(resolve))
      }
    }
    const reading = read()
    await Promise.all([write(0), write(1)])
    writing = false
    await reading
    const all = [0, 1].flatMap((w) => Array.from({ length: BATCHES }, (_, b) => batchOf(w, b)))
    expect((await reader.scanOperations({})).length).toBe(all.flat().length)
    expect(await swapsOf(reader)).toBe(all.flat().length)
    expect(await reader.getCursor('writer0')).toBe(String(BATCHES - 2))
    // The reader saw the history grow (more than the empty and the final state).
    expect(seen.operations.size).toBeGreaterThan(1)

    // The same operations written by one writer, in order: the same aggregates.
    const alone = await kind.open()
    await alone.insertOperations(all.flat())
    const windows = [
      OPEN,
      { since: '2026-11-01T05:30:00', until: '2026-11-02T17:45:10' },
      { since: '2026-11-02T00:00:00', until: '2026-11-02T23:59:59' },
    ]
    for (const window of windows) {
      expect(await reader.poolSwapTotals(window)).toEqual(await alone.poolSwapTotals(window))
      expect(await reader.countWallets(window)).toBe(await alone.countWallets(window))
    }
  })
})
