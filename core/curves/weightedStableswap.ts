import { PoolMathError } from '../errors/PoolMathError.js'
import { complement, fdiv, fixedFrom, fixedTo, fmul } from '../math/fixed/arithmetic.js'
import { FIXED_POINT } from '../math/fixed/constants.js'
import { type PowBase, powDown, powDownOfBase } from '../math/fixed/pow.js'
import { type Bounds, exactBounds, fmulBounds, powDownBounds } from '../math/fixed/powEstimate.js'
import { int257 } from '../math/mulDiv.js'
import { FEE_DIVIDER, MAX_COINS, type PoolState } from '../pool/PoolState.js'
import type { Curve, Ratio, Side } from './Curve.js'

const { ONE_18 } = FIXED_POINT
/** Newton stops once |K(x', y) − K| ≤ 1e24 (18-decimal K; the contract's `__EPSILON`). */
const TOLERANCE = 10n ** 24n
/** Newton iteration cap: the 256th step throws 5103. */
const MAX_ITERATIONS = 255

/** The pool parameters the weighted-stableswap math reads, all with 18 decimals. */
export type WeightedStableswapParameters = {
  /** Amplification (1e18 = 1). */
  readonly amp: bigint
  /** token0 units per token1 unit; set by the first provision. */
  readonly rate: bigint
  /** token0's weight p; token1's is q = 1e18 − p. */
  readonly w0: bigint
}

/**
 * The weighted-stableswap invariant with 18 decimals (V2 `pools/weighted_stableswap/math.fc`
 * `_invariant`; `docs/contracts.md` §2.5). With X = x·1e18, Y = y·1e18, rY = fmul(rate, Y):
 * K = fmul(X + rY, amp) + fmul(powDown(X, p), powDown(rY, q)), p = w0, q = 1e18 − w0.
 *
 * @example
 * ```ts
 * weightedStableswapInvariant({ amp: 10n ** 18n, rate: 5n * 10n ** 17n, w0: 8n * 10n ** 17n },
 *   10n ** 12n, 2n * 10n ** 12n) // 2999999999999979998698775098499n (≈ 3e12, 18 decimals)
 * ```
 * @throws {PoolMathError} `COMPLEMENT_OUT_OF_RANGE` (51002) for w0 > 1e18, the fixed-point
 *   library's codes (50001 for a negative balance, 50003 past exp's domain) and
 *   `INTEGER_OVERFLOW` (4).
 */
export function weightedStableswapInvariant(
  { amp, rate, w0 }: WeightedStableswapParameters,
  x: bigint,
  y: bigint,
): bigint {
  return invariantParts(amp, rate, w0, x, y).k
}

/** K with the two powers it takes, in the contract's order (the solver reuses both). */
type InvariantParts = { readonly k: bigint; readonly xPowP: bigint; readonly ratedYPowQ: bigint }

function invariantParts(
  amp: bigint,
  rate: bigint,
  w0: bigint,
  x: bigint,
  y: bigint,
): InvariantParts {
  const q = complement(w0)
  const scaledX = fixedFrom(x)
  const ratedY = fmul(rate, fixedFrom(y))
  const linear = fmul(int257(scaledX + ratedY), amp)
  const xPowP = powDown(scaledX, w0)
  const ratedYPowQ = powDown(ratedY, q)
  return { k: int257(linear + fmul(xPowP, ratedYPowQ)), xPowP, ratedYPowQ }
}

/**
 * ∂K/∂Y of {@link weightedStableswapInvariant} as the contract computes it (`_dy_invariant`):
 * fmul(amp, rate) + fmul(fmul(fmul(q, powDown(Y, q − 1e18)), powDown(rate, q)), powDown(X, p)).
 * The negative exponent goes through `pow`'s ln/exp with floor semantics.
 *
 * @example
 * ```ts
 * weightedStableswapDerivativeY({ amp: 10n ** 18n, rate: 10n ** 18n, w0: 5n * 10n ** 17n },
 *   10n ** 12n, 10n ** 12n) // 1499999999997994999n (≈ 1 + 0.5)
 * ```
 * @throws {PoolMathError} as {@link weightedStableswapInvariant}.
 */
export function weightedStableswapDerivativeY(
  { amp, rate, w0 }: WeightedStableswapParameters,
  x: bigint,
  y: bigint,
): bigint {
  const q = complement(w0)
  const scaledX = fixedFrom(x)
  const scaledY = fixedFrom(y)
  const term = fmul(fmul(q, powDown(scaledY, q - ONE_18)), powDown(rate, q))
  return int257(fmul(amp, rate) + fmul(term, powDown(scaledX, w0)))
}

