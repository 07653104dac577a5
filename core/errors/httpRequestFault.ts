/**
 * What kind of bad request a Fastify request error is (see {@link httpRequestFault}).
 *
 * @example
 * ```ts
 * const kind: HttpRequestFaultKind = 'body-too-large' // a body over `bodyLimit`: 413
 * ```
 */
export type HttpRequestFaultKind =
  /** A schema violation (`error.validation`). */
  | 'invalid-field'
  /** 413: a body over the server's `bodyLimit`. */
  | 'body-too-large'
  /** 414: a URL over the server's limit. */
  | 'uri-too-long'
  /** 415: a body of a content type no parser takes. */
  | 'unsupported-media-type'
  /** A body that is not JSON (`FST_ERR_CTP_INVALID_JSON_BODY`, or the parser's `SyntaxError`). */
  | 'invalid-json'
  /** Another body parsing error (`FST_ERR_CTP_…`: an empty JSON body, a bad length). */
  | 'invalid-body'
  /** A path Fastify cannot decode (`FST_ERR_BAD_URL`: bad percent-encoding). */
  | 'bad-url'
  /** Any other 4xx Fastify raises. */
  | 'bad-request'

/**
 * A bad request as Fastify reports it, classified once for every server of the node (the TON
 * HTTP API, the REST API, `/local/*`); each answers it in its own envelope and codes.
 *
 * @example
 * ```ts
 * const fault: HttpRequestFault = { status: 400, kind: 'invalid-field', message: 'body must have required property \'amount\'',
 *   validation: { instancePath: '', missingProperty: 'amount', message: "must have required property 'amount'" } }
 * ```
 */
export type HttpRequestFault = {
  /** The 4xx status Fastify gave (400 for a schema violation that names none). */
  readonly status: number
  readonly kind: HttpRequestFaultKind
  /** Fastify's message, when it gave one. */
  readonly message: string | undefined
  /** A schema violation's first issue (kind `invalid-field`). */
  readonly validation?: {
    /** The JSON pointer of the value at fault (`/amount`, `` for the whole body). */
    readonly instancePath: string
    /** A required property that is missing. */
    readonly missingProperty: string | undefined
    readonly message: string | undefined
  }
}

type ValidationIssue = {
  readonly instancePath?: string
  readonly params?: { readonly missingProperty?: string }
  readonly message?: string
}

/**
 * Classifies an error Fastify raised for a bad request: a schema violation (`validation`),
 * else by its 4xx status and code — 413 a body too large, 414 a URL too long, 415 an
 * unsupported media type, unparsable JSON, another body parsing error, an undecodable URL, any
 * other 4xx; `undefined` for anything else (not the request's fault).
 *
 * @example
 * ```ts
 * httpRequestFault({ statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE', message: 'Request body is too large' })
 * // { status: 413, kind: 'body-too-large', message: 'Request body is too large' }
 * httpRequestFault(new Error('disk full')) // undefined
 * ```
 */
export function httpRequestFault(error: unknown): HttpRequestFault | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const { statusCode, code, message, validation } = error as {
    statusCode?: unknown
    code?: unknown
    message?: unknown
    validation?: unknown
  }
  const clientStatus =
    typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500 ? statusCode : undefined
  const text = typeof message === 'string' ? message : undefined
  if (Array.isArray(validation) && validation.length > 0) {
    const issue = validation[0] as ValidationIssue
    return {
      ...{ status: clientStatus ?? 400, kind: 'invalid-field', message: text },
      validation: {
        instancePath: issue.instancePath ?? '',
        missingProperty: issue.params?.missingProperty,
        message: issue.message,
      },
    }
  }
  if (clientStatus === undefined) return undefined
  const fastifyCode = typeof code === 'string' ? code : ''
  const kind: HttpRequestFaultKind =
    clientStatus === 413
      ? 'body-too-large'
      : clientStatus === 414
        ? 'uri-too-long'
        : clientStatus === 415
          ? 'unsupported-media-type'
          : fastifyCode === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
            ? 'invalid-json'
            : fastifyCode.startsWith('FST_ERR_CTP')
              ? 'invalid-body'
              : fastifyCode === 'FST_ERR_BAD_URL'
                ? 'bad-url'
                : 'bad-request'
  return { status: clientStatus, kind, message: text }
}
