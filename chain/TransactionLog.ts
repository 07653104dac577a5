import { LiveChainError } from './LiveChainError.js'

/**
 * One transaction as the live chain keeps it for history queries.
 *
 * @example
 * ```ts
 * const entry: LoggedTransaction = { account: '0:83df…', lt: 2_000_001n, hash, boc, seqno: 3, now: 1_764_000_000 }
 * ```
 */
export type LoggedTransaction = {
  /** The account in raw form, `workchain:hex`. */
  readonly account: string
  /** Logical time. */
  readonly lt: bigint
  /** Transaction cell hash, 32 bytes. */
  readonly hash: Uint8Array
  /** The transaction cell as a bag of cells. */
  readonly boc: Uint8Array
  /** Number of the block that holds it. */
  readonly seqno: number
  /** Block time, unix seconds. */
  readonly now: number
}

/**
 * A page request of {@link TransactionLog.page}, toncenter's `getTransactions` semantics:
 * newest first, starting at `(lt, hash)` inclusive when given, down to `toLt` exclusive.
 *
 * @example
 * ```ts
 * const query: TransactionPageQuery = { limit: 10, lt: 9_000_001n, hash }
 * ```
 */
export type TransactionPageQuery = {
  /** Most transactions to return. */
  readonly limit: number
  /** Start at the newest transaction with this lt or lower. */
  readonly lt?: bigint | undefined
  /** With `lt`: the transaction at `lt` must have this hash. */
  readonly hash?: Uint8Array | undefined
  /** Stop before reaching this lt (transactions with `lt > toLt` only). */
  readonly toLt?: bigint | undefined
}

/**
 * A logical-time window of {@link TransactionLog.range}: both ends inclusive, as toncenter v3's
 * `start_lt` / `end_lt`.
 *
 * @example
 * ```ts
 * const window: TransactionLtRange = { startLt: 9_000_001n } // from lt 9 000 001 on
 * ```
 */
export type TransactionLtRange = {
  /** Transactions with `lt >= startLt` only. */
  readonly startLt?: bigint | undefined
  /** Transactions with `lt <= endLt` only. */
  readonly endLt?: bigint | undefined
  /** Transactions of blocks at or after this unix time only (`now >= startUtime`). */
  readonly startUtime?: number | undefined
  /** Transactions of blocks at or before this unix time only (`now <= endUtime`). */
  readonly endUtime?: number | undefined
}

/**
 * The per-account transaction history of the live chain, in memory, ordered by lt.
 *
 * @example
 * ```ts
 * const log = new TransactionLog()
 * log.add(entry)
 * log.page('0:83df…', { limit: 10 }) // newest first
 * ```
 */
export class TransactionLog {
  private readonly byAccount = new Map<string, LoggedTransaction[]>()
  private readonly byBlock = new Map<number, LoggedTransaction[]>()
  private count = 0

  /** Appends a transaction; transactions of one account must arrive in increasing lt. */
  add(entry: LoggedTransaction): void {
    let list = this.byAccount.get(entry.account)
    if (!list) {
      list = []
      this.byAccount.set(entry.account, list)
    }
    list.push(entry)
    const block = this.byBlock.get(entry.seqno)
    if (block) block.push(entry)
    else this.byBlock.set(entry.seqno, [entry])
    this.count++
  }

  /** The transactions of one block in execution order (empty for an unknown block). */
  /**
   * Forgets every transaction of the blocks after `seqno` (a revert to a local snapshot).
   *
   * @example
   * ```ts
   * log.truncate(12)
   * log.block(13) // []
   * ```
   */
  truncate(seqno: number): void {
    for (const [block, entries] of this.byBlock) {
      if (block <= seqno) continue
      this.byBlock.delete(block)
      this.count -= entries.length
    }
    for (const [account, list] of this.byAccount) {
      // Entries are appended in block order: the later blocks' are at the end.
      let keep = list.length
      while (keep > 0 && list[keep - 1]!.seqno > seqno) keep--
      if (keep === 0) this.byAccount.delete(account)
      else list.length = keep
    }
  }

  block(seqno: number): readonly LoggedTransaction[] {
    return this.byBlock.get(seqno) ?? []
  }

  /** Total number of transactions held. */
  get size(): number {
    return this.count
  }

  /** One page of an account's history, newest first (see {@link TransactionPageQuery}). */
  page(account: string, query: TransactionPageQuery): LoggedTransaction[] {
    const list = this.byAccount.get(account) ?? []
    let start = list.length - 1
    if (query.lt !== undefined) {
      start = lastIndexAtOrBelow(list, query.lt)
      const at = list[start]
      if (query.hash !== undefined && (at?.lt !== query.lt || !sameBytes(at.hash, query.hash))) {
        throw new LiveChainError({
          reason: 'transaction_not_found',
          message: `No transaction of ${account} at lt ${query.lt} with the given hash.`,
        })
      }
    }
    const out: LoggedTransaction[] = []
    for (let i = start; i >= 0 && out.length < query.limit; i--) {
      const entry = list[i]!
      if (query.toLt !== undefined && entry.lt <= query.toLt) break
      out.push(entry)
    }
    return out
  }

  /**
   * An account's transactions with `startLt <= lt <= endLt`, oldest first: two binary searches
   * and one slice, whatever the length of the history.
   */
  range(account: string, window: TransactionLtRange = {}): LoggedTransaction[] {
    const list = this.byAccount.get(account) ?? []
    // An account's transactions are in lt order, and so in time order: both bounds by search.
    let from = window.startLt === undefined ? 0 : lastIndexAtOrBelow(list, window.startLt - 1n) + 1
    let to = window.endLt === undefined ? list.length : lastIndexAtOrBelow(list, window.endLt) + 1
    if (window.startUtime !== undefined) {
      from = Math.max(from, lastIndexBefore(list, window.startUtime) + 1)
    }
    if (window.endUtime !== undefined) {
      to = Math.min(to, lastIndexBefore(list, window.endUtime + 1) + 1)
    }
    return from < to ? list.slice(from, to) : []
  }
}

function lastIndexAtOrBelow(list: readonly LoggedTransaction[], lt: bigint): number {
  let lo = 0
  let hi = list.length - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (list[mid]!.lt <= lt) {
      found = mid
      lo = mid + 1
    } else {
      hi = mid - 1
    }
  }
  return found
}

/** The index of the last transaction with `now < time` (-1 when none). */
function lastIndexBefore(list: readonly LoggedTransaction[], time: number): number {
  let lo = 0
  let hi = list.length - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >> 1
    if (list[mid]!.now < time) {
      found = mid
      lo = mid + 1
    } else {
      hi = mid - 1
    }
  }
  return found
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a).equals(Buffer.from(b))
}
