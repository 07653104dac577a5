/**
 * The control API's snapshots on the local exchange running on PostgreSQL (`serve --db
 * postgres://…`), through HTTP: a snapshot, swaps, a revert — the pools, the wallet's
 * operations, the statistics and the chain's head (TON HTTP API and journal) are the
 * snapshot's again, also on a `--read-only` replica of the same database (its response cache
 * follows the data version the restore bumps); a new swap indexes normally; the exchange
 * stopped and started again resumes the reverted chain. Skipped with a notice without
 * PostgreSQL (fails in CI).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningLocalExchange, startLocalExchange } from '../../local/startLocalExchange.js'
import { createTestDatabase, testPostgresUrl } from '../_support/postgresDatabase.js'
import { dapp } from './_support/dapp.js'
import { spawnServe } from './_support/spawnServe.js'

const clusterUrl = testPostgresUrl('postgresSnapshots')
const since = 'since=2000-01-01T00:00:00&until=2100-01-01T00:00:00'

describe.skipIf(clusterUrl === undefined)('snapshots of the local exchange on PostgreSQL', () => {
  let drop: () => Promise<void>
  let databaseUrl: string
  let exchange: RunningLocalExchange
  let replica: Awaited<ReturnType<typeof spawnServe>> | undefined
  const start = () =>
    startLocalExchange({ dbPath: '', databaseUrl, host: '127.0.0.1', port: 0, demoSwaps: 2 })

  beforeAll(async () => {
    const db = await createTestDatabase(clusterUrl as string)
    drop = db.drop
    databaseUrl = db.url
    exchange = await start()
    replica = await spawnServe(
      ['serve', '--read-only', '--db', databaseUrl, '--port', '0'],
      'read-only replica',
    )
  })
  afterAll(async () => {
    await replica?.kill()
    await exchange?.close()
    await drop?.()
  })

  const post = async (path: string) => {
    const response = await fetch(`${exchange.url}${path}`, { method: 'POST' })
    return { status: response.status, json: (await response.json()) as Record<string, unknown> }
  }
  // biome-ignore lint/suspicious/noExplicitAny: wire JSON, compared whole
  const get = async (base: string, path: string): Promise<any> => {
    const response = await fetch(`${base}${path}`)
    expect(response.status, path).toBe(200)
    return response.json()
  }
  const chain = () => {
    if (exchange.chain === undefined) throw new Error('no chain')
    return exchange.chain
  }
  const bravo = () => {
    const [, wallet] = exchange.wallets
    if (wallet === undefined) throw new Error('no test wallet')
    return wallet
  }
  /** What a revert must bring back, as one server answers it. */
  const state = async (base: string) => ({
    pools: (await get(base, '/v1/pools')).pool_list.map(
      (p: Record<string, string>) =>
        `${p.address} ${p.reserve0} ${p.reserve1} ${p.lp_total_supply}`,
    ),
    operations: (await get(base, `/v1/wallets/${bravo().address.toString()}/operations?${since}`))
      .operations.length as number,
    dex: await get(base, `/v1/stats/dex?${since}`),
  })
  const head = async () =>
    (await get(exchange.url, '/api/v2/getMasterchainInfo')).result.last.seqno as number

  test('default: swaps after a snapshot are gone after the revert, on the exchange and a replica; a new swap indexes; a restart resumes the reverted chain', async () => {
    const app = dapp(exchange.url)
    const taken = await post('/local/snapshots')
    expect(taken.status).toBe(200)
    const at = await state(exchange.url)
    expect(await state(replica?.url as string)).toEqual(at)
    const ton = {
      balance: await app.client.getBalance(bravo().address),
      seqno: await app.client.open(bravo().contract).getSeqno(),
    }
    expect(await head()).toBe(taken.json.seqno)

    for (let i = 0; i < 2; i++) await app.send(bravo(), await app.swapParams(bravo(), 1_000_000n))
    await exchange.indexed(chain().head.seqno)
    const swapped = await state(exchange.url)
    expect(swapped.operations).toBe(at.operations + 2)
    expect(swapped.pools).not.toEqual(at.pools)
    expect(await state(replica?.url as string)).toEqual(swapped)
    expect(await head()).toBeGreaterThan(taken.json.seqno as number)

    const reverted = await post(`/local/snapshots/${taken.json.id}/revert`)
    expect(reverted.status).toBe(200)
    expect(reverted.json.seqno).toBe(taken.json.seqno)
    expect(chain().head.seqno).toBe(taken.json.seqno)
    expect(await head()).toBe(taken.json.seqno)
    expect(await state(exchange.url)).toEqual(at)
    expect(await state(replica?.url as string)).toEqual(at)
    expect({
      balance: await app.client.getBalance(bravo().address),
      seqno: await app.client.open(bravo().contract).getSeqno(),
    }).toEqual(ton)

    // The chain and the index go on from the snapshot.
    await app.send(bravo(), await app.swapParams(bravo(), 1_000_000n))
    await exchange.indexed(chain().head.seqno)
    const after = await state(exchange.url)
    expect(after.operations).toBe(at.operations + 1)
    expect(after.pools).not.toEqual(at.pools)
    expect(await head()).toBe((taken.json.seqno as number) + 1)
    expect(await state(replica?.url as string)).toEqual(after)

    // The snapshot stays: back to it once more, then the journal holds the reverted chain.
    expect((await post(`/local/snapshots/${taken.json.id}/revert`)).status).toBe(200)
    expect(await state(exchange.url)).toEqual(at)
    const reopenedHead = chain().head
    await exchange.close()
    exchange = await start()
    expect(exchange.seeded).toBe(false)
    expect(exchange.chain?.head).toEqual(reopenedHead)
    expect(await state(exchange.url)).toEqual(at)

    const unknown = await post('/local/snapshots/999/revert')
    expect(unknown.status).toBe(404)
  })
})
