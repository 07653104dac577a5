import { type Address, beginCell, type Cell, type Transaction, toNano } from '@ton/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { swap } from '../../core/ops/swap.js'
import type { PoolState } from '../../core/pool/PoolState.js'
import { createLocalDex } from '../../emulator/createLocalDex.js'
import type { LocalDex } from '../../emulator/LocalDex.js'
import type { LocalPool, LocalRouter } from '../../emulator/model.js'
import { createIndexer, type IngestStats } from '../../indexer/ingest/createIndexer.js'
import { ptonV2TonTransferBody } from '../../protocol/jetton/ptonMessages.js'
import { OP_CODES } from '../../protocol/opCodes.js'
import type { OperationRow } from '../../store/rows/historyRows.js'
import type { IndexedTransactionRow } from '../../store/rows/indexerRows.js'
import type { Store } from '../../store/Store.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'
import { cpLpFeeInAsk } from '../_support/pools.js'

const USDT = 10n ** 6n
const SWAP_IN = 1_000n * USDT

type PoolRun = {
  readonly pool: LocalPool
  /** The emulator's state right before the swap after the fee change. */
  readonly beforeSecondSwap: PoolState
  readonly secondSwapOut: bigint
  readonly final: PoolState
}

/**
 * One world: a DEX v1 and a DEX v2 USDT/TON pool; on each a swap, an admin fee change, a swap,
 * a fee change the exchange rejects (above 100 bps), a swap. Then the exchange's other admin,
 * getter and proxy-TON messages, so the index can be checked to hold no `other` transaction.
 */
describe('fee changes after deployment → indexer', () => {
  let runs: Record<'v1' | 'v2', PoolRun>
  let stats: IngestStats
  let store: Store
  let ops: readonly OperationRow[]
  let txs: readonly IndexedTransactionRow[]
  let collectorAddress: string

  beforeAll(async () => {
    const dex = await createLocalDex({ seed: 'indexer-fee-changes' })
    const recorded: Transaction[] = []
    const stop = dex.onTransactions((t) => recorded.push(...t))
    const alice = await dex.wallet('alice')
    const collector = await dex.wallet('collector')
    collectorAddress = collector.address.toString()
    const usdt = await dex.deployJetton('USDT')
    const ton1 = await dex.deployPton('v1')
    const ton2 = await dex.deployPton('v2')
    const v1 = await dex.deployRouter('v1', { pton: ton1 })
    const v2 = await dex.deployRouter('v2', { pton: ton2 })
    await dex.mint(usdt, alice.address, 10_000_000n * USDT)

    const run = async (
      router: typeof v1,
      ton: typeof ton1,
      fees: Parameters<LocalDex['setFees']>[1],
    ) => {
      const { pool } = await dex.createPool(router, {
        from: alice,
        ...{ assetA: usdt, amountA: 300_000n * USDT, assetB: ton, amountB: toNano('10000') },
      })
      const sell = () => dex.swap(router, { from: alice, offer: usdt, ask: ton, amount: SWAP_IN })
      expect((await sell()).status).toBe('ok')
      await dex.setFees(pool, fees)
      const beforeSecondSwap = await dex.poolState(pool)
      const second = await sell()
      expect(second.status).toBe('ok')
      // Above 100 bps: v1's pool throws 85 (its router forwards blindly), v2's router throws 94.
      await expect(dex.setFees(pool, { ...fees, lpFee: 101n })).rejects.toThrow()
      expect((await sell()).status).toBe('ok')
      return {
        pool,
        beforeSecondSwap,
        secondSwapOut: second.amountOut,
        final: await dex.poolState(pool),
      }
    }
    runs = {
      v1: await run(v1, ton1, {
        ...{ lpFee: 30n, protocolFee: 0n, refFee: 5n },
        protocolFeeAddress: collector.address,
      }),
      v2: await run(v2, ton2, { lpFee: 25n, protocolFee: 5n, protocolFeeAddress: null }),
    }
    await otherExchangeMessages(dex, runs.v2.pool, v1)
    stop()

    store = createSqliteStore({ path: ':memory:' })
    const walletAsset = new Map<string, string>()
    for (const { pool } of [runs.v1, runs.v2]) {
      walletAsset.set(pool.wallet0.toString(), pool.asset0.minter.toString())
      walletAsset.set(pool.wallet1.toString(), pool.asset1.minter.toString())
    }
    stats = await createIndexer({
      store,
      source: recorded,
      assetOf: (w) => walletAsset.get(w),
    }).run()
    ops = await store.listOperations({ limit: 10_000 })
    txs = await store.listIndexedTransactions({ limit: 100_000 })
  })

  for (const dex of ['v1', 'v2'] as const) {
    it(`${dex}: the swap after a fee change follows the new fees`, () => {
      const { pool, beforeSecondSwap, secondSwapOut } = runs[dex]
      const swaps = ops.filter(
        (o) => o.operationType === 'Swap' && o.poolAddress === pool.address.toString(),
      )
      expect(swaps).toHaveLength(3)
      const [first, second] = swaps as [OperationRow, OperationRow]
      const usdtSide = pool.asset0.kind === 'jetton' ? 0 : 1
      const expected = swap(beforeSecondSwap, { side: usdtSide, amountIn: SWAP_IN })
      expect(expected.amountOut).toBe(secondSwapOut)
      // The LP fee in the ask token, at the fees in force at each swap.
      expect(second.lpFeeAmount).toBe(cpLpFeeInAsk(beforeSecondSwap, usdtSide, SWAP_IN))
      expect(second.lpFeeAmount).not.toBe(first.lpFeeAmount)
      expect(second.protocolFeeAmount).toBe(expected.protocolFeeOut)
      expect(second.asset0Amount + second.asset1Amount).toBe(SWAP_IN + secondSwapOut)
      expect(second.asset0Reserve).toBe(expected.pool.reserve0)
      expect(second.asset1Reserve).toBe(expected.pool.reserve1)
    })

    it(`${dex}: the indexed pool state equals the emulator's, fees included`, async () => {
      const { pool, final } = runs[dex]
      const row = (await store.listIndexedPools()).find(
        (p) => p.address === pool.address.toString(),
      )
      expect(row).toMatchObject({
        reserve0: final.reserve0,
        reserve1: final.reserve1,
        totalSupply: final.totalSupply,
        lpFee: final.lpFee,
        protocolFee: final.protocolFee,
        refFee: final.refFee,
        collected0: final.collectedProtocolFee0,
        collected1: final.collectedProtocolFee1,
        // The fee change's collector (v2's change set none: addr_none).
        protocolFeeAddress: dex === 'v1' ? collectorAddress : null,
      })
      expect(final.lpFee).toBe(dex === 'v1' ? 30n : 25n)
    })
  }

  it('stores the fee changes as pool transactions without an operation', () => {
    const at = (pool: LocalPool, kind: string) =>
      txs
        .filter((t) => t.account === pool.address.toString() && t.kind === kind)
        .sort((a, b) => (a.lt < b.lt ? -1 : 1))
    const v1 = at(runs.v1.pool, 'v1.set_fees')
    // The accepted change, and the rejected one (the pool threw 85: aborted, state unchanged).
    expect(v1.map((t) => [t.aborted, t.resultCode])).toEqual([
      [false, 'ok'],
      [true, null],
    ])
    expect(v1[1]?.computeExitCode).toBe(85)
    // DEX v2's router refuses the bad change itself, so the pool saw only the good one.
    expect(at(runs.v2.pool, 'v2.internal_set_fees').map((t) => t.resultCode)).toEqual(['ok'])
    const routerRefusal = txs.find(
      (t) =>
        t.account === runs.v2.pool.router.address.toString() &&
        t.kind === 'v2.set_fees' &&
        t.aborted,
    )
    expect(routerRefusal?.computeExitCode).toBe(94)
  })

  it('classifies every transaction of the exchange: none is `other`', () => {
    expect(txs.filter((t) => t.kind === 'other')).toEqual([])
    expect(stats.other).toBe(0)
    const kinds = new Set(txs.map((t) => t.kind))
    for (const kind of [
      'ton.transfer',
      'jetton.mint',
      'pton_v1.deploy_wallet',
      'pton_v2.deploy_wallet',
      'pton_v2.internal_deploy',
      'pton_v2.ton_transfer',
      'pton_v2.ton_refund',
      'v2.update_pool_status',
      'v2.internal_update_status',
      'v2.update_status',
      'v1.lock',
      'v1.unlock',
      'v2.reset_pool_gas',
      'v2.getter_pool_address',
      'v2.getter_pool_data',
      'v2.getter_lp_account_address',
      'jetton.provide_wallet_address',
      'jetton.take_wallet_address',
    ]) {
      expect(kinds, kind).toContain(kind)
    }
  })
})

