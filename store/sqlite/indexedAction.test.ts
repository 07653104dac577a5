import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { IndexedAction, IndexedTransactionRow } from '../rows/indexerRows.js'
import { createSqliteStore } from './createSqliteStore.js'
import { migrate } from './migrate.js'
import { MIGRATIONS } from './migrations.js'

const ACTION_MIGRATION = '2026_11_22_04_indexed_transaction_action'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-action-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const action: IndexedAction = {
  type: 'swap',
  version: 'v2',
  txPayload: {
    opcode: 0x6664de2a,
    query_id: '18446744073709551615',
    ask_jetton_wallet_address: 'EQCMJYNjDCSUfYIGpi8XXp4vB-MjSWyrAd0wOUmPwQBQUXFI',
    min_ask_amount: '700000000',
    referral_address: null,
    referral_val: 10,
  },
  exitCode: null,
  result: { fwd_gas: '0' },
}

const tx = (hash: string, a: IndexedAction | null): IndexedTransactionRow => ({
  hash,
  lt: 71_000_000n,
  timestamp: '2023-11-14T22:13:20',
  account: 'EQBpOJc7zFGG4xXSJTqM1Et6PzaaDB_jVULqDD8dEOYUG_Ow',
  originHash: 'c1'.repeat(32),
  parentHash: null,
  kind: 'v2.swap',
  queryId: 0n,
  sourceAddress: null,
  aborted: false,
  computeExitCode: 0,
  resultCode: 'swap_ok',
  action: a,
})

const batch = (transactions: IndexedTransactionRow[]) => ({
  transactions,
  operations: [],
  pools: [],
  feeWithdrawals: [],
  links: [],
  cursor: { name: 'indexer', value: '71000000:ab' },
})

describe('indexed_transactions.action', () => {
  test('default: an action round-trips exactly; other transactions keep null', async () => {
    const store = createSqliteStore({ path: ':memory:' })
    await store.applyIndexBatch(batch([tx('ab'.repeat(32), action), tx('cd'.repeat(32), null)]))
    const [withAction] = await store.listIndexedTransactions({ hash: 'ab'.repeat(32) })
    const [without] = await store.listIndexedTransactions({ hash: 'cd'.repeat(32) })
    expect(withAction?.action).toEqual(action)
    expect(without?.action).toBeNull()
    await store.close()
  })

  test('behavior: rows indexed before the migration read back with no action', async () => {
    const path = join(dir, 'db.sqlite')
    const db = new Database(path)
    migrate(
      db,
      MIGRATIONS.filter((m) => m.name < ACTION_MIGRATION),
    )
    db.prepare(
      `INSERT INTO indexed_transactions (hash, lt, timestamp, account, origin_hash, parent_hash,
        kind, query_id, source_address, aborted, compute_exit_code, result_code)
        VALUES (?, '71000000', '2023-11-14T22:13:20', 'EQ…pool', ?, NULL, 'v2.swap', '0', NULL,
        0, 0, 'swap_ok')`,
    ).run('ef'.repeat(32), 'ef'.repeat(32))
    db.close()
    const store = createSqliteStore({ path })
    const [row] = await store.listIndexedTransactions({ hash: 'ef'.repeat(32) })
    expect(row).toMatchObject({ kind: 'v2.swap', resultCode: 'swap_ok', action: null })
    await store.close()
  })

  test.each([
    ['not JSON', '{"type":'],
    ['a missing version', '{"type":"swap","tx_payload":{},"exit_code":null,"result":{}}'],
    [
      'a nested object field',
      '{"type":"swap","version":"v2","tx_payload":{"a":{}},"exit_code":null,"result":{}}',
    ],
  ])('error: an action holding %s is STORE_CORRUPT', async (_, text) => {
    const path = join(dir, 'db.sqlite')
    const store = createSqliteStore({ path })
    await store.applyIndexBatch(batch([tx('ab'.repeat(32), action)]))
    await store.close()
    const db = new Database(path)
    db.prepare('UPDATE indexed_transactions SET action = ?').run(text)
    db.close()
    const reopened = createSqliteStore({ path })
    await expect(reopened.listIndexedTransactions({ hash: 'ab'.repeat(32) })).rejects.toThrowError(
      expect.objectContaining({ code: 'STORE_CORRUPT' }),
    )
    await reopened.close()
  })
})
