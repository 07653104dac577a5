import { BaseError } from '../errors/BaseError.js'
import { swap } from '../ops/swap.js'
import type { PoolState } from '../pool/PoolState.js'
import { type ReferralFeeRecord, referralRecordOfSwap } from './ReferralFeeRecord.js'
import type { SwapSequence, SwapStep } from './swapSequenceArbitrary.js'

/** The expected outcome of one step of a swap sequence. */
export type ReplayedStep =
  | {
      readonly step: SwapStep
      readonly ok: true
      /** The expected referral record of the step, for `verifyReferralFee`. */
      readonly expected: ReferralFeeRecord
      /** The pool after the step. */
      readonly pool: PoolState
    }
  | {
      readonly step: SwapStep
      readonly ok: false
      /** The refund or failure the pool math raised; the pool is unchanged. */
      readonly error: BaseError
      readonly pool: PoolState
    }

/**
 * Runs a swap sequence through the library's pool math, one step on the state the previous
 * step left, and returns what each step is expected to do. A step the pool would refund is
 * reported with its error and leaves the pool unchanged, as on chain.
 *
 * @example
 * ```ts
 * import { replaySwapSequence } from 'ton-dex-lab/testing'
 * replaySwapSequence({ pool, steps: [{ side: 0, amountIn: 10n ** 9n, referralBps: 10n }] })
 * // [{ ok: true, expected: { referralFeeOut: 1994010n, referralBps: 10n, ... }, pool: {...} }]
 * ```
 * @throws a non-library error, if the pool math raises one (a bug).
 */
export function replaySwapSequence(sequence: SwapSequence): readonly ReplayedStep[] {
  const out: ReplayedStep[] = []
  let pool = sequence.pool
  for (const step of sequence.steps) {
    try {
      const result = swap(pool, step)
      out.push({
        step,
        ok: true,
        expected: referralRecordOfSwap(pool, step, result),
        pool: result.pool,
      })
      pool = result.pool
    } catch (error) {
      if (!(error instanceof BaseError)) throw error
      out.push({ step, ok: false, error, pool })
    }
  }
  return out
}
