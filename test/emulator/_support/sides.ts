import type { Side } from '../../../core/index.js'
import type { LocalAsset, LocalPool } from '../../../emulator/index.js'

/** The core `side` of offering `asset` into `pool` (0 when it is the pool's token0). */
export function sideOf(pool: LocalPool, asset: LocalAsset): Side {
  return pool.asset0.minter.equals(asset.minter) ? 0 : 1
}
