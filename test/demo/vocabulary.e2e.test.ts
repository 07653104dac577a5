import type { Transaction } from '@ton/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { runScenario } from '../../demo/runScenario.js'
import { createLocalDex } from '../../emulator/createLocalDex.js'
import { createIndexer } from '../../indexer/ingest/createIndexer.js'
import { RESULT_CODES } from '../../protocol/resultCodes.js'
import { isTransactionKind } from '../../protocol/transactionKinds.js'
import type { OperationRow } from '../../store/rows/historyRows.js'
import type { IndexedTransactionRow } from '../../store/rows/indexerRows.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'

/**
 * What the indexer stores speaks the protocol's vocabularies: over a real emulator scenario
 * (DEX v1 and every DEX v2 kind, provisions, swaps, refunds), every transaction's kind is a
 * `TransactionKind` and every result code a named `ResultCode`.
 */
describe('indexed kinds and result codes are the protocol’s vocabularies', () => {
  let txs: readonly IndexedTransactionRow[]
  let ops: readonly OperationRow[]

  beforeAll(async () => {
    const dex = await createLocalDex({ seed: 'vocabulary', fastCells: true })
    const recorded: Transaction[] = []
    dex.onTransactions((t) => recorded.push(...t))
    const scenario = await runScenario(dex, { swaps: 12, seed: 4 })
    const store = createSqliteStore({ path: ':memory:' })
    await createIndexer({ store, source: recorded, assetOf: scenario.assetOf }).run()
    txs = await store.listIndexedTransactions({ limit: 100_000 })
    ops = await store.listOperations({})
    await store.close()
  }, 120_000)

  it('every kind is a TransactionKind, and the scenario has pool, wallet and external kinds', () => {
    expect(txs.length).toBeGreaterThan(100)
    for (const t of txs) expect(isTransactionKind(t.kind), t.kind).toBe(true)
    const kinds = new Set(txs.map((t) => t.kind))
    for (const kind of ['external', 'v2.swap', 'v2.pay_to', 'jetton.transfer']) {
      expect(kinds).toContain(kind)
    }
  })

  it('every result code is a named one (no unnamed exit code in this scenario)', () => {
    const named: readonly string[] = RESULT_CODES
    const codes = [
      ...txs.flatMap((t) => (t.resultCode === null ? [] : [t.resultCode])),
      ...txs.flatMap((t) => (t.action?.exitCode ? [t.action.exitCode] : [])),
      ...ops.map((o) => o.exitCode),
    ]
    expect(codes).toContain('swap_ok')
    for (const code of codes) expect(named, code).toContain(code)
  })
})
