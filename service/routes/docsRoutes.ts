import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { FastifyInstance } from 'fastify'

/** Where the Redoc bundle is served (from `node_modules/redoc`, never a CDN). */
export const REDOC_SCRIPT_PATH = '/redoc/redoc.standalone.js'
/** Where the OpenAPI document is served. */
export const OPENAPI_PATH = '/openapi.json'

const REDOC_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>ton-dex-lab API — Redoc</title>
    <meta name="viewport" content="width=device-width, initial-scale=1" />
  </head>
  <body>
    <redoc spec-url="${OPENAPI_PATH}"></redoc>
    <script src="${REDOC_SCRIPT_PATH}"></script>
  </body>
</html>
`

/**
 * Documentation routes: `GET /openapi.json` (the generated OpenAPI document), `GET /redoc`
 * (a Redoc page) and the Redoc 2.5.2 standalone bundle it loads, read from the installed
 * `redoc` package so that the page works offline. Swagger UI is registered separately at
 * `/swagger-ui/`.
 *
 * @example
 * ```ts
 * registerDocsRoutes(app)
 * (await app.inject('/redoc')).headers['content-type'] // 'text/html; charset=utf-8'
 * ```
 */
export function registerDocsRoutes(app: FastifyInstance): void {
  let bundle: Promise<Buffer> | undefined
  const loadBundle = () => {
    bundle ??= readFile(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'))
    return bundle
  }

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger())

  app.get('/redoc', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(REDOC_PAGE),
  )

  app.get(REDOC_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(await loadBundle()),
  )
}
