/**
 * What the store aggregates for the statistics and export endpoints: it sums operations in SQL
 * (over rollups kept with the operations) and hands these totals to the service, which prices
 * and formats them.
 * @module
 */

/**
 * The time window (inclusive `YYYY-MM-DDTHH:MM:SS` bounds on the pool transaction time; open
 * when absent) and pools an aggregate covers.
 *
 * @example
 * ```ts
 * const window: StatsWindow = { since: '2026-11-01T00:00:00', until: '2026-11-01T23:59:59',
 *   poolAddresses: ['EQ…pool'] }
 * ```
 */
export interface StatsWindow {
  readonly since?: string | undefined
  readonly until?: string | undefined
  /** Only these pools (all when absent; none when empty). */
  readonly poolAddresses?: readonly string[] | undefined
}

/**
 * The successful swaps of a window in which one side of a pool was offered.
 *
 * @example
 * ```ts
 * const side: SwapSideTotals = { swaps: 2, amount0: 3_000_000_000n, amount1: 5_960_000n,
 *   lpFee: 17_934n }
 * ```
 */
export interface SwapSideTotals {
  readonly swaps: number
  /** Sum of the operations' `asset0Amount` (what went in or came out on side 0). */
  readonly amount0: bigint
  readonly amount1: bigint
  /**
   * Sum of the operations' `lpFeeAmount`, in the ask asset (the fee asset): asset1 for the
   * swaps that offered asset0, asset0 for the others.
   */
  readonly lpFee: bigint
}

/**
 * A pool's successful swaps in a window, split by the side offered: `offer0` holds the swaps
 * that put asset0 into the pool (`asset0Delta > 0`), `offer1` all others.
 *
 * @example
 * ```ts
 * const totals: PoolSwapTotals = { poolAddress: 'EQ…', asset0Address: 'EQ…ton',
 *   asset1Address: 'EQ…usdt', offer0: { swaps: 2, amount0: 3_000_000_000n,
 *   amount1: 5_960_000n, lpFee: 17_934n }, offer1: { swaps: 0, amount0: 0n, amount1: 0n,
 *   lpFee: 0n } }
 * ```
 */
export interface PoolSwapTotals {
  readonly poolAddress: string
  readonly asset0Address: string
  readonly asset1Address: string
  readonly offer0: SwapSideTotals
  readonly offer1: SwapSideTotals
}

/**
 * Referral fees of one asset for one referrer in a window: `accrued` sums the successful
 * operations' referral fees; `withdrawn` the DEX v1 fees (paid out in the same trace) plus the
 * successful DEX v2 vault withdrawals.
 *
 * @example
 * ```ts
 * const fees: ReferralFeeTotals = { assetAddress: 'EQ…usdt', accrued: 1_500_000n,
 *   withdrawn: 1_000_000n }
 * ```
 */
export interface ReferralFeeTotals {
  readonly assetAddress: string
  readonly accrued: bigint
  readonly withdrawn: bigint
}

/**
 * Sums over every stored staking position.
 *
 * @example
 * ```ts
 * const totals: StakeTotals = { stonBalance: 10n ** 12n, stakedSton: 5n * 10n ** 11n,
 *   mintedGemston: 10n ** 11n }
 * ```
 */
export interface StakeTotals {
  readonly stonBalance: bigint
  readonly stakedSton: bigint
  readonly mintedGemston: bigint
}
