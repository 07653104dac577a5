import { Address } from '@ton/core'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { EXIT_CODES } from '../../core/errors/exitCodes.js'
import { burn } from '../../core/ops/burn.js'
import { provide } from '../../core/ops/provide.js'
import { type SwapResult, swap } from '../../core/ops/swap.js'
import type { PoolState } from '../../core/pool/PoolState.js'
import type { DecodedBody } from '../../protocol/decode/DecodedBody.js'
import { realisticCpPool } from '../../test/_support/arbitraries.js'
import { fuzz, reachedCases } from '../../test/_support/fuzz.js'
import { referenceCpPool } from '../../test/_support/pools.js'
import { FatalIndexError } from '../errors.js'
import { type OperationContext, poolOperation } from './poolOperation.js'
import type { TrackedPool } from './TrackedPool.js'

const user = Address.parse(`0:${'11'.repeat(32)}`)
const referrer = Address.parse(`0:${'55'.repeat(32)}`)
const wallet0 = Address.parse(`0:${'33'.repeat(32)}`)
const wallet1 = Address.parse(`0:${'44'.repeat(32)}`)
const context: OperationContext = {
  txHash: 'aa'.repeat(32),
  txLt: 20n,
  timestamp: '2024-01-02T03:04:05',
  originHash: 'bb'.repeat(32),
  originLt: 10n,
  originTimestamp: '2024-01-02T03:04:00',
}

function tracked(state: PoolState): TrackedPool {
  return {
    address: `0:${'77'.repeat(32)}`,
    router: `0:${'88'.repeat(32)}`,
    dex: state.dex,
    protocolFeeAddress: null,
    wallet0: wallet0.toString(),
    wallet1: wallet1.toString(),
    asset0: 'asset0',
    asset1: 'asset1',
    state,
  }
}

/** The router → pool swap of `amountIn` of token `side`, with a referral when asked. */
function swapBody(dex: 'v1' | 'v2', side: 0 | 1, amountIn: bigint, referralBps = 0n): DecodedBody {
  const referral = referralBps > 0n ? referrer : null
  if (dex === 'v1') {
    return {
      type: 'v1.swap',
      queryId: 1n,
      toAddress: user,
      senderWallet: side === 0 ? wallet0 : wallet1,
      jettonAmount: amountIn,
      minOut: 0n,
      fromUser: user,
      referralAddress: referral,
    }
  }
  return {
    type: 'v2.swap',
    queryId: 1n,
    fromUser: user,
    amount0: side === 0 ? amountIn : 0n,
    amount1: side === 1 ? amountIn : 0n,
    payload: {
      crossSwap: false,
      askJettonWallet: side === 0 ? wallet1 : wallet0,
      refundAddress: user,
      excessesAddress: user,
      deadline: 1_700_000_900n,
      minOut: 0n,
      receiver: user,
      fwdGas: 0n,
      customPayload: null,
      refundFwdGas: 0n,
      refundPayload: null,
      referralBps,
      referralAddress: referral,
    },
  }
}

/** A pool → router `pay_to` of the pool's DEX. */
function payTo(
  dex: 'v1' | 'v2',
  exitCode: number,
  amount0: bigint,
  amount1: bigint,
  to: Address = user,
): DecodedBody {
  const amounts = { amount0, token0: wallet0, amount1, token1: wallet1 }
  if (dex === 'v1') return { type: 'v1.pay_to', queryId: 1n, to, exitCode, ...amounts }
  return {
    type: 'v2.pay_to',
    queryId: 1n,
    to,
    excesses: user,
    originalCaller: user,
    exitCode,
    customPayload: null,
    fwdTonAmount: 0n,
    ...amounts,
  }
}

