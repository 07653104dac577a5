import type { PoolState } from '../pool/PoolState.js'

/** Index of a pool token: 0 for token0, 1 for token1. */
export type Side = 0 | 1

/** An exact non-negative ratio `numerator / denominator` (denominator > 0). */
export type Ratio = { readonly numerator: bigint; readonly denominator: bigint }

/**
 * The kind-specific part of a pool: its swap curve and its LP invariant. Everything around it
 * (fee split, refund checks, provision bookkeeping, burn) is shared by every kind and lives in
 * `swap`, `provide` and `burn`.
 */
export interface Curve {
  /**
   * Gross output B (before the protocol and referral fees, which come off the output) for the
   * full input `amountIn`; the LP fee is charged on the input inside the curve. `side` is the
   * offered token. Throws {@link PoolMathError} where the contract's math throws.
   */
  grossOut(pool: PoolState, side: Side, amountIn: bigint): bigint
  /**
   * The smallest input whose gross output is at least `grossOut`, or `undefined` when no input
   * reaches it. Only curves with an exact closed-form inverse implement it; the others are
   * inverted by searching over {@link Curve.grossOut}.
   */
  minInputForGross?(pool: PoolState, side: Side, grossOut: bigint): bigint | undefined
  /** The LP invariant I(x, y) used by the generic DEX v2 provision (`docs/contracts.md` §2.8). */
  invariant(pool: PoolState, x: bigint, y: bigint): bigint
  /**
   * LP supply created by the first provision, and the pool after any parameter the first
   * provision sets (weighted stableswap sets `rate`).
   */
  initialLiquidity(
    pool: PoolState,
    amount0: bigint,
    amount1: bigint,
  ): { readonly liquidity: bigint; readonly pool: PoolState }
  /** Marginal price at the current reserves: ask units per offer unit, before fees. */
  spotPrice(pool: PoolState, side: Side): Ratio
}
