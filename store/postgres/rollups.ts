import type { PoolClient } from 'pg'
import {
  ACCRUAL_FILTER_SQL,
  DAY_BUCKET_SQL,
  HOUR_BUCKET_SQL,
  SWAP_AGGREGATE_SQL,
  SWAP_COLUMNS,
  SWAP_FILTER_SQL,
} from './sql.js'

/**
 * The new successful swaps per pair and hour, computed once per rollup into a temporary table
 * (dropped at commit): the hourly and daily swap rollups and the running totals all read it
 * instead of the operations.
 */
const newSwaps = [
  'DROP TABLE IF EXISTS pg_temp.rollup_swaps',
  `CREATE TEMPORARY TABLE rollup_swaps ON COMMIT DROP AS
    SELECT p.id AS pair_id, p.pool_address, p.asset0_address, p.asset1_address,
      ${HOUR_BUCKET_SQL} AS hour, ${SWAP_AGGREGATE_SQL}
    FROM operations o JOIN swap_pairs p ON p.pool_address = o.pool_address
      AND p.asset0_address = o.asset0_address AND p.asset1_address = o.asset1_address
    WHERE o.id > $1 AND ${SWAP_FILTER_SQL}
    GROUP BY p.id, p.pool_address, p.asset0_address, p.asset1_address, 5`,
  'ANALYZE pg_temp.rollup_swaps',
]

const swapRollup = (span: 'hour' | 'day', bucket: string) => `
  INSERT INTO swap_rollups (span, bucket, pool_address, asset0_address, asset1_address,
    ${SWAP_COLUMNS.join(', ')})
  SELECT '${span}', ${bucket}, pool_address, asset0_address, asset1_address,
    ${SWAP_COLUMNS.map((c) => `sum(${c})`).join(', ')}
  FROM rollup_swaps
  GROUP BY 2, 3, 4, 5
  ON CONFLICT (span, bucket, pool_address, asset0_address, asset1_address) DO UPDATE SET
    ${SWAP_COLUMNS.map((c) => `${c} = swap_rollups.${c} + excluded.${c}`).join(',\n    ')}`

const referralRollup = (span: 'hour' | 'day', bucket: string) => `
  INSERT INTO referral_rollups (referral_address, span, bucket, pool_address, fee_asset_address,
    accruals, accrued)
  SELECT referral_address, '${span}', ${bucket}, pool_address, COALESCE(fee_asset_address, ''),
    count(*), sum(referral_fee_amount)
  FROM operations WHERE id > $1 AND ${ACCRUAL_FILTER_SQL}
  GROUP BY 1, 3, 4, 5
  ON CONFLICT (referral_address, span, bucket, pool_address, fee_asset_address) DO UPDATE SET
    accruals = referral_rollups.accruals + excluded.accruals,
    accrued = referral_rollups.accrued + excluded.accrued`

const firstSeen = `
  INSERT INTO wallet_first_seen (wallet_address, first_timestamp)
  SELECT wallet_address, min(pool_tx_timestamp) FROM operations WHERE id > $1
  GROUP BY wallet_address
  ON CONFLICT (wallet_address) DO UPDATE
    SET first_timestamp = LEAST(wallet_first_seen.first_timestamp, excluded.first_timestamp)`

/**
 * The active days of the new operations' wallets go into `wallet_days`, and `wallet_day_gaps`
 * moves by the difference between each touched wallet's day gaps after and before: the gaps
 * are `LAG(day)` over the wallet's days, read from the day before its first new day (a day
 * stored out of order moves its successor from the old previous day to the new one). One
 * statement: the CTEs read the days as they were before it.
 */
const walletDays = `
  WITH fresh AS (
    SELECT DISTINCT ${DAY_BUCKET_SQL} AS day, wallet_address FROM operations o
    WHERE id > $1 AND NOT EXISTS (SELECT 1 FROM wallet_days d
      WHERE d.day = ${DAY_BUCKET_SQL.replace('pool_tx_timestamp', 'o.pool_tx_timestamp')}
        AND d.wallet_address = o.wallet_address)
  ),
  stored AS (
    INSERT INTO wallet_days (day, wallet_address) SELECT day, wallet_address FROM fresh
  ),
  firsts AS (SELECT wallet_address, min(day) AS day FROM fresh GROUP BY wallet_address),
  touched AS (
    SELECT f.wallet_address, COALESCE((SELECT max(d.day) FROM wallet_days d
      WHERE d.wallet_address = f.wallet_address AND d.day < f.day), '') AS start
    FROM firsts f
  ),
  old AS (
    SELECT d.wallet_address, d.day FROM touched t
    JOIN wallet_days d ON d.wallet_address = t.wallet_address AND d.day >= t.start
  ),
  gaps AS (
    SELECT day, COALESCE(LAG(day) OVER w, '') AS previous_day, -1 AS n FROM old
      WINDOW w AS (PARTITION BY wallet_address ORDER BY day)
    UNION ALL
    SELECT day, COALESCE(LAG(day) OVER w, '') AS previous_day, 1 AS n FROM (
      SELECT wallet_address, day FROM old UNION ALL SELECT wallet_address, day FROM fresh) a
      WINDOW w AS (PARTITION BY wallet_address ORDER BY day)
  )
  INSERT INTO wallet_day_gaps (day, previous_day, wallets)
  SELECT day, previous_day, sum(n) FROM gaps GROUP BY day, previous_day HAVING sum(n) <> 0
  ON CONFLICT (day, previous_day) DO UPDATE SET wallets = wallet_day_gaps.wallets + excluded.wallets`

