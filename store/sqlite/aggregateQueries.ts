import type Database from 'better-sqlite3'
import { readBigint, readInteger, readText } from '../codecs/columns.js'
import { decodeOperation } from '../codecs/historyCodecs.js'
import { swapTotalsFold, wholeHours } from '../codecs/swapTotals.js'
import { splitWindow, type WindowParts } from '../codecs/timeWindow.js'
import type { OperationRow } from '../rows/historyRows.js'
import type {
  PoolSwapTotals,
  ReferralFeeTotals,
  StakeTotals,
  StatsWindow,
} from '../rows/statsRows.js'
import { ACCRUAL_FILTER_SQL, SWAP_AGGREGATE_SQL, SWAP_FILTER_SQL } from './rollups.js'

type DbRecord = Record<string, unknown>
type Param = string | number

const OPEN_SINCE = '0001-01-01T00:00:00'
const OPEN_UNTIL = '9999-12-31T23:59:59'

/**
 * The aggregates behind the statistics and export endpoints, computed in SQL: whole days and
 * hours of a window come from the rollup tables (see `rollups.ts`), its ragged edges from the
 * operations, and `GROUP BY` sums both per pool, asset or referrer. The cost of an aggregate
 * therefore grows with the days and pools it covers, not with the operations inside them, and
 * operations outside the window are never read.
 *
 * @example
 * ```ts
 * const aggregates = createAggregateQueries(db)
 * aggregates.poolSwapTotals({ since: '2026-11-01T00:00:00', until: '2026-11-30T23:59:59' })
 * // [{ poolAddress: 'EQ…', offer0: { swaps: 1204, amount0: 9_300_000_000_000n, … }, … }]
 * ```
 */
