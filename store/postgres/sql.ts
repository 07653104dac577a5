/**
 * The SQL fragments the PostgreSQL store shares between its rollup writer and its reads, so
 * that the rollups and the raw edges of a window count alike (the same meanings as
 * `store/sqlite/rollups.ts`, in PostgreSQL: `NUMERIC` sums, `BOOLEAN` success, `FILTER`).
 * @module
 */

import { SWAP_SUMS } from '../codecs/swapTotals.js'

/** Asset0 went into the pool: the swap offered asset0. */
const IN0 = 'asset0_delta > 0'

/** Every column of a swap aggregate, in table order. */
export const SWAP_COLUMNS = [
  'swaps_in0',
  ...SWAP_SUMS.slice(0, 3),
  'swaps_in1',
  ...SWAP_SUMS.slice(3),
] as const

/**
 * The columns of a swap aggregate over rows of `operations` (successful swaps), by offered
 * side; `lp_fee_in0` sums LP fees in asset1 (the ask asset of a swap that offered asset0).
 */
export const SWAP_AGGREGATE_SQL = `
  count(*) FILTER (WHERE ${IN0}) AS swaps_in0,
  COALESCE(sum(asset0_amount) FILTER (WHERE ${IN0}), 0) AS amount0_in0,
  COALESCE(sum(asset1_amount) FILTER (WHERE ${IN0}), 0) AS amount1_in0,
  COALESCE(sum(lp_fee_amount) FILTER (WHERE ${IN0}), 0) AS lp_fee_in0,
  count(*) FILTER (WHERE NOT ${IN0}) AS swaps_in1,
  COALESCE(sum(asset0_amount) FILTER (WHERE NOT ${IN0}), 0) AS amount0_in1,
  COALESCE(sum(asset1_amount) FILTER (WHERE NOT ${IN0}), 0) AS amount1_in1,
  COALESCE(sum(lp_fee_amount) FILTER (WHERE NOT ${IN0}), 0) AS lp_fee_in1`

/** Which operations count as swaps in the swap aggregates. */
export const SWAP_FILTER_SQL = "operation_type = 'Swap' AND success"

/** Which operations accrue a referral fee (successful, to a referrer, a positive amount). */
export const ACCRUAL_FILTER_SQL =
  'success AND referral_address IS NOT NULL AND referral_fee_amount > 0'

/** The hourly bucket of a timestamp: its first 13 characters. */
export const HOUR_BUCKET_SQL = 'substr(pool_tx_timestamp, 1, 13)'
/** The daily bucket of a timestamp: its first 10 characters. */
export const DAY_BUCKET_SQL = 'substr(pool_tx_timestamp, 1, 10)'

/**
 * `sql` with its `?` placeholders numbered `$1, $2, …` from `first` (the statements hold no
 * `?` in a literal).
 *
 * @example
 * ```ts
 * numbered('a = ? AND b = ?') // 'a = $1 AND b = $2'
 * ```
 */
export function numbered(sql: string, first = 1): string {
  let n = first
  return sql.replace(/\?/g, () => `$${n++}`)
}
