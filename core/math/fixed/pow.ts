import { floorDiv, int257 } from '../mulDiv.js'
import { fmul } from './arithmetic.js'
import { FIXED_POINT } from './constants.js'
import { exp } from './exp.js'
import { ln, ln36 } from './ln.js'
import { mathError } from './mathError.js'

const {
  ONE_18,
  ONE_36,
  LN_36_LOWER_BOUND,
  LN_36_UPPER_BOUND,
  MILD_EXPONENT_BOUND,
  MIN_NATURAL_EXPONENT,
  MAX_NATURAL_EXPONENT,
  MAX_POW_RELATIVE_ERROR,
} = FIXED_POINT
/** 1e18 / MAX_POW_RELATIVE_ERROR: fmul(raw, 1e4) = floor(raw / 1e14). */
const MARGIN_DIVISOR = ONE_18 / MAX_POW_RELATIVE_ERROR
const TWO_18 = 2n * ONE_18
const FOUR_18 = 4n * ONE_18
/** 2^256 − 1: the largest base (the TVM's `x >> 256 == 0`). */
const UINT256_MAX = (1n << 256n) - 1n
const ONE_36_LESS_ONE = ONE_36 - 1n
/** |y| below 2^198 keeps floor(ln36(x) / 1e18)·y (|·| < 2^57 for 0.9 < x < 1.1) in 257 bits. */
const LN36_SAFE_EXPONENT = 1n << 198n

/**
 * x^y for 18-decimal `x ≥ 0` and `y` (FB `math::fp::pow`; `docs/contracts.md` §2.7), computed as
 * exp(y·ln x): y = 0 gives 1, x = 0 gives 0, x = 1 gives 1. For 0.9 < x < 1.1 it uses the
 * 36-decimal {@link ln36} split into floor(l / 1e18)·y + floor((l mod 1e18)·y / 1e18) (floor
 * division and floor modulo, as the TVM does for negative l); otherwise ln(x)·y. The product is
 * floored to 18 decimals, must lie in [−41, 130], and goes through {@link exp}.
 *
 * @example
 * ```ts
 * pow(2_000_000_000_000_000_000n, 500_000_000_000_000_000n) // 1414213562373095047n (√2)
 * pow(4_000_000_000_000_000_000n, -500_000_000_000_000_000n) // 500000000000000000n
 * ```
 * @throws {PoolMathError} `X_OUT_OF_BOUNDS` (50001) for a negative `x` (or one ≥ 2^256),
 *   `Y_OUT_OF_BOUNDS` (50002) for y ≥ floor(2^254 / 1e20), `PRODUCT_OUT_OF_BOUNDS` (50003)
 *   when y·ln x leaves [−41, 130], `INTEGER_OVERFLOW` (4) when ln(x)·y leaves 257 bits.
 */
export function pow(x: bigint, y: bigint): bigint {
  if (y === 0n) return ONE_18
  if (x === 0n) return 0n
  if (x === ONE_18) return ONE_18
  checkPowArguments(x, y)
  return expOfLogTimes(x, y, logForPow(x))
}

/**
 * A `pow` base whose logarithm is taken at most once: several powers of the same base (the
 * weighted-stableswap solver raises X to p and to p − 1) share it. `log` is filled by the first
 * {@link powDownOfBase} that needs it.
 *
 * @example
 * ```ts
 * const base: PowBase = { x: 10n ** 30n, log: undefined }
 * powDownOfBase(base, 8n * 10n ** 17n) === powDown(10n ** 30n, 8n * 10n ** 17n) // true
 * ```
 */
export type PowBase = { readonly x: bigint; log: bigint | undefined }

/**
 * {@link powDown}(base.x, y), taking the logarithm of `base.x` only if `base.log` is not set
 * yet. The checks run in `pow`'s order for every call; the logarithm itself cannot fail once
 * they pass (0 < x < 2^256), so sharing it changes no result and no error.
 *
 * @example
 * ```ts
 * const base: PowBase = { x: 10n ** 30n, log: undefined }
 * powDownOfBase(base, 8n * 10n ** 17n) // 3981071705534932694516501746n
 * powDownOfBase(base, -2n * 10n ** 17n) // 3981071705534932n (reuses base.log)
 * ```
 * @throws {PoolMathError} as {@link pow}.
 */
export function powDownOfBase(base: PowBase, y: bigint): bigint {
  const x = base.x
  if (y === TWO_18) return fmul(x, x)
  if (y === FOUR_18) {
    const square = fmul(x, x)
    return fmul(square, square)
  }
  let raw: bigint
  if (y === 0n) raw = ONE_18
  else if (x === 0n) raw = 0n
  else if (x === ONE_18) raw = ONE_18
  else {
    checkPowArguments(x, y)
    if (base.log === undefined) base.log = logForPow(x)
    raw = expOfLogTimes(x, y, base.log)
  }
  const maxError = margin(raw)
  return raw < maxError ? 0n : raw - maxError
}