export function createAggregateQueries(db: Database.Database) {
  const prepared = new Map<string, Database.Statement>()
  const all = (sql: string, params: readonly Param[]) => {
    let statement = prepared.get(sql)
    if (statement === undefined) {
      statement = db.prepare(sql)
      prepared.set(sql, statement)
    }
    return statement.all(...params) as DbRecord[]
  }
  const partsOf = (window: StatsWindow, hours = true): WindowParts =>
    splitWindow(window.since ?? OPEN_SINCE, window.until ?? OPEN_UNTIL, hours)
  /** `AND pool_address IN (…)` for a pool filter, with its parameters. */
  const poolClause = (window: StatsWindow, column = 'pool_address') => {
    const pools = window.poolAddresses
    if (pools === undefined) return { sql: '', params: [] as string[] }
    return {
      sql: ` AND ${column} IN (${pools.map(() => '?').join(', ') || 'NULL'})`,
      params: [...pools],
    }
  }
  const stakes = db.prepare(`SELECT big_sum(ston_balance) AS ston_balance,
    big_sum(staked_ston) AS staked_ston, big_sum(minted_gemston) AS minted_gemston FROM stakes`)
  const earlier = db.prepare('SELECT 1 FROM operations WHERE pool_tx_timestamp < ? LIMIT 1')
  const firstSeen = db.prepare(
    'SELECT COUNT(*) AS n FROM wallet_first_seen WHERE first_timestamp <= ?',
  )
  const daysWallets = db.prepare(`SELECT COALESCE(SUM(wallets), 0) AS n FROM wallet_day_gaps
    WHERE day >= ? AND day < ? AND previous_day < ?`)
  const withdrawals = `SELECT asset_address AS asset, NULL AS accrued, amount AS withdrawn
    FROM fee_withdrawals WHERE owner_address = ? AND vault_tx_timestamp >= ?
    AND vault_tx_timestamp <= ? AND success = 1`

  return {
    poolSwapTotals(window: StatsWindow): PoolSwapTotals[] {
      const parts = partsOf(window)
      const pools = poolClause(window, 'p.pool_address')
      const sums = swapTotalsFold()
      // Whole hours and days form one range [h0, h1): the running totals before h1 minus
      // those before h0, two rows per pool however long the range. CROSS JOIN keeps the
      // pairs outside: one primary-key probe per pair, never a scan of the running totals.
      const whole = wholeHours(parts)
      if (whole !== undefined) {
        const before = (hour: string) =>
          all(
            `SELECT p.pool_address, p.asset0_address, p.asset1_address, t.*
            FROM swap_pairs p CROSS JOIN swap_running_totals t ON t.pair_id = p.id
              AND t.hour = (SELECT MAX(hour) FROM swap_running_totals u
                WHERE u.pair_id = p.id AND u.hour < ?)
            WHERE 1${pools.sql}`,
            [hour, ...pools.params],
          )
        sums.fold(before(whole.h1), 1n)
        sums.fold(before(whole.h0), -1n)
      }
      const rawPools = poolClause(window)
      for (const range of parts.raw) {
        sums.fold(
          all(
            `SELECT pool_address, asset0_address, asset1_address, ${SWAP_AGGREGATE_SQL}
            FROM operations WHERE pool_tx_timestamp >= ? AND pool_tx_timestamp <= ?
            AND ${SWAP_FILTER_SQL}${rawPools.sql}
            GROUP BY pool_address, asset0_address, asset1_address`,
            [range.from, range.to, ...rawPools.params],
          ),
          1n,
        )
      }
      return sums.totals()
    },

    countWallets(window: StatsWindow): number {
      const pools = poolClause(window)
      if (window.poolAddresses !== undefined) {
        // Per-pool wallet sets are not rolled up: count from the pools' own index ranges.
        const { since = OPEN_SINCE, until = OPEN_UNTIL } = window
        const [row] = all(
          `SELECT COUNT(DISTINCT wallet_address) AS n FROM operations
            WHERE pool_tx_timestamp >= ? AND pool_tx_timestamp <= ?${pools.sql}`,
          [since, until, ...pools.params],
        )
        return readInteger(row?.n, 'count')
      }
      // No operation before the window: its wallets are those first seen by its end.
      const since = window.since ?? OPEN_SINCE
      if (earlier.get(since) === undefined) {
        return readInteger((firstSeen.get(window.until ?? OPEN_UNTIL) as DbRecord).n, 'count')
      }
      const parts = partsOf(window, false)
      // Whole days: the wallets whose previous active day is before the range (one row per
      // day and previous day, see `wallet_day_gaps`); at most one range of whole days.
      let n = 0
      const days = parts.days[0]
      if (days !== undefined) {
        n += readInteger(
          (daysWallets.get(days.from, days.before, days.from) as DbRecord).n,
          'count',
        )
      }
      if (parts.raw.length === 0) return n
      // Ragged edges: their distinct wallets not already active on those whole days.
      const selects = parts.raw.map(
        () => `SELECT DISTINCT wallet_address FROM operations
          WHERE pool_tx_timestamp >= ? AND pool_tx_timestamp <= ?`,
      )
      const params: Param[] = parts.raw.flatMap((range) => [range.from, range.to])
      let sql = `SELECT COUNT(*) AS n FROM (${selects.join('\nUNION ')}) e`
      if (days !== undefined) {
        sql += ` WHERE NOT EXISTS (SELECT 1 FROM wallet_days d
          WHERE d.wallet_address = e.wallet_address AND d.day >= ? AND d.day < ?)`
        params.push(days.from, days.before)
      }
      const [row] = all(sql, params)
      return n + readInteger(row?.n, 'count')
    },

    lastSwaps(window: StatsWindow): OperationRow[] {
      const pools = poolClause(window, 'p.address')
      const sql = `SELECT o.* FROM indexed_pools p JOIN operations o ON o.rowid = (
          SELECT rowid FROM operations WHERE pool_address = p.address AND ${SWAP_FILTER_SQL}
            AND pool_tx_timestamp >= ? AND pool_tx_timestamp <= ?
            ORDER BY pool_tx_timestamp DESC, pool_tx_lt DESC LIMIT 1)
        WHERE 1${pools.sql} ORDER BY p.address`
      const params = [window.since ?? OPEN_SINCE, window.until ?? OPEN_UNTIL, ...pools.params]
      return all(sql, params).map(decodeOperation)
    },

    referralFeeTotals(referrer: string, since: string, until: string): ReferralFeeTotals[] {
      const parts = partsOf({ since, until })
      const selects: string[] = []
      const params: Param[] = []
      for (const [span, ranges] of [
        ['day', parts.days],
        ['hour', parts.hours],
      ] as const) {
        for (const range of ranges) {
          selects.push(`SELECT pool_address, fee_asset_address, accrued FROM referral_rollups
            WHERE referral_address = ? AND span = '${span}' AND bucket >= ? AND bucket < ?`)
          params.push(referrer, range.from, range.before)
        }
      }
      for (const range of parts.raw) {
        selects.push(`SELECT pool_address, COALESCE(fee_asset_address, '') AS fee_asset_address,
            big_sum(referral_fee_amount) AS accrued FROM operations
          WHERE referral_address = ? AND pool_tx_timestamp >= ? AND pool_tx_timestamp <= ?
            AND ${ACCRUAL_FILTER_SQL}
          GROUP BY pool_address, fee_asset_address`)
        params.push(referrer, range.from, range.to)
      }
      if (selects.length === 0) return []
      // A DEX v1 referral fee is paid out in the same trace: accrued and withdrawn at once.
      const sql = `SELECT asset, big_sum(accrued) AS accrued, big_sum(withdrawn) AS withdrawn FROM (
          SELECT a.fee_asset_address AS asset, a.accrued AS accrued,
            CASE WHEN p.dex = 'v1' THEN a.accrued END AS withdrawn
          FROM (${selects.join('\nUNION ALL ')}) a
          LEFT JOIN indexed_pools p ON p.address = a.pool_address
          UNION ALL ${withdrawals})
        GROUP BY asset ORDER BY asset`
      params.push(referrer, since, until)
      return all(sql, params).map((r) => ({
        assetAddress: readText(r.asset, 'referral totals asset'),
        accrued: readBigint(r.accrued, 'referral totals accrued'),
        withdrawn: readBigint(r.withdrawn, 'referral totals withdrawn'),
      }))
    },

    stakeTotals(): StakeTotals {
      const r = stakes.get() as DbRecord
      return {
        stonBalance: readBigint(r.ston_balance, 'stakes.ston_balance'),
        stakedSton: readBigint(r.staked_ston, 'stakes.staked_ston'),
        mintedGemston: readBigint(r.minted_gemston, 'stakes.minted_gemston'),
      }
    },
  }
}
