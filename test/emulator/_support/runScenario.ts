import { expect } from 'vitest'
import {
  burn,
  createPoolState,
  EXIT_CODES,
  InvalidInputError,
  PoolMathError,
  type PoolState,
  provide,
  type Side,
  swap,
} from '../../../core/index.js'
import type {
  LocalDex,
  LocalJetton,
  LocalPool,
  LocalRouter,
  Treasury,
} from '../../../emulator/index.js'
import { DEX_V2_OP } from '../../../protocol/index.js'
import type { BurnOp, Op, ParamsOp, ProvideOp, Scenario, SwapOp } from './differentialModel.js'

/** The deployed world a differential scenario runs in (restored before each scenario). */
export type DifferentialEnv = {
  readonly dex: LocalDex
  readonly router: LocalRouter
  readonly a: LocalJetton
  readonly b: LocalJetton
  readonly trader: Treasury
  readonly referrer: Treasury
  readonly feeCollector: Treasury
}

/**
 * Cases the comparison leaves out or only partly compares, counted so the test can report them:
 * `poolOutOfGas` — a weighted-stableswap swap whose Newton solver needs more steps than the
 * chain's gas limit allows (the pool transaction fails with -14, as on chain; core models no gas),
 * or leaves too little TON for the pool's outgoing messages (its action phase fails with 37);
 * `payoutOutOfGas` — a weighted-stableswap swap whose solver left too little TON for the payout
 * or the refund: the pool's outcome (or its refund code) is compared, the router's jetton wallet
 * then refuses the transfer (709).
 */
export const excludedCases = { poolOutOfGas: 0, payoutOutOfGas: 0 }

/** The jetton wallet's "not enough TON attached" (TEP-74 reference code). */
const WALLET_LOW_GAS = 709

/** How often each swap refund code was compared (math errors and the 32-bit refund codes). */
export const refundCodesSeen = new Map<number, number>()

/** TVM exit code of a compute phase that ran out of gas. */
const OUT_OF_GAS = -14

/** Action phase result code: the outgoing messages need more TON than the account has. */
const ACTION_LOW_TON = 37

type Model = { state: PoolState; lp: bigint; pool: LocalPool; referral: bigint }

const PPM = 1_000_000n

/** Runs one scenario against the emulator and core; returns how many cases it compared. */
export async function runScenario(env: DifferentialEnv, s: Scenario): Promise<number> {
  const { dex, router, a, b, trader } = env
  const dexVersion = router.dex
  const kind = router.kind
  if (s.params !== undefined) await dex.setPoolParams(await dex.pool(router, a, b), s.params)
  const created = await dex.createPool(router, {
    from: trader,
    assetA: a,
    amountA: s.amount0,
    assetB: b,
    amountB: s.amount1,
  })
  const pool = created.pool
  const [amount0, amount1] = pool.asset0.minter.equals(a.minter)
    ? [s.amount0, s.amount1]
    : [s.amount1, s.amount0]
  const initial = tryProvide(
    createPoolState({ dex: dexVersion, kind, ...s.params }),
    amount0,
    amount1,
    1n,
  )
  if (initial === 'kept') {
    // The kind's math cannot create this pool (e.g. 50003 out of exp's domain): the pool sends
    // the amounts back to the LP account, as core refuses the provision.
    expect(created.receipt.status).toBe('stored')
    return 1
  }
  expect(created.receipt.status).toBe('minted')
  expect(created.receipt.lpOut).toBe(initial.lpOut)
  expect(created.receipt.lpMinted).toBe(initial.lpMinted)
  await dex.setFees(pool, {
    lpFee: s.lpFee,
    protocolFee: s.protocolFee,
    refFee: s.refFee,
    protocolFeeAddress: dexVersion === 'v1' ? env.feeCollector.address : null,
  })
  const model: Model = {
    state: {
      ...initial.pool,
      lpFee: s.lpFee,
      protocolFee: s.protocolFee,
      refFee: dexVersion === 'v1' ? s.refFee : 0n,
    },
    lp: initial.lpOut,
    pool,
    referral: 0n,
  }
  expect(await dex.poolState(pool)).toEqual(model.state)
  const balance0 = await dex.jettonBalance(pool.asset0 as LocalJetton, trader.address)
  const balance1 = await dex.jettonBalance(pool.asset1 as LocalJetton, trader.address)
  const refBefore = await referralBalance(env, model)
  let flow0 = 0n
  let flow1 = 0n
  let cases = 1
  for (const op of s.ops) {
    const flows = await runOp(env, model, op)
    if (flows === undefined) continue
    flow0 += flows[0]
    flow1 += flows[1]
    cases += 1
    expect(await dex.poolState(pool), describeOp(op)).toEqual(model.state)
  }
  // What the trader holds moved exactly by what core says it paid and received.
  expect(await dex.jettonBalance(pool.asset0 as LocalJetton, trader.address)).toBe(balance0 + flow0)
  expect(await dex.jettonBalance(pool.asset1 as LocalJetton, trader.address)).toBe(balance1 + flow1)
  expect(await referralBalance(env, model)).toBe(refBefore + model.referral)
  return cases
}

