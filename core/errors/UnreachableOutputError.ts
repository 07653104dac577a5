import { BaseError } from './BaseError.js'

/**
 * A reverse swap asked for an output no input can produce: at least the whole ask reserve,
 * or beyond a pool's input cap.
 *
 * @example
 * ```ts
 * reverseSwap(pool, { side: 0, amountOut: pool.reserve1 })
 * // throws UnreachableOutputError { code: 'UNREACHABLE_OUTPUT' }
 * ```
 */
export class UnreachableOutputError extends BaseError {
  override readonly name = 'UnreachableOutputError'
  readonly code = 'UNREACHABLE_OUTPUT'
  /** The requested net output. */
  readonly amountOut: bigint

  constructor({ amountOut, reason }: { amountOut: bigint; reason: string }) {
    super(`Output ${amountOut} cannot be reached: ${reason}.`)
    this.amountOut = amountOut
  }
}