/**
 * ∂K/∂X of {@link weightedStableswapInvariant} as the contract computes it (`_dx_invariant`):
 * amp + fmul(fmul(fmul(p, powDown(X, p − 1e18)), powDown(rate, q)), powDown(Y, q)).
 *
 * @example
 * ```ts
 * weightedStableswapDerivativeX({ amp: 10n ** 18n, rate: 10n ** 18n, w0: 5n * 10n ** 17n },
 *   10n ** 12n, 10n ** 12n) // 1499999999997994999n
 * ```
 * @throws {PoolMathError} as {@link weightedStableswapInvariant}.
 */
export function weightedStableswapDerivativeX(
  { amp, rate, w0 }: WeightedStableswapParameters,
  x: bigint,
  y: bigint,
): bigint {
  const q = complement(w0)
  const scaledX = fixedFrom(x)
  const scaledY = fixedFrom(y)
  const term = fmul(fmul(w0, powDown(scaledX, w0 - ONE_18)), powDown(rate, q))
  return int257(amp + fmul(term, powDown(scaledY, q)))
}

/**
 * The marginal price of a weighted-stableswap pool before fees, ask units per offer unit, as
 * an exact ratio. With the invariant's own terms (X = x·1e18, rY = fmul(rate, y·1e18) and the
 * power term G = fmul(powDown(X, p), powDown(rY, q)) that K computes) the real-valued
 * K = amp·(X + rY) + X^p·rY^q has ∂K/∂x ∝ amp + p·G/X and ∂K/∂y ∝ rate·(amp + q·G/rY), so
 * token1 per token0 is (amp·X + p·G)·1e18·rY / (X·rate·(amp·rY + q·G)). It needs only the two
 * powers K itself takes, so it prices every pool whose invariant the contract can evaluate
 * (the contract's ∂K of {@link weightedStableswapDerivativeY} raises Y to q − 1 and leaves
 * exp's domain, 50003, on large pools). The denominator is 0 for an empty reserve (no price).
 *
 * @example
 * ```ts
 * // amp 1, rate 0.5, w0 0.8, R = (1e12, 2e12): X = rY, so (1 + 0.8) / (0.5·(1 + 0.2)) = 3
 * weightedStableswapSpotPrice({ amp: 10n ** 18n, rate: 5n * 10n ** 17n, w0: 8n * 10n ** 17n },
 *   10n ** 12n, 2n * 10n ** 12n, 0)
 * // numerator / denominator = 2.99999999999998 token1 per token0 (a 1e6 swap pays 2.999999 each)
 * ```
 * @throws {PoolMathError} `ZERO_DERIVATIVE` (5104) for rate 0 (token1 does not enter K: no
 *   swap and no price, as the swap's Newton step), `COMPLEMENT_OUT_OF_RANGE` (51002) for
 *   w0 > 1e18, and the fixed-point library's codes where K itself fails.
 */
export function weightedStableswapSpotPrice(
  { amp, rate, w0 }: WeightedStableswapParameters,
  x: bigint,
  y: bigint,
  side: Side,
): Ratio {
  const q = complement(w0)
  if (rate === 0n) {
    throw new PoolMathError({
      reason: 'zero_derivative',
      operation: 'computation',
      details: 'rate 0: token1 does not enter the weighted-stableswap invariant',
    })
  }
  const scaledX = fixedFrom(x)
  const ratedY = fmul(rate, fixedFrom(y))
  const power = fmul(powDown(scaledX, w0), powDown(ratedY, q))
  const towardX = (amp * scaledX + w0 * power) * ONE_18 * ratedY // ∂K/∂x · 1e18·X·1e18·rY
  const towardY = scaledX * rate * (amp * ratedY + q * power) // ∂K/∂y · 1e18·X·1e18·rY
  return side === 0
    ? { numerator: towardX, denominator: towardY }
    : { numerator: towardY, denominator: towardX }
}

