import type { OperationFilter } from '../rows/historyRows.js'
import { ACCRUAL_FILTER_SQL } from './sql.js'

/** Where an ordered read of operations resumes: the last row read, by its ordering key. */
export type OperationKey = {
  readonly timestamp: string
  readonly lt: string
  readonly id: number
}

/**
 * The `SELECT` of every operation matching `filter` (all fields but `limit`), oldest first
 * (timestamp, fixed-width logical time, then `id`, the insertion order), with its parameters
 * (`$1…`); `after` resumes behind a row already read (a keyset page: a row-value comparison
 * on the `(…, pool_tx_timestamp, pool_tx_lt)` indexes). The PostgreSQL form of
 * `store/sqlite/selectOperations.ts`: both filter and order alike.
 *
 * @example
 * ```ts
 * selectPgOperations({ walletAddress: 'EQA…', since: '2023-11-14T00:00:00' })
 * // { sql: 'SELECT * FROM operations WHERE wallet_address = $1 AND …', params: ['EQA…', '2023-…'] }
 * ```
 */
export function selectPgOperations(
  filter: Omit<OperationFilter, 'limit'>,
  after?: OperationKey,
): { sql: string; params: (string | number | boolean)[] } {
  const where: string[] = []
  const params: (string | number | boolean)[] = []
  const p = (value: string | number | boolean) => {
    params.push(value)
    return `$${params.length}`
  }
  const list = (values: readonly string[]) => values.map(p).join(', ') || 'NULL'
  if (filter.walletAddress !== undefined) where.push(`wallet_address = ${p(filter.walletAddress)}`)
  if (filter.referralAddress !== undefined) {
    where.push(`referral_address = ${p(filter.referralAddress)}`)
  }
  if (filter.poolAddresses !== undefined) {
    where.push(`pool_address IN (${list(filter.poolAddresses)})`)
  }
  if (filter.operationTypes !== undefined) {
    where.push(`operation_type IN (${list(filter.operationTypes)})`)
  }
  if (filter.success !== undefined) where.push(`success = ${p(filter.success)}`)
  if (filter.accrualsOnly === true) where.push(`(${ACCRUAL_FILTER_SQL})`)
  if (filter.since !== undefined) where.push(`pool_tx_timestamp >= ${p(filter.since)}`)
  if (filter.until !== undefined) where.push(`pool_tx_timestamp <= ${p(filter.until)}`)
  // A block range also bounds the time (a chain's block times never decrease), so the time
  // index serves the ordered read; the block terms then narrow the boundary seconds.
  if (filter.fromBlock !== undefined) {
    const from = p(filter.fromBlock)
    where.push(`pool_tx_timestamp >= (SELECT block_timestamp FROM operations
      WHERE block_seqno >= ${from} ORDER BY block_seqno LIMIT 1)`)
    where.push(`block_seqno >= ${from}`)
  }
  if (filter.toBlock !== undefined) {
    const to = p(filter.toBlock)
    where.push(`pool_tx_timestamp <= (SELECT block_timestamp FROM operations
      WHERE block_seqno <= ${to} AND block_seqno IS NOT NULL ORDER BY block_seqno DESC LIMIT 1)`)
    where.push(`block_seqno <= ${to}`)
  }
  if (after !== undefined) {
    where.push(
      `(pool_tx_timestamp, pool_tx_lt, id) > (${p(after.timestamp)}, ${p(after.lt)}, ${p(after.id)})`,
    )
  }
  const sql = `SELECT * FROM operations ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY pool_tx_timestamp, pool_tx_lt, id`
  return { sql, params }
}
