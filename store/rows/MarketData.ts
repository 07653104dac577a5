import type { AssetRow, FarmRow, JettonWalletRow, PoolRow, RouterRow } from './referenceRows.js'
import type {
  FarmNftRow,
  FeeVaultRow,
  LpPositionRow,
  StakeRow,
  WalletBalanceRow,
} from './walletRows.js'

/**
 * A whole market: reference data plus the per-wallet data that refers to it. This is what a
 * snapshot import or the demo-market seed writes in one transaction.
 *
 * @example
 * ```ts
 * const market: MarketData = { routers: [router], assets: [ton, usdl], pools: [pool], farms: [],
 *   jettonWallets: [], balances: [], lpPositions: [], farmNfts: [], stakes: [], feeVaults: [] }
 * await store.replaceMarket(market)
 * ```
 */
export interface MarketData {
  readonly routers: readonly RouterRow[]
  readonly assets: readonly AssetRow[]
  readonly pools: readonly PoolRow[]
  readonly farms: readonly FarmRow[]
  readonly jettonWallets: readonly JettonWalletRow[]
  readonly balances: readonly WalletBalanceRow[]
  readonly lpPositions: readonly LpPositionRow[]
  readonly farmNfts: readonly FarmNftRow[]
  readonly stakes: readonly StakeRow[]
  readonly feeVaults: readonly FeeVaultRow[]
}
