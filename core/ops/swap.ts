import type { Side } from '../curves/Curve.js'
import { curveOf } from '../curves/curveOf.js'
import { InvalidInputError } from '../errors/InvalidInputError.js'
import { PoolMathError } from '../errors/PoolMathError.js'
import { assertCoins, assertPoolState, MAX_COINS, type PoolState } from '../pool/PoolState.js'
import { outputFee } from './splitOutput.js'

/** Parameters of {@link swap}. */
export type SwapParameters = {
  /** Index of the OFFERED token: 0 sells token0 for token1, 1 sells token1 for token0. */
  readonly side: Side
  /** Amount offered, raw units (1 .. 2^120 − 1). */
  readonly amountIn: bigint
  /**
   * DEX v2 only: referral fee in basis points chosen by the swap (0..100; 0 or omitted means no
   * referral). Values 101..65535 fit the contract's uint16 and make it refund with
   * `swap_fee_out_of_bounds`.
   */
  readonly referralBps?: bigint | number | undefined
  /** DEX v1 only: whether the swap names a referral address (the pool's `refFee` then applies). */
  readonly hasReferral?: boolean | undefined
  /**
   * Slippage limit (`min_out`). DEX v1 refunds unless `amountOut > minAmountOut` (strict);
   * DEX v2 refunds unless `amountOut >= minAmountOut`. Default 0.
   */
  readonly minAmountOut?: bigint | undefined
}

/** Result of {@link swap}. */
export type SwapResult = {
  /** What the receiver gets, in the ask token. */
  readonly amountOut: bigint
  /** Protocol fee, in the ask token; added to the pool's collected fees. */
  readonly protocolFeeOut: bigint
  /** Referral fee, in the ask token (v1: paid to the referrer; v2: deposited in its vault). */
  readonly referralFeeOut: bigint
  /** The pool after the swap. */
  readonly pool: PoolState
}

/** Largest referral fee a DEX v2 pool accepts, in bps. */
export const MAX_REFERRAL_BPS = 100n

/**
 * Swaps `amountIn` of token `side` through the pool, exactly as the pool contract does
 * (DEX v1: V1 `contracts/pool/router-calls.func` `swap`; DEX v2: V2
 * `contracts/pool/msgs/router.fc` `swap` with the kind's curve; `docs/contracts.md` §1.1–1.2, §2.1).
 * The LP fee stays in the pool (input side); protocol and referral fees come off the output,
 * rounded up. The input is never mutated.
 *
 * @example
 * ```ts
 * const pool = createPoolState({ dex: 'v2', kind: 'constant_product',
 *   reserve0: 10n ** 12n, reserve1: 2n * 10n ** 12n, totalSupply: 1_414_213_562_373n })
 * const r = swap(pool, { side: 0, amountIn: 1_000_000_000n })
 * // r.amountOut 1992015968n, r.protocolFeeOut 1994010n, r.referralFeeOut 0n
 * // r.pool.reserve0 1001000000000n, r.pool.reserve1 1998005990022n
 * ```
 * @throws {InvalidInputError} for a bad side, amount or referral value.
 * @throws {PoolMathError} where the pool would refund: `SWAP_REFUND_NO_LIQ` (no LP supply, or
 *   v1 zero output / slippage), `SWAP_REFUND_0_OUT`, `SWAP_REFUND_SLIPPAGE`,
 *   `SWAP_REFUND_RESERVE_ERR`, `SWAP_FEE_OUT_OF_BOUNDS`, or the curve's own exit code.
 * @throws {UnsupportedPoolKindError} for a kind this build cannot compute.
 */
export function swap(pool: PoolState, parameters: SwapParameters): SwapResult {
  const { side, amountIn } = parameters
  const minAmountOut = parameters.minAmountOut ?? 0n
  // One cheap test for the common case; the slow path names whatever is wrong.
  if (
    !(side === 0 || side === 1) ||
    !(typeof amountIn === 'bigint' && amountIn > 0n && amountIn <= MAX_COINS) ||
    minAmountOut !== 0n ||
    !isSwappable(pool)
  ) {
    assertSwapInputs(pool, parameters)
  }
  const referralBps =
    parameters.referralBps === undefined && parameters.hasReferral === undefined
      ? 0n
      : appliedReferralBps(pool, parameters)
  if (pool.totalSupply <= 0n) throw refund('swap_refund_no_liq')
  const grossOut = curveOf(pool).grossOut(pool, side, amountIn)
  const protocolFeeOut = outputFee(grossOut, pool.protocolFee)
  const referralFeeOut = outputFee(grossOut, referralBps)
  const amountOut = grossOut - protocolFeeOut - referralFeeOut
  if (pool.dex === 'v1') {
    // V1 refunds with the same code for no output and for slippage; its check is strict.
    if (amountOut <= 0n || minAmountOut >= amountOut) throw refund('swap_refund_no_liq')
  } else if (amountOut < 1n) {
    throw refund('swap_refund_0_out')
  } else if (minAmountOut > amountOut) {
    throw refund('swap_refund_slippage')
  }
  const reserveIn = (side === 0 ? pool.reserve0 : pool.reserve1) + amountIn
  const reserveOut = (side === 0 ? pool.reserve1 : pool.reserve0) - grossOut
  if (reserveIn > MAX_COINS || reserveOut <= 0n) throw refund('swap_refund_reserve_err')
  return {
    amountOut,
    protocolFeeOut,
    referralFeeOut,
    pool: {
      dex: pool.dex,
      kind: pool.kind,
      reserve0: side === 0 ? reserveIn : reserveOut,
      reserve1: side === 0 ? reserveOut : reserveIn,
      totalSupply: pool.totalSupply,
      lpFee: pool.lpFee,
      protocolFee: pool.protocolFee,
      refFee: pool.refFee,
      amp: pool.amp,
      w0: pool.w0,
      rate: pool.rate,
      collectedProtocolFee0: pool.collectedProtocolFee0 + (side === 0 ? 0n : protocolFeeOut),
      collectedProtocolFee1: pool.collectedProtocolFee1 + (side === 0 ? protocolFeeOut : 0n),
    },
  }
}

