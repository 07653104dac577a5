import { PoolMathError } from '../errors/PoolMathError.js'
import { complement, fdiv, fdivUp, fixedFrom, fixedTo, fmul } from '../math/fixed/arithmetic.js'
import { FIXED_POINT } from '../math/fixed/constants.js'
import { powUp } from '../math/fixed/pow.js'
import { powLogEstimate, powRelativeError } from '../math/fixed/powEstimate.js'
import { FEE_DIVIDER, MAX_COINS, type PoolState } from '../pool/PoolState.js'
import type { Curve, Ratio, Side } from './Curve.js'

const { ONE_18 } = FIXED_POINT
/** The weighted pool's input cap: 30 % of the input reserve, 18 decimals. */
const MAX_IN_RATIO = 300_000_000_000_000_000n

/**
 * Gross output B of a weighted constant-product swap (Balancer WeightedMath out-given-in;
 * V2 `pools/weighted_const_product/*`, FB `contracts/math/fp/fp.fc`; `docs/contracts.md` §2.4).
 * ain = floor(a·(D − L)/D); with bi = Ri·1e18, ai = ain·1e18, bo = Ro·1e18 it requires
 * ai ≤ fmul(bi, 0.3e18), then power = powUp(fdivUp(bi, bi + ai), fdiv(w_in, w_out)) and
 * B = floor(fmul(bo, complement(power)) / 1e18). Every step rounds against the trader.
 *
 * @example
 * ```ts
 * // w0 = 0.8, R = (1e12, 2e12), L = 20 bps, token0 in
 * weightedConstProductGrossOut(1_000_000_000n, 10n ** 12n, 2n * 10n ** 12n, 8n * 10n ** 17n, 20n, 0)
 * // 7964119611n
 * ```
 * @throws {PoolMathError} `MAX_IN_RATIO` (97) past 30 % of the input reserve after the LP fee;
 *   `COMPLEMENT_OUT_OF_RANGE` (51002) when the rounded-up power exceeds 1 (an unset or
 *   extreme weight); `ZERO_DIVISION` (50008) for a zero weight on the output side; the
 *   fixed-point library's codes (50001–50004) and `INTEGER_OVERFLOW` (4).
 */
export function weightedConstProductGrossOut(
  amountIn: bigint,
  reserve0: bigint,
  reserve1: bigint,
  w0: bigint,
  lpFee: bigint,
  side: Side,
): bigint {
  const netIn = (amountIn * (FEE_DIVIDER - lpFee)) / FEE_DIVIDER // floor: non-negative operands
  const reserveIn = side === 0 ? reserve0 : reserve1
  const reserveOut = side === 0 ? reserve1 : reserve0
  if (
    0n < w0 &&
    w0 < ONE_18 &&
    0n < reserveIn &&
    reserveIn <= MAX_COINS &&
    0n <= reserveOut &&
    reserveOut <= MAX_COINS &&
    0n <= netIn &&
    netIn <= MAX_COINS
  ) {
    return grossOutInRange(netIn, reserveIn, reserveOut, side === 0 ? w0 : ONE_18 - w0)
  }
  return grossOutLiteral(netIn, reserveIn, reserveOut, side === 0 ? w0 : complement(w0))
}

/**
 * {@link weightedConstProductGrossOut} step by step as the contract writes it, for any input
 * (the same values and the same first error as {@link grossOutInRange} where both apply).
 */
function grossOutLiteral(
  netIn: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
  weightIn: bigint,
): bigint {
  const balanceIn = fixedFrom(reserveIn)
  const balanceOut = fixedFrom(reserveOut)
  const scaledIn = fixedFrom(netIn)
  if (scaledIn > fmul(balanceIn, MAX_IN_RATIO)) throw maxInRatio()
  const weightOut = complement(weightIn)
  const base = fdivUp(balanceIn, balanceIn + scaledIn)
  const exponent = fdiv(weightIn, weightOut)
  const power = powUp(base, exponent)
  return fixedTo(fmul(balanceOut, complement(power)))
}

