/**
 * One PostgreSQL database, one process writing it and two `ton-dex-lab serve --read-only
 * --db postgres://…` replicas reading it (the CLI's own path, in this process): the official
 * client's calls answer the same on all three; a write shows on both replicas (their response
 * caches follow the store's data version); a replica stopped and started again answers at once;
 * a replica cannot write. And `ton-dex-lab import --db postgres://…` fills a database a replica
 * serves. Skipped with a notice without PostgreSQL (fails in CI).
 */
import { EventEmitter } from 'node:events'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { StonApiClient } from '@ston-fi/api'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demoMarket } from '../../demo/demoMarket.js'
import { runCli } from '../../local/cli.js'
import { parseServeOptions } from '../../local/serveOptions.js'
import { type RunningDatabaseServer, startDatabaseServer } from '../../local/startDatabaseServer.js'
import { createPostgresStore } from '../../store/postgres/createPostgresStore.js'
import { StoreError } from '../../store/StoreError.js'
import { createTestDatabase, testPostgresUrl } from '../_support/postgresDatabase.js'
import { type SyntheticHistory, writeSyntheticHistory } from '../_support/syntheticHistory.js'
import { setupService } from '../service/_support/setupService.js'

const clusterUrl = testPostgresUrl('postgresReplicas')

/** `serve --read-only` through the CLI, stopped by a signal on its own emitter. */
async function startReplica(databaseUrl: string) {
  const signals = new EventEmitter()
  const lines: string[] = []
  const errors: string[] = []
  let listening: (url: string) => void = () => undefined
  const started = new Promise<string>((resolve) => {
    listening = resolve
  })
  const exit = runCli(['serve', '--db', databaseUrl, '--read-only', '--port', '0'], {
    out: (line) => {
      lines.push(line)
      if (line.includes('listening on')) listening(line.split(' ').at(-1) as string)
    },
    err: (line) => errors.push(line),
    env: {},
    signals,
  })
  const url = await Promise.race([
    started,
    exit.then((code) => {
      throw new Error(`serve exited with ${code}: ${errors.join('\n')}`)
    }),
  ])
  return {
    url,
    lines,
    async stop() {
      signals.emit('SIGTERM', 'SIGTERM')
      return exit
    },
  }
}

describe.skipIf(clusterUrl === undefined)('PostgreSQL with two read-only replicas', () => {
  let drop: () => Promise<void>
  let databaseUrl: string
  let writer: RunningDatabaseServer
  let replicas: Awaited<ReturnType<typeof startReplica>>[]
  let history: SyntheticHistory

  beforeAll(async () => {
    const db = await createTestDatabase(clusterUrl as string)
    drop = db.drop
    // A password (the test cluster trusts loopback, so any will do) that no output may show.
    const withPassword = new URL(db.url)
    withPassword.password = 'secret'
    databaseUrl = withPassword.toString()
    writer = await startDatabaseServer({ databaseUrl, host: '127.0.0.1', port: 0 })
    history = await writeSyntheticHistory(writer.store, {
      operations: 600,
      days: 10,
      seed: 5,
      walletOperations: 20,
    })
    replicas = [await startReplica(databaseUrl), await startReplica(databaseUrl)]
  })
  afterAll(async () => {
    for (const replica of replicas ?? []) await replica.stop()
    await writer?.close()
    await drop?.()
  })

  // biome-ignore lint/suspicious/noExplicitAny: wire JSON, compared whole
  const json = async (base: string, path: string): Promise<any> => {
    const res = await fetch(`${base}${path}`)
    expect(res.status, `${base}${path}`).toBe(200)
    return res.json()
  }

  test('the official client answers the same from the writer and both replicas', async () => {
    expect(replicas[0]?.lines.join('\n')).toMatch(/read-only replica/)
    expect(replicas[0]?.lines.join('\n')).toContain('postgres:***@')
    expect(replicas[0]?.lines.join('\n')).not.toContain('secret')
    const servers = [writer.url, ...replicas.map((r) => r.url)]
    const answers = await Promise.all(
      servers.map(async (url) => {
        const client = new StonApiClient({ baseURL: url })
        return {
          routers: await client.getRouters(),
          assets: await client.getAssets(),
          pools: await client.getPools(),
          staking: await client.getStakingStats(),
          dex: await json(url, '/v1/stats/dex'),
          pool: await json(url, `/v1/stats/pool?since=${history.first}&until=${history.last}`),
          wallet: await json(
            url,
            `/v1/wallets/${history.wallet}/operations?since=${history.first}&until=${history.last}`,
          ),
        }
      }),
    )
    expect(answers[0]?.assets.length).toBeGreaterThan(0)
    expect(answers[0]?.pool.stats.length).toBeGreaterThan(0)
    expect(answers[0]?.wallet.operations).toHaveLength(20)
    expect(answers[1]).toEqual(answers[0])
    expect(answers[2]).toEqual(answers[0])
  })

  test('a write shows on both replicas; a replica cannot write', async () => {
    const before = await json(replicas[0]?.url as string, '/v1/stats/dex')
    const [swap] = (
      await writer.store.scanOperations({ operationTypes: ['Swap'], success: true })
    ).slice(-1)
    if (swap === undefined) throw new Error('the history holds a successful swap')
    expect(await writer.store.insertOperations([{ ...swap, poolTxHash: 'e'.repeat(64) }])).toBe(1)
    for (const replica of replicas) {
      await expect
        .poll(async () => (await json(replica.url, '/v1/stats/dex')).stats.trades, {
          timeout: 10_000,
        })
        .toBe(before.stats.trades + 1)
    }
    const readOnly = await createPostgresStore({ url: databaseUrl, readOnly: true })
    try {
      await expect(readOnly.insertOperations([swap])).rejects.toSatisfy(
        (e) => e instanceof StoreError && e.code === 'STORE_READ_ONLY',
      )
    } finally {
      await readOnly.close()
    }
  })

  test('a replica stopped and started again answers its first request', async () => {
    const expected = await json(writer.url, '/v1/stats/dex')
    const old = replicas.shift()
    expect(await old?.stop()).toBe(0)
    replicas.unshift(await startReplica(databaseUrl))
    expect(await json(replicas[0]?.url as string, '/v1/stats/dex')).toEqual(expected)
  })
})

