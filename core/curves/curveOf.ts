import { UnsupportedPoolKindError } from '../errors/UnsupportedPoolKindError.js'
import type { PoolState } from '../pool/PoolState.js'
import type { Curve } from './Curve.js'
import { constantProductCurve } from './constantProduct.js'
import { stableswapCurve } from './stableswap.js'
import { weightedConstProductCurve } from './weightedConstProduct.js'
import { weightedStableswapCurve } from './weightedStableswap.js'

/**
 * The curve of a pool's kind.
 *
 * @example
 * ```ts
 * curveOf(createPoolState({ dex: 'v2', kind: 'constant_product' })) === constantProductCurve // true
 * ```
 *
 * @throws {UnsupportedPoolKindError} for a kind not implemented, or not on the pool's DEX.
 */
export function curveOf(pool: PoolState): Curve {
  switch (pool.kind) {
    case 'constant_product':
      return constantProductCurve
    case 'stableswap':
      return stableswapCurve
    case 'weighted_const_product':
      return weightedConstProductCurve
    case 'weighted_stableswap':
      return weightedStableswapCurve
    default:
      throw new UnsupportedPoolKindError({ dex: pool.dex, kind: String(pool.kind) })
  }
}
