import type { LoggedTransaction } from '../TransactionLog.js'
import { type LeanTransaction, readTransaction } from './leanTransaction.js'

/**
 * Reads kept so that the TON HTTP API's renderers share one read of a transaction: a follower
 * in `accounts` mode asks toncenter v3 for a transaction and then v2 for the same one, and the
 * v3 index reads each transaction's messages before either renders it, a few thousand
 * transactions apart. A read holds the transaction's message cells: about 4–5 KB of heap on the
 * demo history (contract code is shared with the parsed-cell cache), so about 20 MB in all.
 */
export const PARSED_TRANSACTIONS_KEPT = 4_096

/** Keyed by the transaction's hash: a hash names one cell, so the parse of any chain is valid. */
const kept = new Map<string, LeanTransaction>()

/**
 * Reads a logged transaction's BoC ({@link readTransaction}), or hands back the read kept from
 * an earlier call (the last {@link PARSED_TRANSACTIONS_KEPT}). Reads are shared: never mutate
 * one.
 *
 * @example
 * ```ts
 * parseTransaction(entry).now === entry.now // true
 * parseTransaction(entry) === parseTransaction(entry) // true while kept
 * ```
 */
export function parseTransaction(entry: LoggedTransaction): LeanTransaction {
  const key = transactionKey(entry)
  const hit = kept.get(key)
  if (hit !== undefined) return hit
  const tx = readTransaction(entry.boc)
  if (kept.size >= PARSED_TRANSACTIONS_KEPT) {
    const oldest = kept.keys().next().value
    if (oldest !== undefined) kept.delete(oldest)
  }
  kept.set(key, tx)
  return tx
}

/**
 * The read an earlier {@link parseTransaction} kept, if any; reads and keeps nothing (v2 takes
 * v3's read this way, and keeps none of its own: a v2 reader, such as a follower in `blocks`
 * mode, reads each transaction once).
 *
 * @example
 * ```ts
 * keptRead(entry) ?? readTransaction(entry.boc)
 * ```
 */
export function keptRead(entry: LoggedTransaction): LeanTransaction | undefined {
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
