import type { Address } from '@ton/core'
import { burn } from '../../core/ops/burn.js'
import { provide } from '../../core/ops/provide.js'
import { swap } from '../../core/ops/swap.js'
import type { PoolState } from '../../core/pool/PoolState.js'
import { addressText } from '../../protocol/addressText.js'
import type { DecodedBody } from '../../protocol/decode/DecodedBody.js'
import { type ResultCode, resultName } from '../../protocol/resultCodes.js'
import type { OperationRow, OperationType } from '../../store/rows/historyRows.js'
import { FatalIndexError } from '../errors.js'
import { feeChange } from './feeChange.js'
import { paramsChange } from './paramsChange.js'
import { swapLpFeeInAsk } from './swapLpFee.js'
import type { TrackedPool } from './TrackedPool.js'

/** Where an operation happened: the pool transaction and the wallet transaction that started it. */
export type OperationContext = {
  readonly txHash: string
  readonly txLt: bigint
  readonly timestamp: string
  readonly originHash: string
  readonly originLt: bigint
  readonly originTimestamp: string
}

/**
 * What one pool transaction did: its operation row (`undefined` for a message that changes
 * the pool without being an operation — a fee or kind-parameter change — or that a pool merely answers or
 * ignores: admin lock / gas messages, on-chain getters, wallet discovery, plain TON, bounces),
 * the pool state after it, and the exchange result name of the transaction.
 */
export type PoolOperation = {
  readonly row: OperationRow | undefined
  readonly state: PoolState
  readonly resultCode: ResultCode
  /** A fee change's new protocol fee address (`null` for addr_none); absent when unchanged. */
  readonly protocolFeeAddress?: string | null
}

/**
 * Turns one pool transaction into an operation (`docs/wire.md` §4.6): the inbound body says
 * what was asked, the outbound `pay_to` / `pay_vault` / mint / `add_liquidity` bodies say how
 * the pool answered, and `ton-dex-lab/core` replays the exact math on the tracked state to get
 * what messages do not carry (reserves after, protocol fee, LP fee, LP supply), with the curve
 * of the pool's kind. A fee change forwarded by the router (v1 `set_fees`, v2
 * `internal_set_fees`) and a kind-parameter change (v2 `internal_set_params`, the rate setter's
 * `set_rate`) yield the new state and no row; so do the pool's other non-operation messages
 * (state unchanged). Returns `undefined` for a body a pool does not take (the caller records
 * the transaction as `other`). Call it only for transactions that did not abort: an aborted
 * one changed nothing.
 *
 * Amount conventions: deltas are the pool-side reserve changes (negative when the pool paid
 * out) and amounts are magnitudes (the wire signs them by direction); for a swap all three
 * fees are in the ask token, which is `feeAssetAddress`: the protocol and referral fees as the
 * contract takes them off the output, the LP fee as the ask amount it withheld
 * ({@link swapLpFeeInAsk}: fee-free gross output − gross output, exact).
 *
 * @example
 * ```ts
 * const op = poolOperation(pool, decodeBody(tx.inMessage.body), outs, context)
 * op?.row.operationType // 'Swap'
 * ```
 * @throws {FatalIndexError} `INDEX_CONTRADICTION` when the pool's answer contradicts the
 *   replayed math or the contract's rules (a swap paying another amount, a fee above 100 bps,
 *   a swap answered without `pay_to`): the index no longer knows the pool's state.
 */