/**
 * Gross output B of a weighted-stableswap swap (V2 `pools/weighted_stableswap/math.fc`
 * `solve_dy` / `solve_dx`; `docs/contracts.md` §2.5). ain = floor(a·(D − L)/D); Newton's method on
 * the balance of the ask side from its current value: df = K(…) − K(R0, R1), d = ∂K (5104 if
 * 0), balance −= floor(fdiv(df, d) / 1e18) (floor toward −∞), until |df| ≤ 1e24 where df is
 * the value BEFORE the step, so one more step is always taken; 255 steps at most (5103).
 * B = R_out − balance.
 *
 * Exact to the contract; faster only in computing nothing twice: powers whose arguments do
 * not change between steps (e.g. powDown(X', p) while solving y), what depends on the pool
 * alone (K, rate^q, the first step's powers of the reserves; kept per parameters object and
 * checked against its values) and one logarithm per base. Each is first evaluated where the
 * contract first evaluates it, so the same error is thrown first.
 *
 * @example
 * ```ts
 * // amp 1, rate 1, w0 0.5, R = (1e12, 1e12), L = 20 bps
 * weightedStableswapGrossOut({ amp: 10n ** 18n, rate: 10n ** 18n, w0: 5n * 10n ** 17n },
 *   1_000_000_000n, 10n ** 12n, 10n ** 12n, 20n, 0) // 997668109n
 * ```
 * @throws {PoolMathError} `ZERO_DERIVATIVE` (5104), `NOT_CONVERGED` (5103), the fixed-point
 *   library's codes (50001 when a step drives a balance below 0, 50003 for very large
 *   balances) and `INTEGER_OVERFLOW` (4).
 */
export function weightedStableswapGrossOut(
  parameters: WeightedStableswapParameters,
  amountIn: bigint,
  reserve0: bigint,
  reserve1: bigint,
  lpFee: bigint,
  side: Side,
): bigint {
  const netIn = (amountIn * (FEE_DIVIDER - lpFee)) / FEE_DIVIDER // floor: non-negative operands
  return side === 0
    ? reserve1 - solveY(parameters, reserve0, reserve1, netIn)
    : reserve0 - solveX(parameters, reserve0, reserve1, netIn)
}

/**
 * What a solve computes from the pool alone, the same for every amount quoted on it: K with its
 * two powers, and the powers of the first Newton step whose bases are the pool's balances.
 * Each field is filled where the contract first computes it (so a failure is thrown at the same
 * point) and reused after; `amp`..`y` say which pool the entry is for.
 */
type PoolConstants = {
  readonly amp: bigint
  readonly rate: bigint
  readonly w0: bigint
  readonly x: bigint
  readonly y: bigint
  parts: InvariantParts | undefined
  /** powDown(rate, q). */
  ratePowQ: bigint | undefined
  /** powDown(Y, q − 1e18) at Y = y·1e18 (solve_dy, step 1). */
  yPowQLessOne: bigint | undefined
  /** powDown(X, p − 1e18) at X = x·1e18 (solve_dx, step 1). */
  xPowPLessOne: bigint | undefined
  /** fmul(fmul(q, yPowQLessOne), ratePowQ): ∂K/∂Y's step-1 factor (certified steps). */
  innerY: bigint | undefined
  /** fmul(fmul(p, xPowPLessOne), ratePowQ): ∂K/∂X's step-1 factor (certified steps). */
  innerX: bigint | undefined
  /** Whether certified steps are worth trying, solving y (index 0) and x (index 1). */
  promising: [boolean | undefined, boolean | undefined]
  /** Bounds on K while `parts` is not computed (`null`: no estimate for its powers). */
  invariant: InvariantBounds | null | undefined
}

/**
 * One {@link PoolConstants} per parameters object (a `PoolState` is never mutated; the entry is
 * still checked against every value it depends on), so quoting several amounts on a pool
 * computes its constants once.
 */
const POOL_CONSTANTS = new WeakMap<WeightedStableswapParameters, PoolConstants>()

function poolConstants(
  parameters: WeightedStableswapParameters,
  x: bigint,
  y: bigint,
): PoolConstants {
  const { amp, rate, w0 } = parameters
  const known = POOL_CONSTANTS.get(parameters)
  if (
    known !== undefined &&
    known.amp === amp &&
    known.rate === rate &&
    known.w0 === w0 &&
    known.x === x &&
    known.y === y
  ) {
    return known
  }
  const fresh: PoolConstants = {
    amp,
    rate,
    w0,
    x,
    y,
    parts: undefined,
    ratePowQ: undefined,
    yPowQLessOne: undefined,
    xPowPLessOne: undefined,
    innerY: undefined,
    innerX: undefined,
    promising: [undefined, undefined],
    invariant: undefined,
  }
  POOL_CONSTANTS.set(parameters, fresh)
  return fresh
}

