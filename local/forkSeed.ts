import { NATIVE_ADDRESS } from '../protocol/nativeAddress.js'
import { readSnapshotJson } from '../service/snapshot/importSnapshot.js'
import { address, childPath, readObject, wrappedList } from '../service/snapshot/jsonReader.js'
import { parseSnapshot } from '../service/snapshot/parseSnapshot.js'
import type { MarketData } from '../store/rows/MarketData.js'

/**
 * A fork's market seed (`serve --fork <url> --fork-seed <market.json>`), parsed: the routers,
 * the assets and the pools to adopt, in `ton-dex-lab import`'s format. The assets section may
 * leave out assets the pools name: those are in {@link ForkSeed.market} as placeholders (the
 * address's tail as the symbol, 9 decimals) listed in {@link ForkSeed.unlistedAssets}, to be
 * named from the jetton's TEP-64 metadata on the forked chain.
 *
 * @example
 * ```ts
 * const seed: ForkSeed = { path: './market.json', market, unlistedAssets: ['EQ…STON minter'] }
 * ```
 */
export type ForkSeed = {
  readonly path: string
  readonly market: MarketData
  readonly unlistedAssets: readonly string[]
}

/**
 * Parses a fork's market seed with `ton-dex-lab import`'s parser (`parseSnapshot`: the bodies of
 * `GET /v1/routers`, `/v1/assets`, `/v1/pools`, …, in one JSON object), except that `assets` may
 * be absent or miss assets the pools name (see {@link ForkSeed}).
 *
 * @example
 * ```ts
 * const { market, unlistedAssets } = parseForkSeed({ routers: { router_list: [v2] }, pools: [pool] })
 * unlistedAssets // [pool.token0_address, pool.token1_address] (the native coin included only as TON)
 * ```
 * @throws {SnapshotError} naming the JSONPath and the problem of the first bad value.
 */
export function parseForkSeed(json: unknown): Omit<ForkSeed, 'path'> {
  const root = readObject(json, '$')
  const assets = wrappedList(root, 'assets', 'asset_list', { optional: true })
  const listed = new Set(
    assets.items.map((item, i) =>
      address(readObject(item, childPath(assets.path, i)), 'contract_address'),
    ),
  )
  const pools = wrappedList(root, 'pools', 'pool_list', { optional: true })
  const unlisted: string[] = []
  pools.items.forEach((item, i) => {
    const pool = readObject(item, childPath(pools.path, i))
    for (const key of ['token0_address', 'token1_address']) {
      const asset = address(pool, key)
      if (!listed.has(asset)) {
        listed.add(asset)
        unlisted.push(asset)
      }
    }
  })
  const placeholders = unlisted.map((asset) =>
    asset === NATIVE_ADDRESS
      ? {
          contract_address: asset,
          symbol: 'TON',
          display_name: 'Toncoin',
          decimals: 9,
          kind: 'Ton',
        }
      : { contract_address: asset, symbol: asset.slice(-6), decimals: 9, kind: 'Jetton' },
  )
  // The assets as written (bare or wrapped, so the parser's paths are the file's), then the
  // placeholders; a seed without pools has an empty pool list.
  const assetItems = [...assets.items, ...placeholders]
  const market = parseSnapshot({
    ...root.value,
    assets: assets.path.endsWith('.asset_list') ? { asset_list: assetItems } : assetItems,
    pools: root.value.pools ?? [],
  })
  return { market, unlistedAssets: unlisted.filter((a) => a !== NATIVE_ADDRESS) }
}

/**
 * Reads and parses a fork's market seed file ({@link parseForkSeed}).
 *
 * @example
 * ```ts
 * readForkSeed('./market.json').market.pools.length // 12
 * ```
 * @throws {SnapshotError} for an unreadable file or invalid JSON (path `$`), or a bad seed.
 */
export function readForkSeed(path: string): ForkSeed {
  return { path, ...parseForkSeed(readSnapshotJson(path)) }
}
