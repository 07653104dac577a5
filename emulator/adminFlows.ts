import { type Address, beginCell, type Cell, toNano } from '@ton/core'
import {
  DEX_V1_ROUTER_DATA,
  DEX_V2_POOL_LOCKED,
  DEX_V2_ROUTER_DATA,
} from '../protocol/dex/getMethods.js'
import { kindHasParam } from '../protocol/dex/poolKinds.js'
import { dexV1SetFeesBody } from '../protocol/dex/v1Messages.js'
import {
  dexV2SetFeesBody,
  dexV2SetParamsBody,
  dexV2UpdatePoolStatusBody,
  dexV2UpdateStatusBody,
} from '../protocol/dex/v2AdminMessages.js'
import { DEX_V1_OP } from '../protocol/opCodes.js'
import type { DexWorld } from './DexWorld.js'
import { LocalDexError } from './LocalDexError.js'
import type { LocalPool, LocalRouter } from './model.js'
import { readPoolState } from './readState.js'
import { requireV2 } from './routing.js'
import { failedTransactions } from './transactions.js'

/**
 * New fees of a pool, bps (0..100 each); `refFee` is DEX v1 only.
 *
 * @example
 * ```ts
 * const fees: FeeSettings = { lpFee: 25n, protocolFee: 5n, protocolFeeAddress: collector.address }
 * ```
 */
export type FeeSettings = {
  readonly lpFee: bigint
  readonly protocolFee: bigint
  readonly refFee?: bigint | undefined
  /** DEX v2: who may collect protocol fees (null = nobody). DEX v1: where they are paid. */
  readonly protocolFeeAddress: Address | null
}

/**
 * The admin sets a pool's fees through its router (`set_fees`).
 *
 * @example
 * ```ts
 * await setPoolFees(world, pool, { lpFee: 25n, protocolFee: 5n, protocolFeeAddress: null })
 * (await readPoolState(world, pool)).lpFee // 25n
 * ```
 */
export async function setPoolFees(
  world: DexWorld,
  pool: LocalPool,
  fees: FeeSettings,
): Promise<void> {
  const common = { wallet0: pool.wallet0, wallet1: pool.wallet1 }
  let body: Cell
  if (pool.router.dex === 'v1') {
    if (fees.protocolFeeAddress === null) {
      throw new LocalDexError({
        reason: 'invalid_request',
        message: 'A DEX v1 pool needs a protocol fee address.',
      })
    }
    body = dexV1SetFeesBody({
      ...common,
      ...fees,
      refFee: fees.refFee ?? 10n,
      protocolFeeAddress: fees.protocolFeeAddress,
    })
  } else {
    body = dexV2SetFeesBody({ ...common, ...fees, excesses: world.admin.address })
  }
  const txs = await world.send(world.admin, { to: pool.router.address, value: toNano('0.1'), body })
  const failed = failedTransactions(txs)
  if (failed.length > 0) {
    throw new LocalDexError({
      reason: 'unexpected_failure',
      message: `set_fees failed with exit code ${failed[0]?.exitCode}.`,
    })
  }
}

/**
 * The admin locks or unlocks a DEX v2 pool (`update_pool_status` toggles, so read it first).
 *
 * @example
 * ```ts
 * await setPoolLock(world, pool, true) // swaps now refund with swap_pool_locked (0x365c484d)
 * ```
 */
export async function setPoolLock(
  world: DexWorld,
  pool: LocalPool,
  locked: boolean,
): Promise<void> {
  requireV2(pool.router.dex, 'pool locks')
  const isLocked = await world.call(pool.address, DEX_V2_POOL_LOCKED)
  if (isLocked === locked) return
  const body = dexV2UpdatePoolStatusBody({
    wallet0: pool.wallet0,
    wallet1: pool.wallet1,
    excesses: world.admin.address,
  })
  await world.send(world.admin, { to: pool.router.address, value: toNano('0.1'), body })
}

/**
 * The admin locks or unlocks a router (v1 `lock` / `unlock`, v2 `update_status`).
 *
 * @example
 * ```ts
 * await setRouterLock(world, router, true) // swaps now refund with transfer_bounce_locked (0x0a0dbdcb)
 * ```
 */
