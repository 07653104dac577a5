/**
 * The methods each route path serves, to tell "no such path" (404) from "not with this
 * method" (405 with `Allow`). Paths are Fastify route patterns (`/v1/pools/:address`); a
 * parameter matches one non-empty segment, a wildcard the rest; a trailing slash is ignored,
 * as the router ignores it.
 *
 * @example
 * ```ts
 * const methods = createRouteMethods()
 * methods.add(['GET', 'HEAD'], '/v1/pools/:address')
 * methods.allowed('/v1/pools/EQAAA') // ['GET', 'HEAD']
 * methods.allowed('/v2/nothing') // []
 * ```
 */
export function createRouteMethods() {
  const routes: { pattern: RegExp; methods: Set<string> }[] = []
  const bySource = new Map<string, Set<string>>()
  return {
    /** Records that `url` serves `method` (one or several). */
    add(method: string | readonly string[], url: string): void {
      const source = `^${url
        .replace(/\/+$/, '')
        .split('/')
        .map((segment) =>
          segment.startsWith(':')
            ? '[^/]+'
            : segment === '*'
              ? '.*'
              : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join('/')}/?$`
      let methods = bySource.get(source)
      if (methods === undefined) {
        methods = new Set()
        bySource.set(source, methods)
        routes.push({ pattern: new RegExp(source), methods })
      }
      for (const m of typeof method === 'string' ? [method] : method) methods.add(m.toUpperCase())
    },
    /** The methods `path` (no query string) is served with, sorted; empty for an unknown path. */
    allowed(path: string): string[] {
      const out = new Set<string>()
      for (const route of routes) {
        if (route.pattern.test(path)) for (const m of route.methods) out.add(m)
      }
      return [...out].sort()
    },
  }
}
