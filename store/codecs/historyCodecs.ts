import type { BlockRef, OperationRow, OperationType } from '../rows/historyRows.js'
import {
  readBigint,
  readBoolean,
  readOptionalInteger,
  readOptionalText,
  readSortableUint64,
  readText,
  writeBigint,
  writeBoolean,
  writeSortableUint64,
} from './columns.js'

type DbRecord = Readonly<Record<string, unknown>>
type DbParams = Record<string, string | number | null>

/**
 * Operation row → record of `operations`.
 *
 * @example
 * ```ts
 * encodeOperation(op).asset1_delta // '-1992015968'
 * ```
 */
export function encodeOperation(row: OperationRow): DbParams {
  return {
    pool_tx_hash: row.poolTxHash,
    pool_address: row.poolAddress,
    router_address: row.routerAddress,
    pool_tx_lt: writeSortableUint64(row.poolTxLt),
    pool_tx_timestamp: row.poolTxTimestamp,
    destination_wallet_address: row.destinationWalletAddress,
    operation_type: row.operationType,
    success: writeBoolean(row.success),
    exit_code: row.exitCode,
    asset0_address: row.asset0Address,
    asset0_amount: writeBigint(row.asset0Amount),
    asset0_delta: writeBigint(row.asset0Delta),
    asset0_reserve: writeBigint(row.asset0Reserve),
    asset1_address: row.asset1Address,
    asset1_amount: writeBigint(row.asset1Amount),
    asset1_delta: writeBigint(row.asset1Delta),
    asset1_reserve: writeBigint(row.asset1Reserve),
    lp_token_delta: writeBigint(row.lpTokenDelta),
    lp_token_supply: writeBigint(row.lpTokenSupply),
    fee_asset_address: row.feeAssetAddress,
    lp_fee_amount: writeBigint(row.lpFeeAmount),
    protocol_fee_amount: writeBigint(row.protocolFeeAmount),
    referral_fee_amount: writeBigint(row.referralFeeAmount),
    referral_address: row.referralAddress,
    wallet_address: row.walletAddress,
    wallet_tx_hash: row.walletTxHash,
    wallet_tx_lt: writeSortableUint64(row.walletTxLt),
    wallet_tx_timestamp: row.walletTxTimestamp,
    block_seqno: row.block?.seqno ?? null,
    block_timestamp: row.block?.timestamp ?? null,
  }
}

/**
 * Record of `operations` → operation row.
 *
 * @example
 * ```ts
 * decodeOperation(db.prepare('SELECT * FROM operations').get()).asset1Delta // -1994009978n
 * ```
 */
export function decodeOperation(r: DbRecord): OperationRow {
  const big = (column: string) => readBigint(r[column], `operations.${column}`)
  const text = (column: string) => readText(r[column], `operations.${column}`)
  return {
    poolTxHash: text('pool_tx_hash'),
    poolAddress: text('pool_address'),
    routerAddress: text('router_address'),
    poolTxLt: readSortableUint64(r.pool_tx_lt, 'operations.pool_tx_lt'),
    poolTxTimestamp: text('pool_tx_timestamp'),
    destinationWalletAddress: text('destination_wallet_address'),
    operationType: text('operation_type') as OperationType,
    success: readBoolean(r.success, 'operations.success'),
    exitCode: text('exit_code'),
    asset0Address: text('asset0_address'),
    asset0Amount: big('asset0_amount'),
    asset0Delta: big('asset0_delta'),
    asset0Reserve: big('asset0_reserve'),
    asset1Address: text('asset1_address'),
    asset1Amount: big('asset1_amount'),
    asset1Delta: big('asset1_delta'),
    asset1Reserve: big('asset1_reserve'),
    lpTokenDelta: big('lp_token_delta'),
    lpTokenSupply: big('lp_token_supply'),
    feeAssetAddress: readOptionalText(r.fee_asset_address, 'operations.fee_asset_address'),
    lpFeeAmount: big('lp_fee_amount'),
    protocolFeeAmount: big('protocol_fee_amount'),
    referralFeeAmount: big('referral_fee_amount'),
    referralAddress: readOptionalText(r.referral_address, 'operations.referral_address'),
    walletAddress: text('wallet_address'),
    walletTxHash: text('wallet_tx_hash'),
    walletTxLt: readSortableUint64(r.wallet_tx_lt, 'operations.wallet_tx_lt'),
    walletTxTimestamp: text('wallet_tx_timestamp'),
    ...blockColumns(r, 'operations'),
  }
}

/**
 * The `block` of a row from its `block_seqno` and `block_timestamp` columns: absent (no key)
 * when the row was stored without a block.
 *
 * @example
 * ```ts
 * blockColumns({ block_seqno: 12, block_timestamp: '2026-11-25T10:00:07' }, 'operations')
 * // { block: { seqno: 12, timestamp: '2026-11-25T10:00:07' } }
 * ```
 */
export function blockColumns(r: DbRecord, table: string): { block?: BlockRef } {
  const seqno = readOptionalInteger(r.block_seqno ?? null, `${table}.block_seqno`)
  if (seqno === null) return {}
  return { block: { seqno, timestamp: readText(r.block_timestamp, `${table}.block_timestamp`) } }
}
