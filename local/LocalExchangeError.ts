import { BaseError } from '../core/errors/BaseError.js'
import { httpRequestFault } from '../core/errors/httpRequestFault.js'

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
  /**
   * 422 (a fork): the jetton cannot be minted as its admin (no admin, or no standard mint
   * layout works) and no holder of it is named (`--fork-fund-from <jetton>=<holder>`).
   */
  | 'FAUCET_NOT_MINTABLE'
  /** 422 (a fork): the `--fork-fund-from` holder has less than the amount, or its wallet refuses. */
  | 'FAUCET_HOLDER_REFUSED'
  /** 422 (a fork): the mint or transfer ran (its blocks are on the chain) but did not credit the amount. */
  | 'FAUCET_NOT_CREDITED'
  /** 503 (a fork): the upstream could not provide an account the request needs (nothing changed). */
  | 'LOCAL_FORK_UNAVAILABLE'
  /** 400 (at start): `serve --follow` has no router list (`--routers`, or the upstream's REST API). */
  | 'FOLLOW_NO_ROUTERS'
  /** 400 (at start): an address `serve --follow --venues` names is no referral venue's minter. */
  | 'FOLLOW_NOT_A_VENUE'
  /** 400 (at start): `serve --fork` with a PostgreSQL database (a fork's cache is a SQLite file). */
  | 'FORK_NEEDS_SQLITE'
  /** 400 (at start): a fork's database started without `--fork` (it would be taken for a local exchange's). */
  | 'FORK_DATABASE'
  /** 400: the body is not valid JSON. */
  | 'LOCAL_INVALID_JSON'
  /** 413: the body is larger than the server takes. */
  | 'LOCAL_BODY_TOO_LARGE'
  /** 415: the body is not `application/json`. */
  | 'LOCAL_UNSUPPORTED_MEDIA_TYPE'
  /** 400: the body is not a JSON object (control endpoints). */
  | 'LOCAL_INVALID_BODY'
  /** 400: a field is missing or has the wrong type or range (`field` names it). */
  | 'LOCAL_INVALID_FIELD'
  /** 400: a field is not a TON address. */
  | 'LOCAL_INVALID_ADDRESS'
  /** 400: a field is not a non-negative whole number of nanotons (a decimal string). */
  | 'LOCAL_INVALID_AMOUNT'
  /** 400: a field is not a base64 bag of cells holding one cell. */
  | 'LOCAL_INVALID_BOC'
  /** 400: any other malformed request. */
  | 'LOCAL_BAD_REQUEST'
  /** 409: `POST /local/time` asked for a time before the chain's time. */
  | 'LOCAL_TIME_BACKWARDS'
  /** 404: no snapshot with this id (never taken, or dropped by a revert to an earlier one). */
  | 'LOCAL_UNKNOWN_SNAPSHOT'
  /** 409: snapshots need a database file (not `:memory:`) and a journal that can forget blocks. */
  | 'LOCAL_SNAPSHOTS_UNAVAILABLE'
  /** 503: the chain stopped (closed, or after a fatal failure). */
  | 'LOCAL_CHAIN_STOPPED'
  /** 409: time travel or snapshots while the demo history is still written (first start). */
  | 'LOCAL_HISTORY_BUILDING'

const STATUS: Record<LocalExchangeErrorCode, number> = {
  LOCAL_NO_CHAIN: 503,
  FAUCET_INVALID_BODY: 400,
  FAUCET_INVALID_ADDRESS: 400,
  FAUCET_INVALID_AMOUNT: 400,
  FAUCET_UNKNOWN_ASSET: 404,
  FAUCET_OVER_CAP: 422,
  FAUCET_NOT_MINTABLE: 422,
  FAUCET_HOLDER_REFUSED: 422,
  FAUCET_NOT_CREDITED: 422,
  LOCAL_FORK_UNAVAILABLE: 503,
  FOLLOW_NO_ROUTERS: 400,
  FOLLOW_NOT_A_VENUE: 400,
  FORK_NEEDS_SQLITE: 400,
  FORK_DATABASE: 400,
  LOCAL_INVALID_JSON: 400,
  LOCAL_BODY_TOO_LARGE: 413,
  LOCAL_UNSUPPORTED_MEDIA_TYPE: 415,
  LOCAL_INVALID_BODY: 400,
  LOCAL_INVALID_FIELD: 400,
  LOCAL_INVALID_ADDRESS: 400,
  LOCAL_INVALID_AMOUNT: 400,
  LOCAL_INVALID_BOC: 400,
  LOCAL_BAD_REQUEST: 400,
  LOCAL_TIME_BACKWARDS: 409,
  LOCAL_UNKNOWN_SNAPSHOT: 404,
  LOCAL_SNAPSHOTS_UNAVAILABLE: 409,
  LOCAL_CHAIN_STOPPED: 503,
  LOCAL_HISTORY_BUILDING: 409,
}

