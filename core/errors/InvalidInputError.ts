import { BaseError } from './BaseError.js'

/**
 * A caller-supplied value is outside what the contracts accept: negative, zero where a positive
 * amount is needed, larger than a `Coins` field can hold (2^120 - 1), or of the wrong shape.
 * `field` names the offending input.
 *
 * @example
 * ```ts
 * swap(pool, { side: 0, amountIn: -5n })
 * // throws InvalidInputError { code: 'INVALID_INPUT', field: 'amountIn' }
 * ```
 */
export class InvalidInputError extends BaseError {
  override readonly name = 'InvalidInputError'
  readonly code = 'INVALID_INPUT'
  /** The input field at fault, e.g. `'amountIn'` or `'pool.reserve0'`. */
  readonly field: string
  /** What is wrong with it, e.g. `'must be positive'`. */
  readonly reason: string

  constructor({ field, reason, value }: { field: string; reason: string; value?: unknown }) {
    super(`Invalid ${field}: ${reason}.`, {
      meta: value === undefined ? [] : [`value: ${formatValue(value)}`],
    })
    this.field = field
    this.reason = reason
  }
}

function formatValue(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`
  if (typeof value === 'string') return JSON.stringify(value)
  return String(value)
}
