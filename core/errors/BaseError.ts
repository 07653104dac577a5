/** Structured parts every ton-dex-lab error carries besides its short message. */
export type BaseErrorParameters = {
  /** Longer explanation, printed on its own line. */
  readonly details?: string | undefined
  /** Extra `key: value` lines, printed below the short message. */
  readonly meta?: readonly string[] | undefined
  /** The error that caused this one, if any. */
  readonly cause?: unknown
}

/**
 * Root of every error thrown by ton-dex-lab. Each subclass has a stable, machine-readable
 * `code` (never parse the message); the message is composed from the structured fields.
 *
 * @example
 * ```ts
 * import { BaseError, swap } from 'ton-dex-lab/core'
 * try {
 *   swap(pool, { side: 0, amountIn: 0n })
 * } catch (e) {
 *   if (e instanceof BaseError) console.log(e.code) // 'INVALID_INPUT'
 * }
 * ```
 */
export abstract class BaseError extends Error {
  /** Stable machine-readable identifier of the failure, e.g. `'INVALID_INPUT'`. */
  abstract readonly code: string
  /** One-line summary, without details or meta lines. */
  readonly shortMessage: string
  /** Longer explanation, if any. */
  readonly details: string | undefined
  /** Extra `key: value` lines. */
  readonly meta: readonly string[]

  constructor(shortMessage: string, parameters: BaseErrorParameters = {}) {
    const meta = parameters.meta ?? []
    const lines = [shortMessage]
    if (meta.length > 0) lines.push('', ...meta)
    if (parameters.details !== undefined) lines.push('', `Details: ${parameters.details}`)
    super(
      lines.join('\n'),
      parameters.cause === undefined ? undefined : { cause: parameters.cause },
    )
    this.shortMessage = shortMessage
    this.details = parameters.details
    this.meta = meta
  }
}