/** What the pool sends after a successful swap (v1 pays the referrer first, as the fixture). */
function swapOuts(dex: 'v1' | 'v2', side: 0 | 1, q: SwapResult, bump = 0n): DecodedBody[] {
  const out = q.amountOut + bump
  const main = payTo(dex, EXIT_CODES.swap_ok, side === 0 ? 0n : out, side === 0 ? out : 0n)
  if (q.referralFeeOut === 0n) return [main]
  const ref = q.referralFeeOut
  const refAmounts: [bigint, bigint] = side === 0 ? [0n, ref] : [ref, 0n]
  if (dex === 'v1') return [payTo('v1', EXIT_CODES.swap_ok_ref, ...refAmounts, referrer), main]
  const vault: DecodedBody = {
    type: 'v2.pay_vault',
    queryId: 1n,
    to: referrer,
    excesses: user,
    ...{ amount0: refAmounts[0], token0: wallet0, amount1: refAmounts[1], token1: wallet1 },
  }
  return [vault, main]
}

describe('poolOperation: swaps', () => {
  test('the reference DEX v2 swap (docs/contracts.md §6): 1e9 token0 → 1992015968 token1', () => {
    const state = referenceCpPool('v2')
    const outs = [payTo('v2', EXIT_CODES.swap_ok, 0n, 1_992_015_968n)]
    const op = poolOperation(tracked(state), swapBody('v2', 0, 1_000_000_000n), outs, context)
    expect(op?.resultCode).toBe('swap_ok')
    expect(op?.row).toMatchObject({
      operationType: 'Swap',
      success: true,
      exitCode: 'swap_ok',
      asset0Amount: 1_000_000_000n,
      asset1Amount: 1_992_015_968n,
      asset0Delta: 1_000_000_000n,
      asset1Delta: -(1_992_015_968n + 1_994_010n),
      asset0Reserve: 1_001_000_000_000n,
      asset1Reserve: 1_998_005_990_022n,
      // In the ask token: fee-free output floor(1e9·2e12 / 1.001e12) = 1998001998 minus the
      // gross output 1994009978.
      lpFeeAmount: 3_992_020n,
      protocolFeeAmount: 1_994_010n,
      referralFeeAmount: 0n,
      feeAssetAddress: 'asset1',
      walletAddress: user.toString(),
      walletTxHash: context.originHash,
      poolTxLt: 20n,
    })
    expect(op?.state.reserve1).toBe(1_998_005_990_022n)
    expect(op?.state.collectedProtocolFee1).toBe(1_994_010n)
  })

  test('property: a swap row’s amounts, deltas, fees and state are core’s swap', () => {
    fc.assert(
      fc.property(
        realisticCpPool(),
        fc.constantFrom<0 | 1>(0, 1),
        fc.bigInt({ min: 1n, max: 1n << 70n }),
        fc.bigInt({ min: 0n, max: 100n }),
        (state, side, amountIn, referralBps) => {
          const v1 = state.dex === 'v1'
          let q: SwapResult
          try {
            q = swap(
              state,
              v1
                ? { side, amountIn, hasReferral: referralBps > 0n }
                : { side, amountIn, referralBps },
            )
          } catch {
            return // the pool refunds: covered by the refund tests
          }
          const body = swapBody(state.dex, side, amountIn, referralBps)
          const op = poolOperation(tracked(state), body, swapOuts(state.dex, side, q), context)
          expect(op?.state).toEqual(q.pool)
          expect(op?.row).toMatchObject({
            success: true,
            asset0Amount: side === 0 ? amountIn : q.amountOut,
            asset1Amount: side === 1 ? amountIn : q.amountOut,
            asset0Delta: q.pool.reserve0 - state.reserve0,
            asset1Delta: q.pool.reserve1 - state.reserve1,
            lpTokenSupply: state.totalSupply,
            // The ask amount the LP fee withheld: the fee-free constant-product output
            // floor(a·rOut / (rIn + a)) minus the gross output.
            lpFeeAmount:
              (amountIn * (side === 0 ? state.reserve1 : state.reserve0)) /
                ((side === 0 ? state.reserve0 : state.reserve1) + amountIn) -
              (q.amountOut + q.protocolFeeOut + q.referralFeeOut),
            protocolFeeAmount: q.protocolFeeOut,
            referralFeeAmount: q.referralFeeOut,
            referralAddress: referralBps > 0n ? referrer.toString() : null,
            feeAssetAddress: side === 0 ? 'asset1' : 'asset0',
          })
          const inDelta = side === 0 ? op?.row?.asset0Delta : op?.row?.asset1Delta
          const outDelta = side === 0 ? op?.row?.asset1Delta : op?.row?.asset0Delta
          expect(inDelta).toBe(amountIn)
          expect(outDelta).toBe(-(q.amountOut + q.protocolFeeOut + q.referralFeeOut))
          expect(op?.resultCode).toBe(v1 && q.referralFeeOut > 0n ? 'swap_ok_ref' : 'swap_ok')
          // A pay_to that contradicts the math stops the indexer, naming the transaction.
          const wrong = swapOuts(state.dex, side, q, 1n)
          expectContradiction(() => poolOperation(tracked(state), body, wrong, context))
        },
      ),
      fuzz(),
    )
  })

  test('a refund is an unsuccessful Swap that leaves the state alone', () => {
    const state = referenceCpPool('v2')
    const outs = [payTo('v2', EXIT_CODES.swap_refund_slippage, 1_000_000_000n, 0n)]
    const op = poolOperation(tracked(state), swapBody('v2', 0, 1_000_000_000n), outs, context)
    expect(op?.state).toBe(state)
    expect(op?.resultCode).toBe('swap_refund_slippage')
    expect(op?.row).toMatchObject({
      operationType: 'Swap',
      success: false,
      exitCode: 'swap_refund_slippage',
      asset0Amount: 1_000_000_000n,
      asset0Delta: 0n,
      asset1Delta: 0n,
      protocolFeeAmount: 0n,
    })
    // DEX v1 reports a missed minimum as no liquidity.
    const v1 = referenceCpPool('v1')
    const v1Outs = [payTo('v1', EXIT_CODES.swap_refund_no_liq, 0n, 5n)]
    const v1Op = poolOperation(tracked(v1), swapBody('v1', 1, 5n), v1Outs, context)
    expect(v1Op?.row).toMatchObject({ success: false, exitCode: 'swap_refund_no_liq' })
  })

  test('a swap the pool did not answer with pay_to contradicts the contract', () => {
    const state = referenceCpPool('v1')
    expectContradiction(() => poolOperation(tracked(state), swapBody('v1', 0, 1_000n), [], context))
  })
})