/**
 * `solve_dy`: the new token1 balance after `netIn` of token0 (returns the balance, not B).
 * Computes, in the contract's order, only what differs from an earlier computation: K and the
 * step-1 powers of the pool's own balances come from {@link PoolConstants}; X'^p is fixed
 * during the solve; rY^q and Y^(q−1) share one logarithm when rate is 1 (rY = Y).
 */
function solveY(
  parameters: WeightedStableswapParameters,
  x: bigint,
  y: bigint,
  netIn: bigint,
): bigint {
  const { amp, rate, w0: p } = parameters
  const q = complement(p)
  const pool = poolConstants(parameters, x, y)
  // With certifiable values nothing before the first step can fail, so K may wait for the
  // first exact step; otherwise it comes first, as in the contract.
  const bounded = certifiable(amp, rate, p, x + netIn, y)
  if (!bounded) pool.parts ??= invariantParts(amp, rate, p, x, y)
  const scaledX = fixedFrom(x + netIn)
  const qLessOne = q - ONE_18
  let xPowP: bigint | undefined // powDown(X', p): X' is fixed
  let ampRate: bigint | undefined // fmul(amp, rate)
  // Certified steps (see certifiedStep): bounds on X'^p, rate^q and fmul(amp, rate), once.
  let fixed: FixedBounds | undefined =
    bounded && promising(pool, 0, (amp * rate) / ONE_18) // fmul: floor, non-negative
      ? { power: powDownBounds(scaledX, p), rate: undefined, linear: undefined }
      : undefined
  let balance = y
  for (let step = 1; ; step++) {
    const atPool = balance === y
    if (fixed?.power !== undefined && step <= MAX_ITERATIONS) {
      const scaledY = balance * ONE_18
      const ratedY = (rate * scaledY) / ONE_18 // fmul: floor, non-negative operands
      const ratedYPowQ =
        atPool && pool.parts !== undefined
          ? exactBounds(pool.parts.ratedYPowQ)
          : powDownBounds(ratedY, q)
      const invariant = invariantBounds(pool, p, q)
      if (ratedYPowQ !== undefined && invariant !== undefined) {
        const power = fmulBounds(fixed.power, ratedYPowQ)
        // linear − k = (linear − K's linear part) − K's power term, the latter within bounds.
        const linearLessK = ((scaledX + ratedY) * amp) / ONE_18 - invariant.linear // fmul: floor
        if (withinMagnitude(linearLessK, power, invariant.power)) {
          let inner: Bounds | undefined // fmul(fmul(q, Y^(q−1)), rate^q)
          if (atPool) {
            // Everything the contract computes before these two powers cannot fail (above);
            // they are computed exactly here, in its order (they may fail as it does), and the
            // pool keeps them: so the factor is exact too.
            pool.yPowQLessOne ??= powDownOfBase({ x: scaledY, log: undefined }, qLessOne)
            pool.ratePowQ ??= powDown(rate, q)
            pool.innerY ??= fmul(fmul(q, pool.yPowQLessOne), pool.ratePowQ)
            inner = exactBounds(pool.innerY)
          } else {
            const yPowQLessOne = powDownBounds(scaledY, qLessOne)
            fixed.rate ??= ratePowQBounds(pool, rate, q)
            inner =
              yPowQLessOne === undefined || fixed.rate === undefined
                ? undefined
                : fmulBounds(fmulBounds(exactBounds(q), yPowQLessOne), fixed.rate)
          }
          fixed.linear ??= exactBounds((amp * rate) / ONE_18) // fmul(amp, rate)
          const outcome =
            inner === undefined
              ? undefined
              : certifiedStep(
                  linearLessK,
                  difference(power, invariant.power),
                  fixed.linear,
                  fmulBounds(inner, fixed.power),
                )
          if (outcome !== undefined) {
            balance -= BigInt(outcome.delta)
            if (outcome.done) return balance
            continue
          }
        }
      }
      fixed = undefined // undecided: this step and the rest of the solve run exactly below
    }
    pool.parts ??= invariantParts(amp, rate, p, x, y)
    const { k } = pool.parts
    const scaledY = fixedFrom(balance)
    const ratedY = fmul(rate, scaledY)
    const linear = fmul(int257(scaledX + ratedY), amp)
    xPowP ??= powDown(scaledX, p)
    const yBase: PowBase = { x: scaledY, log: undefined }
    const ratedYPowQ = atPool
      ? pool.parts.ratedYPowQ
      : powDownOfBase(ratedY === scaledY ? yBase : { x: ratedY, log: undefined }, q)
    const df = int257(int257(linear + fmul(xPowP, ratedYPowQ)) - k)
    let yPowQLessOne: bigint
    if (!atPool) yPowQLessOne = powDownOfBase(yBase, qLessOne)
    else {
      pool.yPowQLessOne ??= powDownOfBase(yBase, qLessOne)
      yPowQLessOne = pool.yPowQLessOne
    }
    const yTerm = fmul(q, yPowQLessOne)
    pool.ratePowQ ??= powDown(rate, q)
    ampRate ??= fmul(amp, rate)
    const derivative = int257(ampRate + fmul(fmul(yTerm, pool.ratePowQ), xPowP))
    balance = newtonStep(balance, df, derivative, step)
    if (df <= TOLERANCE && -df <= TOLERANCE) return balance
  }
}

