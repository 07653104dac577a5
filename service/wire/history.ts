import { type Static, Type } from '@sinclair/typebox'
import type { FeeWithdrawalRow } from '../../store/rows/indexerRows.js'
import { TxIdSchema } from './actionTree.js'
import { AddressString, AmountString } from './common.js'
import { OperationStatSchema } from './operation.js'

/** `GET /v1/swap/status` (`docs/wire.md` §6.4): `Found` with its fields, or `NotFound`. */
export const SwapStatusSchema = Type.Object({
  '@type': Type.String({ enum: ['Found', 'NotFound'] }),
  address: Type.Optional(Type.String({ description: 'The owner wallet' })),
  query_id: Type.Optional(Type.String()),
  exit_code: Type.Optional(Type.String({ examples: ['swap_ok'] })),
  coins: Type.Optional(Type.String({ description: 'What the swap left the owner, ask token' })),
  logical_time: Type.Optional(Type.String()),
  tx_hash: Type.Optional(Type.String()),
  balance_deltas: Type.Optional(Type.String()),
})

/** Transaction query (§6.6): `tx_id` absent when nothing matches. */
export const TxQueryResultSchema = Type.Object({
  tx_id: Type.Optional(TxIdSchema),
  wallet_seqno: Type.Optional(Type.Integer()),
})

/** A fee accrual: a flat `OperationStat` with how the referrer was paid. */
export const FeeAccrualSchema = Type.Composite([
  OperationStatSchema,
  Type.Object({
    accrual_kind: Type.String({
      enum: ['vault', 'instant_payout'],
      description: 'DEX v2 accrues into the vault; DEX v1 pays the referrer in the swap',
    }),
  }),
])

/** `FeeWithdrawal` (§4.7). */
export const FeeWithdrawalSchema = Type.Object({
  vault_address: AddressString,
  asset_address: AddressString,
  router_address: AddressString,
  amount: AmountString,
  operation_wallet_address: Type.String(),
  success: Type.Boolean(),
  exit_code: Type.String(),
  vault_tx_hash: Type.String(),
  vault_tx_lt: Type.Integer(),
  vault_tx_timestamp: Type.String(),
})

/**
 * A vault withdrawal on the wire.
 *
 * @example
 * ```ts
 * toWireFeeWithdrawal(row).amount // '1992015'
 * ```
 */
export function toWireFeeWithdrawal(w: FeeWithdrawalRow): Static<typeof FeeWithdrawalSchema> {
  return {
    vault_address: w.vaultAddress,
    asset_address: w.assetAddress,
    router_address: w.routerAddress,
    amount: w.amount.toString(),
    operation_wallet_address: w.operationWalletAddress,
    success: w.success,
    exit_code: w.exitCode,
    vault_tx_hash: w.vaultTxHash,
    vault_tx_lt: Number(w.vaultTxLt),
    vault_tx_timestamp: w.vaultTxTimestamp,
  }
}
