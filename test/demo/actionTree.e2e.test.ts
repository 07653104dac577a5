import { type Transaction, toNano } from '@ton/core'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runScenario, type ScenarioResult } from '../../demo/runScenario.js'
import { createLocalDex } from '../../emulator/createLocalDex.js'
import { createIndexer } from '../../indexer/ingest/createIndexer.js'
import { createService } from '../../service/createService.js'
import { buildActionTree } from '../../service/wire/actionTree.js'
import type { OperationRow } from '../../store/rows/historyRows.js'
import type { IndexedPoolRow } from '../../store/rows/indexerRows.js'
import type { Store } from '../../store/Store.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'

type Action = {
  '@type': string
  contract_major_version: string
  destination: string
  prev_index?: number
  tx_payload: Record<string, unknown> & { opcode: number; query_id: number }
  status: Record<string, unknown> & { '@type': string }
  effects: { '@type': string; status: Record<string, unknown> & { '@type': string } }[]
}
type Tree = { tx_chain_completed: boolean; initial_tx_id: { hash: string }; actions: Action[] }

describe('action tree over an indexed emulator scenario', () => {
  let scenario: ScenarioResult
  let store: Store
  let app: FastifyInstance
  let recorded: Transaction[]
  let pools: Map<string, IndexedPoolRow>
  /** A DEX v1 swap with a referral, made after the scenario (whose 10 swaps are all DEX v2). */
  let v1Swap: {
    wallet: string
    referral: string
    askWallet: string
    offerWallet: string
    amountOut: bigint
    referralOut: bigint
  }

  beforeAll(async () => {
    const dex = await createLocalDex({ seed: 'action-tree' })
    recorded = []
    const stop = dex.onTransactions((txs) => recorded.push(...txs))
    scenario = await runScenario(dex, { swaps: 10, seed: 5 })
    const [carol, referrer] = [await dex.wallet('carol'), await dex.wallet('ref-one')]
    const v1Pool = scenario.pools.find((p) => p.router.dex === 'v1')
    if (v1Pool === undefined) throw new Error('no DEX v1 pool')
    const receipt = await dex.swap(v1Pool.router, {
      ...{ from: carol, offer: v1Pool.asset1, ask: v1Pool.asset0 },
      ...{ amount: toNano('50'), minOut: 1_000n, referral: referrer.address },
    })
    v1Swap = {
      wallet: carol.address.toString(),
      referral: referrer.address.toString(),
      askWallet: v1Pool.wallet0.toString(),
      offerWallet: v1Pool.wallet1.toString(),
      amountOut: receipt.amountOut,
      referralOut: receipt.referralOut,
    }
    stop()
    store = createSqliteStore({ path: ':memory:' })
    await createIndexer({ store, source: recorded, assetOf: scenario.assetOf }).run()
    app = await createService({ store, docs: false })
    pools = new Map((await store.listIndexedPools()).map((p) => [p.address, p]))
  })
  afterAll(async () => {
    await app.close()
    await store.close()
  })

  const get = async (hash: string) =>
    (await app.inject(`/v1/transactions/${hash}/action_tree`)).json() as Tree

  it('gives each swap one completed swap action with the amounts the scenario saw', async () => {
    const all = await store.scanOperations({ operationTypes: ['Swap'] })
    expect(all).toHaveLength(scenario.swaps.length + 1)
    const ops = all.slice(0, scenario.swaps.length)
    for (const [i, op] of ops.entries()) {
      const expected = scenario.swaps[i]
      if (expected === undefined) throw new Error(`no scenario swap #${i}`)
      const pool = pools.get(op.poolAddress)
      const askWallet = op.asset0Address === expected.askAsset ? pool?.wallet0 : pool?.wallet1
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
      // The scenario's swaps are all DEX v2: the payload is the user's, forwarded to the pool.
      expect(action?.tx_payload).toMatchObject({
        opcode: 0x6664de2a,
        query_id: 0,
        ask_jetton_wallet_address: askWallet,
        min_ask_amount: expected.ok ? '0' : (10n ** 30n).toString(),
        referral_address: expected.referral,
        receiver_address: expected.wallet,
        refund_address: expected.wallet,
        excesses_address: expected.wallet,
        dex_forward_gas_amount: '0',
      })
      expect(Number.isInteger(action?.tx_payload.deadline)).toBe(true)
      expect(typeof action?.tx_payload.referral_val).toBe('number')
      if (expected.ok) {
        expect(action?.status.ask_jetton_amount).toBe(expected.amountOut.toString())
        expect(action?.status.offer_jetton_amount).toBe(expected.amountIn.toString())
        expect(action?.status.ask_jetton_wallet).toBe(askWallet)
        expect(action?.status.fwd_gas).toBe('0')
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
      min_lp_out: '1',
      to_address: add.walletAddress,
    })
    // The payload names the router's wallet of the token this message did not bring.
    const pool = pools.get(add.poolAddress)
    const other = provide?.status.amount0_out === '0' ? pool?.wallet0 : pool?.wallet1
    expect(provide?.contract_major_version).toBe(pool?.dex)
    expect(provide?.tx_payload).toMatchObject({
      router_wallet_address: other,
      min_lp_out: '1',
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
    expect(action?.tx_payload).toMatchObject({ amount: (-burn.lpTokenDelta).toString() })
    expect(action?.tx_payload).toHaveProperty('response_destination')
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

  it('shows a DEX v1 swap with a referral: the pool message fields and swap_ok_ref', async () => {
    const op = (await store.scanOperations({ operationTypes: ['Swap'] })).at(-1)
    if (op === undefined) throw new Error('no swap')
    expect(op.walletAddress).toBe(v1Swap.wallet)
    const tree = await get(op.walletTxHash)
    expect(tree.actions).toHaveLength(1)
    const [action] = tree.actions as [Action]
    expect(action.contract_major_version).toBe('v1')
    expect(action.tx_payload).toEqual({
      opcode: 0x25938561,
      query_id: 0,
      ask_jetton_wallet_address: v1Swap.askWallet,
      min_ask_amount: '1000',
      user_wallet_address: v1Swap.wallet,
      referral_address: v1Swap.referral,
    })
    expect(action.status).toMatchObject({
      success: true,
      exit_code: 'swap_ok_ref',
      ask_jetton_wallet: v1Swap.askWallet,
      offer_jetton_wallet: v1Swap.offerWallet,
      ask_jetton_amount: v1Swap.amountOut.toString(),
      offer_jetton_amount: toNano('50').toString(),
      ref_ask_amount: v1Swap.referralOut.toString(),
    })
    expect(v1Swap.referralOut).toBeGreaterThan(0n)
    expect(action.status).not.toHaveProperty('fwd_gas')
  })

  it('shows vault withdrawals and LP-account refunds with their results', async () => {
    const all = await store.listIndexedTransactions({ limit: 10_000 })
    const withdrawals = all.filter((t) => t.kind === 'v2.withdraw_fee').reverse()
    expect(withdrawals).toHaveLength(scenario.withdrawals.length)
    expect(withdrawals.length).toBeGreaterThan(0)
    for (const [i, vaultTx] of withdrawals.entries()) {
      const expected = scenario.withdrawals[i]
      const tree = await get(vaultTx.originHash)
      const action = tree.actions.find((a) => a['@type'] === 'withdraw_fee')
      expect(action?.destination).toBe(vaultTx.account)
      expect(action?.tx_payload).toEqual({ opcode: 0x354bcdf4, query_id: 0 })
      expect(action?.status).toMatchObject({
        '@type': 'completed',
        success: true,
        exit_code: 'ok',
        amount_out: expected?.amount.toString(),
        to_address: expected?.owner,
      })
      // The vault pays out of the router's jetton wallet of the accrued asset.
      expect(scenario.assetOf(String(action?.status.token_address))).toBe(expected?.asset)
    }
    const [refund] = await store.scanOperations({ operationTypes: ['RefundLiquidity'] })
    if (refund === undefined) throw new Error('no refund')
    const tree = await get(refund.walletTxHash)
    const action = tree.actions.find((a) => a['@type'] === 'refund_liquidity')
    expect(action?.tx_payload).toEqual({ opcode: 0x0f98e2b8, query_id: 0 })
    expect(action?.status).toMatchObject({
      exit_code: 'refund_ok',
      user_address: refund.walletAddress,
      amount0_out: refund.asset0Amount.toString(),
      amount1_out: refund.asset1Amount.toString(),
    })
  })

  it('falls back to op code and query id for rows indexed before actions were stored', async () => {
    const [op] = await store.scanOperations({ operationTypes: ['Swap'] })
    if (op === undefined) throw new Error('no swap')
    const transactions = await store.listIndexedTransactions({
      originHash: op.walletTxHash,
      limit: 10_000,
    })
    const input = {
      operations: (await store.listOperationsByPoolTx(
        transactions.map((t) => t.hash),
      )) as OperationRow[],
      pools,
      routers: new Set([...pools.values()].map((p) => p.routerAddress)),
      originHash: op.walletTxHash,
    }
    const current = buildActionTree({ ...input, transactions })
    // The wire writes the u64 fields (held as bigint) as JSON integers.
    expect(
      JSON.parse(JSON.stringify(current, (_k, v) => (typeof v === 'bigint' ? Number(v) : v))),
    ).toEqual(await get(op.walletTxHash))
    const legacy = buildActionTree({
      ...input,
      transactions: transactions.map((t) => ({ ...t, action: null })),
    })
    const [now] = current.actions
    const [before] = legacy.actions
    if (now === undefined) throw new Error('no action')
    expect(before?.tx_payload).toEqual({
      opcode: 0x6664de2a,
      query_id: 0n,
      referral_address: scenario.swaps[0]?.referral,
    })
    // Without the stored action only the message-borne result (fwd_gas) is missing.
    const { fwd_gas, ...rest } = now.status as Record<string, unknown>
    expect(fwd_gas).toBe('0')
    expect(before?.status).toEqual(rest)
  })

  it('answers an unknown hash with 404 TRANSACTION_NOT_FOUND and a bad one with 400', async () => {
    const unknown = await app.inject(`/v1/transactions/${'0'.repeat(64)}/action_tree`)
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().error).toMatchObject({ code: 'TRANSACTION_NOT_FOUND', field: 'hash' })
    const posted = await app.inject({
      method: 'POST',
      url: `/v1/transaction/action_tree?tx_hash=${'0'.repeat(64)}`,
    })
    expect(posted.json().error).toMatchObject({ code: 'TRANSACTION_NOT_FOUND', field: 'tx_hash' })
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
