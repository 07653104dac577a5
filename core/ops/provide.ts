import type { Curve } from '../curves/Curve.js'
import { curveOf } from '../curves/curveOf.js'
import { InvalidInputError } from '../errors/InvalidInputError.js'
import { PoolMathError } from '../errors/PoolMathError.js'
import { sqrtV1 } from '../math/sqrtV1.js'
import {
  assertCoins,
  assertPoolState,
  FEE_DIVIDER,
  MAX_COINS,
  type PoolState,
  V2_LOCKED_LIQUIDITY,
} from '../pool/PoolState.js'

/** Parameters of {@link provide}. */
export type ProvideParameters = {
  /** Amount of token0 added (raw units; DEX v2 allows 0 for a single-sided provision). */
  readonly amount0: bigint
  /** Amount of token1 added. */
  readonly amount1: bigint
  /** The provision fails unless at least this much LP is minted (contract `min_lp_out`, ≥ 1). Default 1. */
  readonly minLpOut?: bigint | undefined
}

/** Result of {@link provide}. */
export type ProvideResult = {
  /** LP units the provider receives (0 on a DEX v1 first provision, which mints to no one). */
  readonly lpOut: bigint
  /** LP units added to the supply: `lpOut` plus any units locked by a first provision. */
  readonly lpMinted: bigint
  /** DEX v2 protocol fee charged on over-supplied token0 (floor), kept as collected fees. */
  readonly protocolFee0: bigint
  /** DEX v2 protocol fee charged on over-supplied token1. */
  readonly protocolFee1: bigint
  /** The pool after the provision. */
  readonly pool: PoolState
}

/** Smallest amount per side a DEX v1 LP account forwards to the pool: it needs more than 1000. */
const V1_MIN_PROVIDE = 1000n
/** DEX v1 divides the first provision's square root by this much. */
const V1_INITIAL_DIVISOR = 1000n

/** `rate:uint128` holds values below 2^128. */
const UINT128_LIMIT = 1n << 128n

/**
 * Adds liquidity as the pool's `cb_add_liquidity` does once the LP account has both sides.
 *
 * DEX v1 (V1 `contracts/pool.func` `cb_add_liquidity`, `docs/contracts.md` §1.3): each side must
 * exceed 1000 units (the LP account holds smaller amounts). First provision:
 * floor(sqrtV1(a0·a1) / 1000) minted to addr_none (the depositor gets nothing). Later:
 * min(floor(a0·S/R0), floor(a1·S/R1)); the whole amounts join the reserves.
 *
 * DEX v2 (V2 `pools/<kind>/pool.fc`, `docs/contracts.md` §2.8): first provision mints the kind's
 * initial invariant, of which 1001 units stay locked. Later: the generic imbalance formula —
 * amounts off the pool's ratio pay half the LP fee (ceil(L/2)) on both sides and the protocol
 * fee on the over-supplied side, then liq = floor((I2 − I0)·S / I0). Single-sided is allowed.
 * A fee-reduced balance below zero goes into the invariant as on chain: stableswap still mints,
 * the other kinds mint nothing (docs/math-v2-kinds.md, "Negative balances").
 *
 * @example
 * ```ts
 * // v2, R = (1e12, 2e12), S = 1414213562373
 * provide(pool, { amount0: 1_000_000_000n, amount1: 0n })
 * // { lpOut: 705869522n, protocolFee0: 500124n, protocolFee1: 0n, ... }
 * ```
 * @throws {InvalidInputError} for negative, oversized or (v1) too small amounts.
 * @throws {PoolMathError} `ZERO_LIQUIDITY` when less than `minLpOut` would be minted (the
 *   contract then returns the amounts to the LP account), `RESERVE_OVERFLOW` past 2^120 − 1,
 *   `INTEGER_OVERFLOW` (exit code 4) where v1 divides by a zero reserve.
 */
