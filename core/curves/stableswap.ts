import { PoolMathError } from '../errors/PoolMathError.js'
import { ceilDiv, floorDiv, int257 } from '../math/mulDiv.js'
import { FEE_DIVIDER, type PoolState } from '../pool/PoolState.js'
import type { Curve, Ratio, Side } from './Curve.js'

/** Iteration cap of both stableswap solvers (then exit code 5103). */
const MAX_ITERATIONS = 255

/**
 * The stableswap invariant D(A, x, y) (V2 `pools/stableswap/math.fc`, `docs/contracts.md` §2.3): a
 * two-token Balancer StableMath invariant with the plain integer `A` where Balancer uses amp·n.
 * Starting from D = x + y it iterates dp = floor(floor(D·D / 2x)·D / 2y),
 * D = floor((A·S + 2·dp)·D / ((A − 1)·D + 3·dp)) at most 255 times and returns once D moved by
 * at most 1. 0 for an empty pool.
 *
 * @example
 * ```ts
 * stableswapInvariant(100n, 1_000_000_000_000n, 1_000_000_000_000n) // 2000000000000n
 * stableswapInvariant(200n, 1_000_000_000_000n, 900_000_000_000n) // 1899973873459n
 * ```
 * @throws {PoolMathError} `NOT_CONVERGED` (5103) after 255 iterations; `INTEGER_OVERFLOW` (4)
 *   when a plain product (D·D, dp·D, A·S + 2·dp, (A − 1)·D + 3·dp) leaves 257 bits or a
 *   reserve is 0 while the other is not (division by zero).
 */
export function stableswapInvariant(amp: bigint, x: bigint, y: bigint): bigint {
  const sum = x + y
  if (sum === 0n) return 0n
  const ampSum = int257(amp * sum)
  const ampMinusOne = amp - 1n
  const twoX = 2n * x
  const twoY = 2n * y
  let d = sum
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    // floor toward −∞ (TVM `/`); a zero divisor is the TVM's exit code 4.
    let dp = floorDiv(int257(d * d), twoX)
    dp = floorDiv(int257(dp * d), twoY)
    const previous = d
    const numerator = int257(ampSum + 2n * dp)
    const denominator = int257(ampMinusOne * d + 3n * dp)
    // floor toward −∞ (TVM muldiv: no intermediate overflow, the quotient must fit).
    d = int257(floorDiv(numerator * d, denominator))
    if (d - previous <= 1n && previous - d <= 1n) return d
  }
  throw notConverged('stableswap invariant D')
}

/**
 * The stableswap output-side balance for invariant `d` (V2 `pools/stableswap/math.fc`,
 * `docs/contracts.md` §2.3). `balance0`/`balance1` already include the net input on the offered side;
 * `side` is the OFFERED token, so the function solves the other balance. With
 * pd = floor(2·b0·b1·2 / D), c = ceil(D² / (A·pd))·b_out and b = b_in + floor(D / A) it starts
 * at t = ceil((D² + c) / (D + b)) and iterates t = ceil((t² + c) / (2t + b − D)) at most 255
 * times, returning once t moved by at most 1.
 *
 * @example
 * ```ts
 * // A = 100, R = (1e12, 1e12), 998000000 of token0 in after the LP fee
 * stableswapOutBalance(100n, 1_000_998_000_000n, 1_000_000_000_000n, 2_000_000_000_000n, 0)
 * // 999002019530n (so B = 1e12 − 999002019530 − 1 = 997980469)
 * ```
 * @throws {PoolMathError} `NOT_CONVERGED` (5103); `INTEGER_OVERFLOW` (4) when a plain product
 *   (2·b0·b1, D·D, A·pd, ceil(…)·b_out, t·t) leaves 257 bits or a divisor is 0.
 */
export function stableswapOutBalance(
  amp: bigint,
  balance0: bigint,
  balance1: bigint,
  d: bigint,
  side: Side,
): bigint {
  const balanceOut = side === 0 ? balance1 : balance0
  const balanceIn = side === 0 ? balance0 : balance1
  // floor toward −∞ (muldiv of the range-checked 2·b0·b1 by 2 over D).
  const pd = floorDiv(int257(2n * balance0 * balance1) * 2n, d)
  const dSquared = int257(d * d)
  // ceil toward +∞ (TVM `^/`), then a plain product.
  const c = int257(ceilDiv(dSquared, int257(amp * pd)) * balanceOut)
  const b = balanceIn + floorDiv(d, amp) // floor toward −∞
  let t = ceilDiv(int257(dSquared + c), d + b)
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    const previous = t
    // ceil toward +∞; the divisor can be negative or 0 (exit code 4) for extreme pools.
    t = ceilDiv(int257(int257(t * t) + c), int257(2n * t + b - d))
    if (t - previous <= 1n && previous - t <= 1n) return t
  }
  throw notConverged('stableswap output balance')
}

