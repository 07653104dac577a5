import { type Transaction, toNano } from '@ton/core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { PoolKind, PoolState } from '../../core/pool/PoolState.js'
import { createLocalDex } from '../../emulator/createLocalDex.js'
import type { LocalJetton, LocalPool } from '../../emulator/model.js'
import { createIndexer } from '../../indexer/ingest/createIndexer.js'
import { dexV2SetRateBody } from '../../protocol/dex/v2AdminMessages.js'
import type { IndexedPoolRow, IndexedTransactionRow } from '../../store/rows/indexerRows.js'
import type { Store } from '../../store/Store.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'

const E18 = 10n ** 18n
const UNIT = 10n ** 9n

/** One step of a pool's history and the pool states (indexed, emulator) right after it. */
type Checked = {
  readonly step: string
  readonly indexed: IndexedPoolRow
  readonly onChain: PoolState
}

/**
 * A real emulator history per stable / weighted pool kind — kind parameters set before the
 * first provision, provisions (balanced and one-sided), swaps both ways, a swap the curve
 * refuses, a fee change, protocol-fee collection, parameter changes after trading (and, for
 * weighted stableswap, the rate setter's `set_rate`), a burn — indexed after every step into one
 * store (each step a new indexer run resuming from the store, as after a restart), the indexed
 * pool compared with the emulator's `get_pool_data` each time.
 */
