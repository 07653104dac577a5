import { InvalidInputError } from '../errors/InvalidInputError.js'
import { PoolMathError } from '../errors/PoolMathError.js'
import { assertCoins, assertPoolState, type PoolState } from '../pool/PoolState.js'

/** Parameters of {@link burn}. */
export type BurnParameters = {
  /** LP units burned (1 .. totalSupply). */
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
 * `contracts/pool.func` `burn_notification`, `contracts.md` §1.4; DEX v2: V2
 * `contracts/pool/msgs/lp_wallet.fc` `burn_notification_ext`, §2.9). Both outputs must be
 * positive (exit code 81). DEX v2 also keeps both reserves and the supply positive (92), so
 * the last locked units never leave.
 *
 * @example
 * ```ts
 * // v2, R = (1e12, 2e12), S = 1414213562373
 * burn(pool, { lp: 1_000_000_000n }) // { amount0: 707106781n, amount1: 1414213562n, ... }
 * ```
 * @throws {InvalidInputError} when `lp` is not positive or exceeds the supply.
 * @throws {PoolMathError} `ZERO_OUTPUT` (81) or, on v2, `INVALID_AMOUNT` (92).
 */
export function burn(pool: PoolState, parameters: BurnParameters): BurnResult {
  assertPoolState(pool)
  const { lp } = parameters
  assertCoins(lp, 'lp', { allowZero: false })
  const supply = pool.totalSupply
  if (lp > supply) {
    throw new InvalidInputError({
      field: 'lp',
      reason: `must not exceed the LP supply ${supply}`,
      value: lp,
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
  return { amount0, amount1, pool: { ...pool, reserve0, reserve1, totalSupply } }
}