export function provide(pool: PoolState, parameters: ProvideParameters): ProvideResult {
  assertPoolState(pool)
  const { amount0, amount1 } = parameters
  assertCoins(amount0, 'amount0')
  assertCoins(amount1, 'amount1')
  const minLpOut = parameters.minLpOut ?? 1n
  assertCoins(minLpOut, 'minLpOut', { allowZero: false })
  return pool.dex === 'v1'
    ? provideV1(pool, amount0, amount1, minLpOut)
    : provideV2(pool, amount0, amount1, minLpOut)
}

function provideV1(pool: PoolState, amount0: bigint, amount1: bigint, minLpOut: bigint) {
  for (const [field, amount] of [
    ['amount0', amount0],
    ['amount1', amount1],
  ] as const) {
    if (amount <= V1_MIN_PROVIDE) {
      throw new InvalidInputError({
        field,
        reason: 'must exceed 1000 units on DEX v1 (the LP account holds smaller amounts)',
        value: amount,
      })
    }
  }
  const supply = pool.totalSupply
  let lpMinted: bigint
  let lpOut: bigint
  if (supply === 0n) {
    // floor: positive operands.
    lpMinted = sqrtV1(amount0 * amount1) / V1_INITIAL_DIVISOR
    lpOut = 0n // minted to addr_none
  } else {
    if (pool.reserve0 === 0n || pool.reserve1 === 0n) {
      throw new PoolMathError({
        reason: 'integer_overflow',
        operation: 'provision',
        details: 'division by a zero reserve',
      })
    }
    // floor: positive operands.
    const by0 = (amount0 * supply) / pool.reserve0
    const by1 = (amount1 * supply) / pool.reserve1
    lpMinted = by0 < by1 ? by0 : by1
    lpOut = lpMinted
  }
  if (lpMinted < minLpOut) throw zeroLiquidity()
  return finish(pool, { amount0, amount1, lpMinted, lpOut, protocolFee0: 0n, protocolFee1: 0n })
}

function provideV2(pool: PoolState, amount0: bigint, amount1: bigint, minLpOut: bigint) {
  if (amount0 === 0n && amount1 === 0n) {
    throw new InvalidInputError({ field: 'amount0', reason: 'and amount1 cannot both be 0' })
  }
  const curve = curveOf(pool)
  if (pool.totalSupply === 0n) {
    if (amount0 === 0n || amount1 === 0n) {
      throw new InvalidInputError({
        field: amount0 === 0n ? 'amount0' : 'amount1',
        reason: 'must be positive on the first provision',
      })
    }
    const initial = curve.initialLiquidity(pool, amount0, amount1)
    const lpOut = initial.liquidity - V2_LOCKED_LIQUIDITY
    if (lpOut < minLpOut) throw zeroLiquidity()
    const provision = finish(initial.pool, {
      amount0,
      amount1,
      lpMinted: initial.liquidity,
      lpOut,
      protocolFee0: 0n,
      protocolFee1: 0n,
    })
    // The weighted-stableswap pool stores the rate it set as `rate:uint128`: a larger one
    // (a0 over 2^128 / 1e18 ≈ 3.4e20 times a1) fails to store (TVM range check, exit 5), the
    // provision is refused and the amounts stay with the LP account.
    if (initial.pool.rate >= UINT128_LIMIT) {
      throw new PoolMathError({
        reason: 'integer_out_of_range',
        operation: 'provision',
        details: `the first provision's rate ${initial.pool.rate} does not fit rate:uint128`,
      })
    }
    return provision
  }
  let minted: ImbalancedMint
  try {
    minted = imbalancedMint(pool, curve, amount0, amount1)
  } catch (error) {
    // The contract catches any math exception here and mints nothing.
    if (error instanceof PoolMathError) throw zeroLiquidity(error)
    throw error
  }
  if (minted.liquidity < minLpOut) throw zeroLiquidity()
  return finish(pool, {
    amount0,
    amount1,
    lpMinted: minted.liquidity,
    lpOut: minted.liquidity,
    protocolFee0: minted.protocolFee0,
    protocolFee1: minted.protocolFee1,
  })
}

type ImbalancedMint = { liquidity: bigint; protocolFee0: bigint; protocolFee1: bigint }

