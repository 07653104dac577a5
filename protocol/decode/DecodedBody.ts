import type { Address, Cell } from '@ton/core'
import type { AdminBody } from './AdminBody.js'
import type { TonBody } from './TonBody.js'

/** The user-chosen part of a DEX v2 swap (or cross-swap) forward payload (`docs/contracts.md` §2.13). */
export type V2SwapPayload = {
  readonly crossSwap: boolean
  /** The router's jetton wallet of the ASK token. */
  readonly askJettonWallet: Address | null
  readonly refundAddress: Address | null
  readonly excessesAddress: Address | null
  readonly deadline: bigint
  readonly minOut: bigint
  readonly receiver: Address | null
  readonly fwdGas: bigint
  readonly customPayload: Cell | null
  readonly refundFwdGas: bigint
  readonly refundPayload: Cell | null
  readonly referralBps: bigint
  readonly referralAddress: Address | null
}

/** The user-chosen part of a DEX v2 provide forward payload. */
export type V2ProvidePayload = {
  readonly otherJettonWallet: Address | null
  readonly refundAddress: Address | null
  readonly excessesAddress: Address | null
  readonly deadline: bigint
  readonly minLpOut: bigint
  readonly receiver: Address | null
  readonly bothPositive: boolean
  readonly fwdGas: bigint
  readonly customPayload: Cell | null
}

/** Token amounts of a `pay_to` / `pay_vault`, with the router wallets they are paid from. */
export type PayAmounts = {
  readonly amount0: bigint
  readonly token0: Address | null
  readonly amount1: bigint
  readonly token1: Address | null
}

/**
 * A message body of the exchange, decoded by its op code (`docs/contracts.md` §1.7, §2.13, §5,
 * TEP-74, TEP-89). `type` is `<layer>.<op name>`; `queryId` is present on every body that has
 * one (not on a plain TON transfer). Administrative and getter messages are {@link AdminBody},
 * TON and proxy-TON ones {@link TonBody}.
 *
 * @example
 * ```ts
 * const body = decodeBody(message.body)
 * if (body?.type === 'v2.pay_to') console.log(body.exitCode, body.amount0, body.amount1)
 * ```
 */
