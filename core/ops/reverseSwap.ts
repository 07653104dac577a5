import type { Curve, Ratio, Side } from '../curves/Curve.js'
import { curveOf } from '../curves/curveOf.js'
import { InvalidInputError } from '../errors/InvalidInputError.js'
import { PoolMathError } from '../errors/PoolMathError.js'
import { UnreachableOutputError } from '../errors/UnreachableOutputError.js'
import { ceilDiv } from '../math/mulDiv.js'
import { assertCoins, FEE_DIVIDER, MAX_COINS, type PoolState } from '../pool/PoolState.js'
import { splitOutput } from './splitOutput.js'
import { appliedReferralBps, type SwapParameters, type SwapResult, swap } from './swap.js'

/** Parameters of {@link reverseSwap}. */
export type ReverseSwapParameters = {
  /** Index of the OFFERED token (as in {@link swap}). */
  readonly side: Side
  /** The net output wanted, in the ask token (after protocol and referral fees). */
  readonly amountOut: bigint
  /** DEX v2: referral fee in bps (0..100). */
  readonly referralBps?: bigint | number | undefined
  /** DEX v1: whether a referral address is set. */
  readonly hasReferral?: boolean | undefined
}

/** Result of {@link reverseSwap}: the minimal input and what its forward swap yields. */
export type ReverseSwapResult = SwapResult & {
  /** The smallest input whose forward swap pays at least the requested output. */
  readonly amountIn: bigint
}

/**
 * The smallest `amountIn` whose forward {@link swap} pays at least `amountOut`, with that
 * forward swap's result (no contract has a reverse getter; `docs/contracts.md` §3). Constant
 * product is inverted in closed form: the smallest gross output B with
 * B − ceil(B·P/D) − ceil(B·R/D) ≥ X, then a = ceil(B·Ri·D / ((D − L)·(Ro − B))), then checked
 * forward. Other kinds are inverted by an exponential-then-binary search over the exact
 * forward gross output (the net output is not monotone in the input, the gross output is for
 * stableswap and weighted constant product), then a re-check of the 32 inputs below the result
 * for the weighted-stableswap solver's dips; see `searchMinInput` and `docs/math-v2-kinds.md`.
 *
 * @example
 * ```ts
 * const r = reverseSwap(pool, { side: 0, amountOut: 1_992_015_968n })
 * // r.amountIn 1000000000n; swap(pool, { side: 0, amountIn: 999999999n }).amountOut < 1992015968n
 * ```
 * @throws {InvalidInputError} for a bad side, amount or referral value.
 * @throws {UnreachableOutputError} when no input reaches the output.
 * @throws {PoolMathError} `SWAP_REFUND_NO_LIQ` when the pool has no LP supply.
 */
export function reverseSwap(pool: PoolState, parameters: ReverseSwapParameters): ReverseSwapResult {
  const { side, amountOut } = parameters
  if (side !== 0 && side !== 1) {
    throw new InvalidInputError({ field: 'side', reason: 'must be 0 or 1', value: side })
  }
  assertCoins(amountOut, 'amountOut', { allowZero: false })
  const referralBps = appliedReferralBps(pool, parameters)
  const curve = curveOf(pool)
  if (pool.totalSupply <= 0n) {
    throw new PoolMathError({ reason: 'swap_refund_no_liq', operation: 'swap' })
  }
  const { referralBps: bps, hasReferral } = parameters
  const forward: Forward = (amountIn) =>
    tryForward(pool, { side, amountIn, referralBps: bps, hasReferral })

  const grossOut = minGrossOut(amountOut, pool.protocolFee, referralBps)
  const reserveOut = side === 0 ? pool.reserve1 : pool.reserve0
  if (grossOut >= reserveOut) {
    throw new UnreachableOutputError({ amountOut, reason: 'the pool does not hold that much' })
  }

  let amountIn = curve.minInputForGross
    ? curve.minInputForGross(pool, side, grossOut)
    : searchMinInput(
        acceptedGrossOut(pool, curve, side),
        (gross) => splitOutput(gross, pool.protocolFee, referralBps).amountOut >= amountOut,
        grossOut,
        seedInput(pool, curve, side, amountOut),
      )
  if (amountIn === undefined) {
    throw new UnreachableOutputError({ amountOut, reason: 'no input reaches it' })
  }
  // Safety step of docs/contracts.md §3: the forward result decides. A closed-form B may be skipped
  // over by the floor of the curve when one more input unit adds more than one output unit.
  for (;;) {
    if (amountIn > MAX_COINS) {
      throw new UnreachableOutputError({ amountOut, reason: 'the input would exceed 2^120 - 1' })
    }
    const result = forward(amountIn)
    if (result === 'refused') {
      throw new UnreachableOutputError({ amountOut, reason: 'the pool refuses the required input' })
    }
    if (result !== 'zero' && result.amountOut >= amountOut) return { ...result, amountIn }
    amountIn += 1n
  }
}

