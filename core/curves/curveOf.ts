import { UnsupportedPoolKindError } from '../errors/UnsupportedPoolKindError.js'
import type { PoolState } from '../pool/PoolState.js'
import type { Curve } from './Curve.js'
import { constantProductCurve } from './constantProduct.js'

/**
 * The curve of a pool's kind.
 *
 * @throws {UnsupportedPoolKindError} for a kind not implemented, or not on the pool's DEX.
 */
export function curveOf(pool: PoolState): Curve {
  switch (pool.kind) {
    case 'constant_product':
      return constantProductCurve
    default:
      throw new UnsupportedPoolKindError({ dex: pool.dex, kind: String(pool.kind) })
  }
}
