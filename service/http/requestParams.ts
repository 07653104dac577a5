import type { FastifyReply, FastifyRequest } from 'fastify'
import { InvalidParameterError } from '../errors/InvalidParameterError.js'

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The JSON body as an object of parameters; absent or empty bodies count as `{}`. */
function bodyObject(request: FastifyRequest): Record<string, unknown> {
  const { body } = request
  if (body === undefined || body === null) return {}
  if (!isPlainObject(body)) {
    throw new InvalidParameterError({
      code: 'INVALID_BODY',
      field: 'body',
      reason: 'must be a JSON object of parameters',
    })
  }
  return body
}

/**
 * A `preValidation` hook for POST endpoints that real clients call with query-string
 * parameters (the simulations, `pools/query`, `assets/search`): the fields of a JSON body are
 * merged into the query (body wins), so both styles meet the same schema and handler.
 *
 * @example
 * ```ts
 * app.post('/v1/swap/simulate', { preValidation: mergeBodyIntoQuery, schema }, handler)
 * ```
 * @throws {InvalidParameterError} `INVALID_BODY` for a body that is not a JSON object.
 */
export function mergeBodyIntoQuery(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  try {
    const body = bodyObject(request)
    if (Object.keys(body).length > 0) {
      request.query = { ...(request.query as Record<string, unknown>), ...body }
    }
    done()
  } catch (error) {
    done(error as Error)
  }
}

/**
 * A `preValidation` hook for POST endpoints whose clients send a JSON body (`assets/query`):
 * query-string parameters are merged into the body (body wins), and a missing body becomes
 * `{}`, so both styles meet the same schema and handler.
 *
 * @throws {InvalidParameterError} `INVALID_BODY` for a body that is not a JSON object.
 *
 * @example
 * ```ts
 * app.post('/v1/assets/query', { preValidation: mergeQueryIntoBody, schema }, handler)
 * ```
 */
export function mergeQueryIntoBody(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  try {
    request.body = { ...(request.query as Record<string, unknown>), ...bodyObject(request) }
    done()
  } catch (error) {
    done(error as Error)
  }
}
