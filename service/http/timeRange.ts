import { isoSeconds } from '../../protocol/timeText.js'
import { InvalidParameterError } from '../errors/InvalidParameterError.js'
import type { Params } from './params.js'

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/

/**
 * Reads a `YYYY-MM-DDTHH:MM:SS` (UTC) parameter: `undefined` when absent and optional.
 *
 * @example
 * ```ts
 * timestampParam({ since: '2026-11-01T00:00:00' }, 'since', true) // '2026-11-01T00:00:00'
 * ```
 * @throws {InvalidParameterError} `MISSING_PARAMETER` / `INVALID_PARAMETER`.
 */
export function timestampParam(
  params: Params,
  name: string,
  required: boolean,
): string | undefined {
  const value = params[name]
  if (value === undefined || value === null || value === '') {
    if (!required) return undefined
    throw new InvalidParameterError({
      code: 'MISSING_PARAMETER',
      field: name,
      reason: 'is required',
    })
  }
  const m = typeof value === 'string' ? TIMESTAMP.exec(value) : null
  const date = m ? new Date(`${value}Z`) : undefined
  if (
    m === null ||
    date === undefined ||
    Number.isNaN(date.getTime()) ||
    isoSeconds(date.getTime() / 1000) !== value
  ) {
    throw new InvalidParameterError({
      code: 'INVALID_PARAMETER',
      field: name,
      reason: 'must be a date-time YYYY-MM-DDTHH:MM:SS (UTC)',
    })
  }
  return value as string
}

/**
 * Reads the `since` / `until` pair; both required unless `optional`, and `since <= until`.
 *
 * @example
 * ```ts
 * timeRange({ since: '2026-11-01T00:00:00', until: '2026-11-02T00:00:00' })
 * // { since: '2026-11-01T00:00:00', until: '2026-11-02T00:00:00' }
 * ```
 * @throws {InvalidParameterError} `INVALID_PARAMETER` for a reversed range.
 */
export function timeRange(params: Params, optional = false): { since: string; until: string } {
  const since = timestampParam(params, 'since', !optional) ?? '1970-01-01T00:00:00'
  const until = timestampParam(params, 'until', !optional) ?? '9999-12-31T23:59:59'
  if (since > until) {
    throw new InvalidParameterError({
      code: 'INVALID_PARAMETER',
      field: 'until',
      reason: 'must not be earlier than since',
    })
  }
  return { since, until }
}