const newPairs = `
  INSERT INTO swap_pairs (pool_address, asset0_address, asset1_address)
  SELECT DISTINCT pool_address, asset0_address, asset1_address FROM operations
  WHERE id > $1 AND ${SWAP_FILTER_SQL} ORDER BY 1, 2, 3
  ON CONFLICT DO NOTHING`

/**
 * An hour with new swaps and no row yet starts from the pair's newest earlier row (or 0). The
 * `ORDER BY` (a sort of the unindexed temporary table) reads every earlier row before the first
 * insert: probed while the statement inserted, each backward index scan stepped over the rows
 * this statement had already inserted for the pair (invisible to it, but in the index) — 30 s of
 * a 150 000-operation bulk roll-up, quadratic in the new hours per pair.
 */
const carry = `
  WITH d AS (SELECT * FROM rollup_swaps)
  INSERT INTO swap_running_totals (pair_id, hour, ${SWAP_COLUMNS.join(', ')})
  SELECT d.pair_id, d.hour, ${SWAP_COLUMNS.map((c) => `COALESCE(t.${c}, 0)`).join(', ')}
  FROM d LEFT JOIN LATERAL (SELECT * FROM swap_running_totals u
    WHERE u.pair_id = d.pair_id AND u.hour < d.hour ORDER BY u.hour DESC LIMIT 1) t ON true
  ORDER BY d.pair_id, d.hour
  ON CONFLICT (pair_id, hour) DO NOTHING`

/**
 * Every row of a pair at or after an hour with new swaps gains those swaps: after `carry` every
 * such hour has a row, so a row's gain is the running sum of the new swaps over the pair's rows
 * in hour order (one pass, not a join of every row with every earlier delta).
 */
const add = `
  WITH d AS (SELECT * FROM rollup_swaps),
  f AS (SELECT pair_id, min(hour) AS hour FROM d GROUP BY pair_id),
  c AS (
    SELECT t.pair_id, t.hour,
      ${SWAP_COLUMNS.map((c) => `sum(COALESCE(d.${c}, 0)) OVER w AS ${c}`).join(',\n      ')}
    FROM f JOIN swap_running_totals t ON t.pair_id = f.pair_id AND t.hour >= f.hour
    LEFT JOIN d ON d.pair_id = t.pair_id AND d.hour = t.hour
    WINDOW w AS (PARTITION BY t.pair_id ORDER BY t.hour ROWS UNBOUNDED PRECEDING)
  )
  UPDATE swap_running_totals t SET
    ${SWAP_COLUMNS.map((c) => `${c} = t.${c} + c.${c}`).join(',\n    ')}
  FROM c WHERE t.pair_id = c.pair_id AND t.hour = c.hour`

/** The statements of a rollup, in order, and whether each takes the id mark `$1`. */
const STATEMENTS: readonly [sql: string, marked: boolean][] = [
  [newPairs, true],
  [newSwaps[0] as string, false],
  [newSwaps[1] as string, true],
  [newSwaps[2] as string, false],
  [swapRollup('hour', 'hour'), false],
  [swapRollup('day', 'substr(hour, 1, 10)'), false],
  [referralRollup('hour', HOUR_BUCKET_SQL), true],
  [referralRollup('day', DAY_BUCKET_SQL), true],
  [firstSeen, true],
  [walletDays, true],
  [carry, false],
  [add, false],
]

/**
 * Folds the operations with an `id` above `after` — those the calling transaction inserted —
 * into the rollup tables (`swap_rollups`, `referral_rollups`, `wallet_first_seen`,
 * `wallet_days`, `wallet_day_gaps`, `swap_pairs`, `swap_running_totals`), with the same meaning
 * as the SQLite store's rollups. Runs inside the writing transaction, under the store's writer
 * lock: no other transaction inserts operations meanwhile, so the ids above `after` are
 * exactly this transaction's rows, and the rollups commit with them or not at all.
 *
 * @example
 * ```ts
 * const { rows } = await client.query('SELECT COALESCE(max(id), 0) AS id FROM operations')
 * // … INSERT INTO operations …
 * await rollUp(client, rows[0].id)
 * ```
 */
export async function rollUp(client: PoolClient, after: number): Promise<void> {
  for (const [sql, marked] of STATEMENTS) await client.query(sql, marked ? [after] : [])
}
