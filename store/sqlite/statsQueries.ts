import type Database from 'better-sqlite3'
import type { OperationFilter, OperationRow } from '../rows/historyRows.js'
import type { StakeRow } from '../rows/walletRows.js'
import { decodeOperation } from './historyCodecs.js'
import { selectOperations } from './selectOperations.js'
import { decodeStake } from './walletCodecs.js'

type DbRecord = Record<string, unknown>

/**
 * The reads behind the statistics, export and action-tree endpoints: every operation of a
 * window (no row limit: aggregates must see all of them), operations by pool transaction hash,
 * and every stored staking position.
 *
 * @example
 * ```ts
 * const stats = createStatsQueries(db)
 * stats.scanOperations({ since: '2023-11-14T00:00:00', until: '2023-11-15T00:00:00' }).length // 3012
 * stats.listOperationsByPoolTx(['ab12…']) // [op]
 * ```
 */
export function createStatsQueries(db: Database.Database) {
  const stakes = db.prepare('SELECT * FROM stakes ORDER BY wallet_address')
  return {
    scanOperations(filter: Omit<OperationFilter, 'limit'>): OperationRow[] {
      const { sql, params } = selectOperations(filter)
      return (db.prepare(sql).all(...params) as DbRecord[]).map(decodeOperation)
    },
    listOperationsByPoolTx(hashes: readonly string[]): OperationRow[] {
      if (hashes.length === 0) return []
      const out: OperationRow[] = []
      // SQLite binds at most 32766 parameters per statement: read in chunks.
      for (let i = 0; i < hashes.length; i += 500) {
        const chunk = hashes.slice(i, i + 500)
        const sql = `SELECT * FROM operations WHERE pool_tx_hash IN (${chunk.map(() => '?').join(', ')})
          ORDER BY length(pool_tx_lt), pool_tx_lt`
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
