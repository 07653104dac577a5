import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeSyntheticHistory } from '../../test/_support/syntheticHistory.js'
import type { OperationRow } from '../rows/historyRows.js'
import type { Store } from '../Store.js'
import { registerBigIntegerFunctions } from './bigIntegerSql.js'
import { createSqliteStore } from './createSqliteStore.js'

// Distinct wallets of a window come from `wallet_day_gaps` (each active day of a wallet under
// its previous active day), swap totals from `swap_running_totals` (per pool and hour, all
// swaps so far), each plus the window's ragged edges. History stored out of order must keep
// both true: a day inserted between two others moves its successor; a late swap is added to
// every later running total.
describe('rollups of history stored out of order', () => {
  let dir: string
  let path: string
  let store: Store
  /** The same history written in order (checked against the JavaScript reference elsewhere). */
  let source: Store
  let operations: OperationRow[]

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-wallet-days-'))
    source = createSqliteStore({ path: ':memory:' })
    await writeSyntheticHistory(source, { operations: 600, days: 12, seed: 31, wallets: 40 })
    operations = [...(await source.scanOperations({}))]
    // The same operations, stored in a shuffled order in batches of varying size.
    let seed = 7
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
      return seed / 2 ** 31
    }
    const shuffled = [...operations]
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[shuffled[i], shuffled[j]] = [shuffled[j] as OperationRow, shuffled[i] as OperationRow]
    }
    path = join(dir, 'shuffled.sqlite')
    store = createSqliteStore({ path })
    for (let i = 0; i < shuffled.length; ) {
      const size = 1 + Math.floor(random() * 60)
      await store.insertOperations(shuffled.slice(i, i + size))
      i += size
    }
  })
  afterAll(async () => {
    await source.close()
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const distinct = (since: string, until: string) =>
    new Set(
      operations
        .filter((o) => o.poolTxTimestamp >= since && o.poolTxTimestamp <= until)
        .map((o) => o.walletAddress),
    ).size

  const windows = () => {
    const times = operations.map((o) => o.poolTxTimestamp).sort()
    const first = times[0] as string
    const last = times.at(-1) as string
    const shift = (t: string, s: number) =>
      new Date(Date.parse(`${t}Z`) + s * 1000).toISOString().slice(0, 19)
    const windows: [string, string][] = [
      [shift(first, 86_400), last],
      [`${shift(first, 2 * 86_400).slice(0, 10)}T00:00:00`, `${last.slice(0, 10)}T00:00:00`],
      [shift(first, 3 * 86_400 + 777), shift(last, -2 * 86_400 - 5)],
      [shift(first, 5 * 86_400), shift(first, 6 * 86_400)],
      [shift(last, -3600), last],
    ]
    return windows
  }

  it('counts the distinct wallets of aligned and ragged windows exactly', async () => {
    for (const [since, until] of windows()) {
      expect(await store.countWallets({ since, until }), `${since} – ${until}`).toBe(
        distinct(since, until),
      )
    }
  })

  it('sums the swaps of every window as the history written in order does', async () => {
    for (const [since, until] of [...windows(), ['1970-01-01T00:00:00', '9999-12-31T23:59:59']]) {
      const window = { since: since as string, until: until as string }
      const totals = await store.poolSwapTotals(window)
      expect(totals.length, `${since} – ${until}`).toBeGreaterThan(0)
      expect(totals).toEqual(await source.poolSwapTotals(window))
    }
  })

  it('holds what the migrations compute from wallet_days and the hourly rollups', () => {
    const db = new Database(path, { readonly: true })
    registerBigIntegerFunctions(db)
    try {
      const kept = db
        .prepare(
          `SELECT day, previous_day, wallets FROM wallet_day_gaps WHERE wallets <> 0
            ORDER BY day, previous_day`,
        )
        .all()
      const rebuilt = db
        .prepare(
          `SELECT day, previous_day, COUNT(*) AS wallets FROM (
            SELECT day, COALESCE(LAG(day) OVER (PARTITION BY wallet_address ORDER BY day), '')
              AS previous_day FROM wallet_days)
          GROUP BY day, previous_day ORDER BY day, previous_day`,
        )
        .all()
      expect(kept.length).toBeGreaterThan(12)
      expect(kept).toEqual(rebuilt)
      const running = db.prepare('SELECT * FROM swap_running_totals ORDER BY pair_id, hour').all()
      const recomputed = db
        .prepare(
          `SELECT p.id AS pair_id, r.bucket AS hour,
            SUM(r.swaps_in0) OVER w AS swaps_in0, big_sum(r.amount0_in0) OVER w AS amount0_in0,
            big_sum(r.amount1_in0) OVER w AS amount1_in0, big_sum(r.lp_fee_in0) OVER w AS lp_fee_in0,
            SUM(r.swaps_in1) OVER w AS swaps_in1, big_sum(r.amount0_in1) OVER w AS amount0_in1,
            big_sum(r.amount1_in1) OVER w AS amount1_in1, big_sum(r.lp_fee_in1) OVER w AS lp_fee_in1
          FROM swap_rollups r JOIN swap_pairs p ON p.pool_address = r.pool_address
            AND p.asset0_address = r.asset0_address AND p.asset1_address = r.asset1_address
          WHERE r.span = 'hour'
          WINDOW w AS (PARTITION BY p.id ORDER BY r.bucket ROWS UNBOUNDED PRECEDING)
          ORDER BY pair_id, hour`,
        )
        .all()
      expect(running.length).toBeGreaterThan(50)
      expect(running).toEqual(recomputed)
    } finally {
      db.close()
    }
  })
})