/** `pow`'s range checks on x and y (after its three shortcuts). */
function checkPowArguments(x: bigint, y: bigint): void {
  // TVM `x >> 256 == 0`: false for any negative x (the arithmetic shift gives −1).
  if (x < 0n || x > UINT256_MAX) {
    throw mathError('x_out_of_bounds', `pow base ${x} is outside 0..2^256-1`)
  }
  if (y >= MILD_EXPONENT_BOUND) {
    throw mathError('y_out_of_bounds', `pow exponent ${y} is at least 2^254 / 1e20`)
  }
}

/** The logarithm `pow` takes of 0 < x < 2^256: ln36(x) (36 decimals) near 1, else ln(x). */
function logForPow(x: bigint): bigint {
  return LN_36_LOWER_BOUND < x && x < LN_36_UPPER_BOUND ? ln36(x) : ln(x)
}

/** exp(floor(y·ln x / 1e18)) from `l` = {@link logForPow}(x), with pow's checks and floors. */
function expOfLogTimes(x: bigint, y: bigint, l: bigint): bigint {
  let logTimesY: bigint
  if (LN_36_LOWER_BOUND < x && x < LN_36_UPPER_BOUND) {
    if (-LN36_SAFE_EXPONENT < y && y < LN36_SAFE_EXPONENT) {
      // floor(l / 1e18)·y + floor((l mod 1e18)·y / 1e18) is floor(l·y / 1e18) (the first term
      // is an integer), and |floor(l / 1e18)·y| < 2^57·2^198 cannot leave 257 bits; with the
      // floor to 18 decimals below, logTimesY = floor(l·y / 1e36) (nested floors; below 0 it is
      // −ceil(−l·y / 1e36) = −floor(floor((−l·y + 1e36 − 1) / 1e18) / 1e18)).
      const product = l * y
      logTimesY =
        product >= 0n ? product / ONE_18 / ONE_18 : -((ONE_36_LESS_ONE - product) / ONE_18 / ONE_18)
    } else {
      // floor division and floor modulo toward −∞ (l is negative below 1).
      const whole = floorDiv(l, ONE_18)
      const fraction = l - whole * ONE_18
      logTimesY = floorBy1e18(int257(whole * y) + floorDiv(fraction * y, ONE_18))
    }
  } else {
    logTimesY = floorBy1e18(int257(l * y))
  }
  if (logTimesY < MIN_NATURAL_EXPONENT || logTimesY > MAX_NATURAL_EXPONENT) {
    throw mathError('product_out_of_bounds', `pow(${x}, ${y}): y·ln(x) is outside [-41, 130]`)
  }
  return exp(logTimesY)
}

/** floor(n / 1e18) toward −∞; 1e18 is a single machine word (for n < 0: −ceil(−n / 1e18)). */
function floorBy1e18(n: bigint): bigint {
  return n >= 0n ? n / ONE_18 : -((ONE_18 - 1n - n) / ONE_18)
}

/**
 * x^y rounded UP for weighted math (FB `math::fp::ow_pow_up`): exponent 2 → fmul(x, x),
 * exponent 4 → fmul(x², x²) (no error margin), else pow(x, y) + fmul(pow(x, y), 10000) + 1.
 *
 * @example
 * ```ts
 * powUp(2_000_000_000_000_000_000n, 500_000_000_000_000_000n) // 1414213562373109190n
 * powUp(3_000_000_000_000_000_000n, 2_000_000_000_000_000_000n) // 9000000000000000000n
 * ```
 * @throws {PoolMathError} as {@link pow}.
 */
export function powUp(x: bigint, y: bigint): bigint {
  if (y === TWO_18) return fmul(x, x)
  if (y === FOUR_18) {
    const square = fmul(x, x)
    return fmul(square, square)
  }
  const raw = pow(x, y)
  return raw + margin(raw)
}

/**
 * x^y rounded DOWN for weighted math (FB `math::fp::ow_pow`): exponent 2 → fmul(x, x),
 * exponent 4 → fmul(x², x²), else pow(x, y) − (fmul(pow(x, y), 10000) + 1), or 0 when that
 * margin exceeds the raw power.
 *
 * @example
 * ```ts
 * powDown(2_000_000_000_000_000_000n, 500_000_000_000_000_000n) // 1414213562373080904n
 * powDown(1n, 989_000_000_000_000_000n) // 0n (raw 1 minus its margin 1)
 * ```
 * @throws {PoolMathError} as {@link pow}.
 */
export function powDown(x: bigint, y: bigint): bigint {
  if (y === TWO_18) return fmul(x, x)
  if (y === FOUR_18) {
    const square = fmul(x, x)
    return fmul(square, square)
  }
  const raw = pow(x, y)
  const maxError = margin(raw)
  return raw < maxError ? 0n : raw - maxError
}

/** fmul(raw, 10000) + 1 for raw ≥ 0 (pow's results are): floor(raw·1e4 / 1e18) = floor(raw / 1e14). */
function margin(raw: bigint): bigint {
  return raw / MARGIN_DIVISOR + 1n
}
