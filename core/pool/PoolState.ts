import { InvalidInputError } from '../errors/InvalidInputError.js'
import { UnsupportedPoolKindError } from '../errors/UnsupportedPoolKindError.js'
import { FIXED_POINT } from '../math/fixed/constants.js'

/** Protocol generation of the exchange: DEX v1 (router 1.0) or DEX v2 (routers 2.1 / 2.2). */
export type Dex = 'v1' | 'v2'

/** The pool's curve. DEX v1 has only `constant_product`; DEX v2 has all four. */
export type PoolKind =
  | 'constant_product'
  | 'stableswap'
  | 'weighted_const_product'
  | 'weighted_stableswap'

/**
 * Every pool kind, in the order the SDK lists them.
 *
 * @example
 * ```ts
 * POOL_KINDS.includes('stableswap') // true
 * ```
 */
export const POOL_KINDS: readonly PoolKind[] = [
  'constant_product',
  'stableswap',
  'weighted_const_product',
  'weighted_stableswap',
]

/** Basis-point denominator of every fee (`FEE_DIVIDER` in the contracts). */
export const FEE_DIVIDER = 10_000n

/** Largest value a `Coins` field holds and the contracts' reserve bound: 2^120 - 1. */
export const MAX_COINS = (1n << 120n) - 1n

/**
 * LP units a DEX v2 pool's first provision keeps out of the depositor's mint
 * (`required_min_liquidity`, `docs/contracts.md` §2.8).
 */
export const V2_LOCKED_LIQUIDITY = 1001n

/**
 * 18-decimal fixed-point one, the unit of `w0`, `rate` and weighted-stableswap `amp`: the
 * fixed-point library's one (`FIXED_POINT.ONE_18`, `core/math/fixed/constants.ts`, its home).
 */
export const FIXED_ONE: bigint = FIXED_POINT.ONE_18

/**
 * The state of one pool, as its `get_pool_data` getter reports it. Amounts are raw integer
 * units; fees are basis points (1 bps = 0.01 %). Every operation returns a new state and never
 * mutates its input.
 *
 * @example
 * ```ts
 * const pool: PoolState = createPoolState({
 *   dex: 'v2', kind: 'constant_product',
 *   reserve0: 1_000_000_000_000n, reserve1: 2_000_000_000_000n, totalSupply: 1_414_213_562_373n,
 * })
 * pool.lpFee // 20n
 * ```
 */
export interface PoolState {
  readonly dex: Dex
  readonly kind: PoolKind
  /** Reserve of token0 (the router wallet with the larger address hash). */
  readonly reserve0: bigint
  /** Reserve of token1. */
  readonly reserve1: bigint
  /** LP supply, including the units locked by the first provision. */
  readonly totalSupply: bigint
  /** LP fee in basis points, charged on the input side and left in the pool. */
  readonly lpFee: bigint
  /** Protocol fee in basis points, charged on the output side (ask token). */
  readonly protocolFee: bigint
  /** DEX v1 referral fee in basis points (0 on DEX v2, where the swap chooses it). */
  readonly refFee: bigint
  /** Stableswap: plain integer A (1..2000). Weighted stableswap: 18-decimal amp. Else 0. */
  readonly amp: bigint
  /** Weighted pools: token0 weight, 18-decimal (0 < w0 < 1e18). Else 0. */
  readonly w0: bigint
  /** Weighted stableswap: token0 units per token1, 18-decimal (0 until the first provision). */
  readonly rate: bigint
  /** Protocol fees collected in token0 and not yet withdrawn. */
  readonly collectedProtocolFee0: bigint
  /** Protocol fees collected in token1 and not yet withdrawn. */
  readonly collectedProtocolFee1: bigint
}

/** Fields of {@link createPoolState}; all but `dex` and `kind` default as a new pool's. */
export type CreatePoolStateParameters = {
  readonly dex: Dex
  readonly kind: PoolKind
} & { readonly [K in Exclude<keyof PoolState, 'dex' | 'kind'>]?: bigint | undefined }

/**
 * Builds a validated {@link PoolState}. Omitted fields take the contracts' defaults: reserves,
 * supply and collected fees 0; LP fee 20 bps and protocol fee 10 bps; v1 referral fee 10 bps;
 * stableswap amp 1; weighted-stableswap amp 1e18.
 *
 * @example
 * ```ts
 * createPoolState({ dex: 'v1', kind: 'constant_product', reserve0: 10n ** 12n, reserve1: 2n * 10n ** 12n, totalSupply: 10n ** 9n })
 * // { dex: 'v1', ..., lpFee: 20n, protocolFee: 10n, refFee: 10n, ... }
 * ```
 * @throws {InvalidInputError} for a negative or oversized field, or fees out of range.
 * @throws {UnsupportedPoolKindError} for a kind DEX v1 does not have.
 */