async function referralBalance(env: DifferentialEnv, model: Model): Promise<bigint> {
  const { dex, router, referrer } = env
  const { asset0, asset1 } = model.pool
  if (router.dex === 'v1') {
    return (
      (await dex.jettonBalance(asset0 as LocalJetton, referrer.address)) +
      (await dex.jettonBalance(asset1 as LocalJetton, referrer.address))
    )
  }
  return (
    (await dex.vaultBalance(router, referrer.address, asset0)) +
    (await dex.vaultBalance(router, referrer.address, asset1))
  )
}

function describeOp(op: Op): string {
  return JSON.stringify(op, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v))
}

/** Runs one operation; returns the trader's net token flows (token0, token1) or undefined when skipped. */
async function runOp(
  env: DifferentialEnv,
  model: Model,
  op: Op,
): Promise<[bigint, bigint] | undefined> {
  if (op.kind === 'swap') return runSwap(env, model, op)
  if (op.kind === 'provide') return runProvide(env, model, op)
  if (op.kind === 'params') return runParams(env, model, op)
  return runBurn(env, model, op)
}

async function runSwap(
  env: DifferentialEnv,
  model: Model,
  op: SwapOp,
): Promise<[bigint, bigint] | undefined> {
  const { state, pool } = model
  const reserveIn = op.side === 0 ? state.reserve0 : state.reserve1
  const amountIn = op.raw ? op.size : (reserveIn * op.size) / PPM // floor: positive operands
  if (amountIn <= 0n) return undefined
  const v1 = env.router.dex === 'v1'
  const referral = v1
    ? { hasReferral: op.referral !== undefined }
    : op.referral === undefined
      ? {}
      : { referralBps: op.referral }
  const probe = safeSwap(state, op.side, amountIn, referral, undefined)
  let minAmountOut: bigint | undefined
  if (op.minOut !== 'none' && probe instanceof Object && 'amountOut' in probe) {
    const exact = probe.amountOut
    minAmountOut =
      op.minOut === 'exact'
        ? exact
        : op.minOut === 'above'
          ? exact + 1n
          : exact > 0n
            ? exact - 1n
            : 0n
  }
  const expected = safeSwap(state, op.side, amountIn, referral, minAmountOut)
  const [offer, ask] = op.side === 0 ? [pool.asset0, pool.asset1] : [pool.asset1, pool.asset0]
  const r = await env.dex.swap(env.router, {
    from: env.trader,
    offer,
    ask,
    amount: amountIn,
    minOut: minAmountOut,
    referral: op.referral === undefined ? undefined : env.referrer.address,
    referralBps: v1 ? undefined : op.referral,
  })
  const label = describeOp(op)
  const poolFailure = r.failures.length === 1 ? r.failures[0] : undefined
  if (
    r.failures.some((f) => f.exitCode === OUT_OF_GAS) ||
    (poolFailure?.exitCode === ACTION_LOW_TON && poolFailure.op === DEX_V2_OP.swap)
  ) {
    // The pool's transaction is rolled back (its compute phase ran out of gas, or its Newton
    // steps left too little TON to send the payout and the referral's share: the action phase
    // fails with 37): the input stays with the router and the pool keeps its state (checked
    // by the caller).
    expect([state.kind, r.failures.length, r.status], label).toEqual([
      'weighted_stableswap',
      1,
      'refunded',
    ])
    excludedCases.poolOutOfGas += 1
    return op.side === 0 ? [-amountIn, 0n] : [0n, -amountIn]
  }
  if (r.failures.length === 1 && r.failures[0]?.exitCode === WALLET_LOW_GAS) {
    excludedCases.payoutOutOfGas += 1
    if (expected instanceof PoolMathError) {
      // The pool refused with core's code, but its Newton steps left too little TON for the
      // refund's jetton transfer: the refund is lost and the pool keeps its state.
      expect([state.kind, r.status, r.exitCode], label).toEqual([
        'weighted_stableswap',
        'refunded',
        expected.exitCode,
      ])
      refundCodesSeen.set(r.exitCode, (refundCodesSeen.get(r.exitCode) ?? 0) + 1)
      return op.side === 0 ? [-amountIn, 0n] : [0n, -amountIn]
    }
    // The pool swapped (and paid any referral into the vault); its output is lost.
    expect([state.kind, r.status, r.amountOut, r.delivered, r.referralOut], label).toEqual([
      'weighted_stableswap',
      'ok',
      expected.amountOut,
      0n,
      expected.referralFeeOut,
    ])
    model.state = expected.pool
    model.referral += expected.referralFeeOut
    return op.side === 0 ? [-amountIn, 0n] : [0n, -amountIn]
  }
  expect(r.failures, label).toEqual([])
  if (expected instanceof PoolMathError) {
    expect([r.status, r.exitCode, r.refundAmount], label).toEqual([
      'refunded',
      expected.exitCode,
      amountIn,
    ])
    refundCodesSeen.set(r.exitCode, (refundCodesSeen.get(r.exitCode) ?? 0) + 1)
    return [0n, 0n]
  }
  expect([r.status, r.exitCode, r.amountOut, r.delivered, r.referralOut], label).toEqual([
    'ok',
    EXIT_CODES.swap_ok,
    expected.amountOut,
    expected.amountOut,
    expected.referralFeeOut,
  ])
  model.state = expected.pool
  model.referral += expected.referralFeeOut
  return op.side === 0 ? [-amountIn, expected.amountOut] : [expected.amountOut, -amountIn]
}