describe('poolOperation: liquidity', () => {
  test('provide_lp: sent on to the LP account, refunded, or bounced', () => {
    const state = referenceCpPool('v2')
    const body: DecodedBody = {
      type: 'v1.provide_lp',
      queryId: 1n,
      fromUser: user,
      minLpOut: 1n,
      amount0: 1_000n,
      amount1: 0n,
    }
    const added: DecodedBody = {
      type: 'v1.add_liquidity',
      queryId: 1n,
      amount0: 1_000n,
      amount1: 0n,
      minLpOut: 1n,
    }
    const ok = poolOperation(tracked(state), body, [added], context)
    expect(ok?.row).toMatchObject({
      operationType: 'SendLiquidity',
      success: true,
      exitCode: 'provide_liquidity_ok',
      asset0Amount: 1_000n,
    })
    expect(ok?.state).toBe(state)
    const v2Body: DecodedBody = {
      type: 'v2.provide_lp',
      queryId: 1n,
      fromUser: user,
      amount0: 0n,
      amount1: 7n,
      payload: {
        otherJettonWallet: wallet0,
        refundAddress: user,
        excessesAddress: user,
        deadline: 0n,
        minLpOut: 1n,
        receiver: user,
        bothPositive: true,
        fwdGas: 0n,
        customPayload: null,
      },
    }
    const refund = [payTo('v2', EXIT_CODES.provide_refund_tx_expired, 0n, 7n)]
    const refunded = poolOperation(tracked(state), v2Body, refund, context)
    expect(refunded?.row).toMatchObject({ success: false, exitCode: 'provide_refund_tx_expired' })
    const bounced = poolOperation(tracked(state), v2Body, [], context)
    expect(bounced?.row).toMatchObject({ success: false, exitCode: 'bounce' })
  })

  test('property: cb_add_liquidity mints core’s LP amount; a different mint is undefined', () => {
    const parameters = fuzz()
    const cases = reachedCases(parameters, 0.5) // about 0.7 observed
    fc.assert(
      fc.property(
        realisticCpPool(),
        fc.bigInt({ min: 0n, max: 1n << 60n }),
        fc.bigInt({ min: 0n, max: 1n << 60n }),
        (state, amount0, amount1) => {
          let p: ReturnType<typeof provide>
          try {
            p = provide(state, { amount0, amount1 })
          } catch {
            return
          }
          cases.reached()
          const body: DecodedBody =
            state.dex === 'v1'
              ? { type: 'v1.cb_add_liquidity', queryId: 1n, amount0, amount1, user, minLpOut: 1n }
              : {
                  type: 'v2.cb_add_liquidity',
                  queryId: 1n,
                  ...{ amount0, amount1, user, minLpOut: 1n, fwdAmount: 0n },
                  ...{ toUser: user, refundAddress: user, excessAddress: user },
                }
          const mint = (amount: bigint): DecodedBody => ({
            type: 'jetton.internal_transfer',
            queryId: 1n,
            amount,
            from: null,
            responseAddress: user,
            forwardTonAmount: 0n,
          })
          const op = poolOperation(tracked(state), body, [mint(p.lpOut)], context)
          expect(op?.state).toEqual(p.pool)
          expect(op?.row).toMatchObject({
            operationType: 'AddLiquidity',
            exitCode: 'mint_lp_ok',
            asset0Delta: p.pool.reserve0 - state.reserve0,
            asset1Delta: p.pool.reserve1 - state.reserve1,
            lpTokenDelta: p.lpMinted,
            lpTokenSupply: p.pool.totalSupply,
            protocolFeeAmount: p.protocolFee0 + p.protocolFee1,
          })
          const wrong = mint(p.lpOut + p.lpMinted + 1n)
          expectContradiction(() => poolOperation(tracked(state), body, [wrong], context))
          // No mint: the LP account's callback bounced; nothing changes.
          const bounced = poolOperation(tracked(state), body, [], context)
          expect(bounced?.state).toBe(state)
          expect(bounced?.row).toMatchObject({ success: false, exitCode: 'bounce' })
        },
      ),
      parameters,
    )
    cases.check()
  })

  test('property: a burn pays core’s pro-rata amounts; other amounts are undefined', () => {
    const parameters = fuzz()
    const cases = reachedCases(parameters, 0.65) // about 0.88 observed
    fc.assert(
      fc.property(realisticCpPool(), fc.bigInt({ min: 1n, max: 10_000n }), (state, share) => {
        const lp = (state.totalSupply * share) / 10_000n
        let b: ReturnType<typeof burn>
        try {
          b = burn(state, { lp })
        } catch {
          return
        }
        cases.reached()
        const v1 = state.dex === 'v1'
        const body: DecodedBody = {
          type: v1 ? 'v1.burn_notification' : 'v2.burn_notification_ext',
          queryId: 1n,
          amount: lp,
          from: user,
          responseAddress: null,
        }
        // v1 pays both tokens in one pay_to, v2 one pay_to per token.
        const outs = (extra: bigint) =>
          v1
            ? [payTo('v1', EXIT_CODES.burn_ok, b.amount0 + extra, b.amount1)]
            : [
                payTo('v2', EXIT_CODES.burn_ok, b.amount0 + extra, 0n),
                payTo('v2', EXIT_CODES.burn_ok, 0n, b.amount1),
              ]
        const op = poolOperation(tracked(state), body, outs(0n), context)
        expect(op?.state).toEqual(b.pool)
        expect(op?.row).toMatchObject({
          operationType: 'WithdrawLiquidity',
          exitCode: 'burn_ok',
          asset0Amount: b.amount0,
          asset1Amount: b.amount1,
          asset0Delta: -b.amount0,
          asset1Delta: -b.amount1,
          lpTokenDelta: -lp,
          lpTokenSupply: state.totalSupply - lp,
        })
        expectContradiction(() => poolOperation(tracked(state), body, outs(1n), context))
      }),
      parameters,
    )
    cases.check()
  })

  test('cb_refund_me pays back the LP account; without a pay_to it bounced', () => {
    const state = referenceCpPool('v2')
    const body: DecodedBody = {
      type: 'v2.cb_refund_me',
      queryId: 1n,
      amount0: 1_000_000n,
      amount1: 0n,
      user,
    }
    const ok = poolOperation(
      tracked(state),
      body,
      [payTo('v2', EXIT_CODES.refund_ok, 1_000_000n, 0n)],
      context,
    )
    expect(ok?.row).toMatchObject({
      operationType: 'RefundLiquidity',
      success: true,
      exitCode: 'refund_ok',
      asset0Amount: 1_000_000n,
      asset0Delta: 0n,
    })
    expect(ok?.state).toBe(state)
    expect(poolOperation(tracked(state), body, [], context)?.row?.exitCode).toBe('bounce')
  })

  test('collect_fees pays out and zeroes the collected protocol fees', () => {
    const state = { ...referenceCpPool('v1'), collectedProtocolFee0: 5n, collectedProtocolFee1: 9n }
    const body: DecodedBody = { type: 'v1.collect_fees', queryId: 1n }
    const op = poolOperation(tracked(state), body, [payTo('v1', 0, 5n, 9n, referrer)], context)
    expect(op?.row).toMatchObject({
      operationType: 'CollectFees',
      exitCode: 'collect_fees_ok',
      asset0Amount: 5n,
      asset1Amount: 9n,
      walletAddress: referrer.toString(),
    })
    expect(op?.state).toEqual({ ...state, collectedProtocolFee0: 0n, collectedProtocolFee1: 0n })
  })
})

