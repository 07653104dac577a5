import type { Address } from '@ton/core'
import type { ChainView } from '../ChainView.js'
import { type ForkError, forkErrorOf } from '../fork/ForkError.js'
import type { ForkHistory } from '../fork/forkHistory.js'
import type { UpstreamTransaction } from '../fork/forkUpstream.js'
import { LiveChainError } from '../LiveChainError.js'
import { TON_API_METHODS, transactionPageQuery } from './methods.js'
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
 * `LIVE_CHAIN_TRANSACTION_NOT_FOUND`, as the fork does for its own. `tryLocateTx`,
 * `tryLocateResultTx` and `tryLocateSourceTx` of a message created before the fork
 * (`created_lt` below `endLt`) are the upstream's, forwarded; a transaction the upstream
 * finds after the fork (the message was in flight at S, so the fork never delivers it) is
 * not found.
 *
 * @example
 * ```ts
 * const methods = { ...TON_API_METHODS, ...forkHistoryMethods(fork.history) }
 * await methods.getTransactions!(new Params({ address: wallet, limit: 20 }), chain)
 * // [the fork's transactions of the wallet…, then U's before the fork…]
 * ```
 */
export function forkHistoryMethods(history: ForkHistory): Readonly<Record<string, TonApiMethod>> {
  const locate =
    (method: 'tryLocateTx' | 'tryLocateResultTx' | 'tryLocateSourceTx'): TonApiMethod =>
    async (params, chain) => {
      const createdLt = params.bigint('created_lt')
      const local = TON_API_METHODS[method]
      // A message created on the fork: the fork's own history holds both ends.
      if (createdLt >= history.endLt && local !== undefined) return local(params, chain)
      const query = {
        source: params.address('source'),
        destination: params.address('destination'),
        createdLt,
      }
      const notFound = (details?: string) =>
        new LiveChainError({
          reason: 'transaction_not_found',
          message: `No transaction before the fork handles the message ${query.source.toString()} created at lt ${createdLt} for ${query.destination.toString()}.`,
          ...(details === undefined ? {} : { details }),
        })
      let found: UpstreamTransaction
      try {
        found = await history.locate(method, query)
      } catch (error) {
        throw upstreamFailure(error, (fork) => notFound(fork.shortMessage))
      }
      // Delivered on the upstream after the fork: in flight at S, never delivered on the fork.
      if (BigInt(found.transaction_id.lt) >= history.endLt) throw notFound()
      return found
    }
  return {
    async getTransactions(params, chain) {
      const address = params.address()
      const query = transactionPageQuery(params)
      try {
        return await mergedPage(history, chain, address, query)
      } catch (error) {
        throw upstreamFailure(error, (fork) =>
          // A page from a transaction of the upstream's that it does not know.
          query.lt !== undefined && query.lt < history.endLt
            ? new LiveChainError({
                reason: 'transaction_not_found',
                message: `The fork's upstream has no transaction of ${address.toString()} at lt ${query.lt} with the given hash.`,
                details: fork.shortMessage,
                cause: fork,
              })
            : undefined,
        )
      }
    },
    tryLocateTx: locate('tryLocateTx'),
    tryLocateResultTx: locate('tryLocateResultTx'),
    tryLocateSourceTx: locate('tryLocateSourceTx'),
  }
}

/**
 * The answer to an upstream read that failed: `rejected`'s error for a refusal
 * (`FORK_REJECTED`) when it gives one, else 503 `LIVE_CHAIN_FORK_UNAVAILABLE`; an error that
 * is not the fork's, unchanged.
 */
function upstreamFailure(
  error: unknown,
  rejected: (fork: ForkError) => LiveChainError | undefined,
): unknown {
  const fork = forkErrorOf(error)
  if (fork === undefined) return error
  const refusal = fork.code === 'FORK_REJECTED' ? rejected(fork) : undefined
  return (
    refusal ??
    new LiveChainError({
      reason: 'fork_unavailable',
      message: `The fork's upstream could not provide the history before the fork (${fork.code}).`,
      details: fork.shortMessage,
      cause: fork,
    })
  )
}

async function mergedPage(
  history: ForkHistory,
  chain: ChainView,
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
