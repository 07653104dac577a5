import type { Transaction } from '@ton/core'
import { RetryableSourceError } from '../../upstream/errors.js'

/** Accounts whose last transaction is remembered (the oldest forgotten first). */
const DEFAULT_CAPACITY = 200_000

/**
 * A gap detector over accounts' transaction chains: every TON transaction names its account's
 * previous one (`prevTransactionLt` / `prevTransactionHash`), so a transaction whose previous one
 * is newer than the last one seen of its account proves that a transaction in between was not
 * delivered (an upstream page that dropped one). Transactions older than what was seen (a
 * source delivering again after a restart or a retry) are let through unchecked.
 *
 * @example
 * ```ts
 * const links = createTransactionLinks()
 * links.check(block.transactions) // throws SOURCE_INCOMPLETE when one is missing
 * ```
 */
export function createTransactionLinks(capacity = DEFAULT_CAPACITY) {
  const last = new Map<bigint, { lt: bigint; hash: bigint }>()
  return {
    /**
     * Checks transactions (ascending logical time) against the accounts' last ones and, when
     * all link up, remembers them.
     *
     * @throws {RetryableSourceError} `SOURCE_INCOMPLETE` naming the account and the missing
     *   transaction's logical time.
     */
    check(transactions: readonly Transaction[]): void {
      const seen = new Map<bigint, { lt: bigint; hash: bigint }>()
      for (const tx of transactions) {
        const known = seen.get(tx.address) ?? last.get(tx.address)
        if (known !== undefined && tx.lt > known.lt && tx.prevTransactionLt > known.lt) {
          throw new RetryableSourceError({
            code: 'SOURCE_INCOMPLETE',
            message: `transaction ${tx.prevTransactionLt} of account 0:${tx.address.toString(16).padStart(64, '0')} is missing (its next one, ${tx.lt}, links to it; the last one delivered is ${known.lt})`,
          })
        }
        if (known === undefined || tx.lt > known.lt) {
          seen.set(tx.address, { lt: tx.lt, hash: BigInt(`0x${tx.hash().toString('hex')}`) })
        }
      }
      for (const [account, tx] of seen) {
        last.delete(account)
        last.set(account, tx)
      }
      while (last.size > capacity) last.delete(last.keys().next().value as bigint)
    },
  }
}
