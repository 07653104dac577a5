import type Database from 'better-sqlite3'
import { SWAP_SUMS } from '../codecs/swapTotals.js'
import { DAY_BUCKET_SQL, HOUR_BUCKET_SQL } from '../codecs/timeWindow.js'

/** Asset0 went into the pool (`asset0_delta > 0`): the swap offered asset0. */
const IN0 = "(substr(asset0_delta, 1, 1) <> '-' AND asset0_delta <> '0')"

/**
 * The columns of a swap aggregate over rows of `operations` (successful swaps), by offered
 * side; shared by the rollup writer and the raw edges of a window so that both count alike.
 * `lp_fee_in0` sums LP fees in asset1 (the ask asset of a swap that offered asset0) and
 * `lp_fee_in1` LP fees in asset0: `lp_fee_amount` is in the fee asset, the ask asset.
 */
export const SWAP_AGGREGATE_SQL = `
  SUM(${IN0}) AS swaps_in0,
  big_sum(CASE WHEN ${IN0} THEN asset0_amount END) AS amount0_in0,
  big_sum(CASE WHEN ${IN0} THEN asset1_amount END) AS amount1_in0,
  big_sum(CASE WHEN ${IN0} THEN lp_fee_amount END) AS lp_fee_in0,
  SUM(NOT ${IN0}) AS swaps_in1,
  big_sum(CASE WHEN NOT ${IN0} THEN asset0_amount END) AS amount0_in1,
  big_sum(CASE WHEN NOT ${IN0} THEN asset1_amount END) AS amount1_in1,
  big_sum(CASE WHEN NOT ${IN0} THEN lp_fee_amount END) AS lp_fee_in1`

/** Which operations count as swaps in the swap aggregates. */
export const SWAP_FILTER_SQL = "operation_type = 'Swap' AND success = 1"

/** Which operations accrue a referral fee (successful, to a referrer, a positive amount). */
export const ACCRUAL_FILTER_SQL = `success = 1 AND referral_address IS NOT NULL
  AND referral_fee_amount <> '0' AND substr(referral_fee_amount, 1, 1) <> '-'`

/** The columns of a referral aggregate over rows of `operations` (accruals). */
export const ACCRUAL_AGGREGATE_SQL = 'COUNT(*) AS accruals, big_sum(referral_fee_amount) AS accrued'

const swapRollup = (span: 'hour' | 'day', bucket: string) => `
  INSERT INTO swap_rollups (span, bucket, pool_address, asset0_address, asset1_address,
    swaps_in0, amount0_in0, amount1_in0, lp_fee_in0, swaps_in1, amount0_in1, amount1_in1, lp_fee_in1)
  SELECT '${span}', ${bucket}, pool_address, asset0_address, asset1_address, ${SWAP_AGGREGATE_SQL}
  FROM operations WHERE rowid > @from AND rowid <= @to AND ${SWAP_FILTER_SQL}
  GROUP BY 2, 3, 4, 5
  ON CONFLICT (span, bucket, pool_address, asset0_address, asset1_address) DO UPDATE SET
    swaps_in0 = swaps_in0 + excluded.swaps_in0,
    swaps_in1 = swaps_in1 + excluded.swaps_in1,
    ${SWAP_SUMS.map((c) => `${c} = big_add(${c}, excluded.${c})`).join(',\n    ')}`

const referralRollup = (span: 'hour' | 'day', bucket: string) => `
  INSERT INTO referral_rollups (referral_address, span, bucket, pool_address, fee_asset_address,
    accruals, accrued)
  SELECT referral_address, '${span}', ${bucket}, pool_address, COALESCE(fee_asset_address, ''),
    ${ACCRUAL_AGGREGATE_SQL}
  FROM operations WHERE rowid > @from AND rowid <= @to AND ${ACCRUAL_FILTER_SQL}
  GROUP BY 1, 3, 4, 5
  ON CONFLICT (referral_address, span, bucket, pool_address, fee_asset_address) DO UPDATE SET
    accruals = accruals + excluded.accruals,
    accrued = big_add(accrued, excluded.accrued)`

