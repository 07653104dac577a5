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

/**
 * Counts the runs of a property that got past its early returns (a pool that refuses, a target
 * out of reach) to the assertions, so a property whose generator drifts into refusals fails
 * instead of passing without testing anything. Call `reached()` where the assertions start and
 * `check()` after `fc.assert`: it fails when fewer than `share` of the runs (`numRuns` of the
 * parameters) got there. A replay of one recorded case (`FUZZ_PATH`) checks nothing; fewer than 50
 * runs (`FUZZ_RUNS` turned down, or an emulated property) check nothing either — too few to tell a
 * drift from chance — unless `share` is 1: a property whose every run must reach its assertions
 * is checked at any number of runs.
 *
 * @example
 * ```ts
 * const parameters = fuzz({ numRuns: 1000 })
 * const cases = reachedCases(parameters, 0.5)
 * fc.assert(fc.property(arb, (x) => { if (refused(x)) return; cases.reached(); expect(…) }), parameters)
 * cases.check() // fails below 500 of 1 000 runs
 * ```
 */
export function reachedCases<T>(
  parameters: FcParameters<T>,
  share: number,
): { reached: () => void; check: () => void; readonly count: number } {
  let count = 0
  const runs = parameters.numRuns ?? 100
  const floor =
    parameters.path === undefined && (runs >= 50 || share === 1) ? Math.ceil(runs * share) : 0
  return {
    reached: () => {
      count += 1
    },
    check: () => {
      if (count < floor) {
        throw new Error(
          `only ${count} of ${runs} runs reached the assertions; the floor is ${floor} (${share * 100} %)`,
        )
      }
    },
    get count() {
      return count
    },
  }
}
