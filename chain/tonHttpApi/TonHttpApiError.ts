import { BaseError } from '../../core/errors/BaseError.js'
import { httpRequestFault } from '../../core/errors/httpRequestFault.js'
import { LiveChainError } from '../LiveChainError.js'

/**
 * Stable codes of {@link TonHttpApiError}.
 *
 * @example
 * ```ts
 * const code: TonHttpApiErrorCode = 'TON_API_INVALID_PARAMETER'
 * ```
 */
export type TonHttpApiErrorCode =
  /** A parameter is missing or malformed (an address, a number, a BoC, a stack entry). */
  | 'TON_API_INVALID_PARAMETER'
  /** The request is not a JSON-RPC 2.0 call with a method name. */
  | 'TON_API_INVALID_REQUEST'
  /** A block number after the latest block, or no block at a logical time or unixtime. */
  | 'TON_API_BLOCK_NOT_FOUND'
  /**
   * 500, toncenter's answer for a state its liteservers no longer keep ("state already gc'd"):
   * an account's state at a block older than the chain keeps. It will not come back.
   */
  | 'TON_API_STATE_PRUNED'
  /** `getConfigParam` for a parameter the configuration does not hold. */
  | 'TON_API_CONFIG_PARAM_NOT_FOUND'
  /** `getTokenData` for an account that is neither a jetton master nor a jetton wallet. */
  | 'TON_API_NOT_A_TOKEN'
  /** No such API method. */
  | 'TON_API_METHOD_NOT_FOUND'
  /** No chain runs behind the API (a snapshot database is served). */
  | 'TON_API_NO_CHAIN'
  /** 400: the body is not valid JSON. */
  | 'TON_API_INVALID_JSON'
  /** 413: the body is larger than the server takes. */
  | 'TON_API_BODY_TOO_LARGE'
  /** 415: the body's content type is not one the API reads (JSON). */
  | 'TON_API_UNSUPPORTED_MEDIA_TYPE'

/**
 * A TON HTTP API request failed before reaching the chain. Answered as toncenter does:
 * `{ "ok": false, "error": message, "code": status }`, plus our stable `error_code`.
 *
 * @example
 * ```ts
 * throw new TonHttpApiError({ code: 'TON_API_INVALID_PARAMETER', status: 400, message: 'Invalid address: …' })
 * ```
 */
export class TonHttpApiError extends BaseError {
  override readonly name = 'TonHttpApiError'
  readonly code: TonHttpApiErrorCode
  /** HTTP status of the answer. */
  readonly status: number

  constructor({
    code,
    status,
    message,
  }: {
    code: TonHttpApiErrorCode
    status: number
    message: string
  }) {
    super(message)
    this.code = code
    this.status = status
  }
}

/** A 400 for a bad parameter, named in the message. */
export function invalidParameter(name: string, reason: string): TonHttpApiError {
  return new TonHttpApiError({
    code: 'TON_API_INVALID_PARAMETER',
    status: 400,
    message: `Invalid ${name}: ${reason}.`,
  })
}

/**
 * The HTTP status a chain failure answers on the TON HTTP API (v2 and v3 alike): a malformed or
 * non-external BoC 400, an external its wallet refused 422, an unknown transaction or an account
 * without code 404, a closed or stopped chain 503.
 *
 * @example
 * ```ts
 * liveChainErrorStatus(new LiveChainError({ reason: 'external_rejected', message: 'seqno 3 ≠ 4' })) // 422
 * ```
 */
export function liveChainErrorStatus(error: LiveChainError): number {
  switch (error.reason) {
    case 'invalid_boc':
    case 'not_external_in':
    case 'not_internal':
      return 400
    case 'external_rejected':
      return 422
    case 'transaction_not_found':
    case 'account_not_active':
    case 'block_not_found':
      return 404
    case 'state_pruned':
      // toncenter answers a state its liteservers no longer keep with a 500 (see README)
      return 500
    default:
      return 503
  }
}

/**
 * A failure as the TON HTTP API answers it (v2 and v3 alike; each wraps it in its own body
 * shape): HTTP status, stable code, message.
 *
 * @example
 * ```ts
 * const failure: TonApiFailure = { status: 413, code: 'TON_API_BODY_TOO_LARGE', message: '…' }
 * ```
 */
export type TonApiFailure = {
  readonly status: number
  readonly code: string
  readonly message: string
}

/**
 * THE mapping of the TON HTTP API's boundary (v2 `/api/v2`, v3 `/api/v3`, the Streaming API):
 * our own errors keep their code and status; chain rejections get
 * {@link liveChainErrorStatus}; Fastify's request errors get a code of their own (413
 * `TON_API_BODY_TOO_LARGE`, unparsable JSON 400 `TON_API_INVALID_JSON`, 415
 * `TON_API_UNSUPPORTED_MEDIA_TYPE`, any other 4xx `TON_API_INVALID_REQUEST`); anything else is
 * a 500 `INTERNAL_ERROR` without internals.
 *
 * @example
 * ```ts
 * toTonApiFailure({ statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE', message: 'Request body is too large' })
 * // { status: 413, code: 'TON_API_BODY_TOO_LARGE', message: 'Request body is too large' }
 * ```
 */
export function toTonApiFailure(error: unknown): TonApiFailure {
  if (error instanceof TonHttpApiError) {
    return { status: error.status, code: error.code, message: error.message }
  }
  if (error instanceof LiveChainError) {
    return { status: liveChainErrorStatus(error), code: error.code, message: error.message }
  }
  const fault = httpRequestFault(error)
  if (fault !== undefined) {
    const code =
      fault.kind === 'body-too-large'
        ? 'TON_API_BODY_TOO_LARGE'
        : fault.kind === 'unsupported-media-type'
          ? 'TON_API_UNSUPPORTED_MEDIA_TYPE'
          : fault.kind === 'invalid-json'
            ? 'TON_API_INVALID_JSON'
            : 'TON_API_INVALID_REQUEST'
    return { status: fault.status, code, message: fault.message ?? 'Bad request.' }
  }
  return { status: 500, code: 'INTERNAL_ERROR', message: 'The TON HTTP API failed unexpectedly.' }
}
