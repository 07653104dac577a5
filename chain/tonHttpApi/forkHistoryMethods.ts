import type { Address } from '@ton/core'
import { forkErrorOf } from '../fork/ForkError.js'
import type { ForkHistory } from '../fork/forkHistory.js'
import type { UpstreamTransaction } from '../fork/forkUpstream.js'
import type { LiveChain } from '../LiveChain.js'
import { LiveChainError } from '../LiveChainError.js'
import { transactionPageQuery } from './methods.js'
import type { TonApiMethod } from './TonApiMethod.js'
import { renderTransaction } from './wire.js'

/**
 * The history methods of a forked chain's TON HTTP API: `getTransactions` answers an account's
 * whole history — the fork's own transactions (at or above `history.endLt`, newest first), then
 * the upstream's at or below the pinned block S, forwarded (one `getTransactions` of the
 * upstream from the account's last transaction at S, or from the `lt`/`hash` asked for when
 * that is below `endLt`). toncenter's paging runs across the boundary: a page ends with the
 * fork's oldest transaction or goes on into the upstream's, and the next page's `lt`/`hash`
 * (an upstream transaction's) is forwarded. An upstream that fails after its retries answers
 * 503 `LIVE_CHAIN_FORK_UNAVAILABLE`, as an account load does; one that refuses a page from a
 * transaction below the fork (an `lt`/`hash` it does not know) 404
 * `LIVE_CHAIN_TRANSACTION_NOT_FOUND`, as the fork does for its own.
 *
 * @example
 * ```ts
 * const methods = { ...TON_API_METHODS, ...forkHistoryMethods(fork.history) }
 * await methods.getTransactions!(new Params({ address: wallet, limit: 20 }), chain)
 * // [the fork's transactions of the wallet…, then U's before the fork…]
 * ```
 */
export function forkHistoryMethods(history: ForkHistory): Readonly<Record<string, TonApiMethod>> {
  return {
    async getTransactions(params, chain) {
      const address = params.address()
      const query = transactionPageQuery(params)
      try {
        return await mergedPage(history, chain, address, query)
      } catch (error) {
        const fork = forkErrorOf(error)
        if (fork === undefined) throw error
        if (fork.code === 'FORK_REJECTED' && query.lt !== undefined && query.lt < history.endLt) {
          // A page from a transaction of the upstream's that it does not know.
          throw new LiveChainError({
            reason: 'transaction_not_found',
            message: `The fork's upstream has no transaction of ${address.toString()} at lt ${query.lt} with the given hash.`,
            details: fork.shortMessage,
            cause: fork,
          })
        }
        throw new LiveChainError({
          reason: 'fork_unavailable',
          message: `The fork's upstream could not provide the history before the fork (${fork.code}).`,
          details: fork.shortMessage,
          cause: fork,
        })
      }
    },
  }
}

async function mergedPage(
  history: ForkHistory,
  chain: LiveChain,
  address: Address,
  query: ReturnType<typeof transactionPageQuery>,
): Promise<readonly (Record<string, unknown> | UpstreamTransaction)[]> {
  const { limit, lt, hash, toLt } = query
  if (lt !== undefined && lt < history.endLt) {
    // A page that starts before the fork: the upstream's alone.
    return history.transactions(address, {
      limit,
      lt,
      hash: hash === undefined ? undefined : Buffer.from(hash).toString('base64'),
      toLt,
    })
  }
  const local = chain.transactions(address, query).map(renderTransaction)
  // Full, or `to_lt` ends it before the fork's past (every upstream lt is at most endLt − 1).
  if (local.length === limit || (toLt !== undefined && toLt >= history.endLt - 1n)) return local
  const last = await history.lastTransactionAt(address)
  if (last === undefined) return local
  const past = await history.transactions(address, {
    limit: limit - local.length,
    lt: last.lt,
    hash: last.hash,
    toLt,
  })
  return [...local, ...past]
}