/**
 * The referral fee in bps a swap pays: DEX v1 the pool's `refFee` when `hasReferral`, DEX v2 the
 * swap's own `referralBps`.
 *
 * @example
 * ```ts
 * appliedReferralBps(v1Pool, { hasReferral: true }) // 10n (the pool's refFee)
 * appliedReferralBps(v2Pool, { referralBps: 25 }) // 25n
 * ```
 *
 * @throws {InvalidInputError} for a malformed value or the wrong parameter for the DEX.
 * @throws {PoolMathError} `SWAP_FEE_OUT_OF_BOUNDS` for a v2 value of 101..65535.
 */
export function appliedReferralBps(
  pool: PoolState,
  parameters: Pick<SwapParameters, 'referralBps' | 'hasReferral'>,
): bigint {
  const { referralBps, hasReferral } = parameters
  if (pool.dex === 'v1') {
    if (referralBps !== undefined) {
      throw new InvalidInputError({
        field: 'referralBps',
        reason: 'DEX v1 has a fixed referral fee; pass hasReferral instead',
        value: referralBps,
      })
    }
    if (hasReferral !== undefined && typeof hasReferral !== 'boolean') {
      throw new InvalidInputError({
        field: 'hasReferral',
        reason: 'must be a boolean',
        value: hasReferral,
      })
    }
    return hasReferral === true ? pool.refFee : 0n
  }
  if (hasReferral !== undefined) {
    throw new InvalidInputError({
      field: 'hasReferral',
      reason: 'DEX v2 takes the referral fee per swap; pass referralBps instead',
      value: hasReferral,
    })
  }
  if (referralBps === undefined) return 0n
  const bps = toInteger(referralBps, 'referralBps')
  if (bps < 0n || bps > 65_535n) {
    throw new InvalidInputError({
      field: 'referralBps',
      reason: 'must be an integer from 0 to 100 basis points',
      value: referralBps,
    })
  }
  if (bps > MAX_REFERRAL_BPS) throw refund('swap_fee_out_of_bounds')
  return bps
}

function toInteger(value: bigint | number, field: string): bigint {
  if (typeof value === 'bigint') return value
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  throw new InvalidInputError({ field, reason: 'must be an integer', value })
}

/** The fields a swap reads, checked cheaply on every call. */
function isSwappable(pool: PoolState): boolean {
  return (
    typeof pool === 'object' &&
    pool !== null &&
    (pool.dex === 'v2' || (pool.dex === 'v1' && pool.kind === 'constant_product')) &&
    pool.reserve0 >= 0n &&
    pool.reserve0 <= MAX_COINS &&
    pool.reserve1 >= 0n &&
    pool.reserve1 <= MAX_COINS &&
    pool.lpFee >= 0n &&
    pool.lpFee <= 100n &&
    pool.protocolFee >= 0n &&
    pool.protocolFee <= 100n &&
    typeof pool.totalSupply === 'bigint'
  )
}

/** The slow path of the input checks: throws an error naming the first bad input. */
function assertSwapInputs(pool: PoolState, parameters: SwapParameters): void {
  const { side, amountIn, minAmountOut } = parameters
  if (side !== 0 && side !== 1) {
    throw new InvalidInputError({ field: 'side', reason: 'must be 0 or 1', value: side })
  }
  assertCoins(amountIn, 'amountIn', { allowZero: false })
  if (minAmountOut !== undefined) assertCoins(minAmountOut, 'minAmountOut')
  if (typeof pool !== 'object' || pool === null) {
    throw new InvalidInputError({ field: 'pool', reason: 'must be a pool state', value: pool })
  }
  assertPoolState(pool)
}

type SwapRefundReason =
  | 'swap_refund_no_liq'
  | 'swap_refund_0_out'
  | 'swap_refund_slippage'
  | 'swap_refund_reserve_err'
  | 'swap_fee_out_of_bounds'

function refund(reason: SwapRefundReason): PoolMathError {
  return new PoolMathError({ reason, operation: 'swap' })
}