export async function setRouterLock(
  world: DexWorld,
  router: LocalRouter,
  locked: boolean,
): Promise<void> {
  const isLocked = (
    await world.call(router.address, router.dex === 'v2' ? DEX_V2_ROUTER_DATA : DEX_V1_ROUTER_DATA)
  ).isLocked
  if (isLocked === locked) return
  const body =
    router.dex === 'v2'
      ? dexV2UpdateStatusBody()
      : beginCell()
          .storeUint(locked ? DEX_V1_OP.lock : DEX_V1_OP.unlock, 32)
          .storeUint(0, 64)
          .endCell()
  await world.send(world.admin, { to: router.address, value: toNano('0.05'), body })
}

/**
 * New parameters of a DEX v2 pool, in the units of `PoolState`: stableswap `amp` (plain A,
 * 1..2000); weighted constant product `w0` (token0's weight, 18 decimals, set once); weighted
 * stableswap `amp`, `rate` and `w0` (18 decimals each; `w0` set once, `rate` overwritten by the
 * first provision). Omitted fields keep their value.
 *
 * @example
 * ```ts
 * const params: PoolParams = { amp: 100n } // a stableswap A of 100
 * ```
 */
export type PoolParams = {
  readonly amp?: bigint | undefined
  readonly w0?: bigint | undefined
  readonly rate?: bigint | undefined
}

/**
 * The admin sets a DEX v2 pool's kind parameters through its router's `set_params` (the router
 * deploys the pool when it does not exist yet, so this works before the first provision). The
 * weighted-stableswap message keeps the current `amp` and `w0` when none is given (the router
 * refuses a weight of 0, so the first call must set `w0`) and names the admin wallet as the
 * pool's rate setter (which may then send `set_rate` itself).
 *
 * @example
 * ```ts
 * await setPoolParams(world, pool, { amp: 100n }) // stableswap A = 100
 * (await readPoolState(world, pool)).amp // 100n
 * ```
 * @throws {LocalDexError} `invalid_request` for a field the pool's kind does not have, or
 *   `unexpected_failure` when the router or pool rejects the values (its exit code says why:
 *   92 out of range, 90 weighted-stableswap amp above 2000; amp 0 is accepted, as on chain).
 */
export async function setPoolParams(
  world: DexWorld,
  pool: LocalPool,
  params: PoolParams,
): Promise<void> {
  requireV2(pool.router.dex, 'pool parameters')
  const { kind } = pool.router
  for (const field of ['amp', 'w0', 'rate'] as const) {
    if (params[field] !== undefined && !kindHasParam(kind, field)) {
      throw new LocalDexError({
        reason: 'invalid_request',
        message: `A ${kind} pool has no parameter ${field}.`,
      })
    }
  }
  const common = { wallet0: pool.wallet0, wallet1: pool.wallet1, excesses: world.admin.address }
  let body: Cell | undefined
  if (kind === 'stableswap' && params.amp !== undefined) {
    body = dexV2SetParamsBody({ ...common, kind, amp: params.amp })
  } else if (kind === 'weighted_const_product' && params.w0 !== undefined) {
    body = dexV2SetParamsBody({ ...common, kind, weight: params.w0, side: pool.wallet0 })
  } else if (kind === 'weighted_stableswap') {
    if (params.amp !== undefined || params.w0 !== undefined || params.rate !== undefined) {
      const current = await readPoolState(world, pool)
      body = dexV2SetParamsBody({
        ...common,
        kind,
        amp: params.amp ?? current.amp,
        rate: params.rate ?? 0n,
        // The router refuses a weight of 0 (92): resend the pool's own w0 when the caller
        // keeps it (once w0 is set, the pool ignores the weight). An unset w0 stays 0 and the
        // router refuses the message, as on chain.
        weight: params.w0 ?? current.w0 ?? 0n,
        side: pool.wallet0,
        rateSetter: world.admin.address,
      })
    }
  }
  if (body === undefined) return
  const txs = await world.send(world.admin, {
    to: pool.router.address,
    value: toNano('0.1'),
    body,
  })
  const failed = failedTransactions(txs)
  if (failed.length > 0) {
    throw new LocalDexError({
      reason: 'unexpected_failure',
      message: `set_params failed with exit code ${failed[0]?.exitCode}.`,
    })
  }
}
