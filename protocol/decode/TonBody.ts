import type { Address, Cell } from '@ton/core'

/**
 * Messages of TON itself and of proxy-TON (`docs/contracts.md` §5): a plain transfer (empty body or
 * text comment — contract deployments and top-ups), a bounced message, and the pTON v1 / v2
 * wallet and minter messages that are not TEP-74 ones (pTON v1 wraps and pays out with plain
 * TEP-74 `transfer` / `transfer_notification`; pTON v2 with `ton_transfer`). A plain transfer
 * has no query id (`null`); a bounced body carries the bounced message's op and query id
 * (`null` when the bounced body was too short to hold them).
 *
 * @example
 * ```ts
 * const body = decodeBody(message.body)
 * if (body?.type === 'pton_v2.ton_transfer') console.log(body.tonAmount) // 5000000000n
 * ```
 */
export type TonBody =
  | {
      readonly type: 'ton.transfer'
      readonly queryId: null
      /** The text comment (op 0), or `null` for an empty body. */
      readonly comment: string | null
    }
  | {
      readonly type: 'ton.bounced'
      readonly queryId: bigint | null
      /** Op of the message that bounced, `null` if its body had fewer than 32 bits. */
      readonly op: number | null
    }
  | {
      readonly type: 'pton_v1.deploy_wallet'
      readonly queryId: bigint
      readonly owner: Address | null
    }
  | {
      readonly type: 'pton_v2.deploy_wallet'
      readonly queryId: bigint
      readonly owner: Address | null
      readonly excesses: Address | null
    }
  | {
      readonly type: 'pton_v2.internal_deploy'
      readonly queryId: bigint
      readonly excesses: Address | null
    }
  | {
      readonly type: 'pton_v2.ton_transfer'
      readonly queryId: bigint
      readonly tonAmount: bigint
      readonly refundAddress: Address | null
      readonly forwardPayload: Cell | null
    }
  | { readonly type: 'pton_v2.ton_refund'; readonly queryId: bigint }
