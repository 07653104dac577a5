const BRACKETED = /^(.+?)\[(\d*)\]$/
const MAX_KEYS = 1000

/**
 * The service's query-string parser. Repeated keys become arrays (`dex_version=1&dex_version=2`,
 * how the official TypeScript client sends arrays), and bracketed keys (`op_type[0]=Swap`,
 * `search_term[]=TON`, how serde_qs-style clients send them) are folded into the same arrays,
 * in index order. `+` is a space and malformed percent-escapes are kept as written (as
 * `node:querystring` does); at most 1000 pairs are read. The result has no prototype, so keys
 * like `__proto__` are plain data.
 *
 * @example
 * ```ts
 * parseQueryString('dex_version[1]=2&dex_version[0]=1&units=5')
 * // { dex_version: ['1', '2'], units: '5' }
 * ```
 */
export function parseQueryString(query: string): Record<string, string | string[]> {
  const result: Record<string, string | string[]> = Object.create(null)
  let indexed: Map<string, { index: number; order: number; value: string }[]> | undefined
  let start = 0
  for (let pairs = 0; start <= query.length && pairs < MAX_KEYS; pairs++) {
    let end = query.indexOf('&', start)
    if (end === -1) end = query.length
    if (end > start) {
      const equals = query.indexOf('=', start)
      const split = equals === -1 || equals > end ? end : equals
      const key = decode(query.slice(start, split))
      const value = split === end ? '' : decode(query.slice(split + 1, end))
      const match = key.includes('[') ? BRACKETED.exec(key) : null
      if (match === null) {
        append(result, key, value)
      } else {
        indexed ??= new Map()
        const name = match[1] as string
        const entries = indexed.get(name) ?? []
        const index = match[2] === '' ? Number.MAX_SAFE_INTEGER : Number(match[2])
        entries.push({ index, order: entries.length, value })
        indexed.set(name, entries)
      }
    }
    start = end + 1
  }
  if (indexed !== undefined) {
    for (const [name, entries] of indexed) {
      entries.sort((a, b) => a.index - b.index || a.order - b.order)
      const existing = result[name]
      const values = entries.map((entry) => entry.value)
      result[name] =
        existing === undefined
          ? values
          : [...(Array.isArray(existing) ? existing : [existing]), ...values]
    }
  }
  return result
}

function append(target: Record<string, string | string[]>, key: string, value: string): void {
  const existing = target[key]
  if (existing === undefined) target[key] = value
  else if (Array.isArray(existing)) existing.push(value)
  else target[key] = [existing, value]
}

/** Percent-decoding with `+` as a space; a malformed escape leaves the text as written. */
function decode(text: string): string {
  if (!text.includes('%') && !text.includes('+')) return text
  const spaced = text.replaceAll('+', ' ')
  try {
    return decodeURIComponent(spaced)
  } catch {
    return spaced
  }
}
