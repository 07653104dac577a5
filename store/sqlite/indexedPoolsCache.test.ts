import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import type { IndexBatch, IndexedPoolRow } from '../rows/indexerRows.js'
import { createSqliteStore } from './createSqliteStore.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-pools-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const pool = (reserve0: bigint): IndexedPoolRow => ({
  address: 'EQpool',
  routerAddress: 'EQrouter',
  dex: 'v2',
  kind: 'constant_product',
  wallet0: 'EQw0',
  wallet1: 'EQw1',
  asset0Address: 'EQton',
  asset1Address: 'EQusdt',
  reserve0,
  reserve1: 10n ** 12n,
  totalSupply: 10n ** 12n,
  lpFee: 20n,
  protocolFee: 10n,
  refFee: 10n,
  collected0: 0n,
  collected1: 0n,
  amp: 0n,
  w0: 0n,
  rate: 0n,
  protocolFeeAddress: null,
})
const batch = (p: IndexedPoolRow): IndexBatch => ({
  transactions: [],
  operations: [],
  pools: [p],
  feeWithdrawals: [],
  links: [],
  cursor: { name: 'test', value: '1' },
})

test('behavior: the indexed pools are one copy until this or another connection writes', async () => {
  const path = join(dir, 'db.sqlite')
  const reader = createSqliteStore({ path })
  const writer = createSqliteStore({ path })
  const empty = await reader.listIndexedPools()
  expect(empty).toEqual([])
  expect(await reader.listIndexedPools()).toBe(empty)
  await writer.applyIndexBatch(batch(pool(5n)))
  expect((await reader.listIndexedPools()).map((p) => p.reserve0)).toEqual([5n])
  await reader.applyIndexBatch(batch(pool(7n)))
  const after = await reader.listIndexedPools()
  expect(after.map((p) => [p.reserve0, p.asset0Address])).toEqual([[7n, 'EQton']])
  expect(await reader.listIndexedPools()).toBe(after)
  await reader.close()
  await writer.close()
})