/**
 * The same as {@link grossOutLiteral} for 0 < w_in < 1e18, 0 < R_in and R_out, ain ≤ 2^120 − 1,
 * with the 18 decimals cancelled out of each step (no 257-bit check can fail there and no
 * divisor is 0): fmul(R_in·1e18, 0.3e18) = 0.3e18·R_in, so the cap is ain·10 > R_in·3;
 * fdivUp(R_in·1e18, (R_in + ain)·1e18) = floor((R_in·1e36 − 1) / ((R_in + ain)·1e18)) + 1 =
 * floor((R_in·1e18 − 1) / (R_in + ain)) + 1 (nested floors, R_in·1e36 − 1 = (R_in·1e18 − 1)·1e18
 * + 1e18 − 1), a divisor of one machine word for reserves below 1.8e19; and
 * fixedTo(fmul(R_out·1e18, c)) = floor(R_out·c / 1e18).
 */
function grossOutInRange(
  netIn: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
  weightIn: bigint,
): bigint {
  if (netIn * 10n > reserveIn * 3n) throw maxInRatio()
  const weightOut = ONE_18 - weightIn
  const base = (reserveIn * ONE_18 - 1n) / (reserveIn + netIn) + 1n // floor: positive operands
  const exponent = (weightIn * ONE_18) / weightOut // fdiv: floor, positive operands
  // Above 1e14 the bounds on B are wider than 0.4 of a unit even at the smallest ρ (4e-15):
  // skip the estimate (see certifiedGrossOut).
  const t = reserveOut <= CERTIFIABLE_OUT ? powLogEstimate(base, exponent) : Number.NaN
  if (!Number.isNaN(t)) {
    const certain = certifiedGrossOut(t, powRelativeError(exponent, t), reserveOut)
    if (certain >= 0) return BigInt(certain)
  }
  const power = powUp(base, exponent)
  return (reserveOut * complement(power)) / ONE_18 // floor: non-negative operands
}

/** Output reserves above it never have certified outputs (see certifiedGrossOut). */
const CERTIFIABLE_OUT = 10n ** 14n
/** 2^53: below it every integer is a number. */
const EXACT_NUMBERS = 2 ** 53

/**
 * B = floor(R_out·complement(powUp(base, e)) / 1e18) from the estimate t of e·ln(base), or −1
 * when the bounds do not decide it (the caller then runs the exact kernel). With R = 1e18·e^t
 * and ρ from `powRelativeError`, the raw power lies in R ± (ρ·R + 3); powUp adds
 * floor(raw / 1e14) + 1, which lies in (raw / 1e14, raw / 1e14 + 1]; so 1e18 − powUp lies in
 * c ± s with c = −1e18·expm1(t) − R / 1e14 − 0.5 (expm1: no cancellation near t = 0) and
 * s = (ρ·R + 3)·(1 + 1e-14) + 0.5, widened by 1e-15 of each number's magnitude for their
 * roundings (each at most a few 1.1e-16). B is decided when c − s ≥ 0 (no 51002) and
 * R_out·(c ± s) / 1e18 (again widened by 1e-15) have the same floor, below 2^53.
 */
function certifiedGrossOut(t: number, rho: number, reserveOut: bigint): number {
  const out = Number(reserveOut)
  // The power is at most 1e18 (base ≤ 1, exponent > 0), so B's bounds are about
  // R_out·(ρ·1e18 + 4)/1e18 wide: past 0.4 of a unit they rarely decide (large pools:
  // raw reserves above about 1e13), and the exact kernel runs at once.
  if ((out * (rho * 1e18 + 4)) / 1e18 > 0.4) return -1
  const power = 1e18 * Math.exp(t)
  const lowered = -1e18 * Math.expm1(t)
  const margin = power / 1e14
  const center = lowered - margin - 0.5
  const slack = (rho * power + 3) * (1 + 1e-14) + 0.5 + 1e-15 * (Math.abs(lowered) + margin) + 1
  if (!(center - slack >= 0)) return -1
  const gross = (out * center) / 1e18
  const grossSlack = (out * slack) / 1e18 + 1e-15 * (gross + (out * slack) / 1e18)
  const low = Math.floor(gross - grossSlack)
  return low === Math.floor(gross + grossSlack) && low < EXACT_NUMBERS ? low : -1
}

