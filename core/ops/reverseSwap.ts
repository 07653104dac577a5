import type { Side } from '../curves/Curve.js'
import { curveOf } from '../curves/curveOf.js'
import { InvalidInputError } from '../errors/InvalidInputError.js'
import { PoolMathError } from '../errors/PoolMathError.js'
import { UnreachableOutputError } from '../errors/UnreachableOutputError.js'
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
 * forward swap's result (no contract has a reverse getter; `contracts.md` §3). Constant
 * product is inverted in closed form: the smallest gross output B with
 * B − ceil(B·P/D) − ceil(B·R/D) ≥ X, then a = ceil(B·Ri·D / ((D − L)·(Ro − B))), then checked
 * forward. Other kinds are inverted by an exponential-then-binary search over the exact
 * forward model.
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
    : searchMinInput(forward, amountOut, seedInput(pool, side, amountOut))
  if (amountIn === undefined) {
    throw new UnreachableOutputError({ amountOut, reason: 'no input reaches it' })
  }
  // Safety step of contracts.md §3: the forward result decides. A closed-form B may be skipped
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
 * ceil(X·D / (D − P − R)) and walk (`contracts.md` §3 step 1).
 */
function minGrossOut(amountOut: bigint, protocolBps: bigint, referralBps: bigint): bigint {
  const net = (gross: bigint) => splitOutput(gross, protocolBps, referralBps).amountOut
  const keep = FEE_DIVIDER - protocolBps - referralBps
  // ceil: operands are positive.
  let gross = (amountOut * FEE_DIVIDER + keep - 1n) / keep
  while (gross > 1n && net(gross - 1n) >= amountOut) gross -= 1n
  while (net(gross) < amountOut) gross += 1n
  return gross
}

/** A first guess of the input from the spot price, used to seed the search. */
function seedInput(pool: PoolState, side: Side, amountOut: bigint): bigint {
  const { numerator, denominator } = curveOf(pool).spotPrice(pool, side)
  if (numerator <= 0n || denominator <= 0n) return 1n
  const guess = (amountOut * denominator) / numerator // floor: a guess only
  return guess > 0n ? guess : 1n
}

/**
 * Smallest input with `forward(a).amountOut >= target`, assuming the forward output never
 * decreases as the input grows while the pool accepts the input. Inputs the pool refuses
 * (e.g. past a weighted pool's 30 % cap) bound the search from above.
 */
function searchMinInput(forward: Forward, target: bigint, seed: bigint): bigint | undefined {
  const reaches = (a: bigint) => {
    const result = forward(a)
    return typeof result === 'object' && result.amountOut >= target
  }
  let low = 0n // reaches(low) is false (or low is 0)
  let high = seed
  for (;;) {
    if (high > MAX_COINS) high = MAX_COINS
    const result = forward(high)
    if (typeof result === 'object' && result.amountOut >= target) break
    if (result === 'refused') {
      // Refused: find the largest accepted input below `high`; if even that falls short,
      // nothing reaches the target.
      let accepted = low
      let refused = high
      while (refused - accepted > 1n) {
        const mid = (accepted + refused) >> 1n
        if (forward(mid) === 'refused') refused = mid
        else accepted = mid
      }
      if (accepted === 0n || !reaches(accepted)) return undefined
      high = accepted
      break
    }
    if (high === MAX_COINS) return undefined
    low = high
    high *= 2n
  }
  while (high - low > 1n) {
    const mid = (low + high) >> 1n
    if (reaches(mid)) high = mid
    else low = mid
  }
  return high
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
