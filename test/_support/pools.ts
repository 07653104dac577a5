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