export type DecodedBody =
  | {
      readonly type: 'jetton.transfer'
      readonly queryId: bigint
      readonly amount: bigint
      readonly destination: Address | null
      readonly responseDestination: Address | null
      readonly forwardTonAmount: bigint
      readonly forwardPayload: Cell | null
      /**
       * The first 32 bits of an inline forward payload (Either bit 0), when it has them: a
       * router's exit code, which STON.fi routers carry there when they give jettons back
       * (`docs/contracts.md` §1.7, §2.13; DEX v1 also on payouts), e.g. `0x0f5681d3`
       * (`transfer_bounce_tx_expired`). `undefined` for a referenced or shorter payload.
       */
      readonly inlineExitCode: number | undefined
    }
  | {
      readonly type: 'jetton.transfer_notification'
      readonly queryId: bigint
      readonly amount: bigint
      readonly sender: Address | null
      readonly forwardPayload: Cell | null
    }
  | {
      readonly type: 'jetton.internal_transfer'
      readonly queryId: bigint
      readonly amount: bigint
      readonly from: Address | null
      readonly responseAddress: Address | null
      readonly forwardTonAmount: bigint
    }
  | { readonly type: 'jetton.excesses'; readonly queryId: bigint }
  | {
      readonly type: 'jetton.mint'
      readonly queryId: bigint
      readonly to: Address | null
      /** TON the minter forwards with the mint. */
      readonly tonAmount: bigint
      /** Jettons minted: the amount of the enclosed `internal_transfer`. */
      readonly amount: bigint
    }
  | {
      readonly type: 'jetton.burn'
      readonly queryId: bigint
      readonly amount: bigint
      readonly responseDestination: Address | null
    }
  | {
      readonly type: 'v1.swap'
      readonly queryId: bigint
      readonly toAddress: Address | null
      readonly senderWallet: Address | null
      readonly jettonAmount: bigint
      readonly minOut: bigint
      readonly fromUser: Address | null
      readonly referralAddress: Address | null
    }
  | {
      readonly type: 'v1.provide_lp'
      readonly queryId: bigint
      readonly fromUser: Address | null
      readonly minLpOut: bigint
      readonly amount0: bigint
      readonly amount1: bigint
    }
  | ({
      readonly type: 'v1.pay_to'
      readonly queryId: bigint
      readonly to: Address | null
      readonly exitCode: number
    } & PayAmounts)
  | {
      readonly type: 'v1.add_liquidity'
      readonly queryId: bigint
      readonly amount0: bigint
      readonly amount1: bigint
      readonly minLpOut: bigint
    }
  | {
      readonly type: 'v1.cb_add_liquidity'
      readonly queryId: bigint
      readonly amount0: bigint
      readonly amount1: bigint
      readonly user: Address | null
      readonly minLpOut: bigint
    }
  | {
      readonly type: 'v1.burn_notification' | 'v2.burn_notification_ext'
      readonly queryId: bigint
      readonly amount: bigint
      readonly from: Address | null
      readonly responseAddress: Address | null
    }
  | {
      readonly type: 'v1.cb_refund_me' | 'v2.cb_refund_me'
      readonly queryId: bigint
      readonly amount0: bigint
      readonly amount1: bigint
      readonly user: Address | null
    }
  | {
      readonly type:
        | 'v1.collect_fees'
        | 'v2.collect_fees'
        | 'v2.withdraw_fee'
        | 'v1.reset_gas'
        | 'v2.reset_gas'
        | 'v1.refund_me'
      readonly queryId: bigint
    }
  | {
      readonly type: 'v1.direct_add_liquidity'
      readonly queryId: bigint
      readonly amount0: bigint
      readonly amount1: bigint
      readonly minLpOut: bigint
    }
  | {
      readonly type: 'v2.direct_add_liquidity'
      readonly queryId: bigint
      readonly amount0: bigint
      readonly amount1: bigint
      readonly minLpOut: bigint
      readonly fwdAmount: bigint
      readonly toUser: Address | null
      readonly customPayload: Cell | null
      readonly refundAddress: Address | null
      readonly excessAddress: Address | null
    }
  | {
      readonly type: 'v2.refund_me'
      readonly queryId: bigint
      readonly leftPayload: Cell | null
      readonly rightPayload: Cell | null
    }
  | {
      readonly type: 'v2.swap'
      readonly queryId: bigint
      readonly fromUser: Address | null
      readonly amount0: bigint
      readonly amount1: bigint
      readonly payload: V2SwapPayload
    }
  | {
      readonly type: 'v2.provide_lp'
      readonly queryId: bigint
      readonly fromUser: Address | null
      readonly amount0: bigint
      readonly amount1: bigint
      readonly payload: V2ProvidePayload
    }
  | ({
      readonly type: 'v2.pay_to'
      readonly queryId: bigint
      readonly to: Address | null
      readonly excesses: Address | null
      readonly originalCaller: Address | null
      readonly exitCode: number
      readonly customPayload: Cell | null
      readonly fwdTonAmount: bigint
    } & PayAmounts)
  | ({
      readonly type: 'v2.pay_vault'
      readonly queryId: bigint
      readonly to: Address | null
      readonly excesses: Address | null
    } & PayAmounts)
  | {
      readonly type: 'v2.deposit_ref_fee'
      readonly queryId: bigint
      readonly amount: bigint
      readonly excesses: Address | null
    }
  | {
      readonly type: 'v2.vault_pay_to'
      readonly queryId: bigint
      readonly amount: bigint
      readonly token: Address | null
      readonly to: Address | null
    }
  | {
      readonly type: 'v2.add_liquidity'
      readonly queryId: bigint
      readonly amount0: bigint
      readonly amount1: bigint
      readonly minLpOut: bigint
      readonly fwdAmount: bigint
      readonly bothPositive: boolean
      readonly toUser: Address | null
    }
  | {
      readonly type: 'v2.cb_add_liquidity'
      readonly queryId: bigint
      readonly amount0: bigint
      readonly amount1: bigint
      readonly user: Address | null
      readonly minLpOut: bigint
      readonly fwdAmount: bigint
      readonly toUser: Address | null
      readonly refundAddress: Address | null
      readonly excessAddress: Address | null
    }
  | AdminBody
  | TonBody

/** The `type` tag of every {@link DecodedBody}. */
export type DecodedBodyType = DecodedBody['type']
