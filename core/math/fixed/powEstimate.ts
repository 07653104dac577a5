import { FIXED_POINT } from './constants.js'

const { ONE_18 } = FIXED_POINT
const TWO_18 = 2n * ONE_18
const FOUR_18 = 4n * ONE_18
/** |y| up to 1000 (18 decimals): far below pow's 50002 bound and its 257-bit products. */
const MAX_EXPONENT = 1000n * ONE_18
/** 2^256: bases at or above it make pow throw 50001. */
const BASE_LIMIT = 1n << 256n
/** The estimate is used for y·ln x in [−40, 128]: pow's own bounds (−41, 130) are out of reach. */
const LOWEST_LOG = -40
const HIGHEST_LOG = 128
/** Relative-error coefficient of {@link powRelativeError} (see there). */
const RELATIVE_ERROR = 4e-15

/**
 * y·ln x in real units (x, y with 18 decimals) computed with numbers, when the fixed-point `pow`
 * (and `powUp`, `powDown`) would take its ln/exp path and succeed: `NaN` when it would not
 * (y = 0, x = 0 or 1, the exponents 2 and 4 that `powUp`/`powDown` compute with `fmul`, a base
 * outside 0 < x < 2^256, |y| > 1000, or y·ln x outside [−40, 128], where pow's 50003 is near).
 * Where it is a number, pow(x, y) lies within {@link powRelativeError} of 1e18·e^t (plus 3
 * units): callers bound a result with it and fall back to the exact kernel when the bound does
 * not decide (`docs/math-v2-kinds.md`, "Certified estimates").
 *
 * @example
 * ```ts
 * powLogEstimate(2_000_000_000_000_000_000n, 500_000_000_000_000_000n) // 0.34657359027997264
 * powLogEstimate(2_000_000_000_000_000_000n, 0n) // NaN (pow's shortcut: exactly 1e18)
 * ```
 */
export function powLogEstimate(x: bigint, y: bigint): number {
  if (
    y === 0n ||
    x <= 0n ||
    x === ONE_18 ||
    x >= BASE_LIMIT ||
    y === TWO_18 ||
    y === FOUR_18 ||
    y > MAX_EXPONENT ||
    y < -MAX_EXPONENT
  ) {
    return Number.NaN
  }
  const t = (Number(y) / 1e18) * Math.log(Number(x) / 1e18)
  return t >= LOWEST_LOG && t <= HIGHEST_LOG ? t : Number.NaN
}

/**
 * The relative error bound ρ of 1e18·e^t against the contract's pow(x, y), for t from
 * {@link powLogEstimate}: |pow(x, y) − 1e18·e^t| ≤ ρ·1e18·e^t + 3 with
 * ρ = 4e-15·(1 + |y| + |t|) (y in real units). It covers the contract's own error (its ln is
 * within 5e-18 of ln x, so y·ln x within |y|·5e-18 + 1e-18 after the floor, and exp within
 * 1e-17 relative plus one unit) and the numbers' (x and y rounded to 53 bits, `Math.log` and
 * `Math.exp` within one ulp, each product one rounding: below 2.3e-16·(2 + |y| + 3|t|)),
 * with a margin of four or more on each.
 *
 * @example
 * ```ts
 * powRelativeError(500_000_000_000_000_000n, 0.34657359027997264) // 7.386294361119891e-15
 * ```
 */
export function powRelativeError(y: bigint, t: number): number {
  return RELATIVE_ERROR * (1 + Math.abs(Number(y) / 1e18) + Math.abs(t))
}

/**
 * Real bounds `low ≤ v ≤ high` on an integer v the caller has not computed exactly (numbers:
 * each bound already widened for its own roundings).
 *
 * @example
 * ```ts
 * const b: Bounds = { low: 99.5, high: 100.5 } // v is 100
 * ```
 */
export type Bounds = { readonly low: number; readonly high: number }

/** Relative widening for the roundings of one or a few number operations (each ≤ 1.2e-16). */
const WIDEN = 1e-15

/**
 * Bounds on a known integer (its number is rounded to 53 bits).
 *
 * @example
 * ```ts
 * exactBounds(10n ** 30n) // { low: 9.99999999999999e29, high: 1.000000000000001e30 }
 * ```
 */
export function exactBounds(value: bigint): Bounds {
  const n = Number(value)
  const slack = Math.abs(n) * WIDEN
  return { low: n - slack, high: n + slack }
}

/**
 * Bounds on `powDown(x, y)` from {@link powLogEstimate}, or `undefined` where the estimate does
 * not apply (the caller computes the exact value, which may throw). The raw power lies in
 * R ± (ρ·R + 3) with R = 1e18·e^t; powDown = max(0, raw − floor(raw / 1e14) − 1) lies in
 * [raw·(1 − 1e-14) − 1, raw·(1 − 1e-14)] and grows with raw.
 *
 * @example
 * ```ts
 * powDownBounds(2_000_000_000_000_000_000n, 500_000_000_000_000_000n)
 * // { low: 1414213562373068800, high: 1414213562373092900 } (powDown: 1414213562373080904)
 * ```
 */
export function powDownBounds(x: bigint, y: bigint): Bounds | undefined {
  const t = powLogEstimate(x, y)
  if (Number.isNaN(t)) return undefined
  const power = 1e18 * Math.exp(t)
  const slack = powRelativeError(y, t) * power + 3
  return {
    low: Math.max(0, ((power - slack) * (1 - 1e-14) - 1) * (1 - WIDEN)),
    high: (power + slack) * (1 - 1e-14) * (1 + WIDEN),
  }
}

/**
 * Bounds on `fmul(a, b) = floor(a·b / 1e18)` for non-negative a and b within their bounds.
 *
 * @example
 * ```ts
 * fmulBounds({ low: 2e18, high: 2e18 }, { low: 3e18, high: 3e18 })
 * // { low: 5999999999999994000, high: 6000000000000007000 } (fmul: 6e18)
 * ```
 */
export function fmulBounds(a: Bounds, b: Bounds): Bounds {
  return {
    low: Math.max(0, ((a.low * b.low) / 1e18) * (1 - WIDEN) - 1),
    high: ((a.high * b.high) / 1e18) * (1 + WIDEN),
  }
}
