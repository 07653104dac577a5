import type { FastifyReply, FastifyRequest } from 'fastify'
import type { StoreReader } from '../../store/Store.js'
import { sendJsonBody } from './jsonListStream.js'
import type { ResponseCache } from './responseCache.js'

/** What {@link createSharedAnswers} returns. */
export type SharedAnswers = {
  /**
   * Answers `request` with what `compute` returns, serialised with the route's 200 schema, and
   * shares that answer while the store's data is unchanged: from `cache` when an earlier request
   * of the same URL computed it under the current data version, from the running computation
   * when an identical request is being answered right now, else by calling `compute`. An error
   * thrown by `compute` reaches every request that waited for it. (How long reads share the
   * event loop is the store's business: the SQLite store's aggregates take turns inside it.)
   */
  serve<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    compute: () => Promise<T>,
  ): Promise<FastifyReply>
  /** Computations running now (one per URL and data version). */
  running(): number
}

/**
 * Shared answers for aggregate endpoints whose answer depends only on the request URL and the
 * stored data (statistics, exports): under 50 connections asking the same statistics, one
 * computation answers all of them instead of 50 computations of the same answer. The data version (`Store.dataVersion()`) changes with every write, so an answer is
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
  store: Pick<StoreReader, 'dataVersion'>,
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
        answer = (async () => {
          const body = Buffer.from(serialise((await compute()) as never))
          if ((await store.dataVersion()) === version) cache.set(version, request.url, body)
          return body
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