export function poolOperation(
  pool: TrackedPool,
  body: DecodedBody,
  outs: readonly DecodedBody[],
  context: OperationContext,
): PoolOperation | undefined {
  const s = pool.state
  const base = (type: OperationType, user: Address | null, amount0: bigint, amount1: bigint) =>
    baseRow(pool, context, type, address(user), amount0, amount1)
  switch (body.type) {
    case 'v1.swap':
    case 'v2.swap': {
      const v1 = body.type === 'v1.swap'
      const amountIn = v1 ? body.jettonAmount : body.amount0 + body.amount1
      const side = v1
        ? address(body.senderWallet) === pool.wallet0
          ? 0
          : 1
        : body.amount0 > 0n
          ? 0
          : 1
      const referral = v1 ? body.referralAddress : body.payload.referralAddress
      const receiver = v1 ? body.toAddress : (body.payload.receiver ?? body.fromUser)
      const row = base(
        'Swap',
        body.fromUser,
        side === 0 ? amountIn : 0n,
        side === 1 ? amountIn : 0n,
      )
      const payTo = outs.find((o) => o.type === 'v1.pay_to' || o.type === 'v2.pay_to')
      if (payTo?.type !== 'v1.pay_to' && payTo?.type !== 'v2.pay_to') {
        return contradiction(context, 'a swap the pool answered without pay_to')
      }
      const paid = payTo.amount0 + payTo.amount1
      const mainCode = v1
        ? (outs.find((o) => o.type === 'v1.pay_to' && o.exitCode !== 0x45078540) ?? payTo)
        : payTo
      const code =
        mainCode.type === 'v1.pay_to' || mainCode.type === 'v2.pay_to' ? mainCode.exitCode : 0
      const name = resultName(code)
      const common = {
        destinationWalletAddress: address(receiver ?? body.fromUser),
        referralAddress: referral === null ? null : address(referral),
        feeAssetAddress: side === 0 ? pool.asset1 : pool.asset0,
      }
      if (name !== 'swap_ok') {
        return {
          row: { ...row, ...common, success: false, exitCode: name },
          state: s,
          resultCode: name,
        }
      }
      const referralBps = v1 ? undefined : referral === null ? 0n : body.payload.referralBps
      const q = swap(
        s,
        v1 ? { side, amountIn, hasReferral: referral !== null } : { side, amountIn, referralBps },
      )
      const mainPaid =
        mainCode.type === 'v1.pay_to' || mainCode.type === 'v2.pay_to'
          ? mainCode.amount0 + mainCode.amount1
          : paid
      if (q.amountOut !== mainPaid) {
        return contradiction(context, `the swap paid ${mainPaid}, the replay ${q.amountOut}`)
      }
      const resultCode = q.referralFeeOut > 0n && v1 ? 'swap_ok_ref' : 'swap_ok'
      return {
        row: {
          ...row,
          ...common,
          asset0Amount: side === 0 ? amountIn : q.amountOut,
          asset1Amount: side === 1 ? amountIn : q.amountOut,
          ...deltas(s, q.pool),
          exitCode: resultCode,
          // In the ask token, like the protocol and referral fees (see swapLpFeeInAsk).
          lpFeeAmount: swapLpFeeInAsk(
            s,
            side,
            amountIn,
            q.amountOut + q.protocolFeeOut + q.referralFeeOut,
          ),
          protocolFeeAmount: q.protocolFeeOut,
          referralFeeAmount: q.referralFeeOut,
        },
        state: q.pool,
        resultCode,
      }
    }
    case 'v1.provide_lp':
    case 'v2.provide_lp': {
      const row = base('SendLiquidity', body.fromUser, body.amount0, body.amount1)
      const ok = outs.some((o) => o.type === 'v1.add_liquidity' || o.type === 'v2.add_liquidity')
      const refund = outs.find((o) => o.type === 'v2.pay_to')
      const name = ok
        ? 'provide_liquidity_ok'
        : refund?.type === 'v2.pay_to'
          ? resultName(refund.exitCode)
          : 'bounce'
      return { row: { ...row, success: ok, exitCode: name }, state: s, resultCode: name }
    }
    case 'v1.cb_add_liquidity':
    case 'v2.cb_add_liquidity': {
      const row = base('AddLiquidity', body.user, body.amount0, body.amount1)
      const mint = outs.find((o) => o.type === 'jetton.internal_transfer')
      if (mint?.type !== 'jetton.internal_transfer') {
        return {
          row: { ...row, success: false, exitCode: 'bounce' },
          state: s,
          resultCode: 'bounce',
        }
      }
      const p = provide(s, { amount0: body.amount0, amount1: body.amount1 })
      if (mint.amount !== p.lpOut && mint.amount !== p.lpMinted) {
        return contradiction(context, `the pool minted ${mint.amount} LP, the replay ${p.lpOut}`)
      }
      const fee0 = p.protocolFee0 > 0n
      return {
        row: {
          ...row,
          ...deltas(s, p.pool),
          lpTokenDelta: p.lpMinted,
          exitCode: 'mint_lp_ok',
          feeAssetAddress: fee0 ? pool.asset0 : p.protocolFee1 > 0n ? pool.asset1 : null,
          protocolFeeAmount: p.protocolFee0 + p.protocolFee1,
        },
        state: p.pool,
        resultCode: 'mint_lp_ok',
      }
    }
    case 'v1.burn_notification':
    case 'v2.burn_notification_ext': {
      const row = base('WithdrawLiquidity', body.from, 0n, 0n)
      const pays = outs.filter((o) => o.type === 'v1.pay_to' || o.type === 'v2.pay_to')
      if (pays.length === 0)
        return {
          row: { ...row, success: false, exitCode: 'bounce' },
          state: s,
          resultCode: 'bounce',
        }
      const b = burn(s, { lp: body.amount })
      let out0 = 0n
      let out1 = 0n
      for (const o of pays) {
        if (o.type !== 'v1.pay_to' && o.type !== 'v2.pay_to') continue
        out0 += o.amount0
        out1 += o.amount1
      }
      if (out0 !== b.amount0 || out1 !== b.amount1) {
        const replay = `${b.amount0} + ${b.amount1}`
        return contradiction(context, `the burn paid ${out0} + ${out1}, the replay ${replay}`)
      }
      return {
        row: {
          ...row,
          asset0Amount: b.amount0,
          asset1Amount: b.amount1,
          ...deltas(s, b.pool),
          lpTokenDelta: -body.amount,
          exitCode: 'burn_ok',
        },
        state: b.pool,
        resultCode: 'burn_ok',
      }
    }
    case 'v1.cb_refund_me':
    case 'v2.cb_refund_me': {
      const row = base('RefundLiquidity', body.user, body.amount0, body.amount1)
      const ok = outs.some((o) => o.type === 'v1.pay_to' || o.type === 'v2.pay_to')
      const name = ok ? 'refund_ok' : 'bounce'
      return { row: { ...row, success: ok, exitCode: name }, state: s, resultCode: name }
    }
    case 'v1.collect_fees':
    case 'v2.collect_fees': {
      const pays = outs.filter((o) => o.type === 'v1.pay_to' || o.type === 'v2.pay_to')
      const to = pays[0]
      const user = to?.type === 'v1.pay_to' || to?.type === 'v2.pay_to' ? to.to : null
      const row = base('CollectFees', user, s.collectedProtocolFee0, s.collectedProtocolFee1)
      if (pays.length === 0)
        return {
          row: { ...row, success: false, exitCode: 'bounce' },
          state: s,
          resultCode: 'bounce',
        }
      const state = { ...s, collectedProtocolFee0: 0n, collectedProtocolFee1: 0n }
      return { row: { ...row, exitCode: 'collect_fees_ok' }, state, resultCode: 'collect_fees_ok' }
    }
    case 'v1.reset_gas':
    case 'v2.reset_gas': {
      const row = base('ResetGas', null, 0n, 0n)
      return { row: { ...row, exitCode: 'ok' }, state: s, resultCode: 'ok' }
    }
    case 'v1.set_fees':
    case 'v2.internal_set_fees': {
      // The other DEX version's fee message is not one this pool takes.
      if (body.type.slice(0, 2) !== s.dex) return undefined
      const state = feeChange(s, body)
      if (state === undefined) return contradiction(context, 'a fee change the contract refuses')
      const feeAddress = body.protocolFeeAddress
      return {
        row: undefined,
        state,
        resultCode: 'ok',
        protocolFeeAddress: feeAddress === null ? null : address(feeAddress),
      }
    }
    case 'v2.internal_set_params':
    case 'v2.set_rate': {
      const state = paramsChange(s, body, pool.wallet0)
      if (state === undefined) return contradiction(context, `a ${body.type} the contract refuses`)
      return { row: undefined, state, resultCode: 'ok' }
    }
    case 'v2.internal_update_status':
    case 'v2.reset_pool_gas':
    case 'v2.getter_pool_data':
    case 'v2.getter_lp_account_address':
    case 'jetton.provide_wallet_address':
    case 'ton.transfer':
    case 'ton.bounced': // both pools ignore bounces
      return { row: undefined, state: s, resultCode: 'ok' }
    default:
      return undefined
  }
}