/**
 * Smallest gross output B with B − ceil(B·P/D) − ceil(B·R/D) ≥ X. That function of B is not
 * strictly monotone (it drops by one where both ceilings step together), so start at
 * ceil(X·D / (D − P − R)) and walk (`docs/contracts.md` §3 step 1).
 */
function minGrossOut(amountOut: bigint, protocolBps: bigint, referralBps: bigint): bigint {
  const net = (gross: bigint) => splitOutput(gross, protocolBps, referralBps).amountOut
  const keep = FEE_DIVIDER - protocolBps - referralBps
  let gross = ceilDiv(amountOut * FEE_DIVIDER, keep)
  while (gross > 1n && net(gross - 1n) >= amountOut) gross -= 1n
  while (net(gross) < amountOut) gross += 1n
  return gross
}

/**
 * A first guess of the input from the spot price, used to seed the search; 1 when the curve
 * cannot price the pool (its derivatives fail where a swap may still succeed).
 */
function seedInput(pool: PoolState, curve: Curve, side: Side, amountOut: bigint): bigint {
  let price: Ratio
  try {
    price = curve.spotPrice(pool, side)
  } catch (error) {
    if (error instanceof PoolMathError) return 1n
    throw error
  }
  const { numerator, denominator } = price
  if (numerator <= 0n || denominator <= 0n) return 1n
  const guess = (amountOut * denominator) / numerator // floor: a guess only
  return guess > 0n ? guess : 1n
}

/** How far below a found input {@link searchMinInput} re-checks every input (solver dips). */
const DOWNWARD_SCAN = 32n

/**
 * The gross output B of `amountIn` as the forward swap sees it, or `undefined` when the swap
 * refuses the input: the curve's math throws (input caps, solvers), the input reserve would
 * pass 2^120 − 1, or B would empty the output reserve.
 */
type AcceptedGrossOut = (amountIn: bigint) => bigint | undefined

function acceptedGrossOut(pool: PoolState, curve: Curve, side: Side): AcceptedGrossOut {
  const reserveIn = side === 0 ? pool.reserve0 : pool.reserve1
  const reserveOut = side === 0 ? pool.reserve1 : pool.reserve0
  return (amountIn) => {
    if (reserveIn + amountIn > MAX_COINS) return undefined
    let gross: bigint
    try {
      gross = curve.grossOut(pool, side, amountIn)
    } catch (error) {
      if (error instanceof PoolMathError) return undefined
      throw error
    }
    return gross < reserveOut ? gross : undefined
  }
}

