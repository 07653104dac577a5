import { UnsupportedPoolKindError } from '../../core/errors/UnsupportedPoolKindError.js'
import { createPoolState, type Dex, type PoolState } from '../../core/pool/PoolState.js'
import { KIND_OF_ROUTER_TYPE } from '../../protocol/dex/poolKinds.js'
import type { PoolRow, RouterRow } from '../../store/rows/referenceRows.js'

/**
 * The DEX generation of a router: major version 1 is DEX v1, anything newer DEX v2.
 *
 * @example
 * ```ts
 * dexOf({ majorVersion: 2, … }) // 'v2'
 * ```
 */
export function dexOf(router: Pick<RouterRow, 'majorVersion'>): Dex {
  return router.majorVersion <= 1 ? 'v1' : 'v2'
}

/**
 * The core pool state of a stored pool, for core's `swap`, `reverseSwap` and `provide`. The
 * kind is the router's type; DEX v2 pools get `refFee` 0 (v2 swaps choose their own referral
 * fee); null kind parameters take core's defaults.
 *
 * @example
 * ```ts
 * const state = toPoolState(pool, router)
 * swap(state, { side: 0, amountIn: 1_000_000_000n }).amountOut
 * ```
 * @throws {UnsupportedPoolKindError} for a router type core has no kind for (`ConstantSum`).
 * @throws {InvalidInputError} for stored values no contract could hold (fees over 100 bps).
 */
export function toPoolState(pool: PoolRow, router: RouterRow): PoolState {
  // Stored rows are frozen and replaced, never changed, so a row's state never goes stale.
  const cached = Object.isFrozen(pool) ? stateCache.get(pool) : undefined
  if (cached !== undefined && cached.router === router) return cached.state
  const state = buildPoolState(pool, router)
  if (Object.isFrozen(pool)) stateCache.set(pool, { router, state })
  return state
}

const stateCache = new WeakMap<PoolRow, { router: RouterRow; state: PoolState }>()

function buildPoolState(pool: PoolRow, router: RouterRow): PoolState {
  const dex = dexOf(router)
  const kind = KIND_OF_ROUTER_TYPE[router.routerType]
  if (kind === undefined) throw new UnsupportedPoolKindError({ dex, kind: router.routerType })
  return createPoolState({
    dex,
    kind,
    reserve0: pool.reserve0,
    reserve1: pool.reserve1,
    totalSupply: pool.lpTotalSupply,
    lpFee: pool.lpFee,
    protocolFee: pool.protocolFee,
    refFee: dex === 'v1' ? pool.refFee : 0n,
    amp: pool.amp ?? undefined,
    w0: pool.w0 ?? undefined,
    rate: pool.rate ?? undefined,
    collectedProtocolFee0: pool.collectedToken0ProtocolFee,
    collectedProtocolFee1: pool.collectedToken1ProtocolFee,
  })
}
