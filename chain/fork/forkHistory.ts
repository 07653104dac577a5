import type { Address } from '@ton/core'
import type { ForkStorage } from './ForkStorage.js'
import type { ForkPin, ForkUpstream, UpstreamTransaction } from './forkUpstream.js'

/**
 * A page query of an account's history on the upstream (toncenter v2's `getTransactions`):
 * newest first, from the transaction `lt`/`hash` (base64) when given, above `toLt` when given.
 *
 * @example
 * ```ts
 * const query: UpstreamTransactionQuery = { limit: 10, lt: 61_504_000_003n, hash: 'k2D…=' }
 * ```
 */
export type UpstreamTransactionQuery = {
  readonly limit: number
  readonly lt?: bigint | undefined
  readonly hash?: string | undefined
  readonly toLt?: bigint | undefined
}

/**
 * The history a fork does not hold: every account's transactions at or below its pinned block
 * S are the upstream's, read from it on demand (never cached: pages are cheap to ask again and
 * a history is unbounded). The fork's own transactions are all at or above {@link endLt}.
 *
 * @example
 * ```ts
 * const last = await fork.history.lastTransactionAt(wallet) // { lt: 61_504_000_003n, hash: 'k2D…=' }
 * const page = await fork.history.transactions(wallet, { limit: 10, lt: last.lt, hash: last.hash })
 * ```
 */
export type ForkHistory = {
  /** S's `end_lt`: every upstream transaction of the fork's past is below it, every local one at or above. */
  readonly endLt: bigint
  /** The account's last transaction at S (`undefined` for none): where its past begins. */
  lastTransactionAt(address: Address): Promise<{ lt: bigint; hash: string } | undefined>
  /** A page of the account's transactions on the upstream, as it renders them. */
  transactions(
    address: Address,
    query: UpstreamTransactionQuery,
  ): Promise<readonly UpstreamTransaction[]>
  /**
   * The upstream's transaction of a message created before the fork (`createdLt` below
   * {@link endLt}): `tryLocateTx` / `tryLocateResultTx` the destination's that received it,
   * `tryLocateSourceTx` the source's that sent it.
   */
  locate(
    method: 'tryLocateTx' | 'tryLocateResultTx' | 'tryLocateSourceTx',
    query: { source: Address; destination: Address; createdLt: bigint },
  ): Promise<UpstreamTransaction>
}

/**
 * The {@link ForkHistory} of a fork pinned at `pin`: the account's state at S through
 * `storage` (its cache, else one upstream read), pages through `upstream` (its rate cap and
 * retries; a failure that stays is a `ForkError`).
 *
 * @example
 * ```ts
 * const history = forkHistory(upstream, storage, pin)
 * history.endLt // 61_504_000_004n
 * ```
 */
export function forkHistory(
  upstream: ForkUpstream,
  storage: ForkStorage,
  pin: ForkPin,
): ForkHistory {
  return {
    endLt: pin.endLt,
    async lastTransactionAt(address) {
      const account = await storage.atPin(address)
      if (account === undefined || account.lastTransactionLt === 0n) return undefined
      const hash = Buffer.from(account.lastTransactionHash.toString(16).padStart(64, '0'), 'hex')
      return { lt: account.lastTransactionLt, hash: hash.toString('base64') }
    },
    transactions(address, query) {
      return upstream.transactions(address, {
        limit: query.limit,
        ...(query.lt === undefined ? {} : { lt: query.lt }),
        ...(query.hash === undefined ? {} : { hash: query.hash }),
        ...(query.toLt === undefined ? {} : { toLt: query.toLt }),
      })
    },
    locate: (method, query) => upstream.locate(method, query),
  }
}
