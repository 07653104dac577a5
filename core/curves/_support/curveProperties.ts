import fc from 'fast-check'
import { expect } from 'vitest'
import { PoolMathError } from '../../errors/PoolMathError.js'
import { UnreachableOutputError } from '../../errors/UnreachableOutputError.js'
import { reverseSwap } from '../../ops/reverseSwap.js'
import { swap } from '../../ops/swap.js'
import type { PoolState } from '../../pool/PoolState.js'
import type { Side } from '../Curve.js'

/** Reserve of the offered token. */
export const reserveIn = (pool: PoolState, side: Side) =>
  side === 0 ? pool.reserve0 : pool.reserve1

/** Reserve of the asked token. */
export const reserveOut = (pool: PoolState, side: Side) =>
  side === 0 ? pool.reserve1 : pool.reserve0

/** An input of `share` billionths of the offered reserve (at least 1). */
export const inputOf = (pool: PoolState, side: Side, share: bigint) => {
  const amount = (reserveIn(pool, side) * share) / 1_000_000_000n // floor: a share
  return amount > 0n ? amount : 1n
}

/** Runs `body`; a contract refusal (PoolMathError) discards the case instead of failing it. */
export function accepted<T>(body: () => T): T | undefined {
  try {
    return body()
  } catch (error) {
    if (error instanceof PoolMathError || error instanceof UnreachableOutputError) return undefined
    throw error
  }
}

/**
 * The reverse-swap minimality property for pools of one kind: for an output of up to
 * `maxShare` billionths of the ask reserve, forward(r) ≥ X and forward(r − 1) < X.
 */
export function reverseSwapIsMinimal(pools: fc.Arbitrary<PoolState>, maxShare: bigint) {
  return fc.property(
    pools,
    fc.constantFrom<Side>(0, 1),
    fc.bigInt({ min: 1n, max: maxShare }),
    fc.bigInt({ min: 0n, max: 100n }),
    (pool, side, share, referralBps) => {
      const amountOut = (reserveOut(pool, side) * share) / 1_000_000_000n + 1n
      const r = accepted(() => reverseSwap(pool, { side, amountOut, referralBps }))
      fc.pre(r !== undefined)
      expect(swap(pool, { side, amountIn: r.amountIn, referralBps }).amountOut).toBe(r.amountOut)
      expect(r.amountOut >= amountOut).toBe(true)
      if (r.amountIn > 1n) {
        const below = accepted(() => swap(pool, { side, amountIn: r.amountIn - 1n, referralBps }))
        expect(below === undefined || below.amountOut < amountOut).toBe(true)
      }
    },
  )
}
