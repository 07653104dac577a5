import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Store } from '../../store/Store.js'
import { sendJsonBody } from './jsonListStream.js'
import type { ResponseCache } from './responseCache.js'

/** What {@link createSharedAnswers} returns. */
export type SharedAnswers = {
  /**
   * Answers `request` with what `compute` returns, serialised with the route's 200 schema, and
   * shares that answer while the store's data is unchanged: from `cache` when an earlier request
   * of the same URL computed it under the current data version, from the running computation
   * when an identical request is being answered right now, else by calling `compute` when its
   * turn comes (one computation at a time, round the routes, other requests read in between;
   * at once on a store whose reads run in parallel, `Store.readsInParallel`).
   * An error thrown by `compute` reaches every request that waited for it.
   */
  serve<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    compute: () => Promise<T>,
  ): Promise<FastifyReply>
  /** Computations running or waiting for their turn now (one per URL and data version). */
  running(): number
}

/**
 * Shared answers for aggregate endpoints whose answer depends only on the request URL and the
 * stored data (statistics, exports): under 50 connections asking the same statistics, one
 * computation answers all of them instead of 50 computations queued on the one SQLite
 * connection. The data version (`Store.dataVersion()`) changes with every write, so an answer is
 * never served after the data it was read from changed: a computation is shared only with
 * requests that arrived under the same version, and kept in `cache` only if no write happened
 * while it ran. Without a cache every request computes its own answer.
 *
 * @example
 * ```ts
 * const shared = createSharedAnswers(store, createResponseCache({ maxBytes: 32 * 1024 * 1024 }))
 * app.get('/v1/stats/dex', { schema }, (request, reply) =>
 *   shared.serve(request, reply, async () => ({ since, until, stats: { trades: 1440 } })))
 * ```
 */
export function createSharedAnswers(
  store: Pick<Store, 'dataVersion' | 'readsInParallel'>,
  cache: ResponseCache | undefined,
): SharedAnswers {
  if (cache === undefined) {
    // No response cache (`createService({ responseCache: false })`): every request computes.
    return {
      serve: async (_request, reply, compute) => reply.send(await compute()),
      running: () => 0,
    }
  }
  const inFlight = new Map<string, Promise<Buffer>>()
  // Computations take turns, one at a time, each started from its own event-loop turn: the
  // store's queries are synchronous, so 50 computations started together would hold the event
  // loop for all of their queries before any other request is read. The turns go round the
  // routes with computations waiting (in arrival order within a route), so a request of another
  // route waits for one computation of each busy route, however many of them are queued, and
  // no route waits forever.
  const waiting = new Map<string, (() => void)[]>()
  const rotation: string[] = []
  let busy = false
  // A store whose reads wait on a server (PostgreSQL) holds no event loop: no turns needed.
  const takeTurns = store.readsInParallel !== true
  const next = () => {
    const route = rotation.shift()
    const queue = route === undefined ? undefined : waiting.get(route)
    const start = queue?.shift()
    if (route === undefined || queue === undefined || start === undefined) {
      busy = false
      return
    }
    if (queue.length > 0) rotation.push(route)
    else waiting.delete(route)
    start()
  }
  const turn = (route: string) =>
    new Promise<void>((start) => {
      const queue = waiting.get(route)
      if (queue === undefined) {
        waiting.set(route, [start])
        rotation.push(route)
      } else {
        queue.push(start)
      }
      if (!busy) {
        busy = true
        setImmediate(next)
      }
    })
  return {
    async serve(request, reply, compute) {
      const version = await store.dataVersion()
      const cached = cache.get(version, request.url)
      if (cached !== undefined) return sendJsonBody(reply, cached)
      const key = `${version} ${request.url}`
      let answer = inFlight.get(key)
      if (answer === undefined) {
        const serialise: (payload: never) => string =
          reply.getSerializationFunction('200') ?? JSON.stringify
        const route = request.routeOptions.url ?? request.url
        answer = (async () => {
          if (takeTurns) await turn(route)
          try {
            const body = Buffer.from(serialise((await compute()) as never))
            if ((await store.dataVersion()) === version) cache.set(version, request.url, body)
            return body
          } finally {
            if (takeTurns) setImmediate(next)
          }
        })()
        const forget = () => inFlight.delete(key)
        inFlight.set(key, answer)
        answer.then(forget, forget)
      }
      return sendJsonBody(reply, await answer)
    },
    running() {
      return inFlight.size
    },
  }
}
