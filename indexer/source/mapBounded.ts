/**
 * `fn` over `items` with at most `limit` calls pending at once; the results in `items`' order.
 * The first rejection rejects the whole (calls already started run to their end; no new one
 * starts). A follower reading hundreds of accounts at once would otherwise open hundreds of
 * requests and hold every answer in memory together.
 *
 * @example
 * ```ts
 * await mapBounded([1, 2, 3], 2, async (n) => n * 10) // [10, 20, 30], never more than 2 pending
 * ```
 */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  let failed = false
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next++
      try {
        results[index] = await fn(items[index] as T)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
