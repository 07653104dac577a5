import type Database from 'better-sqlite3'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import { decodeAsset, decodeFarm, decodePool, decodeRouter } from '../codecs/referenceCodecs.js'
import { type ReferenceSnapshot, referenceSnapshot } from '../codecs/referenceSnapshot.js'
import { listedPools } from '../readModel/poolReadModel.js'
import type { IndexedPoolRow } from '../rows/indexerRows.js'

type DbRecord = Record<string, unknown>

/**
 * How long a copy is trusted before `PRAGMA data_version` is asked again (ms). Writes of this
 * connection invalidate at once; another process's commit shows within this delay.
 */
export const REVALIDATE_MS = 100

/**
 * An in-memory copy of the reference tables (routers, assets, pools, farms, jetton wallets),
 * the hot path of every route, with the pools as the REST API lists them: joined with the
 * indexer's pool states (`indexedPools`) by `listedPools`. It is reloaded whenever the database changed: after this
 * connection's own writes (`invalidate()`, at once) and, through SQLite's
 * `PRAGMA data_version`, after any other connection's commit (e.g. `ton-dex-lab import` while
 * the server runs), asked at most every {@link REVALIDATE_MS} ms. Rows are frozen: callers
 * share them.
 *
 * @example
 * ```ts
 * const cache = createReferenceCache(db, () => indexer.listIndexedPools())
 * cache.current().poolByAddress.get(address)
 * ```
 */
export function createReferenceCache(
  db: Database.Database,
  indexedPools: () => readonly IndexedPoolRow[],
) {
  const version = db.prepare('PRAGMA data_version')
  const sql = {
    routers: db.prepare('SELECT * FROM routers ORDER BY major_version, minor_version, address'),
    assets: db.prepare('SELECT * FROM assets ORDER BY address'),
    pools: db.prepare('SELECT * FROM pools ORDER BY address'),
    farms: db.prepare('SELECT * FROM farms ORDER BY minter_address'),
    farmRewards: db.prepare('SELECT * FROM farm_rewards ORDER BY farm_address, reward_index'),
    jettonWallets: db.prepare('SELECT * FROM jetton_wallets'),
  }
  let snapshot: ReferenceSnapshot | undefined
  let loadedAt: unknown
  let checkedAt = Number.NEGATIVE_INFINITY

  const load = (): ReferenceSnapshot => {
    const routers = (sql.routers.all() as DbRecord[]).map((r) => Object.freeze(decodeRouter(r)))
    const assets = (sql.assets.all() as DbRecord[]).map((r) => Object.freeze(decodeAsset(r)))
    const routerByAddress = new Map(routers.map((r) => [r.address, r]))
    const pools = listedPools({
      reference: (sql.pools.all() as DbRecord[]).map(decodePool),
      indexed: indexedPools(),
      routers: routerByAddress,
      assets: new Set([NATIVE_ADDRESS, ...assets.map((a) => a.address)]),
    }).map((p) => Object.freeze(p))
    const rewards = new Map<unknown, DbRecord[]>()
    for (const reward of sql.farmRewards.all() as DbRecord[]) {
      const list = rewards.get(reward.farm_address)
      if (list === undefined) rewards.set(reward.farm_address, [reward])
      else list.push(reward)
    }
    const farms = (sql.farms.all() as DbRecord[]).map((r) =>
      Object.freeze(decodeFarm(r, rewards.get(r.minter_address) ?? [])),
    )
    const jettonWallets = sql.jettonWallets.all() as DbRecord[]
    return referenceSnapshot({ routers, assets, pools, farms, jettonWallets })
  }

  return {
    /** The reference data as of now, reloaded if the database changed. */
    current(): ReferenceSnapshot {
      const now = performance.now()
      if (snapshot !== undefined && now - checkedAt < REVALIDATE_MS) return snapshot
      checkedAt = now
      const dataVersion = (version.get() as { data_version: unknown }).data_version
      if (snapshot === undefined || dataVersion !== loadedAt) {
        snapshot = load()
        loadedAt = dataVersion
      }
      return snapshot
    },
    /** Drops the copy after this connection wrote. */
    invalidate(): void {
      snapshot = undefined
    },
  }
}
