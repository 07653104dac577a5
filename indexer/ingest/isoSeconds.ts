/**
 * Unix seconds → `YYYY-MM-DDTHH:MM:SS` (UTC, no zone), the wire's timestamp shape.
 *
 * @example
 * ```ts
 * isoSeconds(1_700_000_000) // '2023-11-14T22:13:20'
 * ```
 */
export function isoSeconds(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString().slice(0, 19)
}
