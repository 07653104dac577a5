import type { DecodedBodyType } from './decode/DecodedBody.js'
import { OP_CODES } from './opCodes.js'

/**
 * Every `type` a decoded message body can have (`decodeBody`), `<layer>.<op name>`: TEP-74 /
 * TEP-89 jetton messages, DEX v1 and DEX v2 messages, proxy-TON messages, plain TON transfers
 * and bounces. The list is checked against {@link DecodedBodyType} at compile time, both ways.
 *
 * @example
 * ```ts
 * BODY_TYPES.includes('v2.pay_to') // true
 * BODY_TYPES.length // 57
 * ```
 */
export const BODY_TYPES = everyBodyType([
  'jetton.transfer',
  'jetton.transfer_notification',
  'jetton.internal_transfer',
  'jetton.excesses',
  'jetton.burn',
  'jetton.mint',
  'jetton.provide_wallet_address',
  'jetton.take_wallet_address',
  'v1.swap',
  'v1.provide_lp',
  'v1.pay_to',
  'v1.add_liquidity',
  'v1.cb_add_liquidity',
  'v1.direct_add_liquidity',
  'v1.burn_notification',
  'v1.refund_me',
  'v1.cb_refund_me',
  'v1.collect_fees',
  'v1.reset_gas',
  'v1.set_fees',
  'v1.lock',
  'v1.unlock',
  'v2.swap',
  'v2.provide_lp',
  'v2.pay_to',
  'v2.pay_vault',
  'v2.deposit_ref_fee',
  'v2.vault_pay_to',
  'v2.withdraw_fee',
  'v2.add_liquidity',
  'v2.cb_add_liquidity',
  'v2.direct_add_liquidity',
  'v2.refund_me',
  'v2.burn_notification_ext',
  'v2.cb_refund_me',
  'v2.collect_fees',
  'v2.reset_gas',
  'v2.set_fees',
  'v2.internal_set_fees',
  'v2.update_status',
  'v2.update_pool_status',
  'v2.internal_update_status',
  'v2.reset_pool_gas',
  'v2.set_params',
  'v2.internal_set_params',
  'v2.set_rate',
  'v2.getter_pool_address',
  'v2.getter_pool_data',
  'v2.getter_lp_account_address',
  'v2.getter_lp_account_data',
  'pton_v1.deploy_wallet',
  'pton_v2.ton_transfer',
  'pton_v2.deploy_wallet',
  'pton_v2.internal_deploy',
  'pton_v2.ton_refund',
  'ton.transfer',
  'ton.bounced',
])

/** The list as given; it does not compile when a body type is missing from it. */
function everyBodyType<const T extends readonly DecodedBodyType[]>(
  types: T &
    ([Exclude<DecodedBodyType, T[number]>] extends [never]
      ? unknown
      : { readonly missing: Exclude<DecodedBodyType, T[number]> }),
): T {
  return types
}

/**
 * Kinds of an indexed transaction that are not a body type: `external` (an external-in
 * message: a wallet's signed request) and `other` (an internal message whose body the decoder
 * does not know, or that the pool's answer contradicts).
 *
 * @example
 * ```ts
 * NON_BODY_KINDS // ['external', 'other']
 * ```
 */
export const NON_BODY_KINDS = ['external', 'other'] as const

/**
 * The kind of an indexed transaction (`kind` of an indexed transaction row): the decoded type
 * of its inbound body (`'v2.swap'`), `'external'` or `'other'`.
 *
 * @example
 * ```ts
 * const kind: TransactionKind = 'v2.burn_notification_ext'
 * ```
 */
export type TransactionKind = DecodedBodyType | (typeof NON_BODY_KINDS)[number]

/**
 * Every transaction kind: the {@link BODY_TYPES}, then `external` and `other`.
 *
 * @example
 * ```ts
 * TRANSACTION_KINDS.includes('external') // true
 * TRANSACTION_KINDS.length // 59
 * ```
 */
