import {
  createPoolState,
  curveOf,
  type PoolKind,
  type PoolState,
  UnsupportedPoolKindError,
} from '../../core/index.js'

/** The constant-product pool of most reference vectors: R = (1e12, 2e12), L 20, P 10. */
export function referenceCpPool(dex: 'v1' | 'v2' = 'v2'): PoolState {
  return createPoolState({
    dex,
    kind: 'constant_product',
    reserve0: 1_000_000_000_000n,
    reserve1: 2_000_000_000_000n,
    totalSupply: 1_414_213_562_373n,
    lpFee: 20n,
    protocolFee: 10n,
  })
}

/** Whether this build has the math of `kind` (`curveOf` does not refuse it). */
export function kindImplemented(kind: PoolKind): boolean {
  try {
    curveOf({ kind } as Parameters<typeof curveOf>[0])
    return true
  } catch (error) {
    if (error instanceof UnsupportedPoolKindError) return false
    throw error
  }
}

/**
 * The LP fee of a constant-product swap in the ask token, from the textbook formulas rather
 * than core: the fee-free output floor(a·rOut / (rIn + a)) minus the output with the LP fee,
 * floor(a·(D − L)·rOut / (rIn·D + a·(D − L))), D = 10 000.
 */
export function cpLpFeeInAsk(before: PoolState, side: 0 | 1, amountIn: bigint): bigint {
  const [rIn, rOut] =
    side === 0 ? [before.reserve0, before.reserve1] : [before.reserve1, before.reserve0]
  const withFee = amountIn * (10_000n - before.lpFee)
  return (amountIn * rOut) / (rIn + amountIn) - (withFee * rOut) / (rIn * 10_000n + withFee)
}