describe('stable and weighted pools → indexer, step by step', () => {
  const checked = new Map<PoolKind, Checked[]>()
  let store: Store
  let txs: readonly IndexedTransactionRow[]
  const pools = new Map<PoolKind, LocalPool>()

  beforeAll(async () => {
    const dex = await createLocalDex({ seed: 'indexer-pool-kinds', fastCells: true })
    const recorded: Transaction[] = []
    dex.onTransactions((t) => recorded.push(...t))
    store = createSqliteStore({ path: ':memory:' })
    const alice = await dex.wallet('alice')
    const bob = await dex.wallet('bob')
    const collector = await dex.wallet('collector')
    const a = await dex.deployJetton('AAA')
    const b = await dex.deployJetton('BBB')
    for (const w of [alice, bob]) {
      await dex.mint(a, w.address, 10n ** 9n * UNIT)
      await dex.mint(b, w.address, 10n ** 9n * UNIT)
    }
    const wallets = new Map<string, string>()
    const index = async () => {
      await createIndexer({
        store,
        source: recorded.splice(0),
        assetOf: (w) => wallets.get(w),
      }).run()
    }

    const history = async (kind: Exclude<PoolKind, 'constant_product'>) => {
      const router = await dex.deployRouter('v2', { kind })
      const pool = await dex.pool(router, a, b)
      pools.set(kind, pool)
      for (const [w, asset] of [
        [pool.wallet0, pool.asset0],
        [pool.wallet1, pool.asset1],
      ] as const) {
        if (asset.kind === 'jetton') wallets.set(w.toString(), asset.minter.toString())
      }
      const steps: Checked[] = []
      checked.set(kind, steps)
      const check = async (step: string) => {
        await index()
        const indexed = (await store.listIndexedPools()).find(
          (p) => p.address === pool.address.toString(),
        )
        if (indexed === undefined) throw new Error(`${kind}: pool not indexed after ${step}`)
        steps.push({ step, indexed, onChain: await dex.poolState(pool) })
      }
      const side0 = pool.asset0 as LocalJetton
      const side1 = pool.asset1 as LocalJetton
      const trade = (offer: LocalJetton, ask: LocalJetton, amount: bigint, referral = false) =>
        dex.swap(router, {
          from: bob,
          offer,
          ask,
          amount,
          ...(referral ? { referral: collector.address, referralBps: 25n } : {}),
        })
      const params = {
        stableswap: { amp: 200n },
        weighted_const_product: { w0: (8n * E18) / 10n },
        weighted_stableswap: { amp: 100n * E18, w0: E18 / 2n },
      }[kind]
      await dex.setPoolParams(pool, params)
      await check('set_params before deployment')
      await dex.createPool(router, {
        from: alice,
        ...{ assetA: side0, amountA: 1_000_000n * UNIT, assetB: side1, amountB: 900_000n * UNIT },
      })
      await check('first provision')
      await dex.provide(router, {
        from: bob,
        ...{ assetA: side0, amountA: 100_000n * UNIT, assetB: side1, amountB: 90_000n * UNIT },
      })
      await check('balanced provision')
      await dex.provide(router, {
        from: bob,
        ...{ assetA: side0, amountA: 50_000n * UNIT, assetB: side1, amountB: 0n },
      })
      await check('one-sided provision')
      expect((await trade(side0, side1, 20_000n * UNIT)).status).toBe('ok')
      await check('swap token0 → token1')
      expect((await trade(side1, side0, 35_000n * UNIT, true)).status).toBe('ok')
      await check('swap token1 → token0 with a referral')
      await dex.setFees(pool, {
        lpFee: 30n,
        protocolFee: 20n,
        protocolFeeAddress: collector.address,
      })
      await check('set_fees')
      expect((await trade(side0, side1, 7_000n * UNIT)).status).toBe('ok')
      await check('swap after set_fees')
      if (kind === 'weighted_const_product') {
        // More than 30 % of the input reserve: the curve refuses (97) and the pool refunds.
        expect((await trade(side0, side1, 900_000n * UNIT)).status).not.toBe('ok')
        await check('refused swap')
      }
      await dex.collectFees(pool, { from: collector })
      await check('collect_fees')
      if (kind === 'stableswap') await dex.setPoolParams(pool, { amp: 50n })
      // Only the first weight sticks: the pool keeps 0.8.
      if (kind === 'weighted_const_product') await dex.setPoolParams(pool, { w0: E18 / 4n })
      if (kind === 'weighted_stableswap') {
        await dex.setPoolParams(pool, { amp: 20n * E18, rate: (9n * E18) / 10n, w0: E18 / 4n })
      }
      await check('set_params after trading')
      if (kind === 'weighted_stableswap') {
        const sent = await dex.admin.send({
          to: pool.address,
          value: toNano('0.05'),
          body: dexV2SetRateBody({ rate: (11n * E18) / 10n }),
        })
        expect(sent).toBeDefined()
        await check('set_rate')
      }
      expect((await trade(side1, side0, 12_000n * UNIT)).status).toBe('ok')
      await check('swap after the parameter change')
      const lp = await dex.lpBalance(pool, bob.address)
      await dex.burn(pool, { from: bob, lp: lp / 3n })
      await check('burn')
    }
    for (const kind of ['stableswap', 'weighted_const_product', 'weighted_stableswap'] as const) {
      await history(kind)
    }
    txs = await store.listIndexedTransactions({ limit: 100_000 })
  }, 240_000)

  for (const kind of ['stableswap', 'weighted_const_product', 'weighted_stableswap'] as const) {
    it(`${kind}: the indexed pool equals the emulator's getters after every step`, () => {
      const steps = checked.get(kind) ?? []
      expect(steps.length).toBeGreaterThanOrEqual(11)
      for (const { step, indexed, onChain } of steps) {
        expect({ step, ...stateOf(indexed) }).toEqual({ step, ...stateOf(onChain) })
        expect(indexed.kind).toBe(kind)
      }
    })
  }

  it('sets the kind parameters the history changed', () => {
    const last = (kind: PoolKind) => checked.get(kind)?.at(-1)?.indexed
    expect(last('stableswap')?.amp).toBe(50n)
    expect(last('weighted_const_product')?.w0).toBe((8n * E18) / 10n)
    expect(last('weighted_stableswap')?.amp).toBe(20n * E18)
    expect(last('weighted_stableswap')?.rate).toBe((11n * E18) / 10n)
    // The first provision set the rate: a0 / a1 of it (token0 per token1).
    const first = checked.get('weighted_stableswap')?.find((c) => c.step === 'first provision')
    expect(first?.indexed.rate).toBe((1_000_000n * UNIT * E18) / (900_000n * UNIT))
  })

  it('records every transaction of the kind pools as an exchange message, none as other', () => {
    const addresses = new Set([...pools.values()].map((p) => p.address.toString()))
    const poolTxs = txs.filter((t) => addresses.has(t.account))
    expect(poolTxs.length).toBeGreaterThan(30)
    expect(poolTxs.filter((t) => t.kind === 'other')).toEqual([])
    expect(poolTxs.filter((t) => t.kind === 'v2.set_rate')).toHaveLength(1)
    expect(poolTxs.filter((t) => t.kind === 'v2.internal_set_params')).toHaveLength(6)
  })
})

function stateOf(s: IndexedPoolRow | PoolState) {
  const row = 'collected0' in s
  return {
    reserve0: s.reserve0,
    reserve1: s.reserve1,
    totalSupply: s.totalSupply,
    lpFee: s.lpFee,
    protocolFee: s.protocolFee,
    collected0: row ? s.collected0 : s.collectedProtocolFee0,
    collected1: row ? s.collected1 : s.collectedProtocolFee1,
    amp: s.amp,
    w0: s.w0,
    rate: s.rate,
  }
}
