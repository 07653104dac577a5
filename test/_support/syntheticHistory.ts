/**
 * A realistic, deterministic exchange history written through the store's own write path (the
 * indexer's `applyIndexBatch`, which rolls operations up in the same transaction): many pools on
 * a DEX v1 and a DEX v2 router, a hot set of wallets plus a long tail, referrers with a skewed
 * share of swaps, failed swaps, liquidity operations, vault withdrawals, and timestamps spread
 * evenly over `days` days. Amounts are plausible, not the output of the pool math: statistics
 * only sum them. One indexed transaction per batch (its newest pool transaction) marks the
 * latest block. Used by the SQL-statistics correctness test (small) and `npm run bench:store`
 * (up to 10 M operations).
 * @module
 */
import { Address } from '@ton/core'
import { NATIVE_ADDRESS } from '../../protocol/nativeAddress.js'
import { isoSeconds, unixSeconds } from '../../protocol/timeText.js'
import type { OperationRow, OperationType } from '../../store/rows/historyRows.js'
import type { FeeWithdrawalRow, IndexedPoolRow } from '../../store/rows/indexerRows.js'
import type { AssetRow, RouterRow } from '../../store/rows/referenceRows.js'
import type { Store } from '../../store/Store.js'

/** The native coin's zero address (`protocol/nativeAddress.ts`). */
export const TON_ADDRESS = NATIVE_ADDRESS

/** Options of {@link writeSyntheticHistory}. */
export type SyntheticHistoryOptions = {
  readonly operations: number
  readonly pools?: number
  readonly wallets?: number
  readonly referrers?: number
  /** Days of history, ending at `end` (default 365). */
  readonly days?: number
  /** The newest timestamp (default 2026-11-01T00:00:00). */
  readonly end?: string
  readonly seed?: number
  /** Operations per store transaction (default 20 000). */
  readonly batch?: number
  /** Operations of the planted wallet in the last 30 days (default 400, fewer on tiny histories). */
  readonly walletOperations?: number
  readonly onProgress?: (written: number) => void
}

/** What {@link writeSyntheticHistory} wrote. */
export type SyntheticHistory = {
  readonly usd: { readonly address: string; readonly decimals: number }
  readonly pools: readonly IndexedPoolRow[]
  readonly referrers: readonly string[]
  /** A wallet with `walletOperations` operations in the last 30 days. */
  readonly wallet: string
  /** Timestamps of the first and last operation. */
  readonly first: string
  readonly last: string
}

/**
 * Writes a synthetic history into `store` (routers and assets as reference data, indexed pools,
 * operations, withdrawals) and describes it.
 *
 * @example
 * ```ts
 * const history = await writeSyntheticHistory(store, { operations: 1500, seed: 7 })
 * history.pools.length // 24
 * ```
 */
