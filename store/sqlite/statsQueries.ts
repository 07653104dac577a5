import type Database from 'better-sqlite3'
import { decodeOperation } from '../codecs/historyCodecs.js'
import { decodeStake } from '../codecs/walletCodecs.js'
import type { OperationFilter, OperationRow } from '../rows/historyRows.js'
import type { StakeRow } from '../rows/walletRows.js'
import { type OperationKey, selectOperations } from './selectOperations.js'

type DbRecord = Record<string, unknown>

/** Rows per page of {@link createStatsQueries}' `operationPages`. */
const PAGE_ROWS = 200

/**
 * The row reads behind the statistics, export and action-tree endpoints: every operation of a
 * window, in pages read by keyset (each page costs its own rows) with a turn of the event loop
 * between pages, operations by pool transaction hash, and every stored staking position.
 *
 * @example
 * ```ts
 * const stats = createStatsQueries(db)
 * for await (const page of stats.operationPages({ since: '2023-11-14T00:00:00' })) page.length // ≤ 200
 * stats.listOperationsByPoolTx(['ab12…']) // [op]
 * ```
 */
export function createStatsQueries(db: Database.Database) {
  const stakes = db.prepare('SELECT * FROM stakes ORDER BY wallet_address')
  const prepared = new Map<string, Database.Statement>()
  const read = (sql: string, params: readonly (string | number)[]) => {
    let statement = prepared.get(sql)
    if (statement === undefined) {
      statement = db.prepare(sql)
      prepared.set(sql, statement)
    }
    return statement.all(...params) as DbRecord[]
  }
  return {
    scanOperations(filter: Omit<OperationFilter, 'limit'>): OperationRow[] {
      const { sql, params } = selectOperations(filter)
      return read(sql, params).map(decodeOperation)
    },
    async *operationPages(
      filter: Omit<OperationFilter, 'limit'>,
      pageRows = PAGE_ROWS,
    ): AsyncGenerator<readonly OperationRow[]> {
      let after: OperationKey | undefined
      for (;;) {
        const { sql, params } = selectOperations(filter, after)
        const records = read(`${sql} LIMIT ${Math.max(1, Math.trunc(pageRows))}`, params)
        const last = records.at(-1)
        if (last === undefined) return
        yield records.map(decodeOperation)
        if (records.length < pageRows) return
        after = {
          timestamp: last.pool_tx_timestamp as string,
          lt: last.pool_tx_lt as string,
          rowid: last._rowid as number,
        }
        // Let other requests run between pages.
        await new Promise((resolve) => setImmediate(resolve))
      }
    },
    listOperationsByPoolTx(hashes: readonly string[]): OperationRow[] {
      if (hashes.length === 0) return []
      const out: OperationRow[] = []
      // SQLite binds at most 32766 parameters per statement: read in chunks.
      for (let i = 0; i < hashes.length; i += 500) {
        const chunk = hashes.slice(i, i + 500)
        const sql = `SELECT * FROM operations WHERE pool_tx_hash IN (${chunk.map(() => '?').join(', ')})
          ORDER BY pool_tx_lt`
        out.push(...(db.prepare(sql).all(...chunk) as DbRecord[]).map(decodeOperation))
      }
      return out
    },
    listStakes(): StakeRow[] {
      // Totals only: the per-NFT rows are not needed by the statistics.
      return (stakes.all() as DbRecord[]).map((r) => decodeStake(r, []))
    },
  }
}