describe.skipIf(clusterUrl === undefined)('import --db postgres://…', () => {
  test('a snapshot imported into PostgreSQL serves the bodies it was captured from', async () => {
    const market = demoMarket()
    const demo = await setupService(market)
    const db = await createTestDatabase(clusterUrl as string)
    const dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-pg-import-'))
    let replica: RunningDatabaseServer | undefined
    try {
      const body = async (path: string) => (await demo.app.inject(path)).json()
      const file = join(dir, 'market.json')
      writeFileSync(
        file,
        JSON.stringify({
          routers: await body('/v1/routers'),
          assets: await body('/v1/assets'),
          pools: await body('/v1/pools'),
          farms: await body('/v1/farms'),
          jetton_wallets: market.jettonWallets.map((w) => ({
            owner_address: w.ownerAddress,
            jetton_address: w.jettonAddress,
            address: w.walletAddress,
          })),
        }),
      )
      const out: string[] = []
      expect(
        await runCli(['import', file, '--db', db.url], { out: (l) => out.push(l), env: {} }),
      ).toBe(0)
      expect(out.join('\n')).toContain(
        `${market.routers.length} routers, ${market.assets.length} assets, ${market.pools.length} pools, ${market.farms.length} farms`,
      )
      replica = await startDatabaseServer({
        databaseUrl: db.url,
        readOnly: true,
        host: '127.0.0.1',
        port: 0,
      })
      for (const path of ['/v1/routers', '/v1/assets', '/v1/pools', '/v1/farms', '/v1/markets']) {
        expect((await replica.app.inject(path)).json(), path).toEqual(await body(path))
      }
    } finally {
      await replica?.close()
      await demo.close()
      await db.drop()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('serve options naming a PostgreSQL database', () => {
  test('--db postgres://…, else DATABASE_URL; --read-only needs one', () => {
    const url = 'postgres://dex:pw@db:5432/dex'
    expect(parseServeOptions(['--db', url, '--read-only'], {})).toMatchObject({
      databaseUrl: url,
      readOnly: true,
    })
    expect(parseServeOptions([], { DATABASE_URL: url }).databaseUrl).toBe(url)
    expect(parseServeOptions(['--db', 'x.sqlite'], { DATABASE_URL: url }).databaseUrl).toBe(
      undefined,
    )
    expect(parseServeOptions([], {}).databaseUrl).toBeUndefined()
    expect(() => parseServeOptions(['--read-only'], {})).toThrow(/read-only/)
  })
})

describe('serve --read-only --chain-api', () => {
  const url = 'postgres://dex:pw@db:5432/dex'
  test('default: the TON API a replica asks, from --chain-api or CHAIN_API_URL, with --api-key and --rps', () => {
    const api = 'http://10.0.0.5:8080/api/v2/jsonRPC'
    expect(
      parseServeOptions(['--db', url, '--read-only', '--chain-api', api, '--rps', 'unlimited'], {})
        .chainApi,
    ).toEqual({ url: api, rps: Number.POSITIVE_INFINITY })
    expect(
      parseServeOptions(['--db', url, '--read-only'], {
        CHAIN_API_URL: 'https://toncenter.com/api/v2/jsonRPC',
        TONCENTER_API_KEY: 'k',
      }).chainApi,
    ).toEqual({ url: 'https://toncenter.com/api/v2/jsonRPC', apiKey: 'k' })
    // Only a replica asks one: a writer has its chain.
    expect(parseServeOptions(['--db', url], { CHAIN_API_URL: api }).chainApi).toBeUndefined()
    expect(parseServeOptions(['--db', url, '--read-only'], {}).chainApi).toBeUndefined()
    expect(() => parseServeOptions(['--db', url, '--chain-api', api], {})).toThrow(/chain-api/)
  })

  test('invalid: --chain-api not-a-url answers one line naming the option, exit 2', async () => {
    const errors: string[] = []
    const code = await runCli(['serve', '--db', url, '--read-only', '--chain-api', 'not-a-url'], {
      out: () => {},
      err: (line) => errors.push(line),
      env: {},
    })
    expect(code).toBe(2)
    const [first] = errors.join('\n').split('\n')
    expect(first).toMatch(/chain-api/)
    expect(first).toMatch(/http\(s\) URL/)
  })
})
