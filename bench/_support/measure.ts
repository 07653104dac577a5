import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** One measured case: how many operations per second, median of several rounds. */
export type Measurement = { name: string; opsPerSecond: number; rounds: number[] }

/**
 * Runs `body(iterations)` for `rounds` rounds after a warm-up and reports the median rate.
 * `body` must do `iterations` operations and return something derived from their results, so
 * the work cannot be optimised away.
 */
export function measure(
  name: string,
  iterations: number,
  body: (iterations: number) => unknown,
  { rounds = 7, warmup = 2 }: { rounds?: number; warmup?: number } = {},
): Measurement {
  let sink: unknown
  for (let i = 0; i < warmup; i++) sink = body(iterations)
  const rates: number[] = []
  for (let i = 0; i < rounds; i++) {
    const start = process.hrtime.bigint()
    sink = body(iterations)
    const seconds = Number(process.hrtime.bigint() - start) / 1e9
    rates.push(iterations / seconds)
  }
  if (sink === Symbol.for('never')) console.log(sink)
  const sorted = [...rates].sort((a, b) => a - b)
  return { name, opsPerSecond: sorted[Math.floor(sorted.length / 2)] ?? 0, rounds: rates }
}

/** Writes a benchmark report to `bench/results/<file>` and returns its path. */
export function writeResult(file: string, report: unknown): string {
  const path = join(dirname(fileURLToPath(import.meta.url)), '..', 'results', file)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(
    path,
    `${JSON.stringify(report, (_k, v) => (typeof v === 'bigint' ? v.toString() : v), 2)}\n`,
  )
  return path
}

/** Formats a rate as e.g. `4.12 M/s`. */
export function formatRate(opsPerSecond: number): string {
  return opsPerSecond >= 1e6
    ? `${(opsPerSecond / 1e6).toFixed(2)} M/s`
    : `${(opsPerSecond / 1e3).toFixed(1)} k/s`
}
