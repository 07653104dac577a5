import { isoSeconds, unixSeconds } from '../../protocol/timeText.js'

/**
 * How a statistics window is read: whole days and whole hours from the rollup tables, the
 * ragged edges from the operations themselves. A window of any length thus reads at most
 * 2 × 59 min 59 s of raw operations, at most 2 × 23 hourly rollup rows per pool, and one daily
 * rollup row per pool and day.
 * @module
 */

const HOUR = 3600
const DAY = 24 * HOUR
/** Start of 9999-12-31: bucket labels stay 4-digit years below it. */
const LAST_DAY = Date.UTC(9999, 11, 31) / 1000

/** An inclusive range of `YYYY-MM-DDTHH:MM:SS` timestamps read from raw operations. */
export type RawRange = { readonly from: string; readonly to: string }
/** A half-open range of bucket labels (`YYYY-MM-DDTHH` for hours, `YYYY-MM-DD` for days). */
export type BucketRange = { readonly from: string; readonly before: string }

/** The pieces of a window; see {@link splitWindow}. */
export type WindowParts = {
  readonly raw: readonly RawRange[]
  readonly hours: readonly BucketRange[]
  readonly days: readonly BucketRange[]
}

/**
 * Splits the inclusive window `[since, until]` into raw edges, whole hours and whole days
 * (`hours: false`: into raw edges and whole days only, for rollups kept per day).
 *
 * @example
 * ```ts
 * splitWindow('2026-11-01T10:30:00', '2026-11-03T02:00:00')
 * // { raw: [{ from: '2026-11-01T10:30:00', to: '2026-11-01T10:59:59' },
 * //         { from: '2026-11-03T02:00:00', to: '2026-11-03T02:00:00' }],
 * //   hours: [{ from: '2026-11-01T11', before: '2026-11-02T00' },
 * //           { from: '2026-11-03T00', before: '2026-11-03T02' }],
 * //   days: [{ from: '2026-11-02', before: '2026-11-03' }] }
 * ```
 */
export function splitWindow(since: string, until: string, hours = true): WindowParts {
  const start = seconds(since)
  const end = seconds(until) + 1
  const raw: RawRange[] = []
  const hourRanges: BucketRange[] = []
  const days: BucketRange[] = []
  const addRaw = (from: number, to: number) => {
    if (from < to) raw.push({ from: iso(from), to: iso(to - 1) })
  }
  // Whole buckets end before 9999-12-31 so that their labels keep a 4-digit year.
  const cappedEnd = Math.min(end, LAST_DAY)
  const unit = hours ? HOUR : DAY
  const h0 = Math.ceil(start / unit) * unit
  const h1 = Math.floor(cappedEnd / unit) * unit
  if (h0 >= h1) {
    addRaw(start, end)
    return { raw, hours: hourRanges, days }
  }
  addRaw(start, h0)
  const d0 = Math.ceil(h0 / DAY) * DAY
  const d1 = Math.floor(h1 / DAY) * DAY
  const hourRange = (from: number, before: number) => {
    if (from < before) hourRanges.push({ from: hourLabel(from), before: hourLabel(before) })
  }
  if (d0 < d1) {
    hourRange(h0, d0)
    days.push({ from: dayLabel(d0), before: dayLabel(d1) })
    hourRange(d1, h1)
  } else {
    hourRange(h0, h1)
  }
  addRaw(h1, end)
  return { raw, hours: hourRanges, days }
}

/** The hourly bucket of a `YYYY-MM-DDTHH:MM:SS` timestamp, as SQL: its first 13 characters. */
export const HOUR_BUCKET_SQL = 'substr(pool_tx_timestamp, 1, 13)'
/** The daily bucket of a timestamp, as SQL: its first 10 characters. */
export const DAY_BUCKET_SQL = 'substr(pool_tx_timestamp, 1, 10)'

const seconds = unixSeconds
const iso = isoSeconds

function hourLabel(s: number): string {
  return iso(s).slice(0, 13)
}

function dayLabel(s: number): string {
  return iso(s).slice(0, 10)
}
