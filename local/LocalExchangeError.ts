import { BaseError } from '../core/errors/BaseError.js'

/** Stable codes of {@link LocalExchangeError}, with the HTTP status each answers. */
export type LocalExchangeErrorCode =
  /** 503: the database is a snapshot (`ton-dex-lab import`): no chain runs behind it. */
  | 'LOCAL_NO_CHAIN'
  /** 400: the request body is not a JSON object. */
  | 'FAUCET_INVALID_BODY'
  /** 400: `address` is not a TON address. */
  | 'FAUCET_INVALID_ADDRESS'
  /** 400: `amount` is not a positive whole number of raw units (a decimal string). */
  | 'FAUCET_INVALID_AMOUNT'
  /** 404: `asset` is neither TON nor a jetton of the local exchange. */
  | 'FAUCET_UNKNOWN_ASSET'
  /** 422: `amount` is above the faucet's cap for that asset. */
  | 'FAUCET_OVER_CAP'
  /** 400 (at start): `serve --follow` has no router list (`--routers`, or the upstream's REST API). */
  | 'FOLLOW_NO_ROUTERS'

const STATUS: Record<LocalExchangeErrorCode, number> = {
  LOCAL_NO_CHAIN: 503,
  FAUCET_INVALID_BODY: 400,
  FAUCET_INVALID_ADDRESS: 400,
  FAUCET_INVALID_AMOUNT: 400,
  FAUCET_UNKNOWN_ASSET: 404,
  FAUCET_OVER_CAP: 422,
  FOLLOW_NO_ROUTERS: 400,
}

/**
 * A failure of the local exchange's own endpoints (`/local/*`): answered as
 * `{"error": {"code", "message", "field"?}}` with the status of its code (4xx for a bad
 * request, 503 when no chain runs).
 *
 * @example
 * ```ts
 * throw new LocalExchangeError({ code: 'FAUCET_OVER_CAP', field: 'amount', message: 'At most 10000 TON per request.' })
 * // → 422 {"error":{"code":"FAUCET_OVER_CAP","message":"At most 10000 TON per request.","field":"amount"}}
 * ```
 */
export class LocalExchangeError extends BaseError {
  override readonly name = 'LocalExchangeError'
  readonly code: LocalExchangeErrorCode
  /** The HTTP status this failure answers. */
  readonly status: number
  /** The request field at fault, if one is. */
  readonly field: string | undefined

  constructor({
    code,
    message,
    field,
  }: {
    code: LocalExchangeErrorCode
    message: string
    field?: string | undefined
  }) {
    super(message)
    this.code = code
    this.status = STATUS[code]
    this.field = field
  }
}
