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
  { keep, stringify = JSON.stringify }: JsonListOptions<U> = {},
): Readable {
  async function* chunks(): AsyncGenerator<string> {
    let first = true
    // The answer so far, while it stays small enough to keep.
    let kept: string[] | undefined = keep === undefined ? undefined : []
    let keptLength = 0
    const emit = (text: string) => {
      if (kept !== undefined && keep !== undefined) {
        keptLength += text.length
        // UTF-16 length ≤ UTF-8 bytes: compared exactly once the answer is whole.
        if (keptLength > keep.maxBytes) kept = undefined
        else kept.push(text)
      }
      return text
    }
    yield emit(`{${JSON.stringify(key)}:[`)
    for await (const page of pages) {
      const items = await mapPage(page)
      if (items.length === 0) continue
      const text = items.map((item) => stringify(item)).join(',')
      yield emit(first ? text : `,${text}`)
      first = false
    }
    yield emit(']}')
    if (kept !== undefined && keep !== undefined) {
      const body = Buffer.from(kept.join(''))
      if (body.length <= keep.maxBytes) await keep.done(body)
    }
  }
  return Readable.from(chunks(), { objectMode: false })
}

/** Options of {@link jsonListStream}. */
export type JsonListOptions<U> = {
  /** Receives the whole answer when it is small enough (a response cache keeps it). */
  readonly keep?: KeepAnswer | undefined
  /**
   * Serialises one item; must produce exactly `JSON.stringify(item)` (e.g. with parts of it
   * serialised once and reused). Default `JSON.stringify`.
   */
  readonly stringify?: ((item: U) => string) | undefined
}

/**
 * Receives a {@link jsonListStream}'s whole answer once it has been produced, if it is at most
 * `maxBytes` long (longer answers are only streamed): how a response cache keeps it.
 */
export type KeepAnswer = {
  readonly maxBytes: number
  done(body: Buffer): void | Promise<void>
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
  options: JsonListOptions<U> = {},
): R {
  return reply
    .type('application/json; charset=utf-8')
    .send(jsonListStream(key, pages, mapPage, options))
}

/**
 * Sends a JSON answer kept whole (e.g. by the response cache) as the reply, with the content
 * type of {@link sendJsonList}; like a stream, its bytes bypass the response serializer.
 *
 * @example
 * ```ts
 * return sendJsonBody(reply, Buffer.from('{"operations":[]}'))
 * ```
 */
export function sendJsonBody<R>(reply: StreamReply<R>, body: Buffer): R {
  return reply.type('application/json; charset=utf-8').send(body)
}
