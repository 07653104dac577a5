import { MAX_COINS } from '../../core/pool/PoolState.js'
import { canonicalAddressText } from '../../protocol/addressText.js'
import { SnapshotError } from './SnapshotError.js'

/**
 * Typed reads of untrusted JSON with the JSONPath of every value, for the snapshot importer:
 * each reader returns the value or throws a {@link SnapshotError} naming the path and the
 * problem. Optional readers treat `null` and absence alike.
 * @module
 */

/** A JSON object being read, with its path. */
export type JsonObject = {
  readonly value: Readonly<Record<string, unknown>>
  readonly path: string
}

/**
 * The JSONPath of `key` inside `path`.
 *
 * @example
 * ```ts
 * childPath('$.pools', 3) // '$.pools[3]'
 * childPath('$', 'pool_list') // '$.pool_list'
 * ```
 */
export function childPath(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`
}

/**
 * Reads an object.
 *
 * @example
 * ```ts
 * readObject({ a: 1 }, '$').value.a // 1
 * readObject([], '$.routers') // throws SnapshotError '$.routers: must be an object'
 * ```
 */
export function readObject(value: unknown, path: string): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SnapshotError({ path, problem: 'must be an object' })
  }
  return { value: value as Record<string, unknown>, path }
}

/**
 * Reads an array.
 *
 * @example
 * ```ts
 * readArray('x', '$.assets.asset_list') // throws SnapshotError '$.assets.asset_list: must be an array'
 * ```
 */
export function readArray(value: unknown, path: string): readonly unknown[] {
  if (!Array.isArray(value)) throw new SnapshotError({ path, problem: 'must be an array' })
  return value
}

function get(object: JsonObject, key: string): { value: unknown; path: string } {
  const value = Object.hasOwn(object.value, key) ? object.value[key] : undefined
  return { value, path: childPath(object.path, key) }
}

function absent(value: unknown): boolean {
  return value === undefined || value === null
}

/**
 * A required string.
 *
 * @example
 * ```ts
 * str(readObject({ symbol: 'USDL' }, '$'), 'symbol') // 'USDL'
 * ```
 */
export function str(object: JsonObject, key: string): string {
  const { value, path } = get(object, key)
  if (typeof value !== 'string') throw new SnapshotError({ path, problem: 'must be a string' })
  return value
}

/**
 * An optional string (`null` when absent).
 *
 * @example
 * ```ts
 * optStr(readObject({ image_url: null }, '$'), 'image_url') // null
 * ```
 */
export function optStr(object: JsonObject, key: string): string | null {
  const { value } = get(object, key)
  return absent(value) ? null : str(object, key)
}

/**
 * A boolean, `fallback` when absent.
 *
 * @example
 * ```ts
 * bool(readObject({}, '$'), 'deprecated', false) // false
 * ```
 */
export function bool(object: JsonObject, key: string, fallback?: boolean): boolean {
  const { value, path } = get(object, key)
  if (absent(value) && fallback !== undefined) return fallback
  if (typeof value !== 'boolean')
    throw new SnapshotError({ path, problem: 'must be true or false' })
  return value
}

/**
 * An integer within bounds, `fallback` when absent.
 *
 * @example
 * ```ts
 * int(readObject({ decimals: 9 }, '$'), 'decimals', { min: 0, max: 255 }) // 9
 * ```
 */
export function int(
  object: JsonObject,
  key: string,
  { min, max, fallback }: { min: number; max: number; fallback?: number },
): number {
  const { value, path } = get(object, key)
  if (absent(value) && fallback !== undefined) return fallback
  const number = typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < min || number > max) {
    throw new SnapshotError({ path, problem: `must be an integer from ${min} to ${max}` })
  }
  return number
}

/**
 * An optional finite number (`popularity_index`).
 *
 * @example
 * ```ts
 * optNumber(readObject({ popularity_index: 1720.75 }, '$'), 'popularity_index') // 1720.75
 * ```
 */
export function optNumber(object: JsonObject, key: string): number | null {
  const { value, path } = get(object, key)
  if (absent(value)) return null
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new SnapshotError({ path, problem: 'must be a finite number' })
  }
  return value
}

/**
 * A non-negative raw integer amount (a string of digits, or a safe integer), at most
 * `max` (default 2^120 − 1, the contracts' Coins bound); `fallback` when absent.
 *
 * @example
 * ```ts
 * amount(readObject({ reserve0: '2000000000000000' }, '$'), 'reserve0') // 2000000000000000n
 * ```
 */
export function amount(
  object: JsonObject,
  key: string,
  { fallback, max = MAX_COINS }: { fallback?: bigint; max?: bigint } = {},
): bigint {
  const { value, path } = get(object, key)
  if (absent(value) && fallback !== undefined) return fallback
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value
  if (typeof text !== 'string' || !/^\d{1,80}$/.test(text)) {
    throw new SnapshotError({ path, problem: 'must be a non-negative integer (string of digits)' })
  }
  const parsed = BigInt(text)
  if (parsed > max) throw new SnapshotError({ path, problem: `must not exceed ${max}` })
  return parsed
}

/**
 * An optional raw integer amount.
 *
 * @example
 * ```ts
 * optAmount(readObject({ amp: '200' }, '$'), 'amp') // 200n
 * ```
 */
export function optAmount(object: JsonObject, key: string, max?: bigint): bigint | null {
  const { value } = get(object, key)
  return absent(value) ? null : amount(object, key, max === undefined ? {} : { max })
}

/**
 * An optional decimal string as received (USD values, APYs, prices, rates); numbers are accepted.
 *
 * @example
 * ```ts
 * optDecimal(readObject({ apy_1d: '0.1282' }, '$'), 'apy_1d') // '0.1282'
 * ```
 */
export function optDecimal(object: JsonObject, key: string): string | null {
  const { value, path } = get(object, key)
  if (absent(value)) return null
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value
  if (typeof text !== 'string' || !/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text)) {
    throw new SnapshotError({ path, problem: 'must be a decimal number' })
  }
  return text
}

/**
 * A required TON address, canonicalised.
 *
 * @example
 * ```ts
 * address(readObject({ address: '0:' + '0'.repeat(64) }, '$'), 'address')
 * // 'EQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAM9c'
 * ```
 */
export function address(object: JsonObject, key: string): string {
  const { value, path } = get(object, key)
  const canonical = typeof value === 'string' ? canonicalAddressText(value) : undefined
  if (canonical === undefined) throw new SnapshotError({ path, problem: 'must be a TON address' })
  return canonical
}

/**
 * An optional TON address, canonicalised.
 *
 * @example
 * ```ts
 * optAddress(readObject({}, '$'), 'owner_address') // null
 * ```
 */
export function optAddress(object: JsonObject, key: string): string | null {
  const { value } = get(object, key)
  return absent(value) ? null : address(object, key)
}

/**
 * An optional list of strings.
 *
 * @example
 * ```ts
 * optStrings(readObject({ tags: ['asset:popular'] }, '$'), 'tags') // ['asset:popular']
 * ```
 */
export function optStrings(object: JsonObject, key: string): string[] | null {
  const { value, path } = get(object, key)
  if (absent(value)) return null
  const list = readArray(value, path)
  list.forEach((item, index) => {
    if (typeof item !== 'string') {
      throw new SnapshotError({ path: childPath(path, index), problem: 'must be a string' })
    }
  })
  return list as string[]
}

/**
 * One of `choices`.
 *
 * @example
 * ```ts
 * oneOf(readObject({ kind: 'Jetton' }, '$'), 'kind', ASSET_KINDS) // 'Jetton'
 * ```
 */
export function oneOf<T extends string>(object: JsonObject, key: string, choices: readonly T[]): T {
  const { value, path } = get(object, key)
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value)) {
    throw new SnapshotError({ path, problem: `must be one of ${choices.join(', ')}` })
  }
  return value as T
}

/**
 * An optional nested object.
 *
 * @example
 * ```ts
 * optObject(readObject({ meta: { name: 'x' } }, '$'), 'meta')?.path // '$.meta'
 * ```
 */
export function optObject(object: JsonObject, key: string): JsonObject | null {
  const { value, path } = get(object, key)
  return absent(value) ? null : readObject(value, path)
}

/**
 * A list given as its wire wrapper (`{ "<wrapper>": [...] }`) or as a bare array.
 *
 * @example
 * ```ts
 * wrappedList(readObject({ pools: { pool_list: [p] } }, '$'), 'pools', 'pool_list')
 * // { items: [p], path: '$.pools.pool_list' }
 * ```
 */
export function wrappedList(
  object: JsonObject,
  key: string,
  wrapper: string,
  { optional = false }: { optional?: boolean } = {},
): { readonly items: readonly unknown[]; readonly path: string } {
  const { value, path } = get(object, key)
  if (absent(value)) {
    if (optional) return { items: [], path }
    throw new SnapshotError({ path, problem: `is required (the body of GET /v1/${key})` })
  }
  if (Array.isArray(value)) return { items: value, path }
  const inner = readObject(value, path)
  const listPath = childPath(path, wrapper)
  return { items: readArray(inner.value[wrapper], listPath), path: listPath }
}
