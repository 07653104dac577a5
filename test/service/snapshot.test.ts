import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { demoMarketFixture } from '../../demo/fixtures/demoMarketFixture.js'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import { createService } from '../../service/createService.js'
import { importSnapshot, importSnapshotFile } from '../../service/snapshot/importSnapshot.js'
import { SnapshotError } from '../../service/snapshot/SnapshotError.js'
import { createSqliteStore } from '../../store/sqlite/createSqliteStore.js'
import {
  demoAddresses,
  expectError,
  setupService,
  type TestService,
  url,
} from './_support/setupService.js'

const run = promisify(execFile)
const market = demoMarketFixture()
const { asset } = demoAddresses(market)
const ROOT = join(import.meta.dirname, '..', '..')

let dir: string
let demo: TestService
/** The demo market as the live API would serve it: the snapshot format. */
let snapshot: Record<string, unknown>

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-snapshot-'))
  demo = await setupService(market)
  const body = async (path: string) => (await demo.app.inject(path)).json()
  snapshot = {
    routers: await body('/v1/routers'),
    assets: await body('/v1/assets'),
    pools: await body('/v1/pools'),
    farms: await body('/v1/farms'),
    jetton_wallets: market.jettonWallets.map((w) => ({
      owner_address: w.ownerAddress,
      jetton_address: w.jettonAddress,
      address: w.walletAddress,
    })),
  }
})
afterAll(async () => {
  await demo.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('snapshot import', () => {
  test('default: a snapshot captured from the API serves the same bodies and simulations (CLI)', async () => {
    const file = join(dir, 'market.json')
    writeFileSync(file, JSON.stringify(snapshot))
    const db = join(dir, 'imported.sqlite')
    const { stdout } = await run(
      process.execPath,
      [join(ROOT, 'bin', 'ton-dex-lab.js'), 'import', file, '--db', db],
      { cwd: ROOT },
    )
    expect(stdout).toContain(
      `${market.routers.length} routers, ${market.assets.length} assets, ${market.pools.length} pools, ${market.farms.length} farms, ${market.jettonWallets.length} jetton wallets`,
    )
    const store = createSqliteStore({ path: db })
    const app = await createService({ store, docs: false })
    try {
      for (const path of ['/v1/routers', '/v1/assets', '/v1/pools', '/v1/farms', '/v1/markets']) {
        expect((await app.inject(path)).json()).toEqual((await demo.app.inject(path)).json())
      }
      const simulate = url('/v1/swap/simulate', {
        offer_address: asset('USDL'),
        ask_address: NATIVE_ADDRESS,
        units: '250000000',
        slippage_tolerance: '0.01',
      })
      const imported = await app.inject({ method: 'POST', url: simulate })
      expect(imported.statusCode).toBe(200)
      expect(imported.json()).toEqual(
        (await demo.app.inject({ method: 'POST', url: simulate })).json(),
      )
    } finally {
      await app.close()
      await store.close()
    }
  })

  test('behavior: all or nothing — a bad snapshot names the JSON path and changes nothing', async () => {
    const store = createSqliteStore({ path: ':memory:' })
    await importSnapshot(store, snapshot)
    const before = await store.listPools()
    const pools = structuredClone(
      (snapshot.pools as { pool_list: Record<string, unknown>[] }).pool_list,
    )
    ;(pools[3] as Record<string, unknown>).reserve0 = '-12'
    await expect(
      importSnapshot(store, { ...snapshot, pools: { pool_list: pools } }),
    ).rejects.toThrowError(
      new SnapshotError({
        path: '$.pools.pool_list[3].reserve0',
        problem: 'must be a non-negative integer (string of digits)',
      }),
    )
    expect(await store.listPools()).toEqual(before)
    await store.close()
  })

  test.each([
    [
      '$.routers: is required (the body of GET /v1/routers)',
      (s: Snapshot) => ({ ...s, routers: undefined }),
    ],
    [
      '$.assets.asset_list: must be an array',
      (s: Snapshot) => ({ ...s, assets: { asset_list: 'x' } }),
    ],
    [
      `$.assets.asset_list[1]: repeats ${NATIVE_ADDRESS}`,
      (s: Snapshot) =>
        edit(s, 'assets', 'asset_list', 1, {
          contract_address: (s.assets?.asset_list?.[0] as Row | undefined)?.contract_address,
        }),
    ],
    [
      '$.assets.asset_list[2].decimals: must be an integer from 0 to 255',
      (s: Snapshot) => edit(s, 'assets', 'asset_list', 2, { decimals: 300 }),
    ],
    [
      '$.routers.router_list[0].router_type: must be one of ConstantProduct, StableSwap, WeightedConstProduct, WeightedStableSwap, ConstantSum',
      (s: Snapshot) => edit(s, 'routers', 'router_list', 0, { router_type: 'Magic' }),
    ],
    [
      `$.pools.pool_list[0].router_address: router ${NATIVE_ADDRESS} is not in the snapshot`,
      (s: Snapshot) => edit(s, 'pools', 'pool_list', 0, { router_address: NATIVE_ADDRESS }),
    ],
    [
      '$.pools.pool_list[5].lp_fee: must be an integer from 0 to 100',
      (s: Snapshot) => edit(s, 'pools', 'pool_list', 5, { lp_fee: '101' }),
    ],
    [
      '$.pools.pool_list[1].token1_address: must be a TON address',
      (s: Snapshot) => edit(s, 'pools', 'pool_list', 1, { token1_address: 'EQ??' }),
    ],
    [
      '$.farms.farm_list[0].rewards[0].remaining_rewards: must be a non-negative integer (string of digits)',
      (s: Snapshot) =>
        edit(s, 'farms', 'farm_list', 0, {
          rewards: [{ status: 'active', remaining_rewards: 1.5 }],
        }),
    ],
    [
      '$.jetton_wallets[0].jetton_address: must be a TON address',
      (s: Snapshot) => ({
        ...s,
        jetton_wallets: [
          {
            owner_address: NATIVE_ADDRESS,
            jetton_address: NATIVE_ADDRESS.replace('M9c', 'M9d'),
            address: NATIVE_ADDRESS,
          },
        ],
      }),
    ],
  ])('behavior: rejects with %s', async (message, mutate) => {
    const store = createSqliteStore({ path: ':memory:' })
    await expect(importSnapshot(store, mutate(snapshot as Snapshot))).rejects.toThrow(message)
    expect(await store.isEmpty()).toBe(true)
    await store.close()
  })

  test('behavior: unreadable and non-JSON files are errors at $', async () => {
    const store = createSqliteStore({ path: ':memory:' })
    const bad = join(dir, 'bad.json')
    writeFileSync(bad, '{"routers": [')
    await expect(importSnapshotFile(store, bad)).rejects.toThrow(/^\$: is not valid JSON/)
    await expect(importSnapshotFile(store, join(dir, 'missing.json'))).rejects.toThrow(
      /^\$: cannot read/,
    )
    await store.close()
  })

  test('behavior: without wallet code or captured addresses, jetton wallets are a clean 422 / null', async () => {
    const store = createSqliteStore({ path: ':memory:' })
    await importSnapshot(store, { ...snapshot, jetton_wallets: undefined })
    const app = await createService({ store, docs: false })
    try {
      expectError(
        await app.inject(`/v1/jetton/${asset('USDL')}/address?owner_address=${NATIVE_ADDRESS}`),
        422,
        'JETTON_WALLET_UNKNOWN',
        'address',
      )
      const sim = await app.inject({
        method: 'POST',
        url: url('/v1/swap/simulate', {
          offer_address: NATIVE_ADDRESS,
          ask_address: asset('USDL'),
          units: '1000000000',
          slippage_tolerance: '0.01',
        }),
      })
      expect(sim.statusCode).toBe(200)
      expect(sim.json().ask_jetton_wallet).toBeNull()
      expect(sim.json().offer_jetton_wallet).toMatch(/^EQ/)
    } finally {
      await app.close()
      await store.close()
    }
  })

  test('behavior: the CLI reports a bad snapshot with exit code 1 and usage errors with 2', async () => {
    const file = join(dir, 'broken.json')
    writeFileSync(file, JSON.stringify({ routers: [], assets: [], pools: [{}] }))
    const db = join(dir, 'cli.sqlite')
    const cli = (args: string[]) =>
      run(process.execPath, [join(ROOT, 'bin', 'ton-dex-lab.js'), ...args], { cwd: ROOT }).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
      )
    const failed = await cli(['import', file, '--db', db])
    expect(failed.code).toBe(1)
    expect(failed.stderr).toContain(
      'Import failed, nothing changed: $.pools[0].address: must be a TON address',
    )
    expect((await cli(['import'])).code).toBe(2)
    expect((await cli(['frobnicate'])).code).toBe(2)
  })
})

type Row = Record<string, unknown>
type Snapshot = Record<string, Record<string, Row[]>>

function edit(s: Snapshot, section: string, wrapper: string, index: number, patch: Row): Snapshot {
  const list = structuredClone((s[section] as Record<string, Row[]>)[wrapper] as Row[])
  list[index] = { ...(list[index] as Row), ...patch }
  return { ...s, [section]: { [wrapper]: list } }
}
