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
import { ACCRUAL_FILTER_SQL, SWAP_AGGREGATE_SQL, SWAP_FILTER_SQL } from './sql.js'

type DbRecord = Record<string, unknown>
type Param = string | number | boolean
/** Runs one statement in the caller's (read-only, repeatable-read) transaction. */
export type Query = (sql: string, params?: readonly Param[]) => Promise<DbRecord[]>

const OPEN_SINCE = '0001-01-01T00:00:00'
const OPEN_UNTIL = '9999-12-31T23:59:59'

/** `$n` placeholders appended to `params`. */
function binder(params: Param[]) {
  return (value: Param) => {
    params.push(value)
    return `$${params.length}`
  }
}

/**
 * The aggregates behind the statistics and export endpoints on PostgreSQL, the same reads as
 * the SQLite store's (`store/sqlite/aggregateQueries.ts`): whole hours and days from the running
 * totals and rollups, ragged edges from the operations. Each call takes the query function of
 * one transaction, so its several statements read one snapshot.
 *
 * @example
 * ```ts
 * await pgPoolSwapTotals(query, { since: '2026-11-01T00:00:00', until: '2026-11-30T23:59:59' })
 * // [{ poolAddress: 'EQ…', offer0: { swaps: 1204, amount0: 9_300_000_000_000n, … }, … }]
 * ```
 */
export async function pgPoolSwapTotals(
  query: Query,
  window: StatsWindow,
): Promise<PoolSwapTotals[]> {
  const parts = partsOf(window)
  const sums = swapTotalsFold()
  const whole = wholeHours(parts)
  if (whole !== undefined) {
    // The newest running-total row of each pair before an hour: one index probe per pair.
    const before = async (hour: string) => {
      const params: Param[] = []
      const p = binder(params)
      const sql = `SELECT s.pool_address, s.asset0_address, s.asset1_address, t.*
        FROM swap_pairs s CROSS JOIN LATERAL (SELECT * FROM swap_running_totals u
          WHERE u.pair_id = s.id AND u.hour < ${p(hour)} ORDER BY u.hour DESC LIMIT 1) t
        ${window.poolAddresses === undefined ? '' : `WHERE s.pool_address IN (${window.poolAddresses.map(p).join(', ') || 'NULL'})`}`
      return query(sql, params)
    }
    sums.fold(await before(whole.h1), 1n)
    sums.fold(await before(whole.h0), -1n)
  }
  for (const range of parts.raw) {
    const params: Param[] = []
    const p = binder(params)
    const sql = `SELECT pool_address, asset0_address, asset1_address, ${SWAP_AGGREGATE_SQL}
      FROM operations WHERE pool_tx_timestamp >= ${p(range.from)}
        AND pool_tx_timestamp <= ${p(range.to)} AND ${SWAP_FILTER_SQL}${poolClause(window, p)}
      GROUP BY pool_address, asset0_address, asset1_address`
    sums.fold(await query(sql, params), 1n)
  }
  return sums.totals()
}

/**
 * Distinct wallets of a window on PostgreSQL; see {@link pgPoolSwapTotals} and the SQLite
 * store's `countWallets`.
 *
 * @example
 * ```ts
 * await pgCountWallets(query, { since: '2026-11-01T00:00:00', until: '2026-11-30T23:59:59' }) // 812
 * ```
 */
export async function pgCountWallets(query: Query, window: StatsWindow): Promise<number> {
  const count = async (sql: string, params: Param[]) =>
    readInteger((await query(sql, params))[0]?.n, 'count')
  if (window.poolAddresses !== undefined) {
    const params: Param[] = []
    const p = binder(params)
    return count(
      `SELECT count(DISTINCT wallet_address) AS n FROM operations
        WHERE pool_tx_timestamp >= ${p(window.since ?? OPEN_SINCE)}
          AND pool_tx_timestamp <= ${p(window.until ?? OPEN_UNTIL)}${poolClause(window, p)}`,
      params,
    )
  }
  const since = window.since ?? OPEN_SINCE
  const earlier = await query('SELECT 1 FROM operations WHERE pool_tx_timestamp < $1 LIMIT 1', [
    since,
  ])
  if (earlier.length === 0) {
    return count('SELECT count(*) AS n FROM wallet_first_seen WHERE first_timestamp <= $1', [
      window.until ?? OPEN_UNTIL,
    ])
  }
  const parts = partsOf(window, false)
  let n = 0
  const days = parts.days[0]
  if (days !== undefined) {
    n += await count(
      `SELECT COALESCE(sum(wallets), 0)::bigint AS n FROM wallet_day_gaps
        WHERE day >= $1 AND day < $2 AND previous_day < $1`,
      [days.from, days.before],
    )
  }
  if (parts.raw.length === 0) return n
  const params: Param[] = []
  const p = binder(params)
  const selects = parts.raw.map(
    (range) => `SELECT DISTINCT wallet_address FROM operations
      WHERE pool_tx_timestamp >= ${p(range.from)} AND pool_tx_timestamp <= ${p(range.to)}`,
  )
  let sql = `SELECT count(*) AS n FROM (${selects.join('\nUNION ')}) e`
  if (days !== undefined) {
    sql += ` WHERE NOT EXISTS (SELECT 1 FROM wallet_days d
      WHERE d.wallet_address = e.wallet_address AND d.day >= ${p(days.from)} AND d.day < ${p(days.before)})`
  }
  return n + (await count(sql, params))
}

