import fc from 'fast-check'
import { createPoolState, isqrt, type PoolState } from '../../core/index.js'

/** Constant-product pools of either DEX with reserves up to `2^maxBits` and any legal fees. */
export function cpPool({ maxBits = 100n, dex }: { maxBits?: bigint; dex?: 'v1' | 'v2' } = {}) {
  return fc
    .record({
      dex: dex === undefined ? fc.constantFrom<'v1' | 'v2'>('v1', 'v2') : fc.constant(dex),
      reserve0: fc.bigInt({ min: 1n, max: 1n << maxBits }),
      reserve1: fc.bigInt({ min: 1n, max: 1n << maxBits }),
      totalSupply: fc.bigInt({ min: 1n, max: 1n << maxBits }),
      lpFee: fc.bigInt({ min: 0n, max: 100n }),
      protocolFee: fc.bigInt({ min: 0n, max: 100n }),
      refFee: fc.bigInt({ min: 0n, max: 100n }),
    })
    .map(
      (p): PoolState =>
        createPoolState({ ...p, kind: 'constant_product', refFee: p.dex === 'v1' ? p.refFee : 0n }),
    )
}

/** Referral settings valid for the pool's DEX: `{ hasReferral }` on v1, `{ referralBps }` on v2. */
export function referralFor(pool: PoolState) {
  return pool.dex === 'v1'
    ? fc.boolean().map((hasReferral) => ({ hasReferral }))
    : fc.bigInt({ min: 0n, max: 100n }).map((referralBps) => ({ referralBps }))
}

/**
 * Constant-product pools whose LP supply is in line with their reserves, as on chain: DEX v2
 * starts at S = isqrt(R0·R1) and fees only grow the reserves (I/S from 1 to 4 here); DEX v1
 * starts at floor(sqrtV1(a0·a1)/1000), so I/S is about 1000 or more.
 */
export function realisticCpPool({ maxBits = 80n }: { maxBits?: bigint } = {}) {
  return fc
    .record({
      pool: cpPool({ maxBits }),
      reserve0: fc.bigInt({ min: 1_000n, max: 1n << maxBits }),
      reserve1: fc.bigInt({ min: 1_000n, max: 1n << maxBits }),
      growth: fc.bigInt({ min: 100n, max: 400n }),
    })
    .map(({ pool, reserve0, reserve1, growth }): PoolState => {
      const invariant = isqrt(reserve0 * reserve1)
      const base = pool.dex === 'v2' ? invariant : invariant / 1000n // floor
      const totalSupply = (base * 100n) / growth // floor
      return { ...pool, reserve0, reserve1, totalSupply: totalSupply > 0n ? totalSupply : 1n }
    })
}
