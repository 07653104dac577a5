import type { FastifyInstance } from 'fastify'

/**
 * Times every request `app` answers into `observe(method, route, status, seconds)`: the route
 * is Fastify's pattern (`/v1/pools/:addr`), so a label stays one per route whatever the
 * addresses asked; a request no route matched (a 404, a preflight Fastify answered itself)
 * is `unmatched`.
 *
 * @example
 * ```ts
 * observeHttp(app, (method, route, status, seconds) => metrics.observeRequest(method, route, status, seconds))
 * await app.inject('/v1/pools') // observed as GET /v1/pools 200
 * ```
 */
export function observeHttp(
  app: FastifyInstance,
  observe: (method: string, route: string, status: number, seconds: number) => void,
): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000)
  })
}