/**
 * `solve_dx`: the new token0 balance after `netIn` of token1. As {@link solveY}: K and the
 * step-1 powers of X come from {@link PoolConstants}, rY'^q and Y'^q are fixed during the solve,
 * and X^p and X^(p−1) share one logarithm at every step.
 */
function solveX(
  parameters: WeightedStableswapParameters,
  x: bigint,
  y: bigint,
  netIn: bigint,
): bigint {
  const { amp, rate, w0: p } = parameters
  const q = complement(p)
  const pool = poolConstants(parameters, x, y)
  // As in solveY: K first unless nothing before the first step can fail.
  const bounded = certifiable(amp, rate, p, y + netIn, x)
  if (!bounded) pool.parts ??= invariantParts(amp, rate, p, x, y)
  const scaledY = fixedFrom(y + netIn)
  const ratedY = fmul(rate, scaledY) // Y' is fixed
  const pLessOne = p - ONE_18
  let ratedYPowQ: bigint | undefined // powDown(rY', q)
  let yPowQ: bigint | undefined // powDown(Y', q)
  // Certified steps (see certifiedStep): bounds on rY'^q, Y'^q, rate^q and amp, once.
  let fixed: FixedBounds | undefined =
    bounded && promising(pool, 1, amp)
      ? { power: powDownBounds(ratedY, q), rate: undefined, linear: undefined }
      : undefined
  let fixedYPowQ: Bounds | undefined
  let balance = x
  for (let step = 1; ; step++) {
    const atPool = balance === x
    if (fixed?.power !== undefined && step <= MAX_ITERATIONS) {
      const scaledX = balance * ONE_18
      const xPowPBounds =
        atPool && pool.parts !== undefined
          ? exactBounds(pool.parts.xPowP)
          : powDownBounds(scaledX, p)
      const invariant = invariantBounds(pool, p, q)
      fixedYPowQ ??= powDownBounds(scaledY, q)
      if (xPowPBounds !== undefined && invariant !== undefined && fixedYPowQ !== undefined) {
        const power = fmulBounds(xPowPBounds, fixed.power)
        const linearLessK = ((scaledX + ratedY) * amp) / ONE_18 - invariant.linear // fmul: floor
        if (withinMagnitude(linearLessK, power, invariant.power)) {
          let inner: Bounds | undefined // fmul(fmul(p, X^(p−1)), rate^q)
          if (atPool) {
            // As in solveY: computed exactly, in the contract's order, kept by the pool.
            pool.xPowPLessOne ??= powDownOfBase({ x: scaledX, log: undefined }, pLessOne)
            pool.ratePowQ ??= powDown(rate, q)
            pool.innerX ??= fmul(fmul(p, pool.xPowPLessOne), pool.ratePowQ)
            inner = exactBounds(pool.innerX)
          } else {
            const xPowPLessOne = powDownBounds(scaledX, pLessOne)
            fixed.rate ??= ratePowQBounds(pool, rate, q)
            inner =
              xPowPLessOne === undefined || fixed.rate === undefined
                ? undefined
                : fmulBounds(fmulBounds(exactBounds(p), xPowPLessOne), fixed.rate)
          }
          fixed.linear ??= exactBounds(amp)
          const outcome =
            inner === undefined
              ? undefined
              : certifiedStep(
                  linearLessK,
                  difference(power, invariant.power),
                  fixed.linear,
                  fmulBounds(inner, fixedYPowQ),
                )
          if (outcome !== undefined) {
            balance -= BigInt(outcome.delta)
            if (outcome.done) return balance
            continue
          }
        }
      }
      fixed = undefined // undecided: this step and the rest of the solve run exactly below
    }
    pool.parts ??= invariantParts(amp, rate, p, x, y)
    const { k } = pool.parts
    const scaledX = fixedFrom(balance)
    const linear = fmul(int257(scaledX + ratedY), amp)
    const xBase: PowBase = { x: scaledX, log: undefined }
    const xPowP = atPool ? pool.parts.xPowP : powDownOfBase(xBase, p)
    ratedYPowQ ??= powDown(ratedY, q)
    const df = int257(int257(linear + fmul(xPowP, ratedYPowQ)) - k)
    let xPowPLessOne: bigint
    if (!atPool) xPowPLessOne = powDownOfBase(xBase, pLessOne)
    else {
      pool.xPowPLessOne ??= powDownOfBase(xBase, pLessOne)
      xPowPLessOne = pool.xPowPLessOne
    }
    const xTerm = fmul(p, xPowPLessOne)
    pool.ratePowQ ??= powDown(rate, q)
    yPowQ ??= powDown(scaledY, q)
    const derivative = int257(amp + fmul(fmul(xTerm, pool.ratePowQ), yPowQ))
    balance = newtonStep(balance, df, derivative, step)
    if (df <= TOLERANCE && -df <= TOLERANCE) return balance
  }
}