/**
 * Smallest input whose forward swap pays at least X, for curves without a closed-form inverse.
 *
 * The net output g(B) = B − ceil(B·P/D) − ceil(B·R/D) is not monotone in B (it drops by one
 * where both ceilings step together), so the search runs on the gross output B instead: find
 * the smallest input with B ≥ `grossTarget` (the smallest B that pays X); every smaller input
 * has a smaller B and so pays less than X. If the B found overshoots to a value that does not
 * pay, the next target is the smallest larger B that pays, searched from there. This is the
 * global minimum whenever B is non-decreasing in the input, as for stableswap and weighted
 * constant product (checked by property tests). Weighted stableswap's Newton solver is not
 * monotone for large reserves (B can dip by a few units), so every input up to 32 below the
 * result is re-checked and the window slides down with each hit; the result therefore always
 * satisfies forward(a) ≥ X > forward(a − 1), and for weighted stableswap is minimal within
 * that window (`docs/math-v2-kinds.md`).
 */
function searchMinInput(
  grossAt: AcceptedGrossOut,
  pays: (gross: bigint) => boolean,
  grossTarget: bigint,
  seed: bigint,
): bigint | undefined {
  let target = grossTarget
  let low = 0n // no input ≤ low pays X
  for (;;) {
    const found = firstInputReaching(grossAt, target, low, seed)
    if (found === undefined) return undefined
    if (pays(found.gross)) return scanDown(grossAt, pays, found.amountIn)
    // B overshot the target to a value whose fee ceilings leave less than X.
    target = found.gross + 1n
    while (!pays(target)) target += 1n
    low = found.amountIn
  }
}

/**
 * Smallest input above `low` with gross output ≥ `target` (B assumed non-decreasing; inputs
 * the pool refuses bound the search from above), by exponential then binary search.
 */
function firstInputReaching(
  grossAt: AcceptedGrossOut,
  target: bigint,
  low: bigint,
  seed: bigint,
): { amountIn: bigint; gross: bigint } | undefined {
  const reaches = (amountIn: bigint) => {
    const gross = grossAt(amountIn)
    return gross !== undefined && gross >= target
  }
  let step = seed > low ? seed - low : 1n
  let high: bigint
  for (;;) {
    high = low + step > MAX_COINS ? MAX_COINS : low + step
    const gross = grossAt(high)
    if (gross !== undefined && gross >= target) break
    if (gross === undefined) {
      // Refused: the largest accepted input below `high` bounds the search.
      let accepted = low
      let refused = high
      while (refused - accepted > 1n) {
        const mid = (accepted + refused) >> 1n
        if (grossAt(mid) === undefined) refused = mid
        else accepted = mid
      }
      if (accepted === 0n || !reaches(accepted)) return undefined
      high = accepted
      break
    }
    if (high === MAX_COINS) return undefined
    low = high
    step *= 2n
  }
  while (high - low > 1n) {
    const mid = (low + high) >> 1n
    if (reaches(mid)) high = mid
    else low = mid
  }
  return { amountIn: high, gross: grossAt(high) as bigint }
}

/** Re-checks the {@link DOWNWARD_SCAN} inputs below `amountIn`, sliding down on every hit. */
function scanDown(
  grossAt: AcceptedGrossOut,
  pays: (gross: bigint) => boolean,
  amountIn: bigint,
): bigint {
  let best = amountIn
  for (let candidate = best - 1n; candidate >= 1n && best - candidate <= DOWNWARD_SCAN; ) {
    const gross = grossAt(candidate)
    if (gross !== undefined && pays(gross)) best = candidate
    candidate -= 1n
  }
  return best
}

/**
 * A forward swap as the search sees it: its result, `'zero'` when the input is too small to pay
 * anything, or `'refused'` when the pool rejects the input for being too large or breaking
 * its math (input caps, solver failures, reserve overflow).
 */
type Forward = (amountIn: bigint) => SwapResult | 'zero' | 'refused'

function tryForward(pool: PoolState, parameters: SwapParameters): SwapResult | 'zero' | 'refused' {
  try {
    return swap(pool, parameters)
  } catch (error) {
    if (error instanceof PoolMathError) {
      return error.reason === 'swap_refund_0_out' || error.reason === 'swap_refund_no_liq'
        ? 'zero'
        : 'refused'
    }
    throw error
  }
}
