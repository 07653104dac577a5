import type { PoolState } from '../../core/pool/PoolState.js'

/**
 * A pool the indexer follows: identity (canonical addresses) and the exact state obtained by
 * replaying its operations with `ton-dex-lab/core` from the state-init it was deployed with.
 *
 * @example
 * ```ts
 * const pool: TrackedPool = { address: 'EQ…', router: 'EQ…', dex: 'v2', wallet0: 'EQ…',
 *   wallet1: 'EQ…', asset0: 'EQ…usdt', asset1: 'EQ…pton', protocolFeeAddress: null, state }
 * ```
 */
export type TrackedPool = {
  readonly address: string
  readonly router: string
  readonly dex: 'v1' | 'v2'
  readonly wallet0: string
  readonly wallet1: string
  /**
   * Asset (jetton master) addresses behind wallet0 / wallet1 (the wallet itself while unknown:
   * a pool deployed before its router's wallets is resolved at its first operation).
   */
  asset0: string
  asset1: string
  /** Where collected protocol fees go (`null` for none or unknown); fee changes move it. */
  protocolFeeAddress: string | null
  state: PoolState
}
