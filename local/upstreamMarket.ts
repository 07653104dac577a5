import type { PoolKind } from '../core/pool/PoolState.js'
import type { PoolToAdopt } from '../indexer/follow/adoptPools.js'
import { NATIVE_ADDRESS } from '../protocol/nativeAddress.js'
import { parseSnapshot } from '../service/snapshot/parseSnapshot.js'
import { SnapshotError } from '../service/snapshot/SnapshotError.js'
import { ROUTER_TYPE_OF_KIND } from '../store/readModel/poolReadModel.js'
import type { MarketData } from '../store/rows/MarketData.js'
import type { AssetRow, RouterRow } from '../store/rows/referenceRows.js'
import { FatalSourceError } from '../upstream/errors.js'
import type { TonApiClient } from '../upstream/tonApiClient.js'
import type { BlockId } from '../upstream/tonApiWire.js'
import { withRetries } from '../upstream/withRetries.js'

/**
 * What the nodes built on another chain (`serve --follow`, `serve --fork`) take from the
 * upstream's own REST API when its origin serves a STON.fi-compatible one (a ton-dex-lab, or
 * STON.fi's hosted API): the routers, the assets' reference data and the pool list, and what
 * a router's wallets stand for.
 * @module
 */

/**
 * STON.fi's public REST API: the published routers and assets of the mainnet exchange.
 *
 * @example
 * ```ts
 * createTonApiClient({ url: STONFI_API, rps: 1 }).origin // 'https://api.ston.fi'
 * ```
 */
export const STONFI_API = 'https://api.ston.fi'

/** TON mainnet's `global_id` (ConfigParam 19, in every block header). */
const MAINNET_GLOBAL_ID = -239

/**
 * The routers and assets of the upstream's REST API (`GET /v1/routers`, `/v1/assets`) as a
 * market without pools (reference data: what the chain cannot say), when its
 * origin serves a STON.fi-compatible one; `undefined` when it does not (refused, or not this
 * API's shape: a plain TON API). A jetton's popularity is left out (an index derives its own from
 * the swaps it indexes); the native coin's is kept.
 *
 * @example
 * ```ts
 * const reference = await upstreamReference(client) // U is a ton-dex-lab
 * reference?.routers.length // 4
 * ```
 * @throws {RetryableSourceError} when the upstream keeps failing after the retries.
 */
export async function upstreamReference(client: TonApiClient): Promise<MarketData | undefined> {
  try {
    return await withRetries(
      async () => {
        const routers = await client.get('/v1/routers')
        const assets = await client.get('/v1/assets')
        const market = parseSnapshot({ routers, assets, pools: [] })
        return {
          ...market,
          assets: market.assets.map((a) =>
            a.kind === 'Ton' ? a : { ...a, popularityIndex: null },
          ),
        }
      },
      { onRetry: () => client.noteRetry() },
    )
  } catch (error) {
    // Refused or not this API's shape: the upstream is a plain TON API.
    if (error instanceof FatalSourceError || error instanceof SnapshotError) return undefined
    throw error
  }
}

/**
 * The pools the upstream's REST API lists (`GET /v1/pools`) on `routers`, with their DEX version
 * and kind (their router's type): what a node starting on a chain that already has them adopts.
 *
 * @example
 * ```ts
 * const pools = await upstreamPools(client, reference.routers)
 * pools[0] // { address: 'EQ…', routerAddress: 'EQ…', dex: 'v2', kind: 'stableswap' }
 * ```
 * @throws {RetryableSourceError} / {FatalSourceError} as the client does.
 */
export async function upstreamPools(
  client: TonApiClient,
  routers: readonly RouterRow[],
): Promise<PoolToAdopt[]> {
  const byAddress = new Map(routers.map((r) => [r.address, r]))
  const answer = await withRetries(
    () =>
      client.get<{
        pool_list?: {
          address: string
          router_address: string
          token0_address?: string
          token1_address?: string
        }[]
      }>('/v1/pools'),
    { onRetry: () => client.noteRetry() },
  )
  const pools: PoolToAdopt[] = []
  for (const p of answer.pool_list ?? []) {
    const router = byAddress.get(p.router_address)
    const pool = router === undefined ? undefined : poolOfRouter(router, p.address)
    const tokens =
      typeof p.token0_address === 'string' && typeof p.token1_address === 'string'
        ? ([p.token0_address, p.token1_address] as const)
        : undefined
    if (pool !== undefined) pools.push(tokens === undefined ? pool : { ...pool, tokens })
  }
  return pools
}

/**
 * A pool of `router` as {@link adoptPools} takes it: DEX v1 routers make constant-product pools,
 * a DEX v2 router the kind of its type; `undefined` for a type of no known kind.
 *
 * @example
 * ```ts
 * poolOfRouter({ ...v2Router, routerType: 'StableSwap' }, 'EQ…pool')
 * // { address: 'EQ…pool', routerAddress: v2Router.address, dex: 'v2', kind: 'stableswap' }
 * ```
 */
export function poolOfRouter(router: RouterRow, address: string): PoolToAdopt | undefined {
  const kind =
    router.majorVersion === 1 ? 'constant_product' : KIND_OF_ROUTER_TYPE.get(router.routerType)
  if (kind === undefined) return undefined
  return {
    address,
    routerAddress: router.address,
    dex: router.majorVersion === 1 ? 'v1' : 'v2',
    kind,
  }
}

/** The pool kind each router type makes. */
const KIND_OF_ROUTER_TYPE = new Map(
  Object.entries(ROUTER_TYPE_OF_KIND).map(([kind, type]) => [type, kind as PoolKind]),
)

/**
 * The asset behind each router's wallet of each jetton of `assets` (`walletOf(jetton, router)`:
 * the minter's `get_wallet_address`, asked wherever the node reads the chain), and the routers'
 * proxy-TON wallets as the native coin: a pool's operations name their assets even when a side's
 * router wallet is deployed only after the pool (a DEX v2 pool that `set_params` created before
 * its first provision).
 *
 * @example
 * ```ts
 * const wallets = await routerWalletAssets(routers, assets, (jetton, owner) => reader.jettonWalletAddress(jetton, owner))
 * wallets.get(v2Router.ptonWalletAddress) // NATIVE_ADDRESS
 * ```
 */
export async function routerWalletAssets(
  routers: readonly RouterRow[],
  assets: readonly AssetRow[],
  walletOf: (jetton: string, owner: string) => Promise<string | undefined>,
): Promise<Map<string, string>> {
  const map = new Map<string, string>()
  for (const router of routers) {
    map.set(router.ptonWalletAddress, NATIVE_ADDRESS)
    for (const asset of assets) {
      if (asset.kind !== 'Jetton') continue
      const wallet = await walletOf(asset.address, router.address)
      if (wallet !== undefined) map.set(wallet, asset.address)
    }
  }
  return map
}

/**
 * Whether the upstream's chain is TON mainnet (its last block's header says `global_id` −239);
 * an upstream that refuses the question is not.
 *
 * @example
 * ```ts
 * await isMainnet(createTonApiClient({ url: 'https://toncenter.com/api/v2/jsonRPC' })) // true
 * ```
 */
export async function isMainnet(client: TonApiClient): Promise<boolean> {
  try {
    return await withRetries(
      async () => {
        const { last } = await client.call<{ last: BlockId }>('getMasterchainInfo', {})
        const header = await client.call<{ global_id?: number }>('getBlockHeader', last)
        return header.global_id === MAINNET_GLOBAL_ID
      },
      { onRetry: () => client.noteRetry() },
    )
  } catch (error) {
    if (error instanceof FatalSourceError) return false
    throw error
  }
}
