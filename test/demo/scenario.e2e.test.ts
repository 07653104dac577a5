import { beginCell, type Transaction } from '@ton/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { runScenario, type ScenarioResult } from '../../demo/runScenario.js'
import { createLocalDex } from '../../emulator/createLocalDex.js'
import { createIndexer } from '../../indexer/ingest/createIndexer.js'
import type { OperationRow } from '../../store/rows/historyRows.js'
import type { Store } from '../../store/Store.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'

describe('scenario → emulator → indexer → store', () => {
  let recorded: Transaction[]
  let scenario: ScenarioResult
  let store: Store
  let ops: readonly OperationRow[]
  let finalStates: Map<string, { reserve0: bigint; reserve1: bigint; totalSupply: bigint }>

  beforeAll(async () => {
    const dex = await createLocalDex({ seed: 'indexer-e2e' })
    recorded = []
    const stop = dex.onTransactions((txs) => recorded.push(...txs))
    scenario = await runScenario(dex, { swaps: 60, seed: 7 })
    stop()
    finalStates = new Map()
    for (const p of scenario.pools) finalStates.set(p.address.toString(), await dex.poolState(p))
    store = createSqliteStore({ path: ':memory:' })
    await createIndexer({ store, source: recorded, assetOf: scenario.assetOf, batchSize: 97 }).run()
    ops = await store.listOperations({ limit: 10_000 })
  })

  it('records one Swap per scenario swap with the emulator amounts, in order', () => {
    const swaps = ops.filter((o) => o.operationType === 'Swap')
    expect(swaps).toHaveLength(scenario.swaps.length)
    swaps.forEach((op, i) => {
      const s = scenario.swaps[i]
      if (s === undefined) throw new Error('missing swap')
      expect(op.poolAddress).toBe(s.pool)
      expect(op.walletAddress).toBe(s.wallet)
      expect(op.success).toBe(s.ok)
      expect(op.referralAddress).toBe(s.referral)
      expect(op.asset0Amount + op.asset1Amount).toBe(s.amountIn + s.amountOut)
      expect(op.referralFeeAmount).toBe(s.referralOut)
      // DEX v1 refunds a missed minimum with `swap_refund_no_liq` (docs/contracts.md §1.2).
      if (!s.ok)
        expect(op.exitCode).toBe(s.dex === 'v1' ? 'swap_refund_no_liq' : 'swap_refund_slippage')
    })
    expect(scenario.swaps.some((s) => !s.ok)).toBe(true)
    expect(scenario.swaps.some((s) => s.referral !== null && s.dex === 'v1' && s.ok)).toBe(true)
  })

  it('follows every pool to the exact on-chain reserves and LP supply', async () => {
    const pools = await store.listIndexedPools()
    expect(pools).toHaveLength(scenario.pools.length)
    for (const p of pools) {
      const onChain = finalStates.get(p.address)
      expect({ reserve0: p.reserve0, reserve1: p.reserve1, totalSupply: p.totalSupply }).toEqual({
        reserve0: onChain?.reserve0,
        reserve1: onChain?.reserve1,
        totalSupply: onChain?.totalSupply,
      })
      const last = ops.filter((o) => o.poolAddress === p.address && o.success).at(-1)
      expect(last?.asset0Reserve).toBe(p.reserve0)
    }
  })

  it('records provisions, mints, burns and the LP-account refund', () => {
    const count = (t: string, success = true) =>
      ops.filter((o) => o.operationType === t && o.success === success).length
    // Two pool creations per pool (each side is one provide_lp) + the one-sided provision.
    expect(count('SendLiquidity')).toBe(scenario.provisions + 1)
    expect(count('AddLiquidity')).toBe(scenario.pools.length * 2)
    expect(count('AddLiquidity', false)).toBe(1)
    expect(count('WithdrawLiquidity')).toBe(scenario.burns)
    expect(count('RefundLiquidity')).toBe(scenario.refunds)
  })

  it('records DEX v2 vault withdrawals equal to the accrued referral fees', async () => {
    const [owner] = scenario.referrers
    if (owner === undefined) throw new Error('no referrer')
    const withdrawn = await store.listFeeWithdrawals(
      owner,
      '2000-01-01T00:00:00',
      '2100-01-01T00:00:00',
    )
    expect(withdrawn.map((w) => [w.assetAddress, w.amount])).toEqual(
      scenario.withdrawals.map((w) => [w.asset, w.amount]),
    )
    for (const w of scenario.withdrawals) {
      const accrued = ops
        .filter((o) => o.referralAddress === owner && o.feeAssetAddress === w.asset && o.success)
        .filter((o) =>
          scenario.routers.some((r) => r.dex === 'v2' && r.address.toString() === o.routerAddress),
        )
        .reduce((sum, o) => sum + o.referralFeeAmount, 0n)
      expect(accrued).toBe(w.amount)
    }
  })

  it('is idempotent: a second run over the same transactions adds nothing', async () => {
    const again = await createIndexer({ store, source: recorded, assetOf: scenario.assetOf }).run()
    expect(again).toEqual({ transactions: 0, operations: 0, other: 0, withdrawals: 0 })
    expect(await store.listOperations({ limit: 10_000 })).toEqual(ops)
  })

  it('records a malformed pool transaction as other and keeps going', async () => {
    const swapTx = recorded.find(
      (t) => t.hash().toString('hex') === ops.find((o) => o.operationType === 'Swap')?.poolTxHash,
    )
    if (swapTx?.inMessage === undefined || swapTx.inMessage === null) throw new Error('no swap tx')
    const garbage = beginCell().storeUint(0x6664de2a, 32).storeUint(1, 8).endCell()
    const bad: Transaction = {
      ...swapTx,
      lt: 1n,
      inMessage: { ...swapTx.inMessage, body: garbage },
      hash: () => Buffer.alloc(32, 7),
    }
    const fresh = createSqliteStore({ path: ':memory:' })
    const stats = await createIndexer({
      store: fresh,
      source: [bad, ...recorded],
      assetOf: scenario.assetOf,
    }).run()
    expect(stats.transactions).toBe(recorded.length + 1)
    expect(await fresh.listOperations({ limit: 10_000 })).toEqual(ops)
    const [stored] = await fresh.listIndexedTransactions({
      hash: Buffer.alloc(32, 7).toString('hex'),
    })
    expect(stored?.kind).toBe('other')
    await fresh.close()
  })

  it('links every transaction of a swap to its originating wallet transaction', async () => {
    const swap = ops.find((o) => o.operationType === 'Swap' && o.referralAddress !== null)
    const trace = await store.listIndexedTransactions({ originHash: swap?.walletTxHash })
    expect(trace.length).toBeGreaterThan(5)
    expect(trace.some((t) => t.hash === swap?.poolTxHash)).toBe(true)
    expect(trace.find((t) => t.hash === swap?.walletTxHash)?.kind).toBe('external')
  })
})
