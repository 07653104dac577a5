import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  type SyntheticHistory,
  writeSyntheticHistory,
} from '../../test/_support/syntheticHistory.js'
import { createSqliteStore } from './createSqliteStore.js'
import { createTurns } from './turns.js'

/** Holds the event loop for `ms`, as a synchronous SQLite query does. */
const hold = (ms: number) => {
  const end = Date.now() + ms
  while (Date.now() < end) {}
}
/** What `read()` gives one event-loop turn from now. */
const nextTurn = <T>(read: () => T) =>
  new Promise<T>((resolve) => setImmediate(() => resolve(read())))

describe('createTurns', () => {
  it('starts each piece of work from its own event-loop turn, other work read in between', async () => {
    const turns = createTurns()
    let done = 0
    const work = Array.from({ length: 10 }, () =>
      turns.take('heavy', () => {
        hold(5)
        return ++done
      }),
    )
    // Nothing runs in the caller's turn.
    expect(done).toBe(0)
    expect(turns.waiting()).toBe(10)
    await work[0]
    // Without turns the ten would have run back to back before this callback.
    expect(await nextTurn(() => done)).toBeLessThanOrEqual(3)
    expect(await Promise.all(work)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(turns.waiting()).toBe(0)
  })

  it('goes round the lanes, in arrival order within one', async () => {
    const turns = createTurns()
    const order: string[] = []
    const slow = Array.from({ length: 6 }, (_, n) =>
      turns.take('slow', () => order.push(`slow ${n + 1}`)),
    )
    const fast = turns.take('fast', () => order.push('fast'))
    await Promise.all([...slow, fast])
    // The first slow one took the turn; the fast one went before the five still waiting.
    expect(order).toEqual(['slow 1', 'fast', 'slow 2', 'slow 3', 'slow 4', 'slow 5', 'slow 6'])
  })

  it('rejects the call whose work threw, and the next one still runs', async () => {
    const turns = createTurns()
    const failed = turns.take('a', () => {
      throw new Error('no such table')
    })
    const next = turns.take('a', () => 7)
    await expect(failed).rejects.toThrow('no such table')
    expect(await next).toBe(7)
  })
})

describe('the SQLite store aggregates take turns', () => {
  it('answers the same, and lets the event loop run between two aggregate calls', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-turns-'))
    const store = createSqliteStore({ path: join(dir, 'history.sqlite') })
    try {
      const history: SyntheticHistory = await writeSyntheticHistory(store, {
        operations: 400,
        days: 3,
        seed: 3,
      })
      const window = { since: history.first, until: history.last }
      const expected = await store.poolSwapTotals(window)
      expect(expected.length).toBeGreaterThan(0)
      let done = 0
      const calls = Array.from({ length: 20 }, () =>
        store.poolSwapTotals(window).then((totals) => {
          done++
          return totals
        }),
      )
      expect(done).toBe(0)
      await calls[0]
      expect(await nextTurn(() => done)).toBeLessThan(20)
      for (const totals of await Promise.all(calls)) expect(totals).toEqual(expected)
      expect(await store.countWallets(window)).toBeGreaterThan(0)
    } finally {
      await store.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
