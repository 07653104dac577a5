/**
 * A map that keeps its most recently used entries up to a size in bytes: each entry is stored
 * with the size the caller states for it, and the least recently used entries are dropped
 * while the total exceeds the bound. An entry larger than the bound is not kept.
 *
 * @example
 * ```ts
 * const cache = new ByteLru<string>(1_000)
 * cache.set('a', 'x'.repeat(600), 600)
 * cache.set('b', 'y'.repeat(600), 600) // 'a' is dropped: 1 200 > 1 000
 * cache.get('a') // undefined
 * cache.bytes // 600
 * ```
 */
export class ByteLru<V> {
  private readonly entries = new Map<string, { readonly value: V; readonly bytes: number }>()
  private total = 0

  /** @param maxBytes the bound on the sum of the stated sizes of the entries kept. */
  constructor(readonly maxBytes: number) {}

  /** The value kept under `key` (made the most recently used), or `undefined`. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key)
    if (entry === undefined) return undefined
    this.entries.delete(key)
    this.entries.set(key, entry)
    return entry.value
  }

  /** Keeps `value` under `key` as `bytes` bytes, dropping the least recently used as needed. */
  set(key: string, value: V, bytes: number): void {
    const old = this.entries.get(key)
    if (old !== undefined) {
      this.entries.delete(key)
      this.total -= old.bytes
    }
    if (bytes > this.maxBytes) return
    this.entries.set(key, { value, bytes })
    this.total += bytes
    for (const [oldest, entry] of this.entries) {
      if (this.total <= this.maxBytes) break
      this.entries.delete(oldest)
      this.total -= entry.bytes
    }
  }

  /** The sum of the stated sizes of the entries kept. */
  get bytes(): number {
    return this.total
  }

  /** How many entries are kept. */
  get size(): number {
    return this.entries.size
  }

  /** Drops every entry. */
  clear(): void {
    this.entries.clear()
    this.total = 0
  }
}