/**
 * The one mapping of `/local/*`'s boundary: any error a local route throws, as the
 * {@link LocalExchangeError} it answers. Ours pass through; Fastify's own request errors get
 * their code (a body over the limit 413 `LOCAL_BODY_TOO_LARGE`, unparsable JSON 400
 * `LOCAL_INVALID_JSON`, a schema violation 400 `LOCAL_INVALID_FIELD` naming the field); a
 * stopped chain is 503; anything else is `undefined` (a 500: a bug, not a bad request).
 *
 * @example
 * ```ts
 * toLocalExchangeError({ statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' })?.code // 'LOCAL_BODY_TOO_LARGE'
 * ```
 */
export function toLocalExchangeError(error: unknown): LocalExchangeError | undefined {
  if (error instanceof LocalExchangeError) return error
  if (typeof error !== 'object' || error === null) return undefined
  const { code, message } = error as { code?: unknown; message?: string }
  if (typeof code === 'string' && code.startsWith('LIVE_CHAIN_')) {
    if (code === 'LIVE_CHAIN_TIME_BACKWARDS')
      return new LocalExchangeError({ code: 'LOCAL_TIME_BACKWARDS', message: String(message) })
    if (code === 'LIVE_CHAIN_UNKNOWN_SAVEPOINT')
      return new LocalExchangeError({ code: 'LOCAL_UNKNOWN_SNAPSHOT', message: String(message) })
    if (code === 'LIVE_CHAIN_FORK_UNAVAILABLE')
      return new LocalExchangeError({ code: 'LOCAL_FORK_UNAVAILABLE', message: String(message) })
    if (code === 'LIVE_CHAIN_REVERT_UNSUPPORTED')
      return new LocalExchangeError({
        code: 'LOCAL_SNAPSHOTS_UNAVAILABLE',
        message: String(message),
      })
    return new LocalExchangeError({
      code: 'LOCAL_CHAIN_STOPPED',
      message: `The local chain stopped: ${String(message)}`,
    })
  }
  const fault = httpRequestFault(error)
  if (fault === undefined) return undefined
  if (fault.validation !== undefined) {
    const path = fault.validation.instancePath.replace(/^\//, '').replaceAll('/', '.')
    const field = fault.validation.missingProperty ?? (path === '' ? undefined : path)
    return new LocalExchangeError({
      code: field === undefined ? 'LOCAL_INVALID_BODY' : 'LOCAL_INVALID_FIELD',
      message: `Invalid request: ${String(message)}.`,
      field,
    })
  }
  if (fault.kind === 'body-too-large')
    return new LocalExchangeError({
      code: 'LOCAL_BODY_TOO_LARGE',
      message: 'The request body is larger than the server takes.',
    })
  if (fault.kind === 'unsupported-media-type')
    return new LocalExchangeError({
      code: 'LOCAL_UNSUPPORTED_MEDIA_TYPE',
      message: 'The request body must be application/json.',
    })
  if (fault.kind === 'invalid-json')
    return new LocalExchangeError({
      code: 'LOCAL_INVALID_JSON',
      message: `The body is not valid JSON: ${String(message)}.`,
    })
  return new LocalExchangeError({ code: 'LOCAL_BAD_REQUEST', message: String(message) })
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
