import type { OperationFilter } from '../rows/historyRows.js'

/**
 * The `SELECT` of every operation matching `filter` (all fields but `limit`), oldest first, with
 * its bound parameters; a caller that pages appends its own `LIMIT`. Shared by the limited
 * history read and the unlimited statistics scan so that both filter and order alike.
 *
 * @example
 * ```ts
 * selectOperations({ walletAddress: 'EQA…', since: '2023-11-14T00:00:00' })
 * // { sql: 'SELECT * FROM operations WHERE wallet_address = ? AND pool_tx_timestamp >= ? ORDER BY …',
 * //   params: ['EQA…', '2023-11-14T00:00:00'] }
 * ```
 */
export function selectOperations(filter: Omit<OperationFilter, 'limit'>): {
  sql: string
  params: string[]
} {
  const where: string[] = []
  const params: string[] = []
  const add = (clause: string, ...values: readonly string[]) => {
    where.push(clause)
    params.push(...values)
  }
  // An empty list matches nothing: `IN (NULL)` is never true.
  const marks = (values: readonly string[]) => values.map(() => '?').join(', ') || 'NULL'
  if (filter.walletAddress !== undefined) add('wallet_address = ?', filter.walletAddress)
  if (filter.referralAddress !== undefined) add('referral_address = ?', filter.referralAddress)
  if (filter.poolAddresses !== undefined) {
    add(`pool_address IN (${marks(filter.poolAddresses)})`, ...filter.poolAddresses)
  }
  if (filter.operationTypes !== undefined) {
    add(`operation_type IN (${marks(filter.operationTypes)})`, ...filter.operationTypes)
  }
  if (filter.since !== undefined) add('pool_tx_timestamp >= ?', filter.since)
  if (filter.until !== undefined) add('pool_tx_timestamp <= ?', filter.until)
  // Logical times are TEXT; order by length first so that '999' sorts before '1000'.
  const sql = `SELECT * FROM operations ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY pool_tx_timestamp, length(pool_tx_lt), pool_tx_lt`
  return { sql, params }
}
