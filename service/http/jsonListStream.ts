import { Readable } from 'node:stream'

/**
 * A JSON object with one list member, `{"<key>":[…]}`, produced page by page: each page of rows
 * is mapped and stringified on its own, and the stream waits for the reader (backpressure) and
 * for the next page, so a list of any length neither holds the event loop for more than one
 * page nor sits in memory whole. Send it with `reply.type('application/json; charset=utf-8')`.
 * The bytes are those of `JSON.stringify({ [key]: items })`.
 *
 * @example
 * ```ts
 * const stream = jsonListStream('operations', store.operationPages({ walletAddress }), (page) =>
 *   page.map(toWireOperation))
 * return reply.type('application/json; charset=utf-8').send(stream)
 * ```
 */
export function jsonListStream<T, U = unknown>(
  key: string,
  pages: AsyncIterable<readonly T[]>,
  mapPage: (page: readonly T[]) => readonly U[] | Promise<readonly U[]>,
): Readable {
  async function* chunks(): AsyncGenerator<string> {
    let first = true
    yield `{${JSON.stringify(key)}:[`
    for await (const page of pages) {
      const items = await mapPage(page)
      if (items.length === 0) continue
      const text = items.map((item) => JSON.stringify(item)).join(',')
      yield first ? text : `,${text}`
      first = false
    }
    yield ']}'
  }
  return Readable.from(chunks(), { objectMode: false })
}

/** The part of a (typed) Fastify reply that sends a stream; `R` is what `send` returns. */
interface StreamReply<R> {
  type(contentType: string): { send(payload: unknown): R }
}

/**
 * Sends {@link jsonListStream}'s object as the reply. A stream bypasses Fastify's response
 * serializer, so the route's response schema only documents the shape: `U`, the item type,
 * is the declared item schema's static type, which keeps the mapping checked against it.
 *
 * @example
 * ```ts
 * return sendJsonList<OperationRow, Static<typeof OperationsInfoSchema>>(reply, 'operations',
 *   store.operationPages({ walletAddress }), (page) => toWireOperationsWithAssets(store, page))
 * ```
 */
export function sendJsonList<T, U, R>(
  reply: StreamReply<R>,
  key: string,
  pages: AsyncIterable<readonly T[]>,
  mapPage: (page: readonly T[]) => readonly U[] | Promise<readonly U[]>,
): R {
  return reply.type('application/json; charset=utf-8').send(jsonListStream(key, pages, mapPage))
}
