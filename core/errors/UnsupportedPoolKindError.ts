import { BaseError } from './BaseError.js'

/**
 * The operation is not defined for this pool: an unknown `kind`, or a kind the protocol
 * generation does not have (DEX v1 has only constant-product pools).
 *
 * @example
 * ```ts
 * swap({ ...pool, dex: 'v1', kind: 'stableswap' }, { side: 0, amountIn: 1n })
 * // throws UnsupportedPoolKindError { code: 'UNSUPPORTED_POOL_KIND' }
 * ```
 */
export class UnsupportedPoolKindError extends BaseError {
  override readonly name = 'UnsupportedPoolKindError'
  readonly code = 'UNSUPPORTED_POOL_KIND'
  readonly dex: string
  readonly kind: string

  constructor({ dex, kind }: { dex: string; kind: string }) {
    super(`Pool kind "${kind}" is not supported on DEX ${dex}.`)
    this.dex = dex
    this.kind = kind
  }
}
