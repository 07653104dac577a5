import { POOL_KINDS, type PoolKind } from '../../core/pool/PoolState.js'
import type {
  ActionFieldValue,
  FeeWithdrawalRow,
  IndexedAction,
  IndexedPoolRow,
  IndexedTransactionRow,
  MessageLinkRow,
} from '../rows/indexerRows.js'
import { StoreError } from '../StoreError.js'
import {
  readBigint,
  readBoolean,
  readInteger,
  readOptionalBigint,
  readOptionalText,
  readSortableUint64,
  readText,
  writeBigint,
  writeBoolean,
  writeOptionalBigint,
  writeSortableUint64,
} from './columns.js'
import { blockColumns } from './historyCodecs.js'

/** A row as a driver returns it (SQLite's `all`, node-postgres' `rows`). */
type DbRecord = Record<string, unknown>
/** Named parameters of a statement. */
type DbParams = Record<string, string | number | null>

/*
 * The indexer's rows as table columns, shared by the SQLite and PostgreSQL stores: transactions
 * (with their action trees as JSON), pool states, fee withdrawals and message links.
 */

export function encodeTx(tx: IndexedTransactionRow): DbParams {
  return {
    hash: tx.hash,
    lt: writeSortableUint64(tx.lt),
    timestamp: tx.timestamp,
    account: tx.account,
    origin_hash: tx.originHash,
    parent_hash: tx.parentHash,
    kind: tx.kind,
    query_id: writeOptionalBigint(tx.queryId),
    source_address: tx.sourceAddress,
    aborted: writeBoolean(tx.aborted),
    compute_exit_code: tx.computeExitCode,
    result_code: tx.resultCode,
    action: tx.action === null ? null : encodeAction(tx.action),
    block_seqno: tx.block?.seqno ?? null,
    block_timestamp: tx.block?.timestamp ?? null,
  }
}

export function decodeTx(r: DbRecord): IndexedTransactionRow {
  const text = (c: string) => readText(r[c], `indexed_transactions.${c}`)
  return {
    hash: text('hash'),
    lt: readSortableUint64(r.lt, 'indexed_transactions.lt'),
    timestamp: text('timestamp'),
    account: text('account'),
    originHash: text('origin_hash'),
    parentHash: readOptionalText(r.parent_hash, 'indexed_transactions.parent_hash'),
    kind: text('kind'),
    queryId: readOptionalBigint(r.query_id, 'indexed_transactions.query_id'),
    sourceAddress: readOptionalText(r.source_address, 'indexed_transactions.source_address'),
    aborted: readBoolean(r.aborted, 'indexed_transactions.aborted'),
    computeExitCode: readInteger(r.compute_exit_code, 'indexed_transactions.compute_exit_code'),
    resultCode: readOptionalText(r.result_code, 'indexed_transactions.result_code'),
    action: decodeAction(readOptionalText(r.action, 'indexed_transactions.action')),
    ...blockColumns(r, 'indexed_transactions'),
  }
}

/** An action as JSON TEXT, keys in the wire's snake case. */
function encodeAction(a: IndexedAction): string {
  return JSON.stringify({
    type: a.type,
    version: a.version,
    tx_payload: a.txPayload,
    exit_code: a.exitCode,
    result: a.result,
  })
}

function decodeAction(text: string | null): IndexedAction | null {
  if (text === null) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = undefined
  }
  const v = parsed as Record<string, unknown> | undefined
  if (
    typeof v === 'object' &&
    v !== null &&
    typeof v.type === 'string' &&
    (v.version === 'v1' || v.version === 'v2') &&
    (v.exit_code === null || typeof v.exit_code === 'string') &&
    isFields(v.tx_payload) &&
    isFields(v.result)
  ) {
    return {
      type: v.type,
      version: v.version,
      txPayload: v.tx_payload,
      exitCode: v.exit_code,
      result: v.result,
    }
  }
  throw new StoreError({
    code: 'STORE_CORRUPT',
    message: 'Column indexed_transactions.action holds an unreadable value.',
    details: `value: ${text}`,
  })
}