const FIRST_SEEN_SQL = `INSERT INTO wallet_first_seen (wallet_address, first_timestamp)
  SELECT wallet_address, MIN(pool_tx_timestamp) FROM operations
  WHERE rowid > @from AND rowid <= @to GROUP BY wallet_address
  ON CONFLICT (wallet_address) DO UPDATE
    SET first_timestamp = MIN(first_timestamp, excluded.first_timestamp)`

/** The rollup tables, all empty before a bulk roll-up ({@link rollUpInBulk}). */
const ROLLUP_TABLES = [
  'swap_rollups',
  'referral_rollups',
  'wallet_days',
  'wallet_day_gaps',
  'wallet_first_seen',
  'swap_pairs',
  'swap_running_totals',
] as const

/**
 * Folds every operation past the mark of `rollup_state` into the rollup tables at once, with
 * set statements over the whole table instead of {@link createRollups}' per-row wallet-day
 * and running-total updates (41 % of a bulk load's time at 300 k operations): the swap and
 * referral rollups and first-seen times by the same `GROUP BY` statements, the wallets'
 * active days by one `SELECT DISTINCT`, their gaps by `LAG(day)` over each wallet's days
 * (migration `2026_11_24_05_wallet_day_gaps`), the running totals by `big_sum(…) OVER` each
 * pair's hours (migration `2026_11_24_06_swap_running_totals`). One transaction. Only when
 * every rollup table is still empty (a new database loaded in bulk); otherwise it folds
 * incrementally, as `createRollups(db).rollUp()`. Returns how many operations it folded.
 *
 * @example
 * ```ts
 * // operations inserted without rollups (createSqliteStore({ path, bulkLoad: true }))
 * rollUpInBulk(db) // 10_000_000
 * ```
 */
export function rollUpInBulk(db: Database.Database): number {
  const untouched = ROLLUP_TABLES.every(
    (table) => db.prepare(`SELECT EXISTS (SELECT 1 FROM ${table})`).pluck().get() === 0,
  )
  const done = db.prepare('SELECT operations_rowid FROM rollup_state WHERE id = 1').pluck().get()
  if (!untouched || done !== 0) return createRollups(db).rollUp()
  return db.transaction(() => {
    const to = db.prepare('SELECT COALESCE(max(rowid), 0) FROM operations').pluck().get() as number
    if (to === 0) return 0
    for (const sql of [
      swapRollup('hour', HOUR_BUCKET_SQL),
      swapRollup('day', DAY_BUCKET_SQL),
      referralRollup('hour', HOUR_BUCKET_SQL),
      referralRollup('day', DAY_BUCKET_SQL),
      FIRST_SEEN_SQL,
    ]) {
      db.prepare(sql).run({ from: 0, to })
    }
    db.prepare(`INSERT INTO wallet_days (day, wallet_address)
      SELECT DISTINCT ${DAY_BUCKET_SQL}, wallet_address FROM operations WHERE rowid <= ?`).run(to)
    db.exec(`INSERT INTO wallet_day_gaps (day, previous_day, wallets)
      SELECT day, previous_day, COUNT(*) FROM (
        SELECT day, COALESCE(LAG(day) OVER (PARTITION BY wallet_address ORDER BY day), '')
          AS previous_day
        FROM wallet_days)
      GROUP BY day, previous_day`)
    db.exec(`INSERT INTO swap_pairs (pool_address, asset0_address, asset1_address)
      SELECT DISTINCT pool_address, asset0_address, asset1_address FROM swap_rollups
      WHERE span = 'hour' ORDER BY 1, 2, 3`)
    db.exec(`INSERT INTO swap_running_totals (pair_id, hour, swaps_in0, ${SWAP_SUMS.slice(0, 3).join(', ')},
        swaps_in1, ${SWAP_SUMS.slice(3).join(', ')})
      SELECT p.id, r.bucket,
        SUM(r.swaps_in0) OVER w, ${SWAP_SUMS.slice(0, 3)
          .map((c) => `big_sum(r.${c}) OVER w`)
          .join(', ')},
        SUM(r.swaps_in1) OVER w, ${SWAP_SUMS.slice(3)
          .map((c) => `big_sum(r.${c}) OVER w`)
          .join(', ')}
      FROM swap_rollups r JOIN swap_pairs p ON p.pool_address = r.pool_address
        AND p.asset0_address = r.asset0_address AND p.asset1_address = r.asset1_address
      WHERE r.span = 'hour'
      WINDOW w AS (PARTITION BY p.id ORDER BY r.bucket ROWS UNBOUNDED PRECEDING)`)
    db.prepare('UPDATE rollup_state SET operations_rowid = ? WHERE id = 1').run(to)
    return to
  })()
}