/**
 * Bounds a certified solve keeps: the power fixed during the solve (powDown(X', p) solving y,
 * powDown(rY', q) solving x; `undefined` when it has no estimate), powDown(rate, q) and the
 * derivative's constant part (fmul(amp, rate), or amp).
 */
type FixedBounds = {
  readonly power: Bounds | undefined
  rate: Bounds | undefined
  linear: Bounds | undefined
}

/** 2^100: parameters below it keep every certified intermediate far inside 257 bits. */
const CERTIFIED_PARAMETER_LIMIT = 1n << 100n

/**
 * Whether a solve may try certified steps: 0 < w0 < 1e18, 0 < amp and rate < 2^100, and both
 * balances 1 .. 2^120 − 1 (so no product of the step below can leave 257 bits and every
 * fmul there has non-negative operands).
 */
function certifiable(amp: bigint, rate: bigint, w0: bigint, fixedSide: bigint, moving: bigint) {
  return (
    0n < w0 &&
    w0 < ONE_18 &&
    0n < amp &&
    amp < CERTIFIED_PARAMETER_LIMIT &&
    0n < rate &&
    rate < CERTIFIED_PARAMETER_LIMIT &&
    0n < fixedSide &&
    fixedSide <= MAX_COINS &&
    0n < moving &&
    moving <= MAX_COINS
  )
}

/**
 * Whether certified steps are likely to decide on this pool (speed only: an undecided step
 * runs exactly either way). Their floor(df / d) is uncertain by about ρ·G / d, with G the
 * invariant's power term and ρ the estimates' relative bound (it grows with the logarithms of
 * the balances); on large pools (raw balances above about 1e14 at 18-decimal weights) this
 * exceeds a unit and every attempt would be wasted, so the pool's solves skip it. `constant` is
 * the derivative's constant part (fmul(amp, rate) solving y, amp solving x), a lower bound of d.
 */
function promising(pool: PoolConstants, side: 0 | 1, constant: bigint): boolean {
  const known = pool.promising[side]
  if (known !== undefined) return known
  const weight = Number(pool.w0) / 1e18
  const logX = Math.log(Number(pool.x))
  const logRatedY = Math.log((Number(pool.rate) / 1e18) * Number(pool.y))
  const power = 1e18 * Math.exp(weight * logX + (1 - weight) * logRatedY) // G, 18 decimals
  const spread = (8e-15 * (2 + Math.abs(logX) + Math.abs(logRatedY)) * power) / Number(constant)
  const worth = spread < 2
  pool.promising[side] = worth
  return worth
}

/**
 * K = linear + power: `linear` exact (fmul(X + rY, amp)) and `power` (fmul(X^p, rY^q)) within
 * bounds, or, once the pool's exact K is known, linear = K and power = 0.
 */
type InvariantBounds = { readonly linear: bigint; readonly power: Bounds }

