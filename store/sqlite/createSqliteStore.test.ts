import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { demoMarketFixture } from '../../demo/fixtures/demoMarketFixture.js'
import { fuzz } from '../../test/_support/fuzz.js'
import type { OperationRow } from '../rows/historyRows.js'
import type { MarketData } from '../rows/MarketData.js'
import { StoreError } from '../StoreError.js'
import { createSqliteStore } from './createSqliteStore.js'
import { migrate } from './migrate.js'
import { MIGRATIONS } from './migrations.js'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ton-dex-lab-store-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const market = demoMarketFixture()

describe('createSqliteStore', () => {
  test('default: creates the file and its directory, migrates, turns WAL and foreign keys on', async () => {
    const path = join(dir, 'nested', 'db.sqlite')
    const store = createSqliteStore({ path })
    expect(await store.isEmpty()).toBe(true)
    await store.close()
    const db = new Database(path)
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    const names = (
      db.prepare('SELECT name FROM schema_migrations ORDER BY name').all() as {
        name: string
      }[]
    ).map((r) => r.name)
    expect(names).toEqual(MIGRATIONS.map((m) => m.name))
    db.close()
  })

  test('behavior: reopening applies nothing; a newer database is refused', () => {
    const path = join(dir, 'db.sqlite')
    const db = new Database(path)
    expect(migrate(db)).toHaveLength(MIGRATIONS.length)
    expect(migrate(db)).toEqual([])
    db.prepare("INSERT INTO schema_migrations VALUES ('2999_01_01_0_future', 'x')").run()
    db.close()
    expect(() => createSqliteStore({ path })).toThrowError(
      expect.objectContaining({ code: 'STORE_MIGRATION' }),
    )
  })

  test('behavior: migration names are dated, unique and in order', () => {
    const names = MIGRATIONS.map((m) => m.name)
    expect(new Set(names).size).toBe(names.length)
    expect([...names].sort()).toEqual(names)
    for (const name of names) expect(name).toMatch(/^\d{4}_\d{2}_\d{2}_\d+_[a-z0-9_]+$/)
  })

  test('behavior: the whole demo market round-trips exactly', async () => {
    const store = createSqliteStore({ path: ':memory:' })
    await store.replaceMarket(market)
    expect(await store.listRouters()).toEqual(
      sortBy(market.routers, (r) => [r.majorVersion, r.minorVersion, r.address]),
    )
    expect(await store.listAssets()).toEqual(sortBy(market.assets, (a) => [a.address]))
    expect(await store.listPools()).toEqual(sortBy(market.pools, (p) => [p.address]))
    expect(await store.listFarms()).toEqual(sortBy(market.farms, (f) => [f.minterAddress]))
    const wallet = market.balances[0]?.walletAddress as string
    expect(await store.listBalances(wallet)).toEqual(
      sortBy(
        market.balances.filter((b) => b.walletAddress === wallet),
        (b) => [b.assetAddress],
      ),
    )
    for (const position of market.lpPositions) {
      expect(await store.getLpPosition(position.walletAddress, position.poolAddress)).toEqual(
        position,
      )
    }
    for (const stake of market.stakes) {
      // NFTs come back ordered by address.
      const nfts = sortBy(stake.nfts, (n) => [n.address])
      expect(await store.getStake(stake.walletAddress)).toEqual({ ...stake, nfts })
    }
    const nft = market.farmNfts[0]
    // Its rewards come back in the farm's pool order, as written (not by address).
    expect(
      (await store.listFarmNfts(nft?.ownerAddress as string)).find(
        (n) => n.address === nft?.address,
      ),
    ).toEqual(nft)
    expect(nft?.rewards.map((r) => r.address)).not.toEqual(
      sortBy(nft?.rewards ?? [], (r) => [r.address]).map((r) => r.address),
    )
    const vault = market.feeVaults[0]
    expect(await store.listFeeVaults(vault?.ownerAddress as string)).toContainEqual(vault)
    expect(await store.getPool('EQ-unknown')).toBeUndefined()
    await store.close()
  })

  test('behavior: amounts are TEXT of raw integers in the database, never REAL', async () => {
    const path = join(dir, 'db.sqlite')
    const store = createSqliteStore({ path })
    await store.replaceMarket(market)
    await store.close()
    const db = new Database(path)
    const types = db
      .prepare('SELECT DISTINCT typeof(reserve0) AS t0, typeof(lp_total_supply) AS t1 FROM pools')
      .all()
    expect(types).toEqual([{ t0: 'text', t1: 'text' }])
    const reals = db
      .prepare(
        "SELECT count(*) AS n FROM pragma_table_info('pools') WHERE type = 'REAL' AND name <> 'popularity_index'",
      )
      .get()
    expect(reals).toEqual({ n: 0 })
    db.close()
  })

  test('behavior: a market with a dangling reference changes nothing', async () => {
    const store = createSqliteStore({ path: ':memory:' })
    await store.replaceMarket(market)
    const before = await store.listPools()
    const broken: MarketData = {
      ...market,
      pools: [
        ...market.pools,
        {
          ...(market.pools[0] as MarketData['pools'][number]),
          address: 'EQ-new',
          routerAddress: 'EQ-missing',
        },
      ],
    }
    await expect(store.replaceMarket(broken)).rejects.toSatisfy(
      (e) => e instanceof StoreError && e.code === 'STORE_INTEGRITY',
    )
    expect(await store.listPools()).toEqual(before)
    await expect(
      store.replaceMarket({
        ...market,
        assets: [...market.assets, market.assets[0] as MarketData['assets'][number]],
      }),
    ).rejects.toThrow(StoreError)
    expect(await store.listPools()).toEqual(before)
    await store.close()
  })

  test('property: any Coins-sized reserve and supply round-trip exactly', async () => {
    const store = createSqliteStore({ path: ':memory:' })
    const base = market.pools[0] as MarketData['pools'][number]
    const coins = fc.bigInt({ min: 0n, max: (1n << 120n) - 1n })
    await fc.assert(
      fc.asyncProperty(coins, coins, coins, async (reserve0, reserve1, lpTotalSupply) => {
        const pool = { ...base, reserve0, reserve1, lpTotalSupply }
        await store.replaceMarket({ ...market, pools: [pool, ...market.pools.slice(1)] })
        expect(await store.getPool(base.address)).toEqual(pool)
      }),
      fuzz({ numRuns: 50 }),
    )
    await store.close()
  })

  test('behavior: operations insert once, filter, order, and keep signed deltas; cursors persist', async () => {
    const store = createSqliteStore({ path: ':memory:' })
    const op = (hash: string, lt: bigint, timestamp: string, wallet: string): OperationRow => ({
      poolTxHash: hash,
      poolAddress: 'EQpool',
      routerAddress: 'EQrouter',
      poolTxLt: lt,
      poolTxTimestamp: timestamp,
      destinationWalletAddress: wallet,
      operationType: 'Swap',
      success: true,
      exitCode: 'swap_ok',
      asset0Address: 'EQa',
      asset0Amount: 1_000_000_000n,
      asset0Delta: 1_000_000_000n,
      asset0Reserve: 1_001_000_000_000n,
      asset1Address: 'EQb',
      asset1Amount: 1_992_015_968n,
      asset1Delta: -1_994_009_978n,
      asset1Reserve: 1_998_005_990_022n,
      lpTokenDelta: 0n,
      lpTokenSupply: 1_414_213_562_373n,
      feeAssetAddress: 'EQb',
      lpFeeAmount: 2_000_000n,
      protocolFeeAmount: 1_994_010n,
      referralFeeAmount: 0n,
      referralAddress: null,
      walletAddress: wallet,
      walletTxHash: `w${hash}`,
      walletTxLt: lt - 1n,
      walletTxTimestamp: timestamp,
    })
    const a = op('aa', 1000n, '2026-11-01T10:00:00', 'EQalice')
    const b = op('bb', 999n, '2026-11-01T10:00:00', 'EQbob')
    const c = op('cc', 5000n, '2026-11-02T10:00:00', 'EQalice')
    expect(await store.insertOperations([a, b, c])).toBe(3)
    expect(await store.insertOperations([a])).toBe(0)
    expect(await store.listOperations({})).toEqual([b, a, c])
    expect(
      await store.listOperations({ walletAddress: 'EQalice', until: '2026-11-01T23:59:59' }),
    ).toEqual([a])
    expect(await store.listOperations({ operationTypes: ['AddLiquidity'] })).toEqual([])
    expect(await store.getCursor('indexer')).toBeUndefined()
    await store.setCursor('indexer', '42')
    await store.setCursor('indexer', '43')
    expect(await store.getCursor('indexer')).toBe('43')
    await store.close()
  })
})

function sortBy<T>(rows: readonly T[], key: (row: T) => (string | number)[]): T[] {
  return [...rows].sort((x, y) => {
    const kx = key(x)
    const ky = key(y)
    for (let i = 0; i < kx.length; i++) {
      const a = kx[i] as string | number
      const b = ky[i] as string | number
      if (a !== b) return a < b ? -1 : 1
    }
    return 0
  })
}