function isFields(value: unknown): value is Record<string, ActionFieldValue> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  return Object.values(value).every(
    (f) => f === null || ['string', 'number', 'boolean'].includes(typeof f),
  )
}

export function encodePool(p: IndexedPoolRow): DbParams {
  return {
    address: p.address,
    router_address: p.routerAddress,
    dex: p.dex,
    kind: p.kind,
    wallet0: p.wallet0,
    wallet1: p.wallet1,
    asset0_address: p.asset0Address,
    asset1_address: p.asset1Address,
    reserve0: writeBigint(p.reserve0),
    reserve1: writeBigint(p.reserve1),
    total_supply: writeBigint(p.totalSupply),
    lp_fee: writeBigint(p.lpFee),
    protocol_fee: writeBigint(p.protocolFee),
    ref_fee: writeBigint(p.refFee),
    collected0: writeBigint(p.collected0),
    collected1: writeBigint(p.collected1),
    amp: writeBigint(p.amp),
    w0: writeBigint(p.w0),
    rate: writeBigint(p.rate),
    protocol_fee_address: p.protocolFeeAddress,
  }
}

export function decodePool(r: DbRecord): IndexedPoolRow {
  const big = (c: string) => readBigint(r[c], `indexed_pools.${c}`)
  const text = (c: string) => readText(r[c], `indexed_pools.${c}`)
  return {
    address: text('address'),
    routerAddress: text('router_address'),
    dex: text('dex') === 'v1' ? 'v1' : 'v2',
    kind: poolKind(text('kind')),
    wallet0: text('wallet0'),
    wallet1: text('wallet1'),
    asset0Address: text('asset0_address'),
    asset1Address: text('asset1_address'),
    reserve0: big('reserve0'),
    reserve1: big('reserve1'),
    totalSupply: big('total_supply'),
    lpFee: big('lp_fee'),
    protocolFee: big('protocol_fee'),
    refFee: big('ref_fee'),
    collected0: big('collected0'),
    collected1: big('collected1'),
    amp: big('amp'),
    w0: big('w0'),
    rate: big('rate'),
    protocolFeeAddress: r.protocol_fee_address === null ? null : text('protocol_fee_address'),
  }
}

function poolKind(value: string): PoolKind {
  const kind = POOL_KINDS.find((k) => k === value)
  if (kind === undefined) {
    throw new StoreError({
      code: 'STORE_CORRUPT',
      message: `indexed_pools.kind holds an unknown pool kind ${JSON.stringify(value)}.`,
    })
  }
  return kind
}

export function encodeWithdrawal(w: FeeWithdrawalRow): DbParams {
  return {
    vault_tx_hash: w.vaultTxHash,
    vault_address: w.vaultAddress,
    owner_address: w.ownerAddress,
    asset_address: w.assetAddress,
    router_address: w.routerAddress,
    amount: writeBigint(w.amount),
    operation_wallet_address: w.operationWalletAddress,
    success: writeBoolean(w.success),
    exit_code: w.exitCode,
    vault_tx_lt: writeSortableUint64(w.vaultTxLt),
    vault_tx_timestamp: w.vaultTxTimestamp,
  }
}

export function decodeWithdrawal(r: DbRecord): FeeWithdrawalRow {
  const text = (c: string) => readText(r[c], `fee_withdrawals.${c}`)
  return {
    vaultAddress: text('vault_address'),
    ownerAddress: text('owner_address'),
    assetAddress: text('asset_address'),
    routerAddress: text('router_address'),
    amount: readBigint(r.amount, 'fee_withdrawals.amount'),
    operationWalletAddress: text('operation_wallet_address'),
    success: readBoolean(r.success, 'fee_withdrawals.success'),
    exitCode: text('exit_code'),
    vaultTxHash: text('vault_tx_hash'),
    vaultTxLt: readSortableUint64(r.vault_tx_lt, 'fee_withdrawals.vault_tx_lt'),
    vaultTxTimestamp: text('vault_tx_timestamp'),
  }
}

export function encodeLink(link: MessageLinkRow): DbParams {
  return {
    message_hash: link.messageHash,
    parent_hash: link.parentHash,
    origin_hash: link.originHash,
  }
}