export function createPoolState(parameters: CreatePoolStateParameters): PoolState {
  const { dex, kind } = parameters
  const pool: PoolState = {
    dex,
    kind,
    reserve0: parameters.reserve0 ?? 0n,
    reserve1: parameters.reserve1 ?? 0n,
    totalSupply: parameters.totalSupply ?? 0n,
    lpFee: parameters.lpFee ?? 20n,
    protocolFee: parameters.protocolFee ?? 10n,
    refFee: parameters.refFee ?? (dex === 'v1' ? 10n : 0n),
    amp:
      parameters.amp ??
      (kind === 'stableswap' ? 1n : kind === 'weighted_stableswap' ? FIXED_ONE : 0n),
    w0: parameters.w0 ?? 0n,
    rate: parameters.rate ?? 0n,
    collectedProtocolFee0: parameters.collectedProtocolFee0 ?? 0n,
    collectedProtocolFee1: parameters.collectedProtocolFee1 ?? 0n,
  }
  assertPoolState(pool)
  return pool
}

/**
 * Largest fee a pool accepts, in bps: 100 on both versions (the `set_fees` range; a larger one
 * is rejected with v1 exit 85 / v2 exit 94).
 *
 * @example
 * ```ts
 * 30n <= MAX_POOL_FEE // true: a 0.3 % LP fee is allowed
 * ```
 */
export const MAX_POOL_FEE = 100n

/**
 * Checks that a pool state could exist on chain: known `dex`/`kind` pair, every amount a
 * non-negative `Coins` value, fees within the `set_fees` range (0..100 bps).
 *
 * @example
 * ```ts
 * assertPoolState({ ...pool, reserve0: -1n }) // throws InvalidInputError { field: 'pool.reserve0' }
 * ```
 * @throws {InvalidInputError} naming the first bad field.
 * @throws {UnsupportedPoolKindError} for an unknown kind or a v1 pool of a v2-only kind.
 */
export function assertPoolState(pool: PoolState): void {
  if (pool.dex !== 'v1' && pool.dex !== 'v2') {
    throw new InvalidInputError({
      field: 'pool.dex',
      reason: "must be 'v1' or 'v2'",
      value: pool.dex,
    })
  }
  if (!POOL_KINDS.includes(pool.kind) || (pool.dex === 'v1' && pool.kind !== 'constant_product')) {
    throw new UnsupportedPoolKindError({ dex: pool.dex, kind: String(pool.kind) })
  }
  for (const field of COINS_FIELDS) assertCoins(pool[field], `pool.${field}`)
  for (const field of FEE_FIELDS) {
    const value = pool[field]
    if (typeof value !== 'bigint' || value < 0n || value > MAX_POOL_FEE) {
      throw new InvalidInputError({
        field: `pool.${field}`,
        reason: 'must be a bigint from 0 to 100 (basis points)',
        value,
      })
    }
  }
  for (const field of PARAMETER_FIELDS) {
    const value = pool[field]
    if (typeof value !== 'bigint' || value < 0n || value >= 1n << 128n) {
      throw new InvalidInputError({
        field: `pool.${field}`,
        reason: 'must be a bigint from 0 to 2^128 - 1',
        value,
      })
    }
  }
}

const COINS_FIELDS = [
  'reserve0',
  'reserve1',
  'totalSupply',
  'collectedProtocolFee0',
  'collectedProtocolFee1',
] as const
const FEE_FIELDS = ['lpFee', 'protocolFee', 'refFee'] as const
const PARAMETER_FIELDS = ['amp', 'w0', 'rate'] as const

/**
 * Checks that `value` is a `Coins` amount: a bigint from 0 to 2^120 - 1 (positive unless
 * `allowZero`).
 *
 * @example
 * ```ts
 * assertCoins(5n, 'amountIn') // ok
 * assertCoins(0n, 'amountIn', { allowZero: false }) // throws InvalidInputError { field: 'amountIn' }
 * ```
 * @throws {InvalidInputError} naming `field`.
 */
export function assertCoins(
  value: unknown,
  field: string,
  { allowZero = true }: { allowZero?: boolean } = {},
): asserts value is bigint {
  if (typeof value !== 'bigint') {
    throw new InvalidInputError({ field, reason: 'must be a bigint', value })
  }
  if (value < 0n) throw new InvalidInputError({ field, reason: 'must not be negative', value })
  if (!allowZero && value === 0n) {
    throw new InvalidInputError({ field, reason: 'must be positive', value })
  }
  if (value > MAX_COINS) {
    throw new InvalidInputError({ field, reason: 'must not exceed 2^120 - 1', value })
  }
}
