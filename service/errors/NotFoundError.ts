import { BaseError } from '../../core/errors/BaseError.js'

/** Stable codes of {@link NotFoundError}. */
export type NotFoundCode =
  | 'ROUTER_NOT_FOUND'
  | 'ASSET_NOT_FOUND'
  | 'POOL_NOT_FOUND'
  | 'FARM_NOT_FOUND'
  | 'ROUTE_NOT_FOUND'
  /** A transaction hash the index does not hold (action trees). */
  | 'TRANSACTION_NOT_FOUND'

/**
 * The request names something the store does not hold (a well-formed but unknown address, or
 * an unknown path): the service answers 404.
 *
 * @example
 * ```ts
 * throw new NotFoundError({ code: 'POOL_NOT_FOUND', field: 'pool_address', address: 'EQ…' })
 * ```
 */
export class NotFoundError extends BaseError {
  override readonly name = 'NotFoundError'
  readonly code: NotFoundCode
  /** Wire name of the parameter that names the missing thing, if any. */
  readonly field: string | undefined

  constructor({ code, field, address }: { code: NotFoundCode; field?: string; address?: string }) {
    const what = code.replace('_NOT_FOUND', '').toLowerCase()
    super(address === undefined ? `Unknown ${what}.` : `Unknown ${what} ${address}.`)
    this.code = code
    this.field = field
  }
}
