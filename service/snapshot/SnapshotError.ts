import { BaseError } from '../../core/errors/BaseError.js'

/**
 * A market snapshot cannot be imported: `path` is the JSONPath of the offending value (e.g.
 * `$.pools.pool_list[3].reserve0`) and `problem` says what is wrong with it. Nothing was
 * written.
 *
 * @example
 * ```ts
 * try { await importSnapshot(store, json) } catch (e) {
 *   if (e instanceof SnapshotError) console.log(e.message)
 *   // '$.pools.pool_list[3].reserve0: must be a non-negative integer (string of digits)'
 * }
 * ```
 */
export class SnapshotError extends BaseError {
  override readonly name = 'SnapshotError'
  readonly code = 'SNAPSHOT_INVALID'
  /** JSONPath of the offending value. */
  readonly path: string
  /** What is wrong with it. */
  readonly problem: string

  constructor({ path, problem, cause }: { path: string; problem: string; cause?: unknown }) {
    super(`${path}: ${problem}`, { cause })
    this.path = path
    this.problem = problem
  }
}