/** The generic DEX v2 provision formula (`docs/contracts.md` §2.8), with the kind's invariant. */
function imbalancedMint(
  pool: PoolState,
  curve: Curve,
  amount0: bigint,
  amount1: bigint,
): ImbalancedMint {
  const none = { liquidity: 0n, protocolFee0: 0n, protocolFee1: 0n }
  const inv0 = curve.invariant(pool, pool.reserve0, pool.reserve1)
  const new0 = pool.reserve0 + amount0
  const new1 = pool.reserve1 + amount1
  const inv1 = curve.invariant(pool, new0, new1)
  if (inv1 <= inv0) return none
  const halfLpFee = (pool.lpFee + 1n) / 2n // ceil(L / 2): L is non-negative
  const charge = (reserve: bigint, balance: bigint) => {
    const ideal = floorDivChecked(reserve * inv1, inv0)
    const diff = balance > ideal ? balance - ideal : ideal - balance
    // floor: non-negative operands.
    const protocolFee = balance > ideal ? (diff * pool.protocolFee) / FEE_DIVIDER : 0n
    const lpFee = (diff * halfLpFee) / FEE_DIVIDER
    return { protocolFee, balance: balance - lpFee - protocolFee }
  }
  const side0 = charge(pool.reserve0, new0)
  const side1 = charge(pool.reserve1, new1)
  // On a far over-supplied provision the under-supplied side's LP fee, charged on its whole
  // shortfall, can exceed its new balance: the balance goes negative and the contract feeds it
  // to the kind's invariant as it is (docs/math-v2-kinds.md, "Negative balances").
  // Stableswap's D converges on it and mints; the weighted kinds' pow throws 50001, caught
  // above as no mint. Constant product ends its square root with min(r, floor(x/r)), which is
  // below 0 for a negative x whatever r is (r = 0 divides by zero, exit 4): inv2 ≤ inv0 or a
  // caught exception, nothing minted either way, so the exact negative root is never needed.
  if (pool.kind === 'constant_product' && (side0.balance < 0n || side1.balance < 0n)) return none
  const inv2 = curve.invariant(pool, side0.balance, side1.balance)
  if (inv2 <= inv0) return none
  return {
    liquidity: floorDivChecked((inv2 - inv0) * pool.totalSupply, inv0),
    protocolFee0: side0.protocolFee,
    protocolFee1: side1.protocolFee,
  }
}

/** floor(a / b) for a ≥ 0; b = 0 is the TVM's division by zero (exit code 4). */
function floorDivChecked(a: bigint, b: bigint): bigint {
  if (b === 0n) {
    throw new PoolMathError({
      reason: 'integer_overflow',
      operation: 'provision',
      details: 'division by zero',
    })
  }
  return a / b
}

function finish(
  pool: PoolState,
  mint: {
    amount0: bigint
    amount1: bigint
    lpMinted: bigint
    lpOut: bigint
    protocolFee0: bigint
    protocolFee1: bigint
  },
): ProvideResult {
  const reserve0 = pool.reserve0 + mint.amount0 - mint.protocolFee0
  const reserve1 = pool.reserve1 + mint.amount1 - mint.protocolFee1
  const totalSupply = pool.totalSupply + mint.lpMinted
  if (reserve0 > MAX_COINS || reserve1 > MAX_COINS || totalSupply > MAX_COINS) {
    throw new PoolMathError({ reason: 'reserve_overflow', operation: 'provision' })
  }
  return {
    lpOut: mint.lpOut,
    lpMinted: mint.lpMinted,
    protocolFee0: mint.protocolFee0,
    protocolFee1: mint.protocolFee1,
    pool: {
      ...pool,
      reserve0,
      reserve1,
      totalSupply,
      collectedProtocolFee0: pool.collectedProtocolFee0 + mint.protocolFee0,
      collectedProtocolFee1: pool.collectedProtocolFee1 + mint.protocolFee1,
    },
  }
}

function zeroLiquidity(cause?: PoolMathError): PoolMathError {
  return new PoolMathError({
    reason: 'zero_liquidity',
    operation: 'provision',
    details:
      'it would mint less than min_lp_out; the contract returns the amounts to the LP account',
    cause,
  })
}