function maxInRatio(): PoolMathError {
  return new PoolMathError({
    reason: 'max_in_ratio',
    operation: 'swap',
    details: 'the input after the LP fee exceeds 30 % of the input reserve',
  })
}

/**
 * The weighted constant-product LP invariant with 18 decimals:
 * fmul(powUp(x·1e18, w0), powUp(y·1e18, 1e18 − w0)) (`docs/contracts.md` §2.4). The generic
 * provision uses it as is; the first provision mints floor(I / 1e18).
 *
 * @example
 * ```ts
 * weightedConstProductInvariant(10n ** 12n, 2n * 10n ** 12n, 8n * 10n ** 17n)
 * // 1148698354997057979384445914123n (≈ 1e12 · 2^0.2, 18 decimals)
 * ```
 * @throws {PoolMathError} the fixed-point library's codes and `COMPLEMENT_OUT_OF_RANGE`
 *   (51002) for a weight above 1.
 */
export function weightedConstProductInvariant(x: bigint, y: bigint, w0: bigint): bigint {
  return fmul(powUp(fixedFrom(x), w0), powUp(fixedFrom(y), complement(w0)))
}

/**
 * The marginal price of a weighted constant-product pool before fees, ask units per offer
 * unit, as an exact ratio: (R_out / w_out) / (R_in / w_in) = R_out·w_in / (R_in·w_out), the
 * limit of B / a for a tiny input with no LP fee (Balancer's spot price). The weights matter:
 * an 20/80 pool holding 304.76 token1 per token0 prices token0 at 304.76 · 0.2/0.8 ≈ 76.19
 * token1. The denominator is 0 for an empty offer reserve or a zero weight (no price).
 *
 * @example
 * ```ts
 * // w0 = 0.8, R = (1e12, 2e12): (2e12 / 0.2) / (1e12 / 0.8) = 8 token1 per token0
 * weightedConstProductSpotPrice(10n ** 12n, 2n * 10n ** 12n, 8n * 10n ** 17n, 0)
 * // { numerator: 1600000000000000000000000000000n, denominator: 200000000000000000000000000000n }
 * ```
 * @throws {PoolMathError} `COMPLEMENT_OUT_OF_RANGE` (51002) for a weight above 1, as a swap.
 */
export function weightedConstProductSpotPrice(
  reserve0: bigint,
  reserve1: bigint,
  w0: bigint,
  side: Side,
): Ratio {
  const w1 = complement(w0)
  return side === 0
    ? { numerator: reserve1 * w0, denominator: reserve0 * w1 }
    : { numerator: reserve0 * w1, denominator: reserve1 * w0 }
}

/**
 * The DEX v2 weighted constant-product curve (`docs/contracts.md` §2.4). `pool.w0` is token0's
 * 18-decimal weight (0 < w0 < 1e18; 0 = not set yet, every swap then fails).
 *
 * @example
 * ```ts
 * // w0 = 0.8, R = (1e12, 2e12), L 20
 * weightedConstProductCurve.grossOut(pool, 0, 1_000_000_000n) // 7964119611n
 * weightedConstProductCurve.initialLiquidity(pool, 10n ** 12n, 2n * 10n ** 12n).liquidity
 * // 1148698354997n
 * ```
 */
export const weightedConstProductCurve: Curve = {
  grossOut(pool: PoolState, side: Side, amountIn: bigint): bigint {
    return weightedConstProductGrossOut(
      amountIn,
      pool.reserve0,
      pool.reserve1,
      pool.w0,
      pool.lpFee,
      side,
    )
  },

  invariant(pool: PoolState, x: bigint, y: bigint): bigint {
    return weightedConstProductInvariant(x, y, pool.w0)
  },

  initialLiquidity(pool: PoolState, amount0: bigint, amount1: bigint) {
    return {
      liquidity: fixedTo(weightedConstProductInvariant(amount0, amount1, pool.w0)),
      pool,
    }
  },

  spotPrice(pool: PoolState, side: Side): Ratio {
    return weightedConstProductSpotPrice(pool.reserve0, pool.reserve1, pool.w0, side)
  },
}
