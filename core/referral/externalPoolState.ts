import { isqrt } from '../math/isqrt.js'
import { createPoolState, type PoolKind, type PoolState } from '../pool/PoolState.js'

/** Fee parameters and reserves of an external venue's pool, as the caller knows them. */
export type ExternalPoolParameters = {
  readonly reserve0: bigint
  readonly reserve1: bigint
  /** LP fee in bps, charged on the input and left in the pool. */
  readonly lpFee: bigint
  /** Protocol fee in bps, taken from the output, rounded up (default 0). */
  readonly protocolFee?: bigint | undefined
  /** Curve of the pool (default constant product). */
  readonly kind?: PoolKind | undefined
  /** Curve parameters of non-constant-product kinds, as on a DEX v2 pool of that kind. */
  readonly amp?: bigint | undefined
  readonly w0?: bigint | undefined
  readonly rate?: bigint | undefined
}

/**
 * The pool state that models a pool of an external venue (A, B or escrow). The spec gives no
 * math for those venues; our model is the DEX v2 swap pipeline with the pool's own fees:
 * LP fee on the input, protocol and referral fees rounded up from the gross output, referral
 * chosen per swap (1..100 bps). The LP supply does not enter the swap math; it is set to
 * isqrt(reserve0·reserve1) so that a pool with reserves counts as live.
 *
 * @example
 * ```ts
 * const pool = externalPoolState({ reserve0: 10n ** 12n, reserve1: 2n * 10n ** 12n, lpFee: 25n })
 * swap(pool, { side: 0, amountIn: 10n ** 9n, referralBps: 30n })
 * // { amountOut: 1987032934n, protocolFeeOut: 0n, referralFeeOut: 5979036n, ... }
 * ```
 * @throws {InvalidInputError} for a field outside what a pool can hold (see `createPoolState`).
 */
export function externalPoolState(parameters: ExternalPoolParameters): PoolState {
  const { reserve0, reserve1 } = parameters
  return createPoolState({
    dex: 'v2',
    kind: parameters.kind ?? 'constant_product',
    reserve0,
    reserve1,
    totalSupply:
      typeof reserve0 === 'bigint' && typeof reserve1 === 'bigint' && reserve0 > 0n && reserve1 > 0n
        ? isqrt(reserve0 * reserve1)
        : 0n,
    lpFee: parameters.lpFee,
    protocolFee: parameters.protocolFee ?? 0n,
    amp: parameters.amp,
    w0: parameters.w0,
    rate: parameters.rate,
  })
}
