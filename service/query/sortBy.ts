import type { Ratio } from '../../core/curves/Curve.js'
import { parseDecimal } from '../../core/quote/decimal.js'
import { InvalidParameterError } from '../errors/InvalidParameterError.js'

/**
 * The `sort_by` parameter of the query endpoints: a list of `"<field>:asc"` /
 * `"<field>:desc"` (a bare field sorts ascending). Decimal-string fields (prices, USD values,
 * APYs) compare exactly, never through floats; missing values sort last in both directions.
 * @module
 */

/** A value a row is sorted by. */
export type SortValue = number | string | Ratio | null

/** How to read each sortable field of a row. */
export type SortFields<T> = Readonly<Record<string, (row: T) => SortValue>>

/**
 * A sort value from a decimal string (exact ratio), `null` when absent or not a plain decimal.
 *
 * @example
 * ```ts
 * decimalSortValue('0.042') // { numerator: 42n, denominator: 1000n }
 * ```
 */
export function decimalSortValue(text: string | null): SortValue {
  if (text === null) return null
  try {
    return parseDecimal(text, 'value')
  } catch {
    return null
  }
}

function compareValues(a: SortValue, b: SortValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const left = a.numerator * b.denominator
    const right = b.numerator * a.denominator
    return left < right ? -1 : left > right ? 1 : 0
  }
  return 0
}

/**
 * A comparator for `sort_by` entries; `fallback` entries break ties after the requested ones.
 *
 * @example
 * ```ts
 * const compare = parseSortBy(['popularity_index:desc'], { popularity_index: (a) => a.popularityIndex }, [])
 * assets.sort(compare)
 * ```
 * @throws {InvalidParameterError} `INVALID_PARAMETER` (field `sort_by`) for an unknown field or direction.
 */
export function parseSortBy<T>(
  entries: readonly string[],
  fields: SortFields<T>,
  fallback: readonly string[],
): (a: T, b: T) => number {
  const keys = [...entries, ...fallback].map((entry) => {
    const [name = '', direction = 'asc', extra] = entry.split(':')
    const read = Object.hasOwn(fields, name) ? fields[name] : undefined
    if (
      read === undefined ||
      extra !== undefined ||
      (direction !== 'asc' && direction !== 'desc')
    ) {
      throw new InvalidParameterError({
        code: 'INVALID_PARAMETER',
        field: 'sort_by',
        reason: `"${entry}" is not <field>:asc|desc with field one of ${Object.keys(fields).join(', ')}`,
      })
    }
    return { read, sign: direction === 'desc' ? -1 : 1 }
  })
  return (a, b) => {
    for (const { read, sign } of keys) {
      const va = read(a)
      const vb = read(b)
      if (va === null || vb === null) {
        if (va !== vb) return va === null ? 1 : -1
        continue
      }
      const order = compareValues(va, vb)
      if (order !== 0) return sign * order
    }
    return 0
  }
}
