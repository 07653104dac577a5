import { BaseError } from '../core/errors/BaseError.js'

/**
 * A fixture contract failed to compile with `@ton/tolk-js`, or a compiled artifact is missing.
 * `fixture` names the contract; the compiler's message is in `details`.
 *
 * @example
 * ```ts
 * await compileFixtures(['dexV2Pool'])
 * // throws FixtureCompileError { code: 'FIXTURE_COMPILE_FAILED', fixture: 'dexV2Pool' } on a syntax error
 * ```
 */
export class FixtureCompileError extends BaseError {
  override readonly name = 'FixtureCompileError'
  readonly code = 'FIXTURE_COMPILE_FAILED'
  /** The fixture that failed, e.g. `'dexV2Pool'`. */
  readonly fixture: string

  constructor({ fixture, message }: { fixture: string; message: string }) {
    super(`The fixture contract "${fixture}" could not be compiled.`, { details: message })
    this.fixture = fixture
  }
}
