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
export function jsonListStream<T>(
  key: string,
  pages: AsyncIterable<readonly T[]>,
  mapPage: (page: readonly T[]) => readonly unknown[] | Promise<readonly unknown[]>,
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