function safeSwap(
  state: PoolState,
  side: Side,
  amountIn: bigint,
  referral: { hasReferral?: boolean; referralBps?: bigint },
  minAmountOut: bigint | undefined,
) {
  try {
    return swap(state, { side, amountIn, ...referral, minAmountOut })
  } catch (error) {
    if (error instanceof PoolMathError) return error
    throw error
  }
}

async function runProvide(
  env: DifferentialEnv,
  model: Model,
  op: ProvideOp,
): Promise<[bigint, bigint] | undefined> {
  const { state, pool } = model
  const amount0 = (state.reserve0 * op.size0) / PPM // floor: positive operands
  const amount1 = (state.reserve1 * op.size1) / PPM // floor: positive operands
  if (amount0 === 0n && amount1 === 0n) return undefined
  const v1 = env.router.dex === 'v1'
  if (!v1 && (amount0 === 0n) !== (op.size0 === 0n)) return undefined
  if (!v1 && (amount1 === 0n) !== (op.size1 === 0n)) return undefined
  const probe = tryProvide(state, amount0, amount1, 1n)
  const minLpOut = op.greedy && typeof probe === 'object' ? probe.lpOut + 1n : 1n
  const expected = tryProvide(state, amount0, amount1, minLpOut)
  const r = await env.dex.provide(env.router, {
    from: env.trader,
    assetA: pool.asset0,
    amountA: amount0,
    assetB: pool.asset1,
    amountB: amount1,
    minLpOut,
  })
  const label = `${describeOp(op)} amounts ${amount0} ${amount1}`
  expect(r.failures, label).toEqual([])
  if (expected === 'kept') {
    // The amounts wait in the LP account (v1: a side of 1000 units or less; or the pool sent
    // them back); take them back so the next provision starts clean.
    expect(r.status, label).toBe('stored')
    const refund = await env.dex.refundLiquidity(pool, { from: env.trader })
    expect(refund.status, label).toBe('ok')
    return [0n, 0n]
  }
  expect([r.status, r.lpOut, r.lpMinted], label).toEqual([
    'minted',
    expected.lpOut,
    expected.lpMinted,
  ])
  model.state = expected.pool
  model.lp += expected.lpOut
  return [-amount0, -amount1]
}

function tryProvide(state: PoolState, amount0: bigint, amount1: bigint, minLpOut: bigint) {
  try {
    return provide(state, { amount0, amount1, minLpOut })
  } catch (error) {
    if (error instanceof PoolMathError || error instanceof InvalidInputError) return 'kept' as const
    throw error
  }
}

/** Changes the pool's kind parameters as the admin; core's state follows what the pool keeps. */
async function runParams(
  env: DifferentialEnv,
  model: Model,
  op: ParamsOp,
): Promise<[bigint, bigint] | undefined> {
  const { state } = model
  let next: PoolState
  if (state.kind === 'stableswap') {
    await env.dex.setPoolParams(model.pool, { amp: op.amp })
    next = { ...state, amp: op.amp }
  } else if (state.kind === 'weighted_const_product') {
    // w0 is set once: the pool keeps the first weight.
    await env.dex.setPoolParams(model.pool, { w0: op.w0 })
    next = state
  } else if (state.kind === 'weighted_stableswap') {
    const rate = (state.rate * op.rateScale) / PPM // floor: positive operands
    if (rate === 0n || rate >= 1n << 128n) return undefined
    const amp = op.amp * 10n ** 18n
    await env.dex.setPoolParams(model.pool, { amp, rate })
    next = { ...state, amp, rate }
  } else {
    return undefined
  }
  model.state = next
  return [0n, 0n]
}

async function runBurn(
  env: DifferentialEnv,
  model: Model,
  op: BurnOp,
): Promise<[bigint, bigint] | undefined> {
  const lp = (model.lp * op.share) / PPM // floor: positive operands
  if (lp <= 0n) return undefined
  let expected: ReturnType<typeof burn> | PoolMathError
  try {
    expected = burn(model.state, { lp })
  } catch (error) {
    if (!(error instanceof PoolMathError)) throw error
    expected = error
  }
  const r = await env.dex.burn(model.pool, { from: env.trader, lp })
  const label = `${describeOp(op)} lp ${lp}`
  if (expected instanceof PoolMathError) {
    expect([r.status, r.exitCode], label).toEqual(['rejected', expected.exitCode])
    return [0n, 0n]
  }
  expect(r.failures, label).toEqual([])
  expect([r.status, r.amount0, r.amount1], label).toEqual([
    'ok',
    expected.amount0,
    expected.amount1,
  ])
  model.state = expected.pool
  model.lp -= lp
  return [expected.amount0, expected.amount1]
}
