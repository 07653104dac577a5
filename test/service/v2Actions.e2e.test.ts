import { beginCell, type Transaction, toNano } from '@ton/core'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { provide, swap } from '../../core/index.js'
import type { PoolState } from '../../core/pool/PoolState.js'
import {
  type CrossSwapReceipt,
  createLocalDex,
  type LocalAsset,
  type LocalDex,
  type LocalJetton,
  type LocalPool,
  type LocalPton,
  type LocalRouter,
  sideOf,
  type Treasury,
} from '../../emulator/index.js'
import { createIndexer } from '../../indexer/ingest/createIndexer.js'
import { dexV2DirectAddLiquidityBody } from '../../protocol/dex/v2Messages.js'
import { NATIVE_ADDRESS as TON_ADDRESS } from '../../protocol/nativeAddress.js'
import { createService } from '../../service/createService.js'
import type { OperationRow } from '../../store/rows/historyRows.js'
import type { Store } from '../../store/Store.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'
import { cpLpFeeInAsk } from '../_support/pools.js'

type Status = Record<string, unknown> & { '@type': string }
type Action = {
  '@type': string
  contract_major_version: string
  destination: string
  prev_index?: number
  tx_payload: Record<string, unknown>
  status: Status
  effects: { '@type': string; status: Status }[]
}
type Tree = { tx_chain_completed: boolean; initial_tx_id: { hash: string }; actions: Action[] }

const SWAP_V2_OP = 0x6664de2a
const DEADLINE = 1_700_000_000 + 600

/** A DEX v2 router, pools A/B (1e12, 2e12) and B/TON (1e12, 100 TON), recorded from the start. */
type World = {
  dex: LocalDex
  recorded: Transaction[]
  router: LocalRouter
  a: LocalJetton
  b: LocalJetton
  ton: LocalPton
  poolAB: LocalPool
  poolBT: LocalPool
  alice: Treasury
  bob: Treasury
  assetOf: (wallet: string) => string | undefined
}

async function buildWorld(): Promise<World> {
  const dex = await createLocalDex({ now: 1_700_000_000, seed: 'v2-actions' })
  const recorded: Transaction[] = []
  dex.onTransactions((txs) => recorded.push(...txs))
  const alice = await dex.wallet('alice')
  const bob = await dex.wallet('bob')
  const a = await dex.deployJetton('AAA')
  const b = await dex.deployJetton('BBB')
  const ton = await dex.deployPton('v2')
  const router = await dex.deployRouter('v2', { pton: ton })
  for (const jetton of [a, b]) {
    await dex.mint(jetton, alice.address, 10n ** 16n)
    await dex.mint(jetton, bob.address, 10n ** 16n)
  }
  const { pool: poolAB } = await dex.createPool(router, {
    ...{ from: alice, assetA: a, amountA: 10n ** 12n },
    ...{ assetB: b, amountB: 2n * 10n ** 12n },
  })
  const { pool: poolBT } = await dex.createPool(router, {
    ...{ from: alice, assetA: b, amountA: 10n ** 12n },
    ...{ assetB: ton, amountB: toNano('100') },
  })
  const name = (asset: LocalAsset) =>
    asset.kind === 'pton' ? TON_ADDRESS : asset.minter.toString()
  const assets = new Map<string, string>()
  for (const p of [poolAB, poolBT]) {
    assets.set(p.wallet0.toString(), name(p.asset0))
    assets.set(p.wallet1.toString(), name(p.asset1))
  }
  const assetOf = (wallet: string) => assets.get(wallet)
  return { dex, recorded, router, a, b, ton, poolAB, poolBT, alice, bob, assetOf }
}

