import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** A benchmark body: does `iterations` operations and returns something derived from them. */
export type BenchBody = (iterations: number) => unknown

/** One case measured against the baseline. */
export type Comparison = {
  name: string
  /** Median operations per second over the rounds. */
  opsPerSecond: number
  /** Median of the per-round ratios case / baseline (each round runs both back to back). */
  ratio: number
}

function timeOnce(body: BenchBody, iterations: number): number {
  const start = process.hrtime.bigint()
  const sink = body(iterations)
  const seconds = Number(process.hrtime.bigint() - start) / 1e9
  if (sink === Symbol.for('never')) console.log(sink)
  return iterations / seconds
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

/**
 * Measures each case against a baseline in the same run. Rounds interleave baseline and case
 * back to back, and the reported ratio is the median of the per-round ratios, so load from other
 * processes affects both sides of a ratio alike.
 */
export function compare(
  baseline: { name: string; iterations: number; body: BenchBody },
  cases: { name: string; iterations: number; body: BenchBody }[],
  { rounds = 9, warmup = 2 }: { rounds?: number; warmup?: number } = {},
): { baseline: { name: string; opsPerSecond: number }; cases: Comparison[] } {
  for (let i = 0; i < warmup; i++) {
    timeOnce(baseline.body, baseline.iterations)
    for (const c of cases) timeOnce(c.body, c.iterations)
  }
  const baseRates: number[] = []
  const rates = cases.map(() => [] as number[])
  const ratios = cases.map(() => [] as number[])
  for (let round = 0; round < rounds; round++) {
    cases.forEach((c, i) => {
      const base = timeOnce(baseline.body, baseline.iterations)
      const rate = timeOnce(c.body, c.iterations)
      baseRates.push(base)
      rates[i]?.push(rate)
      ratios[i]?.push(rate / base)
    })
  }
  return {
    baseline: { name: baseline.name, opsPerSecond: median(baseRates) },
    cases: cases.map((c, i) => ({
      name: c.name,
      opsPerSecond: median(rates[i] ?? []),
      ratio: median(ratios[i] ?? []),
    })),
  }
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

/** Median operations per second of `body` over `rounds` rounds, after a warm-up. */
export function measure(
  name: string,
  iterations: number,
  body: BenchBody,
  { rounds = 7, warmup = 2 }: { rounds?: number; warmup?: number } = {},
): { name: string; opsPerSecond: number } {
  for (let i = 0; i < warmup; i++) timeOnce(body, iterations)
  const rates = Array.from({ length: rounds }, () => timeOnce(body, iterations))
  return { name, opsPerSecond: median(rates) }
}
