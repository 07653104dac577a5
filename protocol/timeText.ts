/**
 * Unix seconds → `YYYY-MM-DDTHH:MM:SS` (UTC, no zone, no fraction): the wire's time text
 * (`docs/wire.md` §1), also how the store keeps timestamps (text order is time order). The one
 * place that text is written; {@link unixSeconds} reads it back.
 *
 * @example
 * ```ts
 * isoSeconds(1_700_000_000) // '2023-11-14T22:13:20'
 * ```
 */
export function isoSeconds(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 19)
}

/**
 * `YYYY-MM-DDTHH:MM:SS` (UTC) → Unix seconds, the inverse of {@link isoSeconds}; `NaN` for text
 * that is not a date-time.
 *
 * @example
 * ```ts
 * unixSeconds('2023-11-14T22:13:20') // 1_700_000_000
 * ```
 */
export function unixSeconds(isoText: string): number {
  return Date.parse(`${isoText}Z`) / 1000
}
