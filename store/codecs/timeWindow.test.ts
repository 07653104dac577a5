import fc from 'fast-check'
import { expect, test } from 'vitest'
import { fuzz } from '../../test/_support/fuzz.js'
import { splitWindow } from './timeWindow.js'

const seconds = (timestamp: string) => Date.parse(`${timestamp}Z`) / 1000
const iso = (s: number) => new Date(s * 1000).toISOString().slice(0, 19)

/** The parts as half-open second ranges, in order. */
function spans(since: string, until: string, hours: boolean): [number, number][] {
  const parts = splitWindow(since, until, hours)
  return [
    ...parts.raw.map((r): [number, number] => [seconds(r.from), seconds(r.to) + 1]),
    ...parts.hours.map((h): [number, number] => [
      seconds(`${h.from}:00:00`),
      seconds(`${h.before}:00:00`),
    ]),
    ...parts.days.map((d): [number, number] => [
      seconds(`${d.from}T00:00:00`),
      seconds(`${d.before}T00:00:00`),
    ]),
  ].sort((a, b) => a[0] - b[0])
}

test('default: whole days, whole hours around them and ragged edges', () => {
  expect(splitWindow('2026-11-01T10:30:00', '2026-11-03T02:00:00')).toEqual({
    raw: [
      { from: '2026-11-01T10:30:00', to: '2026-11-01T10:59:59' },
      { from: '2026-11-03T02:00:00', to: '2026-11-03T02:00:00' },
    ],
    hours: [
      { from: '2026-11-01T11', before: '2026-11-02T00' },
      { from: '2026-11-03T00', before: '2026-11-03T02' },
    ],
    days: [{ from: '2026-11-02', before: '2026-11-03' }],
  })
  expect(splitWindow('2026-11-01T10:10:00', '2026-11-01T10:50:00').raw).toHaveLength(1)
  expect(splitWindow('1970-01-01T00:00:00', '9999-12-31T23:59:59').days).toEqual([
    { from: '1970-01-01', before: '9999-12-31' },
  ])
})

test('property: the parts cover the window exactly once; raw edges stay under two buckets', () => {
  const moment = fc.integer({
    min: seconds('2020-01-01T00:00:00'),
    max: seconds('2030-01-01T00:00:00'),
  })
  fc.assert(
    fc.property(
      moment,
      fc.integer({ min: 0, max: 90 * 86_400 }),
      fc.boolean(),
      (start, length, hours) => {
        const [since, until] = [iso(start), iso(start + length)]
        const covered = spans(since, until, hours)
        let at = start
        for (const [from, to] of covered) {
          expect(from).toBe(at)
          expect(to).toBeGreaterThan(from)
          at = to
        }
        expect(at).toBe(start + length + 1)
        // Raw operations are read for less than two buckets' time, however long the window.
        const unit = hours ? 3600 : 86_400
        const raw = splitWindow(since, until, hours).raw
        const rawSeconds = raw.reduce((sum, r) => sum + seconds(r.to) + 1 - seconds(r.from), 0)
        expect(rawSeconds).toBeLessThan(2 * unit)
      },
    ),
    fuzz({ numRuns: 300 }),
  )
})
