import { BaseError } from '../core/errors/BaseError.js'

/** Stable codes of {@link StoreError}. */
export type StoreErrorCode =
  /** A row refers to a row that does not exist, or a unique key repeats. */
  | 'STORE_INTEGRITY'
  /** The database was migrated by a newer build, or a migration failed. */
  | 'STORE_MIGRATION'
  /** A stored value cannot be decoded (the database was edited by hand). */
  | 'STORE_CORRUPT'
  /** A write through a store opened read-only (a REST replica). */
  | 'STORE_READ_ONLY'

/**
 * A store operation failed for a reason the caller can act on: bad data to write, or a database
 * this build cannot use. The driver's own error is kept as `cause`.
 *
 * @example
 * ```ts
 * try { await store.replaceMarket(market) } catch (e) {
 *   if (e instanceof StoreError) console.log(e.code) // 'STORE_INTEGRITY'
 * }
 * ```
 */
export class StoreError extends BaseError {
  override readonly name = 'StoreError'
  readonly code: StoreErrorCode

  constructor({
    code,
    message,
    details,
    cause,
  }: {
    code: StoreErrorCode
    message: string
    details?: string
    cause?: unknown
  }) {
    super(message, { details, cause })
    this.code = code
  }
}
