/**
 * Rows the indexer writes besides operations: every ingested transaction (for traces, swap
 * status and transaction queries), the pool states it tracks, DEX v2 vault withdrawals, and the
 * message links that tie a transaction to the one that originated its trace.
 * @module
 */

import type { OperationRow } from './historyRows.js'

/**
 * One ingested transaction. `kind` is the decoded type of its inbound body (e.g. `'v2.swap'`),
 * `'external'` for an external-in message, or `'other'` for a foreign or undecodable one.
 *
 * @example
 * ```ts
 * const tx: IndexedTransactionRow = { hash: 'ab…', lt: 46_000_000n, timestamp: '2023-11-14T22:13:20',
 *   account: 'EQ…pool', originHash: 'cd…', parentHash: 'ef…', kind: 'v2.swap', queryId: 0n,
 *   sourceAddress: 'EQ…router', aborted: false, computeExitCode: 0, resultCode: 'swap_ok' }
 * ```
 */
export interface IndexedTransactionRow {
  readonly hash: string
  readonly lt: bigint
  /** `YYYY-MM-DDTHH:MM:SS`, UTC. */
  readonly timestamp: string
  readonly account: string
  /** Hash of the transaction that started this trace (itself for an originating one). */
  readonly originHash: string
  /** Hash of the transaction whose outbound message this one received, when known. */
  readonly parentHash: string | null
  readonly kind: string
  readonly queryId: bigint | null
  readonly sourceAddress: string | null
  readonly aborted: boolean
  /** Compute-phase exit code (0 when skipped). */
  readonly computeExitCode: number
  /** The exchange result this transaction reported (`swap_ok`, `burn_ok`, …), when any. */
  readonly resultCode: string | null
}

/**
 * A pool as the indexer tracks it from the pool's own messages (state-init and operations).
 *
 * @example
 * ```ts
 * const pool: IndexedPoolRow = { address: 'EQ…', routerAddress: 'EQ…', dex: 'v2', wallet0: 'EQ…',
 *   wallet1: 'EQ…', reserve0: 10n ** 12n, reserve1: 10n ** 12n, totalSupply: 10n ** 12n,
 *   lpFee: 20n, protocolFee: 10n, refFee: 0n, collected0: 0n, collected1: 0n }
 * ```
 */
export interface IndexedPoolRow {
  readonly address: string
  readonly routerAddress: string
  readonly dex: 'v1' | 'v2'
  /** The router's jetton wallets of token0 and token1. */
  readonly wallet0: string
  readonly wallet1: string
  readonly reserve0: bigint
  readonly reserve1: bigint
  readonly totalSupply: bigint
  readonly lpFee: bigint
  readonly protocolFee: bigint
  readonly refFee: bigint
  readonly collected0: bigint
  readonly collected1: bigint
}

/**
 * A withdrawal from a DEX v2 referral vault (`withdraw_fee` → `vault_pay_to`), the wire's
 * `FeeWithdrawal` (`wire-contract.md` §4.7) with the vault owner added.
 *
 * @example
 * ```ts
 * const w: FeeWithdrawalRow = { vaultAddress: 'EQ…', ownerAddress: 'EQ…bob', assetAddress: 'EQ…usdt',
 *   routerAddress: 'EQ…', amount: 997_005n, operationWalletAddress: 'EQ…admin', success: true,
 *   exitCode: 'ok', vaultTxHash: 'ab…', vaultTxLt: 80_000_000n, vaultTxTimestamp: '2023-11-14T22:13:20' }
 * ```
 */
export interface FeeWithdrawalRow {
  readonly vaultAddress: string
  readonly ownerAddress: string
  readonly assetAddress: string
  readonly routerAddress: string
  readonly amount: bigint
  readonly operationWalletAddress: string
  readonly success: boolean
  readonly exitCode: string
  readonly vaultTxHash: string
  readonly vaultTxLt: bigint
  readonly vaultTxTimestamp: string
}

/**
 * A link from an outbound message to the transaction that sent it and to its trace's origin.
 *
 * @example
 * ```ts
 * const link: MessageLinkRow = { messageHash: '9f…', parentHash: 'ab…', originHash: 'cd…' }
 * ```
 */
export interface MessageLinkRow {
  /** The message's identity (`messageKey` of the indexer: sender and created_lt for internal messages). */
  readonly messageHash: string
  readonly parentHash: string
  readonly originHash: string
}

/**
 * Everything one indexer batch writes, stored atomically together with the cursor so that a
 * crash loses or duplicates nothing.
 *
 * @example
 * ```ts
 * await store.applyIndexBatch({ transactions, operations, pools, feeWithdrawals, links,
 *   cursor: { name: 'indexer', value: '46000000' } })
 * ```
 */
export interface IndexBatch {
  readonly transactions: readonly IndexedTransactionRow[]
  readonly operations: readonly OperationRow[]
  readonly pools: readonly IndexedPoolRow[]
  readonly feeWithdrawals: readonly FeeWithdrawalRow[]
  readonly links: readonly MessageLinkRow[]
  readonly cursor: { readonly name: string; readonly value: string }
}

/**
 * Which indexed transactions to read; every field narrows, newest first.
 *
 * @example
 * ```ts
 * await store.listIndexedTransactions({ originHash: 'cd…' })
 * ```
 */
export interface IndexedTransactionFilter {
  readonly originHash?: string | undefined
  readonly hash?: string | undefined
  readonly account?: string | undefined
  readonly sourceAddress?: string | undefined
  readonly queryId?: bigint | undefined
  readonly since?: string | undefined
  readonly limit?: number | undefined
}