export async function writeSyntheticHistory(
  store: Store,
  options: SyntheticHistoryOptions,
): Promise<SyntheticHistory> {
  const random = mulberry32(options.seed ?? 1)
  const int = (n: number) => Math.floor(random() * n)
  const hex = () => {
    let out = ''
    for (let i = 0; i < 8; i++) out += ((random() * 2 ** 32) >>> 0).toString(16).padStart(8, '0')
    return out
  }
  const address = () => {
    const hash = Buffer.alloc(32)
    for (let i = 0; i < 32; i += 4) hash.writeUInt32LE((random() * 2 ** 32) >>> 0, i)
    return new Address(0, hash).toString()
  }
  const n = options.operations
  const poolCount = options.pools ?? Math.max(8, Math.min(400, Math.round(Math.sqrt(n) / 8)))
  const walletCount = options.wallets ?? Math.max(50, Math.min(300_000, Math.round(n / 30)))
  const referrerCount = options.referrers ?? Math.max(3, Math.min(200, Math.round(n / 50_000)))
  const days = options.days ?? 365
  const endSeconds = unixSeconds(options.end ?? '2026-11-01T00:00:00')
  const startSeconds = endSeconds - days * 86_400
  const batchSize = options.batch ?? 20_000

  const routers: RouterRow[] = [1, 2].map((major) => ({
    address: address(),
    majorVersion: major,
    minorVersion: major === 1 ? 0 : 2,
    routerType: 'ConstantProduct',
    ptonMasterAddress: address(),
    ptonWalletAddress: address(),
    ptonVersion: major === 1 ? '1.0' : '2.1',
    poolCreationEnabled: major === 2,
  }))
  const usd = { address: address(), decimals: 6 }
  const jettonCount = Math.max(4, Math.round(poolCount / 3))
  const assets: AssetRow[] = [
    asset(TON_ADDRESS, 'TON', 9, 'Ton'),
    asset(usd.address, 'USDT', 6, 'Jetton'),
    ...Array.from({ length: jettonCount }, (_, i) =>
      asset(address(), `JET${i}`, i % 5 === 0 ? 6 : 9, 'Jetton'),
    ),
  ]
  const decimalsOf = new Map(assets.map((a) => [a.address, a.decimals]))
  // Every pool trades against TON or USDT (how real volume is shaped), a few TON/USDT pools.
  const pools: IndexedPoolRow[] = []
  for (let i = 0; i < poolCount; i++) {
    const router = routers[i % 2] as RouterRow
    const quote = i % 3 === 0 ? usd.address : TON_ADDRESS
    const base =
      i < 2
        ? quote === TON_ADDRESS
          ? usd.address
          : TON_ADDRESS
        : (assets[2 + int(jettonCount)] as AssetRow).address
    const [asset0, asset1] = random() < 0.5 ? [base, quote] : [quote, base]
    const units = (a: string, whole: number) =>
      BigInt(Math.round(whole)) * 10n ** BigInt(decimalsOf.get(a) ?? 9)
    pools.push({
      address: address(),
      routerAddress: router.address,
      dex: router.majorVersion === 1 ? 'v1' : 'v2',
      kind: 'constant_product',
      ...{ amp: 0n, w0: 0n, rate: 0n },
      protocolFeeAddress: null,
      wallet0: address(),
      wallet1: address(),
      asset0Address: asset0,
      asset1Address: asset1,
      reserve0: units(asset0, 1e4 + random() * 1e6),
      reserve1: units(asset1, 1e4 + random() * 1e6),
      totalSupply: 10n ** 15n + BigInt(int(1e9)),
      lpFee: 20n,
      protocolFee: 10n,
      refFee: 10n,
      collected0: 0n,
      collected1: 0n,
    })
  }
  const wallets = Array.from({ length: walletCount }, address)
  const hot = Math.max(1, Math.round(walletCount / 100))
  const referrers = Array.from({ length: referrerCount }, address)
  const plantedWallet = wallets[0] as string
  const lastMonth = Math.round((n * Math.min(30, days)) / days)
  const planted = Math.min(options.walletOperations ?? 400, Math.floor(lastMonth / 2))
  const plantEvery = planted > 0 ? Math.floor(lastMonth / planted) : Number.POSITIVE_INFINITY

  await store.replaceMarket({
    routers,
    assets,
    pools: [],
    farms: [],
    jettonWallets: [],
    balances: [],
    lpPositions: [],
    farmNfts: [],
    stakes: [],
    feeVaults: [],
  })

  const iso = isoSeconds
  const span = endSeconds - startSeconds
  let first = ''
  let last = ''
  for (let from = 0; from < n; from += batchSize) {
    const operations: OperationRow[] = []
    const feeWithdrawals: FeeWithdrawalRow[] = []
    const to = Math.min(n, from + batchSize)
    for (let i = from; i < to; i++) {
      const seconds = startSeconds + Math.floor(((i + random()) * span) / n)
      const timestamp = iso(Math.min(endSeconds, seconds))
      const lt = 1_000_000n + BigInt(i) * 10n
      const pool = pools[
        Math.min(poolCount - 1, Math.floor(random() ** 2 * poolCount))
      ] as IndexedPoolRow
      const inLastMonth = i >= n - lastMonth
      const wallet =
        inLastMonth &&
        (i - (n - lastMonth)) % plantEvery === 0 &&
        (i - (n - lastMonth)) / plantEvery < planted
          ? plantedWallet
          : (wallets[1 + (random() < 0.5 ? int(hot) : int(walletCount - 1))] as string)
      operations.push(operation(pool, wallet, timestamp, lt))
      if (random() < 0.001) {
        const owner = referrers[int(referrerCount)] as string
        feeWithdrawals.push({
          vaultAddress: address(),
          ownerAddress: owner,
          assetAddress: random() < 0.5 ? TON_ADDRESS : usd.address,
          routerAddress: (routers[1] as RouterRow).address,
          amount: BigInt(1 + int(1e9)),
          operationWalletAddress: owner,
          success: random() < 0.95,
          exitCode: 'ok',
          vaultTxHash: hex(),
          vaultTxLt: lt + 5n,
          vaultTxTimestamp: timestamp,
        })
      }
    }
    const newest = operations.at(-1) as OperationRow
    if (first === '') first = (operations[0] as OperationRow).poolTxTimestamp
    last = newest.poolTxTimestamp
    await store.applyIndexBatch({
      transactions: [
        {
          hash: newest.poolTxHash,
          lt: newest.poolTxLt,
          timestamp: newest.poolTxTimestamp,
          account: newest.poolAddress,
          originHash: newest.walletTxHash,
          parentHash: null,
          kind: 'v2.swap',
          queryId: 0n,
          sourceAddress: newest.routerAddress,
          aborted: false,
          computeExitCode: 0,
          resultCode: newest.exitCode,
          action: null,
        },
      ],
      operations,
      pools: from === 0 ? pools : [],
      feeWithdrawals,
      links: [],
      cursor: { name: 'synthetic', value: `${newest.poolTxLt}:${newest.poolTxHash}` },
    })
    options.onProgress?.(to)
  }
  return { usd, pools, referrers, wallet: plantedWallet, first, last }

  function operation(
    pool: IndexedPoolRow,
    wallet: string,
    timestamp: string,
    lt: bigint,
  ): OperationRow {
    const roll = random()
    const type: OperationType =
      roll < 0.86
        ? 'Swap'
        : roll < 0.91
          ? 'AddLiquidity'
          : roll < 0.94
            ? 'WithdrawLiquidity'
            : roll < 0.98
              ? 'SendLiquidity'
              : roll < 0.99
                ? 'RefundLiquidity'
                : 'CollectFees'
    const success = random() < 0.95
    const offer0 = random() < 0.5
    const scale = (reserve: bigint) => (reserve * BigInt(1 + int(10_000))) / 10_000_000n + 1n
    const amount0 = scale(pool.reserve0)
    const amount1 = scale(pool.reserve1)
    let delta0 = 0n
    let delta1 = 0n
    let lpFee = 0n
    let protocolFee = 0n
    let referralFee = 0n
    let referral: string | null = null
    let feeAsset: string | null = null
    let exitCode = success ? 'ok' : 'failed'
    if (type === 'Swap') {
      exitCode = success ? 'swap_ok' : 'swap_refund_slippage'
      feeAsset = offer0 ? pool.asset1Address : pool.asset0Address
      const ask = offer0 ? amount1 : amount0
      lpFee = (ask * 20n) / 10_000n
      protocolFee = (ask * 10n) / 10_000n
      if (random() < 0.3) {
        // A few referrers bring most referred volume.
        referral = referrers[Math.floor(random() ** 3 * referrers.length)] as string
        referralFee = (ask * 10n) / 10_000n
        exitCode = success ? 'swap_ok_ref' : exitCode
      }
      if (success && offer0) {
        delta0 = amount0
        delta1 = -(amount1 + protocolFee + referralFee)
      } else if (success) {
        delta0 = -(amount0 + protocolFee + referralFee)
        delta1 = amount1
      } else {
        lpFee = 0n
        protocolFee = 0n
        referralFee = 0n
      }
    } else if (type === 'AddLiquidity' && success) {
      delta0 = amount0
      delta1 = amount1
    } else if (type === 'WithdrawLiquidity' && success) {
      delta0 = -amount0
      delta1 = -amount1
    }
    return {
      poolTxHash: hex(),
      poolAddress: pool.address,
      routerAddress: pool.routerAddress,
      poolTxLt: lt,
      poolTxTimestamp: timestamp,
      destinationWalletAddress: wallet,
      operationType: type,
      success,
      exitCode,
      asset0Address: pool.asset0Address,
      asset0Amount: amount0,
      asset0Delta: delta0,
      asset0Reserve: pool.reserve0 + delta0,
      asset1Address: pool.asset1Address,
      asset1Amount: amount1,
      asset1Delta: delta1,
      asset1Reserve: pool.reserve1 + delta1,
      lpTokenDelta:
        type === 'AddLiquidity' ? amount0 : type === 'WithdrawLiquidity' ? -amount0 : 0n,
      lpTokenSupply: pool.totalSupply,
      feeAssetAddress: feeAsset,
      lpFeeAmount: lpFee,
      protocolFeeAmount: protocolFee,
      referralFeeAmount: referralFee,
      referralAddress: referral,
      walletAddress: wallet,
      walletTxHash: hex(),
      walletTxLt: lt - 5n,
      walletTxTimestamp: timestamp,
    }
  }
}

function asset(
  address: string,
  symbol: string,
  decimals: number,
  kind: AssetRow['kind'],
): AssetRow {
  return {
    address,
    symbol,
    displayName: symbol === 'TON' ? 'Toncoin' : `${symbol} token`,
    imageUrl: `https://example.invalid/${symbol}.png`,
    decimals,
    kind,
    priority: 1,
    pairPriority: null,
    deprecated: false,
    community: false,
    blacklisted: false,
    defaultSymbol: false,
    taxable: false,
    tags: ['asset:liquidity:high'],
    dexPriceUsd: null,
    thirdPartyPriceUsd: null,
    popularityIndex: null,
    customPayloadApiUri: null,
    extensions: null,
    scale: null,
    jettonWalletCode: null,
  }
}

/** A small seeded PRNG (uniform in [0, 1)). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}
