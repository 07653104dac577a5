import { isqrt } from '../math/isqrt.js'
import { ceilDiv } from '../math/mulDiv.js'
import { FEE_DIVIDER, type PoolState } from '../pool/PoolState.js'
import type { Curve, Ratio, Side } from './Curve.js'

/**
 * Gross output of a constant-product swap (V1 `contracts/pool/amm.func` `get_amount_out`,
 * V2 `pools/constant_product/math.fc`): the LP fee is taken from the input,
 * `aif = a·(D − L)`, then `B = floor(aif·Ro / (Ri·D + aif))`.
 *
 * @example
 * ```ts
 * constantProductGrossOut(1_000_000_000n, 10n ** 12n, 2n * 10n ** 12n, 20n) // 1994009978n
 * ```
 */
export function constantProductGrossOut(
  amountIn: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
  lpFee: bigint,
): bigint {
  const amountInWithFee = amountIn * (FEE_DIVIDER - lpFee)
  // floor: every operand is non-negative and the denominator positive (amountIn > 0).
  return (amountInWithFee * reserveOut) / (reserveIn * FEE_DIVIDER + amountInWithFee)
}

/**
 * The marginal price of a constant-product pool (DEX v1 and DEX v2) before fees, ask units per
 * offer unit, as an exact ratio: R_out / R_in (the limit of B / a for a tiny input with no LP
 * fee). The denominator is 0 for an empty offer reserve (no price).
 *
 * @example
 * ```ts
 * constantProductSpotPrice(10n ** 12n, 2n * 10n ** 12n, 0)
 * // { numerator: 2000000000000n, denominator: 1000000000000n }: 2 token1 per token0
 * ```
 */
export function constantProductSpotPrice(reserve0: bigint, reserve1: bigint, side: Side): Ratio {
  return side === 0
    ? { numerator: reserve1, denominator: reserve0 }
    : { numerator: reserve0, denominator: reserve1 }
}

/**
 * The constant-product curve, shared by DEX v1 and DEX v2 (`docs/contracts.md` §1.1, §2.2).
 * DEX v2's LP invariant is the exact `isqrt(x·y)`.
 *
 * @example
 * ```ts
 * constantProductCurve.grossOut(pool, 0, 1_000_000_000n) // 1994009978n for R = (1e12, 2e12), L 20
 * constantProductCurve.invariant(pool, 1_000_000_000n, 4_000_000_000n) // 2000000000n
 * ```
 */
export const constantProductCurve: Curve = {
  grossOut(pool: PoolState, side: Side, amountIn: bigint): bigint {
    return side === 0
      ? constantProductGrossOut(amountIn, pool.reserve0, pool.reserve1, pool.lpFee)
      : constantProductGrossOut(amountIn, pool.reserve1, pool.reserve0, pool.lpFee)
  },

  minInputForGross(pool: PoolState, side: Side, grossOut: bigint): bigint | undefined {
    const [reserveIn, reserveOut] =
      side === 0 ? [pool.reserve0, pool.reserve1] : [pool.reserve1, pool.reserve0]
    if (grossOut >= reserveOut) return undefined
    // floor(y) >= B ⇔ y >= B for integer B, so the exact inverse of the floor is a ceiling:
    // a = ceil(B·Ri·D / ((D − L)·(Ro − B)))  (docs/contracts.md §3 step 3).
    const amountIn = ceilDiv(
      grossOut * reserveIn * FEE_DIVIDER,
      (FEE_DIVIDER - pool.lpFee) * (reserveOut - grossOut),
    )
    return amountIn > 0n ? amountIn : 1n
  },

  invariant(_pool: PoolState, x: bigint, y: bigint): bigint {
    return isqrt(x * y)
  },

  initialLiquidity(pool: PoolState, amount0: bigint, amount1: bigint) {
    return { liquidity: isqrt(amount0 * amount1), pool }
  },

  spotPrice(pool: PoolState, side: Side): Ratio {
    return constantProductSpotPrice(pool.reserve0, pool.reserve1, side)
  },
}
