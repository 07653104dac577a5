import fc from 'fast-check'
import { isqrt } from '../math/isqrt.js'
import {
  createPoolState,
  type Dex,
  FIXED_ONE,
  POOL_KINDS,
  type PoolKind,
  type PoolState,
} from '../pool/PoolState.js'

/** Options of {@link poolStateArbitrary}. */
export type PoolStateArbitraryOptions = {
  /** Restrict to one DEX (default both). DEX v1 pools are always constant product. */
  readonly dex?: Dex | undefined
  /** DEX v2 kinds to draw from (default all four). */
  readonly kinds?: readonly PoolKind[] | undefined
  /** Smallest reserve, raw units (default 10^6). */
  readonly minReserve?: bigint | undefined
  /** Largest reserve, raw units (default 10^15). */
  readonly maxReserve?: bigint | undefined
  /**
   * DEX v1 pools' stored referral fee: a value or an arbitrary (default 10 bps, the spec's fixed
   * value; other values model pools an admin changed).
   */
  readonly v1RefFee?: bigint | fc.Arbitrary<bigint> | undefined
}

/**
 * Pool states of every kind with live liquidity: reserves drawn log-uniformly, any legal LP and
 * protocol fee (0..100 bps), and kind parameters in their contract ranges — stableswap
 * A = 1..2000 with reserves within 1:4, weighted w0 = 5 %..95 %, weighted-stableswap amp
 * 1..2000 (18-decimal) with the rate a first provision sets (floor(R0·1e18 / R1)). The LP supply
 * is isqrt(R0·R1): the swap math only needs it positive.
 *
 * @example
 * ```ts
 * import fc from 'fast-check'
 * import { swap } from 'ton-dex-lab/core'
 * import { poolStateArbitrary } from 'ton-dex-lab/testing'
 * fc.assert(fc.property(poolStateArbitrary({ kinds: ['constant_product'] }), (pool) => {
 *   const r = swap(pool, pool.dex === 'v1' ? { side: 0, amountIn: 1000n, hasReferral: true }
 *     : { side: 0, amountIn: 1000n, referralBps: 25n })
 *   return r.referralFeeOut >= 0n
 * }))
 * ```
 */
export function poolStateArbitrary(
  options: PoolStateArbitraryOptions = {},
): fc.Arbitrary<PoolState> {
  const kinds = options.kinds ?? POOL_KINDS
  const dexes: Dex[] = options.dex === undefined ? ['v1', 'v2'] : [options.dex]
  const choices: { dex: Dex; kind: PoolKind }[] = []
  if (dexes.includes('v1')) choices.push({ dex: 'v1', kind: 'constant_product' })
  if (dexes.includes('v2')) for (const kind of kinds) choices.push({ dex: 'v2', kind })
  if (choices.length === 0) throw new RangeError('poolStateArbitrary: no dex/kind to draw from')
  const min = options.minReserve ?? 1_000_000n
  const max = options.maxReserve ?? 1_000_000_000_000_000n
  if (min < 1n || max < min)
    throw new RangeError('poolStateArbitrary: need 1 <= minReserve <= maxReserve')
  return fc.constantFrom(...choices).chain(({ dex, kind }) =>
    fc
      .record({
        reserve0: logUniform(min, max),
        reserve1: logUniform(min, max),
        ratioPercent: fc.bigInt({ min: 25n, max: 400n }),
        lpFee: fc.bigInt({ min: 0n, max: 100n }),
        protocolFee: fc.bigInt({ min: 0n, max: 100n }),
        amp: fc.bigInt({ min: 1n, max: 2000n }),
        w0: fc.bigInt({ min: FIXED_ONE / 20n, max: (FIXED_ONE * 19n) / 20n }),
        v1RefFee:
          typeof options.v1RefFee === 'object'
            ? options.v1RefFee
            : fc.constant(options.v1RefFee ?? 10n),
      })
      .map((p) => {
        // Stable pools trade near 1:1: reserve1 within 1:4 of reserve0 (floor, ≥ 1).
        const stable = kind === 'stableswap' || kind === 'weighted_stableswap'
        const reserve0 = p.reserve0
        const scaled = (reserve0 * p.ratioPercent) / 100n // floor: non-negative operands
        const reserve1 = stable ? (scaled > 0n ? scaled : 1n) : p.reserve1
        return createPoolState({
          dex,
          kind,
          reserve0,
          reserve1,
          totalSupply: isqrt(reserve0 * reserve1),
          lpFee: p.lpFee,
          protocolFee: p.protocolFee,
          refFee: dex === 'v1' ? p.v1RefFee : 0n,
          amp:
            kind === 'stableswap' ? p.amp : kind === 'weighted_stableswap' ? p.amp * FIXED_ONE : 0n,
          w0: kind === 'weighted_const_product' || kind === 'weighted_stableswap' ? p.w0 : 0n,
          // floor(R0·1e18 / R1), as the first provision sets it; positive since R0 ≥ 1 and
          // R1 ≤ 4·R0 here.
          rate: kind === 'weighted_stableswap' ? (reserve0 * FIXED_ONE) / reserve1 : 0n,
        })
      }),
  )
}

/** Integers from `min` to `max` whose bit length is uniform, so small and large both appear. */
function logUniform(min: bigint, max: bigint): fc.Arbitrary<bigint> {
  const lo = min.toString(2).length
  const hi = max.toString(2).length
  return fc.integer({ min: lo, max: hi }).chain((bits) => {
    const from = 1n << BigInt(bits - 1)
    const to = (1n << BigInt(bits)) - 1n
    return fc.bigInt({ min: from > min ? from : min, max: to < max ? to : max })
  })
}
