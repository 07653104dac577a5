import type { KeepAnswer } from './jsonListStream.js'

/** Options of {@link createResponseCache}. */
export type ResponseCacheOptions = {
  /** Bytes of answers kept at most, all entries together (default 32 MiB). */
  readonly maxBytes?: number
  /** Larger answers are streamed and never kept (default 4 MiB). */
  readonly maxEntryBytes?: number
}

/** What {@link createResponseCache} returns. */
export type ResponseCache = {
  /** The answer stored for `key` under `version`, if any (and marks it recently used). */
  get(version: string, key: string): Buffer | undefined
  /** Stores an answer computed entirely under `version`; drops other versions' answers. */
  set(version: string, key: string, body: Buffer): void
  /** The largest answer worth collecting for {@link ResponseCache.set}. */
  readonly maxEntryBytes: number
  /**
   * What a streamed answer begun under `version` passes to `jsonListStream` to be kept: stored
   * only if `current()` still returns `version` once it is whole (no write happened while it
   * was read page by page).
   */
  keep(version: string, key: string, current: () => Promise<string>): KeepAnswer
  /** Entries and bytes held now. */
  size(): { entries: number; bytes: number }
}

/**
 * A bounded cache of finished answers keyed on the store's data version
 * (`Store.dataVersion()`) and the request URL. Every write to the store changes the version,
 * so an answer is served again only while the data it was read from is unchanged: storing
 * under a new version drops every older answer at once, and a lookup under another version
 * misses. Memory stays below `maxBytes` (least recently used answers go first).
 *
 * @example
 * ```ts
 * const cache = createResponseCache({ maxBytes: 8 * 1024 * 1024 })
 * cache.set('7.0', '/v1/wallets/EQ…/operations?since=…', Buffer.from('{"operations":[]}'))
 * cache.get('7.0', '/v1/wallets/EQ…/operations?since=…')?.length // 17
 * cache.get('8.0', '/v1/wallets/EQ…/operations?since=…') // undefined: the data changed
 * ```
 */
export function createResponseCache(options: ResponseCacheOptions = {}): ResponseCache {
  const maxBytes = Math.max(0, options.maxBytes ?? 32 * 1024 * 1024)
  const maxEntryBytes = Math.min(maxBytes, Math.max(0, options.maxEntryBytes ?? 4 * 1024 * 1024))
  let version: string | undefined
  // Map order is insertion order: re-inserting on a hit makes the first entry the least recent.
  const entries = new Map<string, Buffer>()
  let bytes = 0
  const clear = () => {
    entries.clear()
    bytes = 0
  }
  const cache: ResponseCache = {
    maxEntryBytes,
    keep(started, key, current) {
      return {
        maxBytes: maxEntryBytes,
        async done(body) {
          if ((await current()) === started) cache.set(started, key, body)
        },
      }
    },
    get(wanted, key) {
      if (wanted !== version) return undefined
      const body = entries.get(key)
      if (body === undefined) return undefined
      entries.delete(key)
      entries.set(key, body)
      return body
    },
    set(current, key, body) {
      if (body.length > maxEntryBytes) return
      if (current !== version) {
        clear()
        version = current
      }
      const old = entries.get(key)
      if (old !== undefined) {
        entries.delete(key)
        bytes -= old.length
      }
      for (const [oldest, value] of entries) {
        if (bytes + body.length <= maxBytes) break
        entries.delete(oldest)
        bytes -= value.length
      }
      entries.set(key, body)
      bytes += body.length
    },
    size() {
      return { entries: entries.size, bytes }
    },
  }
  return cache
}