/**
 * The newest successful swap of every indexed pool that swapped in the window.
 *
 * @example
 * ```ts
 * await pgLastSwaps(query, { since: '2026-11-25T00:00:00' }) // [op, …] one per pool
 * ```
 */
export async function pgLastSwaps(query: Query, window: StatsWindow): Promise<OperationRow[]> {
  const params: Param[] = []
  const p = binder(params)
  const since = p(window.since ?? OPEN_SINCE)
  const until = p(window.until ?? OPEN_UNTIL)
  const sql = `SELECT o.* FROM indexed_pools ip CROSS JOIN LATERAL (
      SELECT * FROM operations WHERE pool_address = ip.address AND ${SWAP_FILTER_SQL}
        AND pool_tx_timestamp >= ${since} AND pool_tx_timestamp <= ${until}
      ORDER BY pool_tx_timestamp DESC, pool_tx_lt DESC LIMIT 1) o
    ${window.poolAddresses === undefined ? '' : `WHERE ip.address IN (${window.poolAddresses.map(p).join(', ') || 'NULL'})`}
    ORDER BY ip.address`
  return (await query(sql, params)).map(decodeOperation)
}

/**
 * Referral fees accrued and withdrawn per asset by `referrer` in the inclusive range.
 *
 * @example
 * ```ts
 * await pgReferralFeeTotals(query, 'EQ…', '2026-11-01T00:00:00', '2026-11-30T23:59:59')
 * // [{ assetAddress: 'EQ…', accrued: 1500n, withdrawn: 0n }]
 * ```
 */
export async function pgReferralFeeTotals(
  query: Query,
  referrer: string,
  since: string,
  until: string,
): Promise<ReferralFeeTotals[]> {
  const parts = partsOf({ since, until })
  const selects: string[] = []
  const params: Param[] = []
  const p = binder(params)
  for (const [span, ranges] of [
    ['day', parts.days],
    ['hour', parts.hours],
  ] as const) {
    for (const range of ranges) {
      selects.push(`SELECT pool_address, fee_asset_address, accrued FROM referral_rollups
        WHERE referral_address = ${p(referrer)} AND span = '${span}'
          AND bucket >= ${p(range.from)} AND bucket < ${p(range.before)}`)
    }
  }
  for (const range of parts.raw) {
    selects.push(`SELECT pool_address, COALESCE(fee_asset_address, '') AS fee_asset_address,
        sum(referral_fee_amount) AS accrued FROM operations
      WHERE referral_address = ${p(referrer)} AND pool_tx_timestamp >= ${p(range.from)}
        AND pool_tx_timestamp <= ${p(range.to)} AND ${ACCRUAL_FILTER_SQL}
      GROUP BY pool_address, fee_asset_address`)
  }
  if (selects.length === 0) return []
  // A DEX v1 referral fee is paid out in the same trace: accrued and withdrawn at once.
  const sql = `SELECT asset, COALESCE(sum(accrued), 0) AS accrued,
      COALESCE(sum(withdrawn), 0) AS withdrawn FROM (
      SELECT a.fee_asset_address AS asset, a.accrued AS accrued,
        CASE WHEN ip.dex = 'v1' THEN a.accrued END AS withdrawn
      FROM (${selects.join('\nUNION ALL ')}) a
      LEFT JOIN indexed_pools ip ON ip.address = a.pool_address
      UNION ALL
      SELECT asset_address, NULL, amount FROM fee_withdrawals
      WHERE owner_address = ${p(referrer)} AND vault_tx_timestamp >= ${p(since)}
        AND vault_tx_timestamp <= ${p(until)} AND success) x
    GROUP BY asset ORDER BY asset`
  return (await query(sql, params)).map((r) => ({
    assetAddress: readText(r.asset, 'referral totals asset'),
    accrued: readBigint(r.accrued, 'referral totals accrued'),
    withdrawn: readBigint(r.withdrawn, 'referral totals withdrawn'),
  }))
}

/**
 * Sums over every stored staking position.
 *
 * @example
 * ```ts
 * await pgStakeTotals(query) // { stonBalance: 0n, stakedSton: 0n, mintedGemston: 0n }
 * ```
 */
export async function pgStakeTotals(query: Query): Promise<StakeTotals> {
  const [r] = await query(`SELECT COALESCE(sum(ston_balance), 0) AS ston_balance,
    COALESCE(sum(staked_ston), 0) AS staked_ston,
    COALESCE(sum(minted_gemston), 0) AS minted_gemston FROM stakes`)
  return {
    stonBalance: readBigint(r?.ston_balance, 'stakes.ston_balance'),
    stakedSton: readBigint(r?.staked_ston, 'stakes.staked_ston'),
    mintedGemston: readBigint(r?.minted_gemston, 'stakes.minted_gemston'),
  }
}

function partsOf(window: StatsWindow, hours = true): WindowParts {
  return splitWindow(window.since ?? OPEN_SINCE, window.until ?? OPEN_UNTIL, hours)
}

function poolClause(window: StatsWindow, p: (value: Param) => string): string {
  const pools = window.poolAddresses
  if (pools === undefined) return ''
  return ` AND pool_address IN (${pools.map(p).join(', ') || 'NULL'})`
}