describe('DEX v2 cross-swap and direct add through the indexer', () => {
  let w: World
  let store: Store
  let app: FastifyInstance
  let ok: CrossSwapReceipt
  let refunded: CrossSwapReceipt
  let abBefore: PoolState
  let btBefore: PoolState
  let abAfterOk: PoolState
  let btAfterOk: PoolState
  let lpAccountAddress: string

  beforeAll(async () => {
    w = await buildWorld()
    abBefore = await w.dex.poolState(w.poolAB)
    btBefore = await w.dex.poolState(w.poolBT)
    ok = await w.dex.crossSwap(w.router, {
      from: w.alice,
      path: [w.a, w.b, w.ton],
      amount: 4_000_000_000n,
      minOut: 700_000_000n,
      deadline: DEADLINE,
    })
    abAfterOk = await w.dex.poolState(w.poolAB)
    btAfterOk = await w.dex.poolState(w.poolBT)
    // The second hop cannot meet its minimum: hop 1 swaps, hop 2 refunds B to bob.
    refunded = await w.dex.crossSwap(w.router, {
      from: w.bob,
      path: [w.a, w.b, w.ton],
      amount: 1_000_000_000n,
      minOut: toNano('1000'),
      deadline: DEADLINE,
    })
    // Both sides wait in alice's LP account (the mint misses its minimum), then a direct add.
    await w.dex.provide(w.router, {
      ...{ from: w.alice, assetA: w.a, amountA: 3_000_000_000n },
      ...{ assetB: w.b, amountB: 6_000_000_000n, minLpOut: 10n ** 30n },
    })
    const account = await w.dex.blockchain.runGetMethod(
      w.poolAB.address,
      'get_lp_account_address',
      [{ type: 'slice', cell: beginCell().storeAddress(w.alice.address).endCell() }],
    )
    const lpAccount = account.stackReader.readAddress()
    lpAccountAddress = lpAccount.toString()
    await w.alice.send({
      to: lpAccount,
      value: toNano('0.5'),
      body: dexV2DirectAddLiquidityBody({
        ...{ amount0: 0n, amount1: 0n, minLpOut: 1n },
        ...{ user: w.alice.address, queryId: 77n },
      }),
    })
    store = createSqliteStore({ path: ':memory:' })
    await createIndexer({ store, source: w.recorded, assetOf: w.assetOf }).run()
    app = await createService({ store, docs: false })
  })
  afterAll(async () => {
    await app?.close()
    await store?.close()
  })

  const tree = async (hash: string) =>
    (await app.inject(`/v1/transactions/${hash}/action_tree`)).json() as Tree
  const swapsOf = async (origin: string): Promise<OperationRow[]> =>
    (await store.scanOperations({ operationTypes: ['Swap'] }))
      .filter((o) => o.walletTxHash === origin)
      .sort((x, y) => (x.poolTxLt < y.poolTxLt ? -1 : 1))

  const wallet = (pool: LocalPool, asset: LocalAsset) =>
    (sideOf(pool, asset) === 0 ? pool.wallet0 : pool.wallet1).toString()
  const amounts = (row: OperationRow) => [row.asset0Amount, row.asset1Amount]
  const inOut = (pool: LocalPool, offer: LocalAsset, amountIn: bigint, amountOut: bigint) =>
    sideOf(pool, offer) === 0 ? [amountIn, amountOut] : [amountOut, amountIn]

  it('records both hops of a cross-swap as pool operations that match core', async () => {
    const hop1 = swap(abBefore, { side: sideOf(w.poolAB, w.a), amountIn: 4_000_000_000n })
    const hop2 = swap(btBefore, { side: sideOf(w.poolBT, w.b), amountIn: hop1.amountOut })
    // docs/contracts.md §6 numbers: R(A, B) = (1e12, 2e12), R(B, TON) = (1e12, 100 TON), 4e9 A in.
    expect([hop1.amountOut, hop2.amountOut]).toEqual([7_944_302_344n, 785_818_240n])
    expect(ok.hops.map((h) => h.amountOut)).toEqual([hop1.amountOut, hop2.amountOut])
    expect([abAfterOk, btAfterOk]).toEqual([hop1.pool, hop2.pool])

    const origin = ok.transactions[0]?.hash().toString('hex') ?? ''
    const [first, second, ...rest] = await swapsOf(origin)
    expect(rest).toEqual([])
    expect(first).toMatchObject({
      poolAddress: w.poolAB.address.toString(),
      routerAddress: w.router.address.toString(),
      walletAddress: w.alice.address.toString(),
      destinationWalletAddress: w.alice.address.toString(),
      success: true,
      exitCode: 'swap_ok',
      asset0Reserve: hop1.pool.reserve0,
      asset1Reserve: hop1.pool.reserve1,
      protocolFeeAmount: hop1.protocolFeeOut,
      lpFeeAmount: cpLpFeeInAsk(abBefore, sideOf(w.poolAB, w.a), 4_000_000_000n),
      feeAssetAddress: w.b.minter.toString(),
    })
    expect(amounts(first as OperationRow)).toEqual(
      inOut(w.poolAB, w.a, 4_000_000_000n, hop1.amountOut),
    )
    // The second hop is started by the router (from_user = the original caller, alice).
    expect(second).toMatchObject({
      poolAddress: w.poolBT.address.toString(),
      walletAddress: w.alice.address.toString(),
      success: true,
      exitCode: 'swap_ok',
      asset0Reserve: hop2.pool.reserve0,
      asset1Reserve: hop2.pool.reserve1,
      protocolFeeAmount: hop2.protocolFeeOut,
      lpFeeAmount: cpLpFeeInAsk(btBefore, sideOf(w.poolBT, w.b), hop1.amountOut),
      feeAssetAddress: TON_ADDRESS,
    })
    expect(amounts(second as OperationRow)).toEqual(
      inOut(w.poolBT, w.b, hop1.amountOut, hop2.amountOut),
    )
    expect((first as OperationRow).poolTxLt).toBeLessThan((second as OperationRow).poolTxLt)
  })

  it('puts both hops under one origin in the action tree, with payloads and results', async () => {
    const origin = ok.transactions[0]?.hash().toString('hex') ?? ''
    const [first, second] = await swapsOf(origin)
    const t = await tree(origin)
    expect(t.tx_chain_completed).toBe(true)
    expect(t.initial_tx_id.hash).toBe(origin)
    // Any transaction of the trace (here the second pool's) resolves to the same tree.
    expect(await tree(second?.poolTxHash ?? '')).toEqual(t)
    expect(t.actions.map((a) => [a['@type'], a.destination, a.prev_index])).toEqual([
      ['swap', w.poolAB.address.toString(), undefined],
      ['swap', w.poolBT.address.toString(), 0],
    ])
    const [hop1, hop2] = t.actions as [Action, Action]
    const common = {
      opcode: SWAP_V2_OP,
      query_id: 0,
      refund_address: w.alice.address.toString(),
      excesses_address: w.alice.address.toString(),
      receiver_address: w.alice.address.toString(),
      deadline: DEADLINE,
      referral_address: null,
      dex_forward_gas_amount: '0',
    }
    expect(hop1.tx_payload).toMatchObject({
      ...common,
      ask_jetton_wallet_address: wallet(w.poolAB, w.b),
      min_ask_amount: '0',
    })
    // The router rewrote cross_swap to swap; the nested payload names the next ask wallet.
    expect(hop2.tx_payload).toMatchObject({
      ...common,
      ask_jetton_wallet_address: wallet(w.poolBT, w.ton),
      min_ask_amount: '700000000',
    })
    expect(hop1.status).toMatchObject({
      '@type': 'completed',
      success: true,
      exit_code: 'swap_ok',
      tx_id: { hash: first?.poolTxHash },
      offer_jetton: w.a.minter.toString(),
      offer_jetton_wallet: wallet(w.poolAB, w.a),
      offer_jetton_amount: '4000000000',
      ask_jetton: w.b.minter.toString(),
      ask_jetton_wallet: wallet(w.poolAB, w.b),
      ask_jetton_amount: '7944302344',
      is_reversed: false,
      fwd_gas: '0',
    })
    expect(hop2.status).toMatchObject({
      '@type': 'completed',
      success: true,
      exit_code: 'swap_ok',
      tx_id: { hash: second?.poolTxHash },
      offer_jetton: w.b.minter.toString(),
      offer_jetton_wallet: wallet(w.poolBT, w.b),
      offer_jetton_amount: '7944302344',
      ask_jetton: TON_ADDRESS,
      ask_jetton_wallet: wallet(w.poolBT, w.ton),
      ask_jetton_amount: '785818240',
    })
  })

  it('shows a cross-swap whose last hop refunds: hop 1 swapped, hop 2 returned its input', async () => {
    const hop1 = swap(abAfterOk, { side: sideOf(w.poolAB, w.a), amountIn: 1_000_000_000n })
    const hop2 = swap(btAfterOk, { side: sideOf(w.poolBT, w.b), amountIn: hop1.amountOut })
    expect(hop2.amountOut).toBeLessThan(toNano('1000'))
    expect(refunded.hops.map((h) => [h.status, h.amountOut])).toEqual([
      ['ok', hop1.amountOut],
      ['refunded', 0n],
    ])
    const origin = refunded.transactions[0]?.hash().toString('hex') ?? ''
    const [first, second] = await swapsOf(origin)
    expect(first).toMatchObject({ success: true, exitCode: 'swap_ok' })
    expect(amounts(first as OperationRow)).toEqual(
      inOut(w.poolAB, w.a, 1_000_000_000n, hop1.amountOut),
    )
    expect(second).toMatchObject({
      poolAddress: w.poolBT.address.toString(),
      walletAddress: w.bob.address.toString(),
      success: false,
      exitCode: 'swap_refund_slippage',
      asset0Delta: 0n,
      asset1Delta: 0n,
    })
    const t = await tree(origin)
    expect(t.tx_chain_completed).toBe(true)
    expect(t.actions.map((a) => [a.status.exit_code, a.status.success, a.prev_index])).toEqual([
      ['swap_ok', true, undefined],
      ['swap_refund_slippage', false, 0],
    ])
    expect(t.actions[0]?.status.ask_jetton_amount).toBe(hop1.amountOut.toString())
    expect(t.actions[1]?.status).toMatchObject({
      offer_jetton_wallet: wallet(w.poolBT, w.b),
      offer_amount: hop1.amountOut.toString(),
    })
    expect(t.actions[1]?.status).not.toHaveProperty('fwd_gas')
    expect(t.actions[1]?.tx_payload.min_ask_amount).toBe(toNano('1000').toString())
    // The refunded hop left the indexed B/TON pool where the first cross-swap put it.
    const pools = new Map((await store.listIndexedPools()).map((p) => [p.address, p]))
    expect(pools.get(w.poolBT.address.toString())).toMatchObject({
      reserve0: btAfterOk.reserve0,
      reserve1: btAfterOk.reserve1,
    })
  })

  it('answers swap status with the final hop of each cross-swap', async () => {
    const status = async (owner: Treasury) =>
      (
        await app.inject({
          url: '/v1/swap/status',
          query: {
            router_address: w.router.address.toString(),
            owner_address: owner.address.toString(),
            query_id: '0',
          },
        })
      ).json()
    const okOrigin = ok.transactions[0]?.hash().toString('hex') ?? ''
    const okFinal = (await swapsOf(okOrigin))[1]
    expect(await status(w.alice)).toMatchObject({
      '@type': 'Found',
      exit_code: 'swap_ok',
      // What alice received from the last hop (core: 785 818 240 nanoTON), not the pool's
      // reserve change, which also holds the protocol fee.
      coins: ok.amountOut.toString(),
      tx_hash: okFinal?.poolTxHash,
      logical_time: okFinal?.poolTxLt.toString(),
    })
    expect(ok.amountOut).toBe(785_818_240n)
    const refundOrigin = refunded.transactions[0]?.hash().toString('hex') ?? ''
    const refundFinal = (await swapsOf(refundOrigin))[1]
    expect(await status(w.bob)).toMatchObject({
      '@type': 'Found',
      exit_code: 'swap_refund_slippage',
      // The second hop refunds what the first paid out, in B.
      coins: refunded.hops[0]?.amountOut.toString(),
      tx_hash: refundFinal?.poolTxHash,
    })
  })

  it('shows a direct_add_liquidity with its payload, result and the mint core predicts', async () => {
    const [direct] = await store.listIndexedTransactions({
      account: lpAccountAddress,
      limit: 1,
    })
    expect(direct?.kind).toBe('v2.direct_add_liquidity')
    const t = await tree(direct?.originHash ?? '')
    expect(t.tx_chain_completed).toBe(true)
    expect(t.actions).toHaveLength(1)
    const [action] = t.actions as [Action]
    expect(action['@type']).toBe('direct_add_liquidity')
    expect(action.contract_major_version).toBe('v2')
    expect(action.destination).toBe(lpAccountAddress)
    expect(action.tx_payload).toEqual({
      opcode: 0x0ff8bfc6,
      query_id: 77,
      amount_0: '0',
      amount_1: '0',
      min_lp_to_mint: '1',
      dex_forward_gas_amount: '0',
      user_wallet_address: w.alice.address.toString(),
      refund_address: w.alice.address.toString(),
      excesses_address: w.alice.address.toString(),
    })
    // Everything stored (3e9 A, 6e9 B) went to the pool in token order.
    const [add0, add1] = inOut(w.poolAB, w.a, 3_000_000_000n, 6_000_000_000n)
    expect(action.status).toMatchObject({
      '@type': 'completed',
      success: true,
      exit_code: 'add_liquidity_ok',
      amount0_out: String(add0),
      amount1_out: String(add1),
      min_lp_out: '1',
      fwd_amount: '0',
      to_address: w.alice.address.toString(),
      refund_address: w.alice.address.toString(),
      excess_address: w.alice.address.toString(),
    })
    const mint = (await store.scanOperations({ operationTypes: ['AddLiquidity'] })).find(
      (o) => o.walletTxHash === direct?.originHash,
    )
    // The pool before the mint: after bob's first hop (the failed provision changed nothing).
    const before = swap(abAfterOk, { side: sideOf(w.poolAB, w.a), amountIn: 1_000_000_000n }).pool
    const expected = provide(before, { amount0: add0 as bigint, amount1: add1 as bigint })
    expect(await w.dex.poolState(w.poolAB)).toEqual(expected.pool)
    expect(mint).toMatchObject({ success: true, exitCode: 'mint_lp_ok' })
    expect(mint?.lpTokenDelta).toBe(expected.lpMinted)
  })
})
