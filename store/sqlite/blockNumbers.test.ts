import { describe, expect, test } from 'vitest'
import { swapRow } from '../../test/_support/swapRow.js'
import type { OperationRow } from '../rows/historyRows.js'
import type { IndexedTransactionRow } from '../rows/indexerRows.js'
import { createSqliteStore } from './createSqliteStore.js'

const swap = swapRow

const transaction = (op: OperationRow): IndexedTransactionRow => ({
  hash: op.poolTxHash,
  lt: op.poolTxLt,
  timestamp: op.poolTxTimestamp,
  account: op.poolAddress,
  originHash: op.walletTxHash,
  parentHash: null,
  kind: 'v2.swap',
  queryId: 0n,
  sourceAddress: op.routerAddress,
  aborted: false,
  computeExitCode: 0,
  resultCode: 'swap_ok',
  action: null,
  ...(op.block === undefined ? {} : { block: op.block }),
})

describe('block numbers in the store', () => {
  test('behavior: operations and transactions keep their block; a block range selects by number', async () => {
    const store = createSqliteStore({ path: ':memory:' })
    // Snapshot history without blocks, then a chain's blocks (two seconds share block times).
    const ops = [
      swap('a0', 100n, '2026-11-25T09:00:00'),
      swap('b1', 200n, '2026-11-25T10:00:00', { seqno: 7, timestamp: '2026-11-25T10:00:00' }),
      swap('b2', 300n, '2026-11-25T10:00:00', { seqno: 8, timestamp: '2026-11-25T10:00:00' }),
      swap('b3', 400n, '2026-11-25T10:00:05', { seqno: 8, timestamp: '2026-11-25T10:00:05' }),
      swap('b4', 500n, '2026-11-25T10:00:09', { seqno: 11, timestamp: '2026-11-25T10:00:09' }),
    ]
    expect(await store.latestIndexedBlock()).toBeUndefined()
    await store.applyIndexBatch({
      transactions: ops.map(transaction),
      operations: ops,
      feeWithdrawals: [],
      links: [],
      pools: [],
      cursor: { name: 'indexer', value: '500:b4' },
    })
    expect(await store.latestIndexedBlock()).toEqual({
      seqno: 11,
      timestamp: '2026-11-25T10:00:09',
    })
    const all = await store.listOperations({})
    expect(all).toEqual(ops)
    expect(all[0]).not.toHaveProperty('block')
    const [tx] = await store.listIndexedTransactions({ hash: 'b2' })
    expect(tx?.block).toEqual({ seqno: 8, timestamp: '2026-11-25T10:00:00' })
    const hashes = async (fromBlock: number, toBlock: number) =>
      (await store.listOperations({ fromBlock, toBlock })).map((o) => o.poolTxHash)
    expect(await hashes(8, 8)).toEqual(['b2', 'b3'])
    expect(await hashes(0, 7)).toEqual(['b1'])
    expect(await hashes(9, 10)).toEqual([])
    expect(await hashes(8, 99)).toEqual(['b2', 'b3', 'b4'])
    expect(await hashes(12, 99)).toEqual([])
    const pages: string[] = []
    for await (const page of store.operationPages({ fromBlock: 7, toBlock: 11 })) {
      pages.push(...page.map((o) => o.poolTxHash))
    }
    expect(pages).toEqual(['b1', 'b2', 'b3', 'b4'])
    await store.close()
  })
})