const NO_BOUNDS: Bounds = { low: 0, high: 0 }

/** {@link InvariantBounds} of the pool, or `undefined` when its powers have no estimate. */
function invariantBounds(pool: PoolConstants, p: bigint, q: bigint): InvariantBounds | undefined {
  if (pool.parts !== undefined) return { linear: pool.parts.k, power: NO_BOUNDS }
  if (pool.invariant === undefined) {
    const scaledX = pool.x * ONE_18
    const ratedY = pool.rate * pool.y // fmul(rate, y·1e18), exact
    const xPowP = powDownBounds(scaledX, p)
    const ratedYPowQ = powDownBounds(ratedY, q)
    pool.invariant =
      xPowP === undefined || ratedYPowQ === undefined
        ? null
        : {
            linear: ((scaledX + ratedY) * pool.amp) / ONE_18, // fmul: floor, non-negative
            power: fmulBounds(xPowP, ratedYPowQ),
          }
  }
  return pool.invariant ?? undefined
}

/**
 * Whether a step's df stays far inside 257 bits: |linear − k| and both power terms below 1e70
 * (so K, df and every fmul of the step pass the contract's range checks).
 */
function withinMagnitude(linearLessK: bigint, power: Bounds, invariantPower: Bounds): boolean {
  return Math.abs(Number(linearLessK)) + power.high + invariantPower.high < CERTIFIED_MAGNITUDE
}

/** Bounds on a − b for non-negative a and b, widened by 1e-15 of their size (the roundings). */
function difference(a: Bounds, b: Bounds): Bounds {
  const slack = (a.high + b.high) * 1e-15
  return { low: a.low - b.high - slack, high: a.high - b.low + slack }
}

/** powDown(rate, q): the pool's exact value when a solve computed it, else its bounds. */
function ratePowQBounds(pool: PoolConstants, rate: bigint, q: bigint): Bounds | undefined {
  return pool.ratePowQ !== undefined ? exactBounds(pool.ratePowQ) : powDownBounds(rate, q)
}

const TOLERANCE_BELOW = 1e24 * (1 - 1e-15)
const TOLERANCE_ABOVE = 1e24 * (1 + 1e-15)
/** Certified values stay below 1e70 < 2^233: sums of a few of them stay inside 257 bits. */
const CERTIFIED_MAGNITUDE = 1e70
const EXACT_NUMBERS = 2 ** 53

/**
 * One Newton step decided from bounds, or `undefined` when they do not decide it. The contract
 * computes df = linear + G − k (`linearLessK` = linear − k when k is known exactly, else
 * linear − K's linear part with `power` bounding G − K's power term) and d = c + term, stops after
 * the step when |df| ≤ 1e24, and moves the balance by floor(fdiv(df, d) / 1e18) = floor(df / d)
 * (d > 0, nested floors). With G and term within their bounds (non-negative: every fmul has
 * non-negative operands), df and d lie within the bounds below; when d > 0 for sure, the
 * tolerance test has one answer over the whole box and so does floor(df / d) (below 2^53), the
 * step is that one — the step's pow calls cannot fail (their estimates exist) and nothing can
 * leave 257 bits (everything below 1e70). Each bound is widened by 1e-15 of the magnitudes
 * it came from for the numbers' roundings.
 */
function certifiedStep(
  linearLessK: bigint,
  power: Bounds,
  constant: Bounds,
  term: Bounds,
): { readonly delta: number; readonly done: boolean } | undefined {
  const base = Number(linearLessK)
  const magnitude = Math.abs(base) + Math.abs(power.low) + Math.abs(power.high)
  if (!(magnitude < CERTIFIED_MAGNITUDE && term.high < CERTIFIED_MAGNITUDE)) return undefined
  const slack = magnitude * 1e-15 + 1
  const dfLow = base + power.low - slack
  const dfHigh = base + power.high + slack
  let done: boolean
  if (dfLow >= -TOLERANCE_BELOW && dfHigh <= TOLERANCE_BELOW) done = true
  else if (dfLow > TOLERANCE_ABOVE || dfHigh < -TOLERANCE_ABOVE) done = false
  else return undefined
  const dLow = (constant.low + term.low) * (1 - 1e-15)
  const dHigh = (constant.high + term.high) * (1 + 1e-15)
  if (!(dLow > 0)) return undefined
  const low = dfLow >= 0 ? dfLow / dHigh : dfLow / dLow
  const high = dfHigh >= 0 ? dfHigh / dLow : dfHigh / dHigh
  const delta = Math.floor(low - Math.abs(low) * 1e-15)
  if (delta !== Math.floor(high + Math.abs(high) * 1e-15)) return undefined
  return delta < EXACT_NUMBERS && delta > -EXACT_NUMBERS ? { delta, done } : undefined
}