/** Admin, getter, discovery and proxy-TON messages the swaps above do not send. */
async function otherExchangeMessages(
  dex: LocalDex,
  pool: LocalPool,
  v1Router: LocalRouter,
): Promise<void> {
  const bob = await dex.wallet('bob')
  const send = (to: Address, body: Cell, from = bob) =>
    from.send({ to, value: toNano('0.5'), body })
  const head = (op: number) => beginCell().storeUint(op, 32).storeUint(42, 64)
  // Locks: v2 pool (update_pool_status → internal_update_status), both routers.
  await dex.setPoolLock(pool, true)
  await dex.setPoolLock(pool, false)
  for (const router of [pool.router, v1Router]) {
    await dex.setRouterLock(router, true)
    await dex.setRouterLock(router, false)
  }
  // reset_pool_gas, admin → router → pool.
  const reset = head(OP_CODES.v2ResetPoolGas)
    .storeAddress(pool.wallet0)
    .storeAddress(pool.wallet1)
    .storeAddress(dex.admin.address)
    .endCell()
  await send(pool.router.address, reset, dex.admin)
  // On-chain getters and wallet discovery (requests and replies).
  await send(
    pool.router.address,
    head(OP_CODES.v2GetterPoolAddress)
      .storeAddress(pool.wallet0)
      .storeAddress(pool.wallet1)
      .endCell(),
  )
  await send(pool.address, head(OP_CODES.v2GetterPoolData).endCell())
  await send(
    pool.address,
    head(OP_CODES.v2GetterLpAccountAddress).storeAddress(bob.address).endCell(),
  )
  await send(
    pool.address,
    head(OP_CODES.jettonProvideWalletAddress).storeAddress(bob.address).storeBit(1).endCell(),
  )
  // A pTON v2 ton_transfer worth more than its value is refunded with ton_refund.
  const pton = pool.router.pton
  if (pton === undefined) throw new Error('the v2 router has no pTON')
  const wallet = (
    await dex.blockchain.runGetMethod(pton.minter, 'get_wallet_address', [
      { type: 'slice', cell: beginCell().storeAddress(pool.router.address).endCell() },
    ])
  ).stackReader.readAddress()
  await send(wallet, ptonV2TonTransferBody({ tonAmount: toNano('10'), refund: bob.address }))
}