/**
 * Keeps the rollup tables (`swap_rollups`, `swap_running_totals`, `referral_rollups`,
 * `wallet_days`, `wallet_day_gaps`, `wallet_first_seen`; see the
 * `2026_11_24_02_history_rollups`, `…_03_wallet_first_seen`, `2026_11_24_05_wallet_day_gaps`
 * and `…_11_swap_running_totals` migrations) true: `rollUp()` folds every operation stored since
 * the last call (by rowid, recorded in `rollup_state`) into them. Every writer of operations
 * calls it inside the transaction that inserted them, so a rollup never disagrees with the
 * operations it summarises, whoever wrote them; the store also calls it when it opens, which
 * fills the rollups of a database migrated from a version without them. Operations are never
 * updated or deleted by the store; a writer that did so would have to subtract them first.
 *
 * @example
 * ```ts
 * const rollups = createRollups(db)
 * db.transaction(() => { insertOperations(rows); rollups.rollUp() })()
 * ```
 */
export function createRollups(db: Database.Database) {
  const statements = [
    swapRollup('hour', HOUR_BUCKET_SQL),
    swapRollup('day', DAY_BUCKET_SQL),
    referralRollup('hour', HOUR_BUCKET_SQL),
    referralRollup('day', DAY_BUCKET_SQL),
    FIRST_SEEN_SQL,
  ].map((sql) => db.prepare(sql))
  const walletDays = createWalletDays(db)
  const runningTotals = createRunningTotals(db)
  const mark = db.prepare('SELECT operations_rowid AS done FROM rollup_state WHERE id = 1')
  const last = db.prepare('SELECT COALESCE(max(rowid), 0) AS last FROM operations')
  const advance = db.prepare('UPDATE rollup_state SET operations_rowid = ? WHERE id = 1')
  const rollUp = db.transaction(() => {
    const { done } = mark.get() as { done: number }
    const { last: to } = last.get() as { last: number }
    if (to <= done) return 0
    for (const statement of statements) statement.run({ from: done, to })
    walletDays(done, to)
    runningTotals(done, to)
    advance.run(to)
    return to - done
  })
  return {
    /** Folds the operations stored since the last call into the rollups; returns how many. */
    rollUp(): number {
      return rollUp()
    },
  }
}

/** The rollup writer of a connection; see {@link createRollups}. */
export type Rollups = ReturnType<typeof createRollups>

/**
 * Records the active days of the wallets of operations `(from, to]` (by rowid) in `wallet_days`
 * and keeps `wallet_day_gaps` true: each active day of a wallet is counted under the wallet's
 * previous active day, so a day inserted between two others (history stored out of order)
 * also moves its successor from the old previous day to the new one.
 */
