import type Database from 'better-sqlite3'

/**
 * Exact arithmetic on amounts stored as TEXT decimal digits, as SQL functions: SQLite's own
 * `SUM` works on 64-bit integers (it overflows on a year of uint120 volumes) or doubles
 * (inexact), so the store registers two functions of its own on every connection, before the
 * migrations run (they use them):
 *
 * - `big_add(a, b)`: `a + b`, a `NULL` operand counting as 0;
 * - `big_sum(x)`: the aggregate sum of a group, `'0'` for an empty group, `NULL`s skipped;
 *   also a window function (`big_sum(x) OVER (…)`, running totals).
 *
 * Both return TEXT digits. A PostgreSQL store would use `NUMERIC` columns with `+` and `sum`
 * instead (see `docs/store.md`).
 *
 * @example
 * ```ts
 * registerBigIntegerFunctions(db)
 * db.prepare("SELECT big_sum(amount) AS s FROM (SELECT '18446744073709551616' AS amount UNION ALL SELECT '1')").get()
 * // { s: '18446744073709551617' }
 * ```
 */
export function registerBigIntegerFunctions(db: Database.Database): void {
  db.function('big_add', { deterministic: true }, (a: string | null, b: string | null) =>
    (toBigint(a) + toBigint(b)).toString(),
  )
  db.aggregate<bigint>('big_sum', {
    deterministic: true,
    start: () => 0n,
    step: (total: bigint, value: string | null) =>
      value === null ? total : total + toBigint(value),
    // Also a window function (`big_sum(x) OVER (…)`): a row leaving the frame is subtracted.
    inverse: (total: bigint, value: string | null) =>
      value === null ? total : total - toBigint(value),
    result: (total) => total.toString(),
  })
}

function toBigint(value: string | number | bigint | null): bigint {
  if (value === null) return 0n
  return typeof value === 'bigint' ? value : BigInt(value)
}
