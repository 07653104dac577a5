import type { Parameters as FcParameters } from 'fast-check'

/**
 * fast-check parameters for every property test: `FUZZ_RUNS` scales the number of runs
 * (default 200 per property), `FUZZ_SEED` and `FUZZ_PATH` replay a reported failure.
 * A failure found this way is kept as a regression example in the test's `examples`.
 */
export function fuzz<T>(overrides: FcParameters<T> = {}): FcParameters<T> {
  const runs = Number(process.env.FUZZ_RUNS ?? '')
  const seed = Number(process.env.FUZZ_SEED ?? '')
  const path = process.env.FUZZ_PATH
  const base = overrides.numRuns ?? 200
  return {
    ...overrides,
    numRuns:
      Number.isSafeInteger(runs) && runs > 0 ? Math.max(1, Math.round((base * runs) / 200)) : base,
    ...(Number.isSafeInteger(seed) && process.env.FUZZ_SEED ? { seed } : {}),
    ...(path ? { path } : {}),
  }
}

/**
 * `fuzz` for properties whose every run executes contracts in the emulator (about a second per
 * run): a failure is reported at once with its seed and path instead of being shrunk, which can
 * take longer than a CI job. Replay it with `FUZZ_SEED`/`FUZZ_PATH` and `FUZZ_SHRINK=1` to shrink.
 */
export function fuzzEmulated<T>(overrides: FcParameters<T> = {}): FcParameters<T> {
  return fuzz({ endOnFailure: process.env.FUZZ_SHRINK !== '1', ...overrides })
}
