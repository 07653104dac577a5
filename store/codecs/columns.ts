import { StoreError } from '../StoreError.js'

/**
 * Column codecs shared by the SQLite tables: raw integers as TEXT, booleans as 0/1, string
 * lists as JSON TEXT. Decoders check what they read and raise `STORE_CORRUPT` instead of
 * returning a wrong value.
 * @module
 */

const INTEGER_TEXT = /^-?(0|[1-9]\d*)$/

/**
 * Reads a raw integer stored as TEXT.
 *
 * @example
 * ```ts
 * readBigint('1992015968', 'pools.reserve0') // 1992015968n
 * ```
 * @throws {StoreError} `STORE_CORRUPT` when the text is not an integer.
 */
export function readBigint(value: unknown, column: string): bigint {
  if (typeof value === 'string' && INTEGER_TEXT.test(value)) return BigInt(value)
  throw corrupt(column, value)
}

/**
 * {@link readBigint} for a nullable column.
 *
 * @example
 * ```ts
 * readOptionalBigint(null, 'pools.amp') // null
 * ```
 */
export function readOptionalBigint(value: unknown, column: string): bigint | null {
  return value === null ? null : readBigint(value, column)
}

/**
 * Writes a raw integer as TEXT (the bigint's decimal digits).
 *
 * @example
 * ```ts
 * writeBigint(1992015968n) // '1992015968'
 * ```
 */
export function writeBigint(value: bigint): string {
  return value.toString()
}

/**
 * {@link writeBigint} for a nullable column.
 *
 * @example
 * ```ts
 * writeOptionalBigint(null) // null
 * ```
 */
export function writeOptionalBigint(value: bigint | null): string | null {
  return value === null ? null : value.toString()
}

/** Digits of the largest uint64 (18446744073709551615): the width of a sortable logical time. */
const SORTABLE_WIDTH = 20
const SORTABLE_TEXT = /^\d{20}$/

/**
 * Writes a uint64 (a logical time) as TEXT of exactly 20 digits, zero-padded, so that SQL orders
 * the text as it orders the numbers — no `ORDER BY length(lt), lt` needed.
 *
 * @example
 * ```ts
 * writeSortableUint64(46_000_001n) // '00000000000046000001'
 * ```
 */
export function writeSortableUint64(value: bigint): string {
  if (value < 0n || value >= 1n << 64n) {
    throw new StoreError({
      code: 'STORE_INTEGRITY',
      message: 'A logical time must be an unsigned 64-bit integer.',
      details: `value: ${value}`,
    })
  }
  return value.toString().padStart(SORTABLE_WIDTH, '0')
}

/**
 * Reads a uint64 written by {@link writeSortableUint64}.
 *
 * @example
 * ```ts
 * readSortableUint64('00000000000046000001', 'operations.pool_tx_lt') // 46000001n
 * ```
 * @throws {StoreError} `STORE_CORRUPT` when the text is not 20 digits.
 */
export function readSortableUint64(value: unknown, column: string): bigint {
  if (typeof value === 'string' && SORTABLE_TEXT.test(value)) return BigInt(value)
  throw corrupt(column, value)
}

/**
 * Reads an INTEGER 0/1 column as a boolean.
 *
 * @example
 * ```ts
 * readBoolean(1, 'pools.deprecated') // true
 * ```
 */
export function readBoolean(value: unknown, column: string): boolean {
  if (value === 0 || value === 1) return value === 1
  throw corrupt(column, value)
}

/**
 * Writes a boolean as INTEGER 0/1.
 *
 * @example
 * ```ts
 * writeBoolean(false) // 0
 * ```
 */
export function writeBoolean(value: boolean): number {
  return value ? 1 : 0
}

/**
 * Reads a TEXT column holding a JSON array of strings.
 *
 * @example
 * ```ts
 * readStringList('["asset:popular"]', 'assets.tags') // ['asset:popular']
 * ```
 */
export function readStringList(value: unknown, column: string): string[] {
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value)
      if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) return parsed
    } catch {
      // Reported below.
    }
  }
  throw corrupt(column, value)
}

/**
 * {@link readStringList} for a nullable column.
 *
 * @example
 * ```ts
 * readOptionalStringList(null, 'assets.extensions') // null
 * ```
 */
export function readOptionalStringList(value: unknown, column: string): string[] | null {
  return value === null ? null : readStringList(value, column)
}

/**
 * Writes a list of strings as JSON TEXT.
 *
 * @example
 * ```ts
 * writeStringList(['asset:popular']) // '["asset:popular"]'
 * ```
 */
export function writeStringList(value: readonly string[] | null): string | null {
  return value === null ? null : JSON.stringify(value)
}

/**
 * Reads a nullable TEXT column.
 *
 * @example
 * ```ts
 * readOptionalText(null, 'assets.image_url') // null
 * ```
 */
export function readOptionalText(value: unknown, column: string): string | null {
  if (value === null || typeof value === 'string') return value
  throw corrupt(column, value)
}

/**
 * Reads a TEXT column.
 *
 * @example
 * ```ts
 * readText('USDL', 'assets.symbol') // 'USDL'
 * ```
 */
export function readText(value: unknown, column: string): string {
  if (typeof value === 'string') return value
  throw corrupt(column, value)
}

/**
 * Reads an INTEGER column that holds a safe integer (versions, decimals, priorities).
 *
 * @example
 * ```ts
 * readInteger(6, 'assets.decimals') // 6
 * ```
 */
export function readInteger(value: unknown, column: string): number {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value
  throw corrupt(column, value)
}

/**
 * Reads a nullable INTEGER column.
 *
 * @example
 * ```ts
 * readOptionalInteger(null, 'assets.pair_priority') // null
 * ```
 */
export function readOptionalInteger(value: unknown, column: string): number | null {
  return value === null ? null : readInteger(value, column)
}

/**
 * Reads a nullable REAL column (popularity indexes).
 *
 * @example
 * ```ts
 * readOptionalReal(1720.75, 'assets.popularity_index') // 1720.75
 * ```
 */
export function readOptionalReal(value: unknown, column: string): number | null {
  if (value === null || (typeof value === 'number' && !Number.isNaN(value))) return value
  throw corrupt(column, value)
}

function corrupt(column: string, value: unknown): StoreError {
  return new StoreError({
    code: 'STORE_CORRUPT',
    message: `Column ${column} holds an unreadable value.`,
    details: `value: ${JSON.stringify(value) ?? String(value)}`,
  })
}