describe('poolOperation: fee changes and other non-operations', () => {
  const v1SetFees = (lpFee: bigint, protocolFee: bigint, refFee: bigint): DecodedBody => ({
    type: 'v1.set_fees',
    queryId: 1n,
    ...{ lpFee, protocolFee, refFee, protocolFeeAddress: referrer },
    ...{ wallet0: null, wallet1: null },
  })
  const v2SetFees = (lpFee: bigint, protocolFee: bigint): DecodedBody => ({
    type: 'v2.internal_set_fees',
    queryId: 1n,
    ...{ lpFee, protocolFee, protocolFeeAddress: null, excesses: user },
  })

  test('a fee change has no row, new fees and everything else unchanged; swaps follow it', () => {
    const state = referenceCpPool('v2')
    const change = poolOperation(tracked(state), v2SetFees(25n, 5n), [], context)
    expect(change?.row).toBeUndefined()
    expect(change?.resultCode).toBe('ok')
    expect(change?.state).toEqual({ ...state, lpFee: 25n, protocolFee: 5n })
    if (change === undefined) return
    const q = swap(change.state, { side: 0, amountIn: 1_000_000_000n })
    const op = poolOperation(
      tracked(change.state),
      swapBody('v2', 0, 1_000_000_000n),
      swapOuts('v2', 0, q),
      context,
    )
    expect(op?.row).toMatchObject({
      lpFeeAmount: 4_990_028n, // 1998001998 fee-free − 1993011970 gross, in the ask token
      protocolFeeAmount: q.protocolFeeOut,
      asset1Amount: q.amountOut,
    })
    // The old fees' answer now contradicts the math.
    const old = swap(state, { side: 0, amountIn: 1_000_000_000n })
    expectContradiction(() =>
      poolOperation(
        tracked(change.state),
        swapBody('v2', 0, 1_000_000_000n),
        swapOuts('v2', 0, old),
        context,
      ),
    )
  })

  test('DEX v1 set_fees also changes the referral fee', () => {
    const state = referenceCpPool('v1')
    const change = poolOperation(tracked(state), v1SetFees(30n, 0n, 50n), [], context)
    expect(change?.state).toEqual({ ...state, lpFee: 30n, protocolFee: 0n, refFee: 50n })
    expect(change?.row).toBeUndefined()
  })

  test('property: a fee change applies iff every fee is within 100 bps (else the pool threw)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'v1' | 'v2'>('v1', 'v2'),
        fc.bigInt({ min: 0n, max: 255n }),
        fc.bigInt({ min: 0n, max: 255n }),
        fc.bigInt({ min: 0n, max: 255n }),
        (dex, lpFee, protocolFee, refFee) => {
          const state = referenceCpPool(dex)
          const body =
            dex === 'v1' ? v1SetFees(lpFee, protocolFee, refFee) : v2SetFees(lpFee, protocolFee)
          const valid = lpFee <= 100n && protocolFee <= 100n && (dex === 'v2' || refFee <= 100n)
          if (!valid) {
            expectContradiction(() => poolOperation(tracked(state), body, [], context))
            return
          }
          const op = poolOperation(tracked(state), body, [], context)
          expect(op?.row).toBeUndefined()
          expect(op?.state).toEqual({
            ...state,
            lpFee,
            protocolFee,
            refFee: dex === 'v1' ? refFee : state.refFee,
          })
        },
      ),
      fuzz(),
    )
  })

  test('a fee change of the other DEX version is not this pool’s', () => {
    expect(
      poolOperation(tracked(referenceCpPool('v2')), v1SetFees(1n, 1n, 1n), [], context),
    ).toBeUndefined()
    expect(
      poolOperation(tracked(referenceCpPool('v1')), v2SetFees(1n, 1n), [], context),
    ).toBeUndefined()
  })

  test('admin status / gas messages, getters, discovery, plain TON and bounces change nothing', () => {
    const state = referenceCpPool('v2')
    const bodies: DecodedBody[] = [
      { type: 'v2.internal_update_status', queryId: 1n, excesses: user },
      { type: 'v2.reset_pool_gas', queryId: 1n, wallet0: null, wallet1: null, excesses: user },
      { type: 'v2.getter_pool_data', queryId: 1n, reply: null },
      { type: 'v2.getter_lp_account_address', queryId: 1n, address: user },
      { type: 'jetton.provide_wallet_address', queryId: 1n, owner: user, includeAddress: false },
      { type: 'ton.transfer', queryId: null, comment: null },
      { type: 'ton.bounced', queryId: 1n, op: 0x178d4519 },
    ]
    for (const body of bodies) {
      const op = poolOperation(tracked(state), body, [], context)
      expect(op).toEqual({ row: undefined, state, resultCode: 'ok' })
    }
  })

  test('a body a pool does not take is undefined', () => {
    const body: DecodedBody = { type: 'jetton.excesses', queryId: 1n }
    expect(poolOperation(tracked(referenceCpPool('v2')), body, [], context)).toBeUndefined()
  })
})

/** The call throws the indexer's fatal contradiction, naming the transaction of `context`. */
function expectContradiction(call: () => unknown): void {
  let thrown: unknown
  try {
    call()
  } catch (error) {
    thrown = error
  }
  expect(thrown).toBeInstanceOf(FatalIndexError)
  expect(thrown).toMatchObject({ code: 'INDEX_CONTRADICTION', txHash: context.txHash })
}