export const TRANSACTION_KINDS: readonly TransactionKind[] = [...BODY_TYPES, ...NON_BODY_KINDS]

const KINDS: ReadonlySet<string> = new Set(TRANSACTION_KINDS)

/**
 * Whether a string (a stored `kind`) is a {@link TransactionKind}.
 *
 * @example
 * ```ts
 * isTransactionKind('v1.swap') // true
 * isTransactionKind('v3.swap') // false
 * ```
 */
export function isTransactionKind(kind: string): kind is TransactionKind {
  return KINDS.has(kind)
}

/**
 * The exchange actions of an action tree (`@type`, `docs/wire.md` §2.10) that a DEX
 * transaction starts.
 *
 * @example
 * ```ts
 * ACTION_TYPES[0] // 'swap'
 * ```
 */
export const ACTION_TYPES = [
  'swap',
  'provide_liquidity',
  'direct_add_liquidity',
  'jetton_burn',
  'collect_fees',
  'withdraw_fee',
  'refund_liquidity',
] as const

/** An exchange action's `@type`, e.g. `'jetton_burn'` (see {@link ACTION_TYPES}). */
export type ActionType = (typeof ACTION_TYPES)[number]

/**
 * The transaction kinds that start an exchange action, with the action's `@type` and the op
 * code of the inbound message (the `tx_payload.opcode` of the action): a pool's swap,
 * provision, burn, fee collection and LP refund, a DEX v2 vault's withdrawal, an LP account's
 * direct addition.
 *
 * @example
 * ```ts
 * ACTION_KINDS['v2.swap'] // { type: 'swap', op: 0x6664de2a }
 * ACTION_KINDS['v1.burn_notification'] // { type: 'jetton_burn', op: 0x7bdd97de }
 * ```
 */
export const ACTION_KINDS = {
  'v1.swap': { type: 'swap', op: OP_CODES.v1Swap },
  'v2.swap': { type: 'swap', op: OP_CODES.v2Swap },
  'v1.provide_lp': { type: 'provide_liquidity', op: OP_CODES.v1ProvideLp },
  'v2.provide_lp': { type: 'provide_liquidity', op: OP_CODES.v2ProvideLp },
  'v1.burn_notification': { type: 'jetton_burn', op: OP_CODES.v1BurnNotification },
  'v2.burn_notification_ext': { type: 'jetton_burn', op: OP_CODES.v2BurnNotificationExt },
  'v1.collect_fees': { type: 'collect_fees', op: OP_CODES.v1CollectFees },
  'v2.collect_fees': { type: 'collect_fees', op: OP_CODES.v2CollectFees },
  'v2.withdraw_fee': { type: 'withdraw_fee', op: OP_CODES.v2WithdrawFee },
  'v1.cb_refund_me': { type: 'refund_liquidity', op: OP_CODES.v1CbRefundMe },
  'v2.cb_refund_me': { type: 'refund_liquidity', op: OP_CODES.v2CbRefundMe },
  'v1.direct_add_liquidity': { type: 'direct_add_liquidity', op: OP_CODES.v1DirectAddLiquidity },
  'v2.direct_add_liquidity': { type: 'direct_add_liquidity', op: OP_CODES.v2DirectAddLiquidity },
} as const satisfies Readonly<
  Partial<Record<TransactionKind, { readonly type: ActionType; readonly op: number }>>
>

/** A transaction kind that starts an exchange action (a key of {@link ACTION_KINDS}). */
export type ActionKind = keyof typeof ACTION_KINDS

/**
 * The contract major version a transaction kind belongs to: `'v1'` / `'v2'` for DEX messages,
 * `null` for jetton, proxy-TON, TON, external and other kinds.
 *
 * @example
 * ```ts
 * kindVersion('v2.swap') // 'v2'
 * kindVersion('jetton.transfer') // null
 * ```
 */
export function kindVersion(kind: string): 'v1' | 'v2' | null {
  return kind.startsWith('v1.') ? 'v1' : kind.startsWith('v2.') ? 'v2' : null
}
