import type { FastifyInstance } from 'fastify'

/**
 * CORS for browser dApps, the one policy of every HTTP surface (the REST API and the local
 * exchange's chain endpoints): any origin; a preflight (`OPTIONS` with
 * `Access-Control-Request-Method`) is answered before routing, 404 paths too, with `GET, POST,
 * OPTIONS`, the headers the browser asked for (else `content-type, x-api-key`) and a day's
 * `max-age`.
 *
 * @example
 * ```ts
 * const app = Fastify()
 * allowCrossOrigin(app)
 * (await app.inject({ method: 'OPTIONS', url: '/v1/pools', headers: { 'access-control-request-method': 'GET' } })).statusCode // 204
 * ```
 */
export function allowCrossOrigin(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('access-control-allow-origin', '*')
    if (
      request.method !== 'OPTIONS' ||
      request.headers['access-control-request-method'] === undefined
    )
      return
    const headers = request.headers['access-control-request-headers']
    return reply
      .code(204)
      .header('access-control-allow-methods', 'GET, POST, OPTIONS')
      .header(
        'access-control-allow-headers',
        typeof headers === 'string' && headers !== '' ? headers : 'content-type, x-api-key',
      )
      .header('access-control-max-age', '86400')
      .header('vary', 'access-control-request-headers')
      .send()
  })
}
