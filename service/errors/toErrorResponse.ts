import { BaseError } from '../../core/errors/BaseError.js'
import { type HttpRequestFaultKind, httpRequestFault } from '../../core/errors/httpRequestFault.js'
import { InvalidInputError } from '../../core/errors/InvalidInputError.js'
import { PoolMathError } from '../../core/errors/PoolMathError.js'
import { UnreachableOutputError } from '../../core/errors/UnreachableOutputError.js'
import { UnsupportedPoolKindError } from '../../core/errors/UnsupportedPoolKindError.js'
import { StoreError } from '../../store/StoreError.js'
import { InvalidParameterError } from './InvalidParameterError.js'
import { MethodNotAllowedError } from './MethodNotAllowedError.js'
import { NotFoundError } from './NotFoundError.js'
import { UnprocessableError } from './UnprocessableError.js'

/** The JSON body of every failed request. */
export type ErrorBody = {
  readonly error: { readonly code: string; readonly message: string; readonly field?: string }
}

/** Status and body of a failed request. */
export type ErrorResponse = { readonly status: number; readonly body: ErrorBody }

/**
 * THE mapping from anything thrown while serving a request to the answer: 400 for malformed
 * parameters (ours, core's `InvalidInputError`, Fastify's schema validation and body parsing),
 * 404 for unknown addresses and paths, 405 for a known path called with another method, 422 for valid requests the market cannot serve (core's
 * pool-math, unreachable-output and unsupported-kind errors keep their own `code`), other
 * client errors Fastify raises keep their 4xx status. A store failure (an unreadable database)
 * is 500 with its code; anything else is a bug: 500 `INTERNAL_ERROR` without internals in the
 * message.
 *
 * @example
 * ```ts
 * toErrorResponse(new NotFoundError({ code: 'POOL_NOT_FOUND', address: 'EQ…' }))
 * // { status: 404, body: { error: { code: 'POOL_NOT_FOUND', message: 'Unknown pool EQ….' } } }
 * ```
 */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof InvalidParameterError) return respond(400, error.code, error, error.field)
  if (error instanceof InvalidInputError) return respond(400, error.code, error, error.field)
  if (error instanceof NotFoundError) return respond(404, error.code, error, error.field)
  if (error instanceof MethodNotAllowedError) return respond(405, error.code, error)
  if (error instanceof UnprocessableError) return respond(422, error.code, error, error.field)
  if (
    error instanceof PoolMathError ||
    error instanceof UnreachableOutputError ||
    error instanceof UnsupportedPoolKindError
  ) {
    return respond(422, error.code, error)
  }
  // A database this build cannot read is the server's fault, not the request's.
  if (error instanceof StoreError) return respond(500, error.code, error)
  if (error instanceof BaseError) return respond(422, error.code, error)
  const fastify = fastifyClientError(error)
  if (fastify !== undefined) return fastify
  return {
    status: 500,
    body: { error: { code: 'INTERNAL_ERROR', message: 'The service failed unexpectedly.' } },
  }
}

function respond(status: number, code: string, error: BaseError, field?: string): ErrorResponse {
  return {
    status,
    body: {
      error:
        field === undefined
          ? { code, message: error.shortMessage }
          : { code, message: error.shortMessage, field },
    },
  }
}

/** Errors Fastify itself raises for bad requests ({@link httpRequestFault}), in this API's codes. */
function fastifyClientError(error: unknown): ErrorResponse | undefined {
  const fault = httpRequestFault(error)
  if (fault === undefined) return undefined
  if (fault.validation !== undefined) {
    const { missingProperty: missing, instancePath, message } = fault.validation
    const field = missing ?? instancePath.split('/').find((segment) => segment.length > 0) ?? 'body'
    return {
      status: 400,
      body: {
        error: {
          code: missing === undefined ? 'INVALID_PARAMETER' : 'MISSING_PARAMETER',
          message:
            missing === undefined
              ? `Invalid ${field}: ${message ?? 'is malformed'}.`
              : `Missing ${field}: the parameter is required.`,
          field,
        },
      },
    }
  }
  return {
    status: fault.status,
    body: {
      error: { code: CLIENT_ERROR_CODES[fault.kind], message: fault.message ?? 'Bad request.' },
    },
  }
}

/** Our stable code for each kind of Fastify client error. */
const CLIENT_ERROR_CODES: Record<HttpRequestFaultKind, string> = {
  'invalid-field': 'INVALID_PARAMETER',
  'body-too-large': 'PAYLOAD_TOO_LARGE',
  'uri-too-long': 'URI_TOO_LONG',
  'unsupported-media-type': 'UNSUPPORTED_MEDIA_TYPE',
  'invalid-json': 'INVALID_BODY',
  'invalid-body': 'INVALID_BODY',
  'bad-url': 'INVALID_URL',
  'bad-request': 'BAD_REQUEST',
}