/** |df| below 2^256 / 1e18: fdiv(df, d) for d ≥ 1 cannot leave 257 bits. */
const DF_FAST_BOUND = (1n << 256n) / ONE_18

/** One Newton update `balance − floor(fdiv(df, d) / 1e18)` with the contract's two checks. */
function newtonStep(balance: bigint, df: bigint, derivative: bigint, step: number): bigint {
  if (derivative === 0n) {
    throw new PoolMathError({
      reason: 'zero_derivative',
      operation: 'computation',
      details: 'the weighted-stableswap invariant has a zero derivative',
    })
  }
  let delta: bigint
  if (derivative > 0n && df < DF_FAST_BOUND && -df < DF_FAST_BOUND) {
    // fixedTo(fdiv(df, d)) = floor(floor(df·1e18 / d) / 1e18) = floor(df / d) (nested floors,
    // d > 0), and |floor(df·1e18 / d)| ≤ |df|·1e18 < 2^256 passes fdiv's range check. Below 0
    // the floor is minus the ceiling of −df / d.
    delta = df >= 0n ? df / derivative : -((derivative - 1n - df) / derivative)
  } else {
    // fdiv floors, fixedTo floors toward −∞ (df is often negative).
    delta = fixedTo(fdiv(df, derivative))
  }
  const next = int257(balance - delta)
  if (step > MAX_ITERATIONS) {
    throw new PoolMathError({
      reason: 'not_converged',
      operation: 'computation',
      details: `the weighted-stableswap Newton solver did not converge in ${MAX_ITERATIONS} steps`,
    })
  }
  return next
}

/**
 * The rate a first provision stores: fdiv(a0·1e18, a1·1e18) = floor(a0·1e18 / a1)
 * (`docs/contracts.md` §2.5).
 *
 * @example
 * ```ts
 * weightedStableswapInitialRate(10n ** 12n, 2n * 10n ** 12n) // 500000000000000000n
 * ```
 * @throws {PoolMathError} `ZERO_DIVISION` (50008) when `amount1` is 0.
 */
export function weightedStableswapInitialRate(amount0: bigint, amount1: bigint): bigint {
  return fdiv(fixedFrom(amount0), fixedFrom(amount1))
}

/**
 * The DEX v2 weighted-stableswap curve (`docs/contracts.md` §2.5). `pool.amp`, `pool.rate` and
 * `pool.w0` are 18-decimal. The LP invariant is the 18-decimal K; the first provision
 * overwrites `rate` with floor(a0·1e18 / a1) and mints floor(K(a0, a1) / 1e18).
 *
 * @example
 * ```ts
 * // amp 1, rate 1, w0 0.5, R = (1e12, 1e12), L 20
 * weightedStableswapCurve.grossOut(pool, 0, 1_000_000_000n) // 997668109n
 * // amp 1, w0 0.8, empty pool: the first provision sets the rate
 * const first = weightedStableswapCurve.initialLiquidity(empty, 10n ** 12n, 2n * 10n ** 12n)
 * // first.liquidity 2999999999999n, first.pool.rate 500000000000000000n
 * ```
 */
export const weightedStableswapCurve: Curve = {
  grossOut(pool: PoolState, side: Side, amountIn: bigint): bigint {
    return weightedStableswapGrossOut(
      pool,
      amountIn,
      pool.reserve0,
      pool.reserve1,
      pool.lpFee,
      side,
    )
  },

  invariant(pool: PoolState, x: bigint, y: bigint): bigint {
    return weightedStableswapInvariant(pool, x, y)
  },

  initialLiquidity(pool: PoolState, amount0: bigint, amount1: bigint) {
    const next: PoolState = { ...pool, rate: weightedStableswapInitialRate(amount0, amount1) }
    return { liquidity: fixedTo(weightedStableswapInvariant(next, amount0, amount1)), pool: next }
  },

  spotPrice(pool: PoolState, side: Side): Ratio {
    return weightedStableswapSpotPrice(pool, pool.reserve0, pool.reserve1, side)
  },
}