function createWalletDays(db: Database.Database): (from: number, to: number) => void {
  const days = db.prepare(`SELECT DISTINCT ${DAY_BUCKET_SQL} AS day, wallet_address AS wallet
    FROM operations WHERE rowid > ? AND rowid <= ?`)
  const insert = db.prepare('INSERT OR IGNORE INTO wallet_days (day, wallet_address) VALUES (?, ?)')
  const previous = db
    .prepare('SELECT MAX(day) FROM wallet_days WHERE wallet_address = ? AND day < ?')
    .pluck()
  const next = db
    .prepare('SELECT MIN(day) FROM wallet_days WHERE wallet_address = ? AND day > ?')
    .pluck()
  const count = db.prepare(`INSERT INTO wallet_day_gaps (day, previous_day, wallets)
    VALUES (?, ?, ?) ON CONFLICT (day, previous_day) DO UPDATE SET wallets = wallets + excluded.wallets`)
  return (from, to) => {
    // Read whole first: the connection cannot write while a statement iterates.
    for (const { day, wallet } of days.all(from, to) as { day: string; wallet: string }[]) {
      if (insert.run(day, wallet).changes === 0) continue
      const before = (previous.get(wallet, day) as string | null) ?? ''
      const after = next.get(wallet, day) as string | null
      count.run(day, before, 1)
      if (after !== null) {
        count.run(after, before, -1)
        count.run(after, day, 1)
      }
    }
  }
}

/**
 * Adds the successful swaps of operations `(from, to]` (by rowid) to `swap_running_totals`:
 * per pool and hour, a row is created from the pool's newest earlier row (or zeros) if the hour
 * had none, and the hour's swaps are added to it and to every later row of the pool (none when
 * history arrives in order; all of them for an operation stored late).
 */
function createRunningTotals(db: Database.Database): (from: number, to: number) => void {
  const deltas = db.prepare(`SELECT pool_address, asset0_address, asset1_address,
      ${HOUR_BUCKET_SQL} AS hour, ${SWAP_AGGREGATE_SQL}
    FROM operations WHERE rowid > ? AND rowid <= ? AND ${SWAP_FILTER_SQL}
    GROUP BY 1, 2, 3, 4`)
  const addPair = db.prepare(`INSERT OR IGNORE INTO swap_pairs
    (pool_address, asset0_address, asset1_address) VALUES (?, ?, ?)`)
  const pairId = db
    .prepare(
      'SELECT id FROM swap_pairs WHERE pool_address = ? AND asset0_address = ? AND asset1_address = ?',
    )
    .pluck()
  const columns = `swaps_in0, ${SWAP_SUMS.slice(0, 3).join(', ')}, swaps_in1, ${SWAP_SUMS.slice(3).join(', ')}`
  const carry = db.prepare(`INSERT OR IGNORE INTO swap_running_totals (pair_id, hour, ${columns})
    SELECT pair_id, ?, ${columns} FROM swap_running_totals
    WHERE pair_id = ? AND hour < ? ORDER BY hour DESC LIMIT 1`)
  const zero = db.prepare(`INSERT OR IGNORE INTO swap_running_totals (pair_id, hour, ${columns})
    VALUES (?, ?, 0, '0', '0', '0', 0, '0', '0', '0')`)
  const add = db.prepare(`UPDATE swap_running_totals SET
      swaps_in0 = swaps_in0 + @swaps_in0, swaps_in1 = swaps_in1 + @swaps_in1,
      ${SWAP_SUMS.map((c) => `${c} = big_add(${c}, @${c})`).join(', ')}
    WHERE pair_id = @pair AND hour >= @hour`)
  type Delta = {
    pool_address: string
    asset0_address: string
    asset1_address: string
    hour: string
    swaps_in0: number
    swaps_in1: number
  } & Record<(typeof SWAP_SUMS)[number], string>
  return (from, to) => {
    // Per call: a rolled-back transaction must not leave ids of pairs it did not keep.
    const ids = new Map<string, number>()
    for (const d of deltas.all(from, to) as Delta[]) {
      const key = `${d.pool_address} ${d.asset0_address} ${d.asset1_address}`
      let pair = ids.get(key)
      if (pair === undefined) {
        addPair.run(d.pool_address, d.asset0_address, d.asset1_address)
        pair = pairId.get(d.pool_address, d.asset0_address, d.asset1_address) as number
        ids.set(key, pair)
      }
      if (carry.run(d.hour, pair, d.hour).changes === 0) zero.run(pair, d.hour)
      const { pool_address: _p, asset0_address: _a0, asset1_address: _a1, ...sums } = d
      add.run({ ...sums, pair })
    }
  }
}
