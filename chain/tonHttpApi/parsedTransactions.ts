import { Cell, loadTransaction, type Transaction } from '@ton/core'
import type { LoggedTransaction } from '../TransactionLog.js'

/**
 * Whole parses kept so that the TON HTTP API's renderers share one parse of a transaction: a
 * follower in `accounts` mode asks toncenter v3 for a transaction and then v2 for the same one,
 * and the v3 index reads each transaction's messages before either renders it. A parse holds
 * the transaction's cells (a few kilobytes; contract code is shared with the parsed-cell cache).
 */
export const PARSED_TRANSACTIONS_KEPT = 1_024

/** Keyed by the transaction's hash: a hash names one cell, so the parse of any chain is valid. */
const kept = new Map<string, Transaction>()

/**
 * Parses a logged transaction's BoC, or hands back the parse kept from an earlier call (the last
 * {@link PARSED_TRANSACTIONS_KEPT}). Parses are shared: never mutate one.
 *
 * @example
 * ```ts
 * parseTransaction(entry).lt === entry.lt // true
 * parseTransaction(entry) === parseTransaction(entry) // true while kept
 * ```
 */
export function parseTransaction(entry: LoggedTransaction): Transaction {
  const key = transactionKey(entry)
  const hit = kept.get(key)
  if (hit !== undefined) return hit
  const tx = loadTransaction(Cell.fromBoc(Buffer.from(entry.boc))[0]!.beginParse())
  if (kept.size >= PARSED_TRANSACTIONS_KEPT) {
    const oldest = kept.keys().next().value
    if (oldest !== undefined) kept.delete(oldest)
  }
  kept.set(key, tx)
  return tx
}

/**
 * The kept parse of a transaction, if an earlier {@link parseTransaction} left one; parses
 * nothing.
 *
 * @example
 * ```ts
 * keptParse(entry) // undefined until parseTransaction(entry) ran
 * ```
 */
export function keptParse(entry: LoggedTransaction): Transaction | undefined {
  return kept.get(transactionKey(entry))
}

/**
 * A transaction's cache key: its hash in base64.
 *
 * @example
 * ```ts
 * transactionKey(entry) // 'q2x…='
 * ```
 */
export function transactionKey(entry: LoggedTransaction): string {
  return Buffer.from(entry.hash).toString('base64')
}
