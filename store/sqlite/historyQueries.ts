import type Database from 'better-sqlite3'
import { decodeOperation, encodeOperation } from '../codecs/historyCodecs.js'
import type { OperationFilter, OperationRow } from '../rows/historyRows.js'
import type { Rollups } from './rollups.js'
import { selectOperations } from './selectOperations.js'

/** Default and largest number of operations one read returns. */
const DEFAULT_OPERATION_LIMIT = 1000
const MAX_OPERATION_LIMIT = 10_000

/**
 * The history half of the SQLite store: operations written by the indexer and named cursors.
 * Inserting operations also rolls them up, in the same transaction.
 *
 * @example
 * ```ts
 * const history = createHistoryQueries(db, createRollups(db))
 * history.insertOperations([op]) // 1
 * history.listOperations({ walletAddress: op.walletAddress }) // [op]
 * ```
 */
export function createHistoryQueries(db: Database.Database, rollups: Rollups) {
  let insertStatement: Database.Statement | undefined
  const getCursor = db.prepare('SELECT value FROM cursors WHERE name = ?')
  const setCursor = db.prepare(
    'INSERT INTO cursors (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
  )
  const insertAll = db.transaction((rows: readonly OperationRow[]) => {
    let inserted = 0
    for (const row of rows) {
      const params = encodeOperation(row)
      if (insertStatement === undefined) {
        const columns = Object.keys(params)
        insertStatement = db.prepare(
          `INSERT OR IGNORE INTO operations (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
        )
      }
      inserted += insertStatement.run(params).changes
    }
    rollups.rollUp()
    return inserted
  })

  return {
    insertOperations(rows: readonly OperationRow[]): number {
      return insertAll(rows)
    },

    listOperations(filter: OperationFilter): OperationRow[] {
      const { sql, params } = selectOperations(filter)
      const limit = Math.min(
        Math.max(1, Math.trunc(filter.limit ?? DEFAULT_OPERATION_LIMIT)),
        MAX_OPERATION_LIMIT,
      )
      return (db.prepare(`${sql} LIMIT ${limit}`).all(...params) as Record<string, unknown>[]).map(
        decodeOperation,
      )
    },

    getCursor(name: string): string | undefined {
      const row = getCursor.get(name) as { value: string } | undefined
      return row?.value
    },

    setCursor(name: string, value: string): void {
      setCursor.run(name, value)
    },
  }
}
