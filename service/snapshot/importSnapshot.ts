import { readFileSync } from 'node:fs'
import type { MarketData } from '../../store/rows/MarketData.js'
import type { StoreWriter } from '../../store/Store.js'
import { parseSnapshot } from './parseSnapshot.js'
import { SnapshotError } from './SnapshotError.js'

/** How many rows an import stored. */
export type ImportSummary = {
  readonly routers: number
  readonly assets: number
  readonly pools: number
  readonly farms: number
  readonly jettonWallets: number
}

/**
 * Imports a market snapshot (see {@link parseSnapshot} for the format) into `store`, all or
 * nothing: the snapshot is validated completely first, then replaces the stored market (and
 * any per-wallet data, which referred to the old market) in one transaction. A bad snapshot
 * changes nothing.
 *
 * @example
 * ```ts
 * await importSnapshot(store, { routers: { router_list: [...] }, assets: { asset_list: [...] },
 *   pools: { pool_list: [...] } })
 * // { routers: 3, assets: 120, pools: 95, farms: 0, jettonWallets: 0 }
 * ```
 * @throws {SnapshotError} naming the JSONPath and the problem.
 */
export async function importSnapshot(store: StoreWriter, json: unknown): Promise<ImportSummary> {
  const market: MarketData = parseSnapshot(json)
  await store.replaceMarket(market)
  return {
    routers: market.routers.length,
    assets: market.assets.length,
    pools: market.pools.length,
    farms: market.farms.length,
    jettonWallets: market.jettonWallets.length,
  }
}

/**
 * Reads a snapshot file (JSON) and imports it with {@link importSnapshot}.
 *
 * @example
 * ```ts
 * await importSnapshotFile(store, './market.json')
 * ```
 * @throws {SnapshotError} for an unreadable file (path `$`), invalid JSON (path `$`, with the
 *   parser's position) or an invalid snapshot.
 */
export async function importSnapshotFile(store: StoreWriter, file: string): Promise<ImportSummary> {
  return importSnapshot(store, readSnapshotJson(file))
}

/**
 * Reads a snapshot file's JSON (what {@link importSnapshot} and a fork's `--fork-seed` take).
 *
 * @example
 * ```ts
 * readSnapshotJson('./market.json') // { routers: { router_list: [...] }, pools: { pool_list: [...] } }
 * ```
 * @throws {SnapshotError} for an unreadable file (path `$`) or invalid JSON (path `$`, with the
 *   parser's position).
 */
export function readSnapshotJson(file: string): unknown {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    throw new SnapshotError({ path: '$', problem: `cannot read ${file}`, cause: error })
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new SnapshotError({
      path: '$',
      problem: `is not valid JSON (${error instanceof Error ? error.message : String(error)})`,
      cause: error,
    })
  }
}
