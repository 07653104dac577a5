/**
 * The local exchange on PostgreSQL (`ton-dex-lab serve --db postgres://…`: chain journal, index
 * and REST API in one database) with two `ton-dex-lab serve --read-only` replicas in child
 * processes on other ports: the official client's calls answer the same on all three; a swap
 * signed by a test wallet and sent through the TON HTTP API (`TonClient`'s `sendBoc`) shows on
 * both replicas (polled; the deadline is generous, not a timing claim); a replica killed with
 * SIGKILL and started again answers its first request; the exchange stopped and started again
 * resumes its chain and index from the database. Skipped with a notice without PostgreSQL
 * (fails in CI).
 */
import { StonApiClient } from '@ston-fi/api'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type RunningLocalExchange, startLocalExchange } from '../../local/startLocalExchange.js'
import { createTestDatabase, testPostgresUrl } from '../_support/postgresDatabase.js'
import { dapp } from './_support/dapp.js'
import { spawnServe } from './_support/spawnServe.js'
import { type StonApiInputs, stonApiCalls, stonApiInputs } from './_support/stonApiCalls.js'

const clusterUrl = testPostgresUrl('postgresExchange')
const since = 'since=2000-01-01T00:00:00&until=2100-01-01T00:00:00'

type Replica = Awaited<ReturnType<typeof spawnServe>>
const startReplica = (databaseUrl: string): Promise<Replica> =>
  spawnServe(['serve', '--read-only', '--db', databaseUrl, '--port', '0'], 'read-only replica')

// biome-ignore lint/suspicious/noExplicitAny: wire JSON, compared whole
async function json(base: string, path: string): Promise<any> {
  const res = await fetch(`${base}${path}`)
  expect(res.status, `${base}${path}`).toBe(200)
  return res.json()
}

/** What the official client and the statistics answer: the same on every server of one database. */
async function answers(url: string, wallet: string) {
  const client = new StonApiClient({ baseURL: url })
  return {
    routers: await client.getRouters(),
    assets: await client.getAssets(),
    pools: await client.getPools(),
    farms: await client.getFarms(),
    staking: await client.getStakingStats(),
    walletOperations: await client.getWalletOperations({
      walletAddress: wallet,
      since: new Date('2000-01-01T00:00:00Z'),
      until: new Date('2100-01-01T00:00:00Z'),
      opType: 'Swap',
    }),
    dex: await json(url, `/v1/stats/dex?${since}`),
    pool: await json(url, `/v1/stats/pool?${since}`),
    latestBlock: await json(url, '/export/dexscreener/v1/latest-block'),
  }
}

