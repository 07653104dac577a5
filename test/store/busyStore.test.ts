/**
 * A store under many statistics computations at once still answers other reads without
 * waiting for all of them, on every `Store` implementation: SQLite's aggregates take turns round
 * the methods (`store/sqlite/turns.ts`); PostgreSQL's heavy aggregates hold at most all pooled
 * connections but two.
 */
import { afterAll, describe, expect, test } from 'vitest'
import { swapRow } from '../_support/swapRow.js'
import { storeKinds } from './_support/storeKinds.js'

const OPEN = { since: '1970-01-01T00:00:00', until: '9999-12-31T23:59:59' }
const HEAVY = 40

describe.each(storeKinds('busy store'))('$name store', (kind) => {
  afterAll(() => kind.cleanup())

  test('behavior: a read of another kind is answered before the queued aggregates', async () => {
    const store = await kind.open()
    const swaps = Array.from({ length: 60 }, (_, i) =>
      swapRow(
        `busy${i}`,
        10_000n + BigInt(i),
        `2026-11-01T${String(i % 24).padStart(2, '0')}:00:00`,
      ),
    )
    expect(await store.insertOperations(swaps)).toBe(60)
    let done = 0
    const heavy = Array.from({ length: HEAVY }, () =>
      store.poolSwapTotals(OPEN).then((totals) => {
        done++
        return totals
      }),
    )
    await store.stakeTotals()
    // Behind all of them (a FIFO queue for the pool's connections), it would see 31 or more.
    expect(done).toBeLessThan(HEAVY / 2)
    const answers = await Promise.all(heavy)
    expect(
      new Set(
        answers.map((a) => JSON.stringify(a, (_k, v) => (typeof v === 'bigint' ? String(v) : v))),
      ).size,
    ).toBe(1)
  })
})
