import type { OperationFilter } from '../rows/historyRows.js'
import { ACCRUAL_FILTER_SQL } from './rollups.js'

/**
 * Where an ordered read of operations resumes: the last row read, by its ordering key (time,
 * fixed-width logical time, rowid as the tie-break).
 */
export type OperationKey = {
  readonly timestamp: string
  readonly lt: string
  readonly rowid: number
}

/**
 * The `SELECT` of every operation matching `filter` (all fields but `limit`), oldest first
 * (timestamp, logical time, then insertion order), with its bound parameters; rows carry their
 * `rowid` as `_rowid` for paging. `after` resumes behind a row already read, so a caller pages
 * by keyset (each page costs its own rows, not the rows before it) and appends its own `LIMIT`.
 * Shared by the limited history read, the unlimited scan and the paged lists so that all filter
 * and order alike.
 *
 * @example
 * ```ts
 * selectOperations({ walletAddress: 'EQA…', since: '2023-11-14T00:00:00' })
 * // { sql: 'SELECT rowid AS _rowid, * FROM operations WHERE wallet_address = ? AND …',
 * //   params: ['EQA…', '2023-11-14T00:00:00'] }
 * ```
 */
export function selectOperations(
  filter: Omit<OperationFilter, 'limit'>,
  after?: OperationKey,
): { sql: string; params: (string | number)[] } {
  const where: string[] = []
  const params: (string | number)[] = []
  const add = (clause: string, ...values: readonly (string | number)[]) => {
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
  if (filter.success !== undefined) add('success = ?', filter.success ? 1 : 0)
  if (filter.accrualsOnly === true) add(`(${ACCRUAL_FILTER_SQL})`)
  if (filter.since !== undefined) add('pool_tx_timestamp >= ?', filter.since)
  if (filter.until !== undefined) add('pool_tx_timestamp <= ?', filter.until)
  // A block range also bounds the time (a chain's block times never decrease), so the time
  // index serves the ordered read; the block terms (kept off the index by the unary +) then
  // narrow the boundary seconds.
  if (filter.fromBlock !== undefined) {
    add(
      `pool_tx_timestamp >= (SELECT block_timestamp FROM operations
        WHERE block_seqno >= ? ORDER BY block_seqno LIMIT 1)`,
      filter.fromBlock,
    )
    add('+block_seqno >= ?', filter.fromBlock)
  }
  if (filter.toBlock !== undefined) {
    add(
      `pool_tx_timestamp <= (SELECT block_timestamp FROM operations
        WHERE block_seqno <= ? AND block_seqno IS NOT NULL ORDER BY block_seqno DESC LIMIT 1)`,
      filter.toBlock,
    )
    add('+block_seqno <= ?', filter.toBlock)
  }
  if (after !== undefined) {
    add('pool_tx_timestamp >= ?', after.timestamp)
    add(
      '(pool_tx_timestamp > ? OR pool_tx_lt > ? OR (pool_tx_lt = ? AND rowid > ?))',
      after.timestamp,
      after.lt,
      after.lt,
      after.rowid,
    )
  }
  // Logical times are fixed-width TEXT: text order is numeric order.
  const sql = `SELECT rowid AS _rowid, * FROM operations ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY pool_tx_timestamp, pool_tx_lt, rowid`
  return { sql, params }
}