describe.skipIf(clusterUrl === undefined)(
  'the local exchange on PostgreSQL with two read-only replicas',
  () => {
    let drop: () => Promise<void>
    let databaseUrl: string
    let exchange: RunningLocalExchange
    const replicas: Replica[] = []
    const start = () =>
      startLocalExchange({
        dbPath: '',
        databaseUrl,
        host: '127.0.0.1',
        port: 0,
        demo: 'scenario',
        demoSwaps: 6,
      })

    beforeAll(async () => {
      const db = await createTestDatabase(clusterUrl as string)
      drop = db.drop
      databaseUrl = db.url
      exchange = await start()
      replicas.push(await startReplica(databaseUrl), await startReplica(databaseUrl))
    })
    afterAll(async () => {
      for (const replica of replicas) await replica.kill()
      await exchange?.close()
      await drop?.()
    })

    const wallet = () => {
      const [alpha] = exchange.wallets
      if (alpha === undefined) throw new Error('no test wallet')
      return alpha
    }
    const swapsOf = async (url: string) =>
      (await json(url, `/v1/wallets/${wallet().address.toString()}/operations?${since}`)).operations
        .length as number

    test('the official client answers the same from the exchange and both replicas', async () => {
      expect(exchange.seeded).toBe(true)
      expect(exchange.chain).toBeDefined()
      const address = wallet().address.toString()
      const expected = await answers(exchange.url, address)
      expect(expected.pools.length).toBeGreaterThan(0)
      expect(expected.dex.stats.trades).toBeGreaterThan(0)
      for (const replica of replicas) expect(await answers(replica.url, address)).toEqual(expected)
    })

    test("the official client's 37 calls answer byte for byte the same on the exchange and both replicas", async () => {
      const inputs = await stonApiInputs(exchange.url, exchange.store)
      const expected = await stonApiCalls(exchange.url, inputs)
      expect(expected).toHaveLength(37)
      expect(expected.filter((r) => !r.ok).map((r) => r.call)).toEqual([])
      // The two calls a replica cannot answer from indexed rows: derived from recorded layouts.
      expect(JSON.parse(expected[9]?.answers[0]?.body ?? '{}').address).toMatch(/^EQ/)
      expect(JSON.parse(expected[36]?.answers[0]?.body ?? '{}').lp_total_supply).toBe('0')
      for (const replica of replicas) {
        expect(await stonApiCalls(replica.url, inputs)).toEqual(expected)
      }
    })

    test('without recorded layouts a replica answers a clear error, or asks --chain-api and answers the same', async () => {
      const inputs: StonApiInputs = await stonApiInputs(exchange.url, exchange.store)
      const expected = await stonApiCalls(exchange.url, inputs)
      const saved = await exchange.store.listContractLayouts()
      expect(saved.map((row) => row.layout)).toContain('tep74')
      expect(saved.map((row) => row.layout)).toContain('dex-v2-constant-product')
      // As a database written by a writer of an older build, or of jettons of unknown layouts.
      const admin = new pg.Client({ connectionString: databaseUrl })
      await admin.connect()
      await admin.query('DELETE FROM contract_layouts')
      await admin.end()
      const bare = await startReplica(databaseUrl)
      const asking = await spawnServe(
        [
          ...['serve', '--read-only', '--db', databaseUrl, '--port', '0'],
          ...['--chain-api', `${exchange.url}/api/v2/jsonRPC`, '--rps', 'unlimited'],
        ],
        'read-only replica',
      )
      try {
        const wallet = await fetch(
          `${bare.url}/v1/jetton/${inputs.jetton}/address?owner_address=${inputs.freshOwner}`,
        )
        expect(wallet.status).toBe(422)
        const error = ((await wallet.json()) as { error: { code: string; message: string } }).error
        expect(error.code).toBe('JETTON_WALLET_UNKNOWN')
        expect(error.message).toContain(inputs.jetton)
        const [a, b] = inputs.newPair
        const initial = await fetch(
          `${bare.url}/v1/liquidity_provision/simulate?provision_type=Initial&token_a=${a}&token_b=${b}&token_a_units=1000000000&token_b_units=400000000&slippage_tolerance=0.01`,
          { method: 'POST' },
        )
        expect(initial.status).toBe(422)
        expect(((await initial.json()) as { error: { code: string } }).error.code).toBe(
          'POOL_NOT_DEPLOYED',
        )
        expect(await stonApiCalls(asking.url, inputs)).toEqual(expected)
      } finally {
        await bare.kill()
        await asking.kill()
        await exchange.store.putContractLayouts(saved)
      }
    })

    test('a swap sent through the TON HTTP API shows on both replicas', async () => {
      const before = await Promise.all(replicas.map((r) => swapsOf(r.url)))
      const client = dapp(exchange.url)
      await client.send(wallet(), await client.swapParams(wallet(), 5_000_000n))
      for (const [i, replica] of replicas.entries()) {
        await expect
          .poll(() => swapsOf(replica.url), { timeout: 20_000, interval: 25 })
          .toBe((before[i] as number) + 1)
      }
      const address = wallet().address.toString()
      await exchange.indexed(exchange.chain?.head.seqno ?? 0)
      const expected = await answers(exchange.url, address)
      for (const replica of replicas) expect(await answers(replica.url, address)).toEqual(expected)
    })

    test('a replica killed and started again answers its first request', async () => {
      const expected = await json(exchange.url, `/v1/stats/dex?${since}`)
      await replicas.shift()?.kill()
      replicas.unshift(await startReplica(databaseUrl))
      expect(await json(replicas[0]?.url as string, `/v1/stats/dex?${since}`)).toEqual(expected)
    })

    test('the exchange stopped and started again resumes its chain and index from the database', async () => {
      const chain = exchange.chain
      if (chain === undefined) throw new Error('no chain runs')
      await exchange.indexed(chain.head.seqno)
      const head = chain.head
      const transactions = chain.transactionCount
      const address = wallet().address.toString()
      const expected = await answers(exchange.url, address)
      const swaps = await swapsOf(exchange.url)
      await exchange.close()
      exchange = await start()
      expect(exchange.seeded).toBe(false)
      expect(exchange.chain?.head).toEqual(head)
      expect(exchange.chain?.transactionCount).toBe(transactions)
      expect(await answers(exchange.url, address)).toEqual(expected)
      // The chain goes on: the wallet's next swap, on the exchange and on the replicas.
      const client = dapp(exchange.url)
      await client.send(wallet(), await client.swapParams(wallet(), 7_000_000n))
      await exchange.indexed(exchange.chain?.head.seqno ?? 0)
      expect(await swapsOf(exchange.url)).toBe(swaps + 1)
      for (const replica of replicas) {
        await expect
          .poll(() => swapsOf(replica.url), { timeout: 20_000, interval: 25 })
          .toBe(swaps + 1)
      }
    })
  },
)
