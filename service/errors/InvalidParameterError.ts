import { BaseError } from '../../core/errors/BaseError.js'

/** Stable codes of {@link InvalidParameterError}. */
export type InvalidParameterCode =
  /** Not a TON address in raw (`0:…`) or user-friendly (`EQ…`) form. */
  | 'INVALID_ADDRESS'
  /** Not a non-negative integer amount of raw units, or out of range. */
  | 'INVALID_AMOUNT'
  /** Not a decimal fraction from 0 to 1. */
  | 'INVALID_SLIPPAGE'
  /** A syntax error in a query condition. */
  | 'INVALID_CONDITION'
  /** A required parameter is absent. */
  | 'MISSING_PARAMETER'
  /** The request body is not a JSON object. */
  | 'INVALID_BODY'
  /** Any other malformed parameter. */
  | 'INVALID_PARAMETER'

/**
 * A request parameter is malformed: the service answers 400 naming `field` (the wire name,
 * e.g. `offer_address`).
 *
 * @example
 * ```ts
 * throw new InvalidParameterError({ code: 'INVALID_AMOUNT', field: 'units', reason: 'must not be negative' })
 * // → 400 {"error":{"code":"INVALID_AMOUNT","message":"Invalid units: must not be negative.","field":"units"}}
 * ```
 */
export class InvalidParameterError extends BaseError {
  override readonly name = 'InvalidParameterError'
  readonly code: InvalidParameterCode
  /** Wire name of the parameter at fault. */
  readonly field: string

  constructor({
    code,
    field,
    reason,
  }: {
    code: InvalidParameterCode
    field: string
    reason: string
  }) {
    super(`${code === 'MISSING_PARAMETER' ? 'Missing' : 'Invalid'} ${field}: ${reason}.`)
    this.code = code
    this.field = field
  }
}
