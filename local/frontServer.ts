import { createServer } from 'node:http'
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'

/**
 * The Fastify instance in front of a node's one port: requests under `paths` (what `startNode`
 * serves itself: the TON HTTP API's, `/local/`, its plugins') go to it, every other one to
 * `app`, the REST API, which keeps its own routing, hooks and caches. The server keeps idle connections 72 s (Fastify's own default; Node's
 * 5 s would race a client reusing a kept-alive connection while the chain holds the event loop).
 *
 * @example
 * ```ts
 * const front = frontServer(restApp, ['/local/'])
 * front.get('/local/status', async () => ({ mode: 'follow' }))
 * await front.listen({ host: '127.0.0.1', port: 8081 }) // GET /v1/pools reaches restApp
 * ```
 */
export function frontServer(
  app: FastifyInstance,
  paths: readonly string[],
  /** More server options (a node's logger and request ids). */
  options: Omit<FastifyServerOptions, 'serverFactory'> = {},
): FastifyInstance {
  const own = (url: string | undefined) =>
    url !== undefined && paths.some((path) => url.startsWith(path))
  return Fastify({
    ...options,
    // A request arriving on an open connection while the node drains is answered, not 503.
    return503OnClosing: false,
    serverFactory: (handler) => {
      const server = createServer((request, response) => {
        if (own(request.url)) handler(request, response)
        else app.routing(request, response)
      })
      server.keepAliveTimeout = 72_000
      return server
    },
  })
}

/**
 * Starts `app` listening on `host:port` and answers its base URL (the port the system chose for
 * port 0; an IPv6 host in brackets).
 *
 * @example
 * ```ts
 * await listenUrl(app, { host: '127.0.0.1', port: 0 }) // 'http://127.0.0.1:41377'
 * ```
 */
export async function listenUrl(
  app: FastifyInstance,
  at: { readonly host: string; readonly port: number },
): Promise<string> {
  await app.listen({ host: at.host, port: at.port })
  const address = app.server.address()
  const port = typeof address === 'object' && address !== null ? address.port : at.port
  const host = at.host.includes(':') ? `[${at.host}]` : at.host
  return `http://${host}:${port}`
}
