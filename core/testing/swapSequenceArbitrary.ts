import fc from 'fast-check'
import type { Side } from '../curves/Curve.js'
import type { SwapParameters } from '../ops/swap.js'
import type { PoolState } from '../pool/PoolState.js'
import { poolStateArbitrary } from './poolStateArbitrary.js'

/** One swap of a {@link SwapSequence}, in the parameter form of the pool's DEX. */
export type SwapStep = Required<Pick<SwapParameters, 'side' | 'amountIn'>> &
  Pick<SwapParameters, 'referralBps' | 'hasReferral'>

/** A pool and the swaps to run through it, one after another. */
export type SwapSequence = { readonly pool: PoolState; readonly steps: readonly SwapStep[] }

/** Options of {@link swapSequenceArbitrary}. */
export type SwapSequenceArbitraryOptions = {
  /** Pools to start from (default {@link poolStateArbitrary} of every kind). */
  readonly pool?: fc.Arbitrary<PoolState> | undefined
  readonly minLength?: number | undefined
  readonly maxLength?: number | undefined
}

/**
 * A pool and a sequence of swaps through it, both directions, each with a referral in the
 * pool's DEX form (DEX v1 `hasReferral`, DEX v2 `referralBps` 0..100). Each amount is 1 ppm to
 * 25 % of the starting reserve it is offered into (at least 1), so most swaps fill and the
 * weighted pools' 30 % input cap is not the norm. Run it through your integration and through
 * `replaySwapSequence`, then compare step by step with `verifyReferralFee`.
 *
 * @example
 * ```ts
 * import fc from 'fast-check'
 * import { replaySwapSequence, swapSequenceArbitrary } from 'ton-dex-lab/testing'
 * fc.sample(swapSequenceArbitrary({ maxLength: 3 }), 1)[0].steps.length // 1..3
 * ```
 */
export function swapSequenceArbitrary(
  options: SwapSequenceArbitraryOptions = {},
): fc.Arbitrary<SwapSequence> {
  return (options.pool ?? poolStateArbitrary()).chain((pool) => {
    const step = fc
      .record({
        side: fc.constantFrom<Side>(0, 1),
        ppm: fc.bigInt({ min: 1n, max: 250_000n }),
        referralBps: fc.bigInt({ min: 0n, max: 100n }),
        hasReferral: fc.boolean(),
      })
      .map(({ side, ppm, referralBps, hasReferral }): SwapStep => {
        const reserveIn = side === 0 ? pool.reserve0 : pool.reserve1
        const share = (reserveIn * ppm) / 1_000_000n // floor: non-negative operands
        const amountIn = share > 0n ? share : 1n
        return pool.dex === 'v1' ? { side, amountIn, hasReferral } : { side, amountIn, referralBps }
      })
    return fc
      .array(step, { minLength: options.minLength ?? 1, maxLength: options.maxLength ?? 8 })
      .map((steps) => ({ pool, steps }))
  })
}