function contradiction(context: OperationContext, what: string): never {
  throw new FatalIndexError({
    code: 'INDEX_CONTRADICTION',
    message: `The indexed pool state contradicts the chain: ${what}.`,
    txHash: context.txHash,
  })
}

function deltas(before: PoolState, after: PoolState) {
  return {
    asset0Delta: after.reserve0 - before.reserve0,
    asset1Delta: after.reserve1 - before.reserve1,
    asset0Reserve: after.reserve0,
    asset1Reserve: after.reserve1,
    lpTokenSupply: after.totalSupply,
  }
}

function baseRow(
  pool: TrackedPool,
  c: OperationContext,
  operationType: OperationType,
  wallet: string,
  amount0: bigint,
  amount1: bigint,
): OperationRow {
  return {
    poolTxHash: c.txHash,
    poolAddress: pool.address,
    routerAddress: pool.router,
    poolTxLt: c.txLt,
    poolTxTimestamp: c.timestamp,
    destinationWalletAddress: wallet,
    operationType,
    success: true,
    exitCode: 'ok',
    asset0Address: pool.asset0,
    asset0Amount: amount0,
    asset0Delta: 0n,
    asset0Reserve: pool.state.reserve0,
    asset1Address: pool.asset1,
    asset1Amount: amount1,
    asset1Delta: 0n,
    asset1Reserve: pool.state.reserve1,
    lpTokenDelta: 0n,
    lpTokenSupply: pool.state.totalSupply,
    feeAssetAddress: null,
    lpFeeAmount: 0n,
    protocolFeeAmount: 0n,
    referralFeeAmount: 0n,
    referralAddress: null,
    walletAddress: wallet,
    walletTxHash: c.originHash,
    walletTxLt: c.originLt,
    walletTxTimestamp: c.originTimestamp,
  }
}

/** Canonical form of an address (bounceable, URL-safe), `''` for addr_none. */
export function address(a: Address | null | undefined): string {
  return addressText(a)
}
