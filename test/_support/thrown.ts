import { PoolMathError } from '../../core/errors/PoolMathError.js'

/** The error `f` throws; fails the test when it throws nothing. */
export function thrown(f: () => unknown): unknown {
  try {
    f()
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}

/**
 * The `code` and `exitCode` of the {@link PoolMathError} `run` throws; any other error is
 * rethrown, and throwing nothing fails the test.
 */
export function failureOf(run: () => unknown): { code: string; exitCode: number | undefined } {
  try {
    run()
  } catch (error) {
    if (error instanceof PoolMathError) return { code: error.code, exitCode: error.exitCode }
    throw error
  }
  throw new Error('expected a PoolMathError')
}

/**
 * The exit code of the {@link PoolMathError} `run` throws, or `undefined` when it returns (or
 * the error has no exit code); any other error is rethrown.
 */
export function exitCodeOf(run: () => unknown): number | undefined {
  try {
    run()
  } catch (error) {
    if (error instanceof PoolMathError) return error.exitCode
    throw error
  }
  return undefined
}
