import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { swapRow } from '../../test/_support/swapRow.js'
import { encodeOperation } from '../codecs/historyCodecs.js'
import type { OperationRow } from '../rows/historyRows.js'
import { createSqliteStore } from './createSqliteStore.js'
import { migrate } from './migrate.js'
import { MIGRATIONS } from './migrations.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-migrate-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const swap = (hash: string, lt: bigint): OperationRow => swapRow(hash, lt)

describe('migrations of a database written before the read model', () => {
  test('behavior: pads logical times, fills pool assets and the rollups on first open', async () => {
    const path = join(dir, 'old.sqlite')
    const old = new Database(path)
    migrate(
      old,
      MIGRATIONS.filter((m) => m.name < '2026_11_24_00'),
    )
    // Rows as the previous build wrote them: logical times as bare digits ('999' < '1000' fails).
    const insert = (row: OperationRow) => {
      const { block_seqno: _seqno, block_timestamp: _time, ...params } = encodeOperation(row)
      params.pool_tx_lt = row.poolTxLt.toString()
      params.wallet_tx_lt = row.walletTxLt.toString()
      const columns = Object.keys(params)
      old
        .prepare(
          `INSERT INTO operations (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`,
        )
        .run(params)
    }
    const later = swap('aa', 1000n)
    const earlier = swap('bb', 999n)
    insert(later)
    insert(earlier)
    old.exec(`INSERT INTO indexed_pools (address, router_address, dex, wallet0, wallet1, reserve0,
      reserve1, total_supply, lp_fee, protocol_fee, ref_fee, collected0, collected1) VALUES
      ('EQpool', 'EQrouter', 'v2', 'EQw0', 'EQw1', '1', '1', '1', '20', '10', '10', '0', '0'),
      ('EQidle', 'EQrouter', 'v2', 'EQw2', 'EQw3', '0', '0', '0', '20', '10', '10', '0', '0')`)
    old.exec(`INSERT INTO indexed_transactions (hash, lt, timestamp, account, origin_hash, kind,
      aborted, compute_exit_code) VALUES ('t1', '1000', '2026-11-01T10:00:00', 'EQpool', 't1',
      'other', 0, 0), ('t2', '999', '2026-11-01T10:00:00', 'EQpool', 't2', 'other', 0, 0)`)
    old.close()

    const store = createSqliteStore({ path })
    expect(await store.listOperations({})).toEqual([earlier, later])
    const [newest] = await store.listIndexedTransactions({ limit: 1 })
    expect(newest?.lt).toBe(1000n)
    const pools = await store.listIndexedPools()
    expect(pools.map((p) => [p.address, p.asset0Address, p.asset1Address])).toEqual([
      ['EQidle', 'EQw2', 'EQw3'],
      ['EQpool', 'EQton', 'EQusdt'],
    ])
    // Pools indexed before the kinds were read were all constant product.
    expect(pools.map((p) => [p.kind, p.amp, p.w0, p.rate])).toEqual([
      ['constant_product', 0n, 0n, 0n],
      ['constant_product', 0n, 0n, 0n],
    ])
    const [totals] = await store.poolSwapTotals({})
    expect(totals?.offer0).toEqual({
      swaps: 2,
      amount0: 2_000_000_000n,
      amount1: 3_984_031_936n,
      lpFee: 4_000_000n,
    })
    expect(await store.countWallets({ since: '2026-11-01T00:00:00' })).toBe(1)
    await store.close()
  })
})
