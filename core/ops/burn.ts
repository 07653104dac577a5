import { PoolMathError } from '../errors/PoolMathError.js'
import { assertCoins, assertPoolState, type PoolState } from '../pool/PoolState.js'

/** Parameters of {@link burn}. */
export type BurnParameters = {
  /**
   * LP units burned: any `Coins` value (0 .. 2^120 − 1), as the burn notification carries it.
   * Only 1 .. totalSupply (v1) or 1 .. totalSupply − 1 (v2) succeed.
   */
  readonly lp: bigint
}

/** Result of {@link burn}. */
export type BurnResult = {
  /** token0 paid out: floor(lp·R0 / S). */
  readonly amount0: bigint
  /** token1 paid out: floor(lp·R1 / S). */
  readonly amount1: bigint
  /** The pool after the burn. */
  readonly pool: PoolState
}

/**
 * Burns LP units for a pro-rata share of both reserves, rounded down (DEX v1: V1
 * `contracts/pool.func` `burn_notification`, `docs/contracts.md` §1.4; DEX v2: V2
 * `contracts/pool/msgs/lp_wallet.fc` `burn_notification_ext`, §2.9), failing as the pool does
 * for every amount a burn notification can carry:
 *
 * - DEX v2 refuses `lp = 0` first (exit code 81), then pays floor(lp·R_i / S), both positive
 *   (81), and keeps both reserves and the supply positive (92): burning the whole supply or
 *   more is 92, so the 1001 locked units never leave.
 * - DEX v1 has no zero check of its own: `lp = 0` pays nothing (81). Burning the whole supply
 *   empties the pool; more than the supply leaves a negative supply (and reserves), which the
 *   pool cannot store as `Coins`: the TVM's range check, exit code 5.
 * - An empty pool (S = 0) divides by zero: exit code 4.
 *
 * @example
 * ```ts
 * // v2, R = (1e12, 2e12), S = 1414213562373
 * burn(pool, { lp: 1_000_000_000n }) // { amount0: 707106781n, amount1: 1414213562n, ... }
 * burn(pool, { lp: pool.totalSupply }) // throws PoolMathError { code: 'INVALID_AMOUNT', exitCode: 92 }
 * ```
 * @throws {InvalidInputError} when `lp` is not a `Coins` value (negative, above 2^120 − 1).
 * @throws {PoolMathError} `ZERO_OUTPUT` (81); on v2 `INVALID_AMOUNT` (92); on v1
 *   `INTEGER_OUT_OF_RANGE` (5) past the supply; `INTEGER_OVERFLOW` (4) on an empty pool.
 */
export function burn(pool: PoolState, parameters: BurnParameters): BurnResult {
  assertPoolState(pool)
  const { lp } = parameters
  assertCoins(lp, 'lp')
  if (pool.dex === 'v2' && lp === 0n) {
    throw new PoolMathError({ reason: 'zero_output', operation: 'burn', details: 'lp is 0' })
  }
  const supply = pool.totalSupply
  if (supply === 0n) {
    throw new PoolMathError({
      reason: 'integer_overflow',
      operation: 'burn',
      details: 'the pool has no LP supply to divide by',
    })
  }
  // floor: non-negative operands, positive supply.
  const amount0 = (lp * pool.reserve0) / supply
  const amount1 = (lp * pool.reserve1) / supply
  if (amount0 <= 0n || amount1 <= 0n) {
    throw new PoolMathError({ reason: 'zero_output', operation: 'burn' })
  }
  const reserve0 = pool.reserve0 - amount0
  const reserve1 = pool.reserve1 - amount1
  const totalSupply = supply - lp
  if (pool.dex === 'v2' && (reserve0 <= 0n || reserve1 <= 0n || totalSupply <= 0n)) {
    throw new PoolMathError({
      reason: 'invalid_amount',
      operation: 'burn',
      details: 'a DEX v2 pool keeps both reserves and its LP supply positive',
    })
  }
  // v1 past the supply: the supply (and a reserve, when lp·R/S overshoots it) is negative.
  if (reserve0 < 0n || reserve1 < 0n || totalSupply < 0n) {
    throw new PoolMathError({
      reason: 'integer_out_of_range',
      operation: 'burn',
      details: 'more than the LP supply: the pool cannot store a negative supply or reserve',
    })
  }
  return { amount0, amount1, pool: { ...pool, reserve0, reserve1, totalSupply } }
}