/**
 * Gross output B of a stableswap swap (V2 `pools/stableswap/pool.fc`, `docs/contracts.md` §2.3):
 * net input ain = floor(a·(D − L)/D); D0 = D(A, R0, R1); B = R_out − Y(…) − 1, where the
 * explicit −1 rounds down in the pool's favour. B can be ≤ 0 for tiny inputs (the swap then
 * refunds with `swap_refund_0_out`).
 *
 * @example
 * ```ts
 * stableswapGrossOut(1_000_000_000n, 10n ** 12n, 10n ** 12n, 100n, 20n, 0) // 997980469n
 * ```
 * @throws {PoolMathError} as {@link stableswapInvariant} and {@link stableswapOutBalance}.
 */
export function stableswapGrossOut(
  amountIn: bigint,
  reserve0: bigint,
  reserve1: bigint,
  amp: bigint,
  lpFee: bigint,
  side: Side,
): bigint {
  const netIn = (amountIn * (FEE_DIVIDER - lpFee)) / FEE_DIVIDER // floor: non-negative operands
  const d = stableswapInvariant(amp, reserve0, reserve1)
  return side === 0
    ? reserve1 - stableswapOutBalance(amp, reserve0 + netIn, reserve1, d, 0) - 1n
    : reserve0 - stableswapOutBalance(amp, reserve0, reserve1 + netIn, d, 1) - 1n
}

/**
 * The marginal price of a stableswap pool, ask per offer, as an exact ratio. On the curve
 * A·(x + y) − D³/(4xy) = (A − 1)·D (the invariant's fixed point) the price of x in y is
 * (4A·x²y² + D³·y) / (4A·x²y² + D³·x), with the contract's integer D.
 *
 * @example
 * ```ts
 * stableswapSpotPrice(100n, 10n ** 12n, 10n ** 12n, 0) // numerator === denominator: 1:1
 * stableswapSpotPrice(200n, 10n ** 12n, 9n * 10n ** 11n, 1) // ≈ 1.001048 token0 per token1
 * ```
 * @throws {PoolMathError} as {@link stableswapInvariant}.
 */
export function stableswapSpotPrice(amp: bigint, x: bigint, y: bigint, side: Side): Ratio {
  if (x === 0n || y === 0n) {
    return side === 0 ? { numerator: y, denominator: x } : { numerator: x, denominator: y }
  }
  const d = stableswapInvariant(amp, x, y)
  const dCubed = d * d * d
  const shared = 4n * amp * x * x * y * y
  const towardX = shared + dCubed * y // ∂F/∂x · 4x²y²
  const towardY = shared + dCubed * x // ∂F/∂y · 4x²y²
  return side === 0
    ? { numerator: towardX, denominator: towardY }
    : { numerator: towardY, denominator: towardX }
}

/**
 * The DEX v2 stableswap curve (`docs/contracts.md` §2.3). `pool.amp` is the plain integer A
 * (1..2000). LP invariant and first provision: D(A, x, y) with the stored A.
 *
 * @example
 * ```ts
 * // A = 100, R = (1e12, 1e12), L 20
 * stableswapCurve.grossOut(pool, 0, 1_000_000_000n) // 997980469n
 * stableswapCurve.invariant(pool, 10n ** 12n, 10n ** 12n) // 2000000000000n
 * ```
 */
export const stableswapCurve: Curve = {
  grossOut(pool: PoolState, side: Side, amountIn: bigint): bigint {
    return stableswapGrossOut(amountIn, pool.reserve0, pool.reserve1, pool.amp, pool.lpFee, side)
  },

  invariant(pool: PoolState, x: bigint, y: bigint): bigint {
    return stableswapInvariant(pool.amp, x, y)
  },

  initialLiquidity(pool: PoolState, amount0: bigint, amount1: bigint) {
    return { liquidity: stableswapInvariant(pool.amp, amount0, amount1), pool }
  },

  spotPrice(pool: PoolState, side: Side): Ratio {
    return stableswapSpotPrice(pool.amp, pool.reserve0, pool.reserve1, side)
  },
}

function notConverged(what: string): PoolMathError {
  return new PoolMathError({
    reason: 'not_converged',
    operation: 'computation',
    details: `${what} did not converge in ${MAX_ITERATIONS} iterations`,
  })
}
