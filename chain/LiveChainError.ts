import { BaseError } from '../core/errors/BaseError.js'

/**
 * Why the live chain refused or failed a request.
 *
 * @example
 * ```ts
 * error.reason // 'external_rejected'
 * ```
 */
export type LiveChainErrorReason =
  /** The bytes are not a bag of cells holding one message (bad base64, bad BoC, bad message). */
  | 'invalid_boc'
  /** A well-formed message that is not an external-in message (internal or external-out). */
  | 'not_external_in'
  /** A message given to `emulateInternal` that is not an internal message. */
  | 'not_internal'
  /** The destination did not accept the external: no transaction, e.g. a bad signature or seqno. */
  | 'external_rejected'
  /** A transaction of an accepted message chain could not be emulated; the chain stops. */
  | 'execution_failed'
  /** The journal could not store a block; the chain stops rather than diverge from its journal. */
  | 'journal_failed'
  /** The chain was closed, or stopped after an earlier failure. */
  | 'closed'
  /** A get-method was asked of an account that has no code (uninit, frozen or nonexistent). */
  | 'account_not_active'
  /** A `(lt, hash)` cursor names no transaction of the account. */
  | 'transaction_not_found'
  /** A job running in `execute()` called the chain, which would wait for the job itself. */
  | 'reentrant_call'
  /**
   * A job moved the sandbox's clock before the chain's last block; the chain stops rather than
   * store a block stamped earlier than the one before it.
   */
  | 'clock_backwards'
  /** `setTime` was asked for a time before the chain's time (time never goes back). */
  | 'time_backwards'
  /** The chain's journal cannot forget blocks (`discardAfter`), so it cannot revert. */
  | 'revert_unsupported'
  /** A savepoint after the chain's head: an earlier revert went back before it. */
  | 'unknown_savepoint'
  /** A read at a block after the chain's head (`{ seqno }`). */
  | 'block_not_found'
  /**
   * A read at an older block whose account states the chain no longer keeps (only the recent
   * blocks' are, `LiveChainOptions.stateHistory`); the state will not come back.
   */
  | 'state_pruned'
  /**
   * A forked chain could not load an account, a library or its config from its upstream (after
   * retries): the job was rolled back (nothing of it happened, nothing was journaled); the
   * chain goes on. The `cause` is the fork's `ForkError`.
   */
  | 'fork_unavailable'

/**
 * A live chain request failed. Rejections (`LIVE_CHAIN_INVALID_BOC`, `…_NOT_EXTERNAL_IN`,
 * `…_EXTERNAL_REJECTED`) change nothing: no block, no transaction, no account state. `exitCode`
 * carries the compute phase's exit code where the emulator reported one (a wallet rejecting a
 * bad signature exits with 35 in v4r2, 135 in v5r1).
 *
 * @example
 * ```ts
 * await chain.sendExternal(Buffer.from('not a boc'))
 * // throws LiveChainError { code: 'LIVE_CHAIN_INVALID_BOC' }
 * ```
 */
export class LiveChainError extends BaseError {
  override readonly name = 'LiveChainError'
  readonly code: `LIVE_CHAIN_${Uppercase<LiveChainErrorReason>}`
  readonly reason: LiveChainErrorReason
  /** Exit code of the failed compute phase, when there was one. */
  readonly exitCode: number | undefined

  constructor({
    reason,
    message,
    details,
    exitCode,
    cause,
  }: {
    reason: LiveChainErrorReason
    message: string
    details?: string | undefined
    exitCode?: number | undefined
    cause?: unknown
  }) {
    super(message, {
      details,
      meta: exitCode === undefined ? [] : [`exit code: ${exitCode}`],
      cause,
    })
    this.reason = reason
    this.exitCode = exitCode
    this.code = `LIVE_CHAIN_${reason.toUpperCase() as Uppercase<LiveChainErrorReason>}`
  }
}
