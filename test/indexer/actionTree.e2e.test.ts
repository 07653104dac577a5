import type { Transaction } from '@ton/core'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalDex } from '../../emulator/createLocalDex.js'
import { runScenario, type ScenarioResult } from '../../indexer/demo/runScenario.js'
import { createIndexer } from '../../indexer/ingest/createIndexer.js'
import { createService } from '../../service/createService.js'
import type { Store } from '../../store/Store.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'

type Action = {
  '@type': string
  contract_major_version: string
  destination: string
  prev_index?: number
  tx_payload: { opcode: number; query_id: string }
  status: Record<string, unknown> & { '@type': string }
  effects: { '@type': string; status: Record<string, unknown> & { '@type': string } }[]
}
type Tree = { tx_chain_completed: boolean; initial_tx_id: { hash: string }; actions: Action[] }

describe('action tree over an indexed emulator scenario', () => {
  let scenario: ScenarioResult
  let store: Store
  let app: FastifyInstance
  let recorded: Transaction[]

  beforeAll(async () => {
    const dex = await createLocalDex({ seed: 'action-tree' })
    recorded = []
    const stop = dex.onTransactions((txs) => recorded.push(...txs))
    scenario = await runScenario(dex, { swaps: 10, seed: 5 })
    stop()
    store = createSqliteStore({ path: ':memory:' })
    await createIndexer({ store, source: recorded, assetOf: scenario.assetOf }).run()
    app = await createService({ store, docs: false })
  })
  afterAll(async () => {
    await app.close()
    await store.close()
  })

  const get = async (hash: string) =>
    (await app.inject(`/v1/transactions/${hash}/action_tree`)).json() as Tree

  it('gives each swap one completed swap action with the amounts the scenario saw', async () => {
    const ops = await store.scanOperations({ operationTypes: ['Swap'] })
    expect(ops).toHaveLength(scenario.swaps.length)
    for (const [i, op] of ops.entries()) {
      const expected = scenario.swaps[i]
      const tree = await get(op.walletTxHash)
      expect(tree.tx_chain_completed).toBe(true)
      expect(tree.initial_tx_id.hash).toBe(op.walletTxHash)
      const swaps = tree.actions.filter((a) => a['@type'] === 'swap')
      expect(swaps).toHaveLength(1)
      const [action] = swaps
      expect(action?.destination).toBe(op.poolAddress)
      expect(action?.contract_major_version).toBe(expected?.dex)
      expect(action?.status['@type']).toBe('completed')
      expect(action?.status.success).toBe(expected?.ok)
      expect(action?.status.exit_code).toBe(op.exitCode)
      expect(action?.status.tx_id).toMatchObject({ hash: op.poolTxHash })
      if (expected?.ok) {
        expect(action?.status.ask_jetton_amount).toBe(expected.amountOut.toString())
        expect(action?.status.offer_jetton_amount).toBe(expected.amountIn.toString())
      } else {
        expect(String(action?.status.exit_code)).toMatch(/^swap_refund_/)
        expect(action?.status.offer_amount ?? action?.status.ask_amount).toBe(
          expected?.amountIn.toString(),
        )
      }
    }
    // The scenario's refund (swap #7) is among them.
    expect(scenario.swaps.some((s) => !s.ok)).toBe(true)
  })

  it('shows a provision completing with its cb_add_liquidity effect and mint', async () => {
    const adds = await store.scanOperations({ operationTypes: ['AddLiquidity'] })
    const add = adds.find((o) => o.success)
    if (add === undefined) throw new Error('no AddLiquidity')
    const tree = await get(add.walletTxHash)
    const provide = tree.actions.find((a) => a['@type'] === 'provide_liquidity')
    expect(provide?.status).toMatchObject({
      '@type': 'completed',
      exit_code: 'provide_liquidity_ok',
    })
    expect(provide?.effects).toHaveLength(1)
    expect(provide?.effects[0]?.status).toMatchObject({
      '@type': 'completed',
      success: true,
      exit_code: 'mint_lp_ok',
      lp_out: add.lpTokenDelta.toString(),
    })
  })

  it('links the pieces of a burn and accepts base64 and the POST form', async () => {
    const [burn] = await store.scanOperations({ operationTypes: ['WithdrawLiquidity'] })
    if (burn === undefined) throw new Error('no burn')
    const tree = await get(burn.walletTxHash)
    const action = tree.actions.find((a) => a['@type'] === 'jetton_burn')
    expect(action?.status).toMatchObject({
      exit_code: 'burn_ok',
      amount0_out: burn.asset0Amount.toString(),
      amount1_out: burn.asset1Amount.toString(),
    })
    const base64 = Buffer.from(burn.walletTxHash, 'hex').toString('base64url')
    expect(await get(base64)).toEqual(tree)
    const post = await app.inject({
      method: 'POST',
      url: '/v1/transaction/action_tree',
      payload: { tx_hash: burn.walletTxHash.toUpperCase() },
    })
    expect(post.json()).toEqual(tree)
    // Any transaction of the trace resolves to the same tree.
    expect(await get(burn.poolTxHash)).toEqual(tree)
  })

  it('answers an unknown hash with an empty tree and a bad one with 400', async () => {
    const unknown = await get('0'.repeat(64))
    expect(unknown).toEqual({
      tx_chain_completed: false,
      initial_tx_id: { lt: 0, hash: '0'.repeat(64), contract_address: null },
      actions: [],
    })
    const bad = await app.inject('/v1/transactions/xyz/action_tree')
    expect(bad.statusCode).toBe(400)
    const missing = await app.inject({ method: 'POST', url: '/v1/transaction/action_tree' })
    expect(missing.json().error.code).toBe('MISSING_PARAMETER')
  })

  it('marks a chain cut before the pool as pending, and completes it when the rest arrives', async () => {
    // The newest provision: its router is known (earlier pools of it are indexed).
    const op = (await store.scanOperations({ operationTypes: ['SendLiquidity'] })).at(-1)
    if (op === undefined) throw new Error('no provision')
    const cut = recorded.findIndex((t) => t.hash().toString('hex') === op.poolTxHash)
    const partial = createSqliteStore({ path: ':memory:' })
    const partialApp = await createService({ store: partial, docs: false })
    try {
      await createIndexer({
        store: partial,
        source: recorded.slice(0, cut),
        assetOf: scenario.assetOf,
      }).run()
      const before = (
        await partialApp.inject(`/v1/transactions/${op.walletTxHash}/action_tree`)
      ).json() as Tree
      expect(before.tx_chain_completed).toBe(false)
      expect(before.actions.some((a) => a['@type'] === 'provide_liquidity')).toBe(false)
      await createIndexer({ store: partial, source: recorded, assetOf: scenario.assetOf }).run()
      const after = (
        await partialApp.inject(`/v1/transactions/${op.walletTxHash}/action_tree`)
      ).json() as Tree
      expect(after).toEqual(await get(op.walletTxHash))
    } finally {
      await partialApp.close()
      await partial.close()
    }
  })
})
