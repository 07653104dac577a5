import type { NodeOperations } from './nodeOperations.js'

/**
 * What a node builder takes to be run by an operator: its {@link NodeOperations} (logger,
 * metrics, readiness, drain) and where its console progress goes. Without them a node runs as
 * before (no operator endpoints, no logs, no progress).
 *
 * @example
 * ```ts
 * const extra: WithOperations = { operations: createNodeOperations({ kind: 'follow' }), progress: process.stderr }
 * ```
 */
export type WithOperations = {
  readonly operations?: NodeOperations | undefined
  /** A follower's catch-up and a fork's first start are reported here (a live line on a TTY). */
  readonly consoleProgress?: NodeJS.WriteStream | undefined
}
