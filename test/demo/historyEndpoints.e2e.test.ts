import { StonApiClient } from '@ston-fi/api'
import type { Transaction } from '@ton/core'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runScenario, type ScenarioResult } from '../../demo/runScenario.js'
import { createLocalDex } from '../../emulator/createLocalDex.js'
import { createIndexer } from '../../indexer/ingest/createIndexer.js'
import { createService } from '../../service/createService.js'
import type { Store } from '../../store/Store.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'

const SINCE = new Date('2023-11-14T00:00:00Z')
const UNTIL = new Date('2023-11-15T00:00:00Z')

describe('history endpoints over an indexed emulator scenario (official client)', () => {
  let scenario: ScenarioResult
  let store: Store
  let app: FastifyInstance
  let client: StonApiClient

  beforeAll(async () => {
    const dex = await createLocalDex({ seed: 'history-endpoints' })
    const recorded: Transaction[] = []
    const stop = dex.onTransactions((txs) => recorded.push(...txs))
    scenario = await runScenario(dex, { swaps: 30, seed: 3 })
    stop()
    store = createSqliteStore({ path: ':memory:' })
    await createIndexer({ store, source: recorded, assetOf: scenario.assetOf }).run()
    app = await createService({ store })
    const url = await app.listen({ host: '127.0.0.1', port: 0 })
    client = new StonApiClient({ baseURL: url })
  })
  afterAll(async () => {
    await app.close()
    await store.close()
  })

  it('lists a wallet operations by time range and op_type', async () => {
    const wallet = scenario.swaps[0]?.wallet ?? ''
    const ops = await client.getWalletOperations({
      walletAddress: wallet,
      since: SINCE,
      until: UNTIL,
      opType: 'Swap',
    })
    const expected = scenario.swaps.filter((s) => s.wallet === wallet)
    expect(ops).toHaveLength(expected.length)
    expect(ops.map((o) => o.operation.success)).toEqual(expected.map((s) => s.ok))
    const empty = await client.getWalletOperations({
      ...{ walletAddress: wallet, opType: 'Swap' },
      ...{ since: new Date('2020-01-01T00:00:00Z'), until: new Date('2020-01-02T00:00:00Z') },
    })
    expect(empty).toEqual([])
  })

  it('rejects a reversed or malformed time range with 400', async () => {
    const wallet = scenario.swaps[0]?.wallet ?? ''
    const reversed = await app.inject(
      `/v1/wallets/${wallet}/operations?since=2023-11-15T00:00:00&until=2023-11-14T00:00:00`,
    )
    expect(reversed.statusCode).toBe(400)
    const bad = await app.inject(
      `/v1/wallets/${wallet}/operations?since=2023-11-15&until=2023-11-16T00:00:00`,
    )
    expect(bad.statusCode).toBe(400)
  })

  it('reports referral accruals, withdrawals and per-asset totals', async () => {
    const [referrer] = scenario.referrers
    if (referrer === undefined) throw new Error('no referrer')
    const accruals = await client.getAccrualsFeeStats({
      referrerAddress: referrer,
      since: SINCE,
      until: UNTIL,
    })
    const expected = scenario.swaps.filter(
      (s) => s.ok && s.referral === referrer && s.referralOut > 0n,
    )
    expect(accruals.map((a) => BigInt(a.referralFeeAmount ?? '0'))).toEqual(
      expected.map((s) => s.referralOut),
    )
    const withdrawals = await client.getWithdrawalsFeeStats({
      referrerAddress: referrer,
      since: SINCE,
      until: UNTIL,
    })
    expect(withdrawals.map((w) => [w.assetAddress, w.amount])).toEqual(
      scenario.withdrawals.map((w) => [w.asset, w.amount.toString()]),
    )
    const stats = await client.getAssetsFeeStats({
      referrerAddress: referrer,
      since: SINCE,
      until: UNTIL,
    })
    const accrued = stats.assetsFeeStats.reduce((sum, s) => sum + BigInt(s.accrued), 0n)
    expect(accrued).toBe(expected.reduce((sum, s) => sum + s.referralOut, 0n))
    // Everything was withdrawn: v2 vaults by the scenario, v1 paid at once.
    expect(stats.assetsFeeStats.every((s) => s.accrued === s.withdrawn)).toBe(true)
    // The USD fields the official client types as required, adding up to the totals.
    const usd = stats.assetsFeeStats.map((s) => Number(s.accruedUsd))
    expect(usd.every(Number.isFinite)).toBe(true)
    expect(Number(stats.totalAccruedUsd)).toBeCloseTo(
      usd.reduce((a, b) => a + b, 0),
      6,
    )
  })

  it('honours dex_v2=false on wallet operations (DEX v1 only)', async () => {
    const wallet = scenario.swaps[0]?.wallet ?? ''
    const range = 'since=2023-11-14T00:00:00&until=2023-11-15T00:00:00'
    const all = (await app.inject(`/v1/wallets/${wallet}/operations?${range}`)).json()
      .operations as { operation: { router_address: string } }[]
    const v1 = (await app.inject(`/v1/wallets/${wallet}/operations?${range}&dex_v2=false`)).json()
      .operations as { operation: { router_address: string } }[]
    const v1Routers = new Set(
      (await store.listIndexedPools()).filter((p) => p.dex === 'v1').map((p) => p.routerAddress),
    )
    expect(v1.length).toBeLessThan(all.length)
    expect(v1).toEqual(all.filter((o) => v1Routers.has(o.operation.router_address)))
  })

  it('finds a swap by router, owner and query id, and its wallet transaction', async () => {
    // The newest swap: the emulator reuses query ids, and the status reports the newest match.
    const op = (await store.listOperations({ operationTypes: ['Swap'], limit: 10_000 })).at(-1)
    const [poolTx] = await store.listIndexedTransactions({ hash: op?.poolTxHash })
    if (op === undefined || poolTx?.queryId == null) throw new Error('no swap')
    const status = await client.getSwapStatus({
      routerAddress: op.routerAddress,
      ownerAddress: op.walletAddress,
      queryId: poolTx.queryId.toString(),
    })
    expect(status).toMatchObject({ '@type': 'Found', exitCode: op.exitCode, txHash: op.poolTxHash })
    const none = await client.getSwapStatus({
      routerAddress: op.routerAddress,
      ownerAddress: op.walletAddress,
      queryId: '12345',
    })
    expect(none).toEqual({ '@type': 'NotFound' })
    // A missing query id is named as missing, not as malformed.
    const missing = await app.inject(
      `/v1/swap/status?router_address=${op.routerAddress}&owner_address=${op.walletAddress}`,
    )
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error).toMatchObject({ code: 'MISSING_PARAMETER', field: 'query_id' })
    const found = await client.queryTransactions({
      walletAddress: op.walletAddress,
      queryId: Number(poolTx.queryId),
    })
    // Query ids repeat in the emulator: the newest wallet transaction that used it is returned.
    expect(found.txId?.contractAddress).toBe(op.walletAddress)
    const [walletTx] = await store.listIndexedTransactions({ hash: found.txId?.hash })
    expect(walletTx?.kind).toBe('external')
    const post = await app.inject({
      method: 'POST',
      url: '/v1/transaction/query',
      payload: { ext_msg_hash: op.walletTxHash },
    })
    expect(post.json()).toMatchObject({ tx_id: { hash: op.walletTxHash } })
  })
})
