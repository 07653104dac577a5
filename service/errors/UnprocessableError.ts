import { BaseError } from '../../core/errors/BaseError.js'

/** Stable codes of {@link UnprocessableError}. */
export type UnprocessableCode =
  /** No pool of the pair passes the filters (`dex_v2`, `dex_version`). */
  | 'NO_POOL_FOR_PAIR'
  /** The given pool does not hold the given assets. */
  | 'POOL_PAIR_MISMATCH'
  /** An `Initial` provision into a pool that already has liquidity. */
  | 'POOL_ALREADY_INITIALIZED'
  /** An `Initial` provision for a pair without a deployed pool (its address cannot be derived offline). */
  | 'POOL_NOT_DEPLOYED'
  /** A `Balanced` provision into a pool with an empty reserve (it has no ratio). */
  | 'POOL_EMPTY'
  /** A jetton-wallet address that needs the jetton's wallet code, which is not known. */
  | 'JETTON_WALLET_UNKNOWN'

/**
 * A well-formed request the service cannot serve with the data it holds: it answers 422.
 *
 * @example
 * ```ts
 * throw new UnprocessableError({ code: 'NO_POOL_FOR_PAIR', message: 'No pool trades TON for USDL.' })
 * ```
 */
export class UnprocessableError extends BaseError {
  override readonly name = 'UnprocessableError'
  readonly code: UnprocessableCode
  readonly field: string | undefined

  constructor({
    code,
    message,
    field,
  }: {
    code: UnprocessableCode
    message: string
    field?: string
  }) {
    super(message)
    this.code = code
    this.field = field
  }
}
