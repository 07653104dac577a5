import { Address, type Transaction } from '@ton/core'
import { FatalSourceError, RetryableSourceError } from '../../upstream/errors.js'
import type { TonApiClient } from '../../upstream/tonApiClient.js'
import {
  blockHeader,
  headReader,
  MASTERCHAIN_SHARD,
  type RawTransaction,
  verifiedTransaction,
} from '../../upstream/tonApiWire.js'
import type { ChainSource, SourceBlock, SourceHead } from './ChainSource.js'
import { mapBounded } from './mapBounded.js'

/** Options of {@link tonApiAccountsSource}. */
export type TonApiAccountsSourceOptions = {
  readonly client: TonApiClient
  /** The exchange's routers (any address form): every trace through one of them is read. */
  readonly routers: readonly string[]
  /** How often the head is asked again while the index is level with it (default 1000 ms). */
  readonly pollMs?: number | undefined
  /**
   * Masterchain blocks before the first block asked for whose router transactions are read
   * again at start (traces that began before it and end after it; default 64).
   */
  readonly lookbackBlocks?: number | undefined
  /** Router transactions per discovery page (default 1000, toncenter's maximum). */
  readonly discoveryPage?: number | undefined
}

/** Router transactions per v3 discovery page (toncenter's maximum). */
const DISCOVERY_PAGE = 1000
/** Discovery pages per `blocks` call at most (the rest waits for the next call). */
const DISCOVERY_PAGES = 4
/** Trace ids per `/api/v3/traces` request. */
const TRACES_PER_REQUEST = 16
/** Transactions per v2 `getTransactions` page (toncenter's maximum). */
const TRANSACTIONS_PAGE = 100
/** Requests one `blocks` call keeps pending at most (accounts' BoCs, block headers). */
const READ_AHEAD = 8
/** Blocks delivered per `blocks` call at most. */
const MAX_BLOCKS = 4096
/** Transactions delivered per `blocks` call, about (a batch ends with a whole block). */
const MAX_TRANSACTIONS = 2048
/** Seconds discovery reads again before the head's time (transactions final a little late). */
const FINALITY_MARGIN_S = 60
/** Trace ids remembered as delivered (a rediscovered one is not delivered twice). */
const DELIVERED_MEMORY = 50_000

/** What the source reads of a toncenter v3 transaction. */
type V3Transaction = {
  account: string
  hash: string
  lt: string
  prev_trans_lt: string
  mc_block_seqno: number | null
  trace_id: string | null
}
type V3Trace = {
  trace_id: string
  is_incomplete: boolean
  trace_info: { trace_state: string }
  transactions: Record<string, V3Transaction>
}
/** A trace read from v3: whether it is complete, and where each of its transactions is. */
type KnownTrace = {
  readonly id: string
  readonly complete: boolean
  readonly transactions: readonly {
    account: string
    lt: bigint
    hash: string
    seqno: number
  }[]
}

/**
 * A public TON API (toncenter at 1–10 requests/s, or another ton-dex-lab) as a
 * {@link ChainSource} that follows accounts instead of walking every block (`accounts` mode):
 * - **discovery**: the routers' new transactions from toncenter v3 `/api/v3/transactions`
 *   (`account` repeated, `start_lt`, `sort=asc`, paged by `offset`), each naming its trace and
 *   its masterchain block (`mc_block_seqno`);
 * - **traces**: `/api/v3/traces?trace_id=…` for the transactions of each trace (the user's
 *   wallet, the jetton wallets, the pool, the LP account, the vault …) and whether it is
 *   complete; an incomplete trace is asked again on the next call;
 * - **exact transactions**: v2 `getTransactions` per account for the BoCs (v3 has none), each
 *   checked against its hash; a transaction the page lacks is asked again.
 * A trace is delivered whole, once, when complete: each transaction in its own block, or — for
 * the part of a trace that began in blocks already delivered — in the first block not yet
 * delivered. Blocks without exchange traffic are delivered empty. Discovery checks the routers'
 * transactions link by link (each names its previous one, `prev_trans_lt`): a page that left
 * one out is read again, the same gap twice in a row is a fatal `SOURCE_GAP`. After a complete
 * discovery the next one starts a minute before the head's time (transactions of other shards
 * become final a little later), filtered by each router's last transaction. What happens outside the exchange's
 * traces (a transfer between two users, a mint) is not read in this mode.
 *
 * @example
 * ```ts
 * const source = tonApiAccountsSource({
 *   client: createTonApiClient({ url: 'https://toncenter.com/api/v2/jsonRPC', apiKey, rps: 10 }),
 *   routers: ['EQB3ncyBUTjZUA5EnFKR5_EnOMI9V1tTEAAPaiU71gc4TiUt'],
 * })
 * const head = await source.head() // { seqno: 53_012_345, now: 1_764_064_811 }
 * const blocks = await source.blocks(53_012_300, head.seqno) // 53 012 301 … with the exchange's traces
 * ```
 */
export function tonApiAccountsSource(options: TonApiAccountsSourceOptions): ChainSource {
  const { client } = options
  const routers = options.routers.map((r) => Address.parse(r).toRawString().toUpperCase())
  const routerSet = new Set(routers)
  const lookback = Math.max(0, options.lookbackBlocks ?? 64)
  const pageSize = Math.max(1, options.discoveryPage ?? DISCOVERY_PAGE)
  const readHead = headReader(client)
  /** The head last answered (the follower asks it before each call). */
  let head: SourceHead | undefined
  /** Each router's last discovered transaction. */
  const discovered = new Map<string, bigint>()
  /** Where discovery reads from (unix time), `undefined` for the beginning. */
  let since: number | undefined
  /** Discovery pages of `since`'s answer already read (a long history takes several calls). */
  let resumeOffset = 0
  let started = false
  /** The last gap seen (`account:lt`): the same gap twice in a row is fatal. */
  let lastGap: string | undefined
  /** Traces discovered and not delivered yet. */
  const waiting = new Map<string, KnownTrace | undefined>()
  const deliveredTraces = new Set<string>()

  /**
   * Reads the routers' transactions since `since` (unix time), oldest first, up to block
   * `until`; answers the block up to which everything was read.
   */
  const discover = async (until: number, untilTime: number): Promise<number> => {
    let complete = false
    /** The block of the last router transaction these pages held (new or known). */
    let lastSeen: number | undefined
    let pages = 0
    /** The first page that held a transaction past `until` (read again by the next call). */
    let firstBeyond: number | undefined
    for (let page = 0; page < DISCOVERY_PAGES; page++) {
      pages += 1
      const query: Record<string, string | readonly string[]> = {
        account: routers,
        sort: 'asc',
        limit: String(pageSize),
        offset: String(resumeOffset + page * pageSize),
      }
      if (since !== undefined) query.start_utime = String(since)
      const { transactions } = await client.get<{ transactions: readonly V3Transaction[] }>(
        '/api/v3/transactions',
        query,
      )
      const beyond = new Set<string>()
      for (const tx of transactions) {
        const account = tx.account.toUpperCase()
        if (!routerSet.has(account) || beyond.has(account)) continue
        const lt = BigInt(tx.lt)
        const known = discovered.get(account)
        const seqno = tx.mc_block_seqno ?? Number.POSITIVE_INFINITY
        // Past the head asked for: found again on a later call (the account's order is kept).
        if (seqno > until) {
          beyond.add(account)
          firstBeyond ??= page
          continue
        }
        lastSeen = Math.max(lastSeen ?? 0, seqno)
        if (known !== undefined && lt <= known) continue
        // Each transaction names its account's previous one: a page that left one out shows.
        if (known !== undefined && BigInt(tx.prev_trans_lt) !== known) {
          const gap = `${account}:${tx.prev_trans_lt}`
          const error = new RetryableSourceError({
            code: 'SOURCE_INCOMPLETE',
            message: `router ${account}'s transaction at lt ${tx.prev_trans_lt} is missing from discovery (the one at ${lt} links to it; the last one read is ${known})`,
          })
          if (gap === lastGap) {
            throw new FatalSourceError({
              code: 'SOURCE_GAP',
              message: `twice in a row: ${error.message}`,
              cause: error,
            })
          }
          lastGap = gap
          throw error
        }
        discovered.set(account, lt)
        if (
          tx.trace_id !== null &&
          !deliveredTraces.has(tx.trace_id) &&
          !waiting.has(tx.trace_id)
        ) {
          waiting.set(tx.trace_id, undefined)
        }
      }
      if (transactions.length < pageSize) {
        complete = true
        break
      }
    }
    lastGap = undefined
    if (complete) {
      // What is final now was read; what becomes final later has a later time, give or take
      // the finality lag.
      since = Math.max(since ?? 0, untilTime - FINALITY_MARGIN_S)
      resumeOffset = 0
      return until
    }
    // Stopped early (a long history): the next call reads on from where these pages ended
    // (new transactions come after them in ascending order) — or from the first page that
    // held a transaction past `until`, not read yet; complete below the last block these
    // pages reached.
    resumeOffset += (firstBeyond ?? pages) * pageSize
    // A page that reached past `until` read everything up to it (a later-final transaction of
    // another shard is found by the next call and delivered in the first block not delivered).
    if (firstBeyond !== undefined) return until
    return Math.max(0, (lastSeen ?? 1) - 1)
  }

  const readTraces = async () => {
    const ids = [...waiting].filter(([, t]) => t === undefined || !t.complete).map(([id]) => id)
    for (let i = 0; i < ids.length; i += TRACES_PER_REQUEST) {
      const chunk = ids.slice(i, i + TRACES_PER_REQUEST)
      const { traces } = await client.get<{ traces: readonly V3Trace[] }>('/api/v3/traces', {
        trace_id: chunk,
        include_actions: 'false',
        limit: String(chunk.length),
      })
      for (const trace of traces) {
        if (!waiting.has(trace.trace_id)) continue
        waiting.set(trace.trace_id, {
          id: trace.trace_id,
          complete: !trace.is_incomplete && trace.trace_info.trace_state === 'complete',
          transactions: Object.values(trace.transactions).map((tx) => ({
            account: tx.account.toUpperCase(),
            lt: BigInt(tx.lt),
            hash: tx.hash,
            seqno: tx.mc_block_seqno ?? Number.POSITIVE_INFINITY,
          })),
        })
      }
    }
  }

  /** The exact transactions of one account, by hash, through v2 `getTransactions`. */
  const exact = async (
    account: string,
    wanted: readonly { lt: bigint; hash: string }[],
  ): Promise<Map<string, Transaction>> => {
    const sorted = [...wanted].sort((a, b) => (a.lt > b.lt ? -1 : a.lt < b.lt ? 1 : 0))
    const lowest = sorted.at(-1) as { lt: bigint }
    const found = new Map<string, Transaction>()
    let from: { lt: bigint; hash: string } = sorted[0] as { lt: bigint; hash: string }
    for (;;) {
      const page = await client.call<readonly RawTransaction[]>('getTransactions', {
        address: account,
        limit: TRANSACTIONS_PAGE,
        lt: from.lt.toString(),
        hash: from.hash,
        to_lt: (lowest.lt - 1n).toString(),
      })
      let oldest: Transaction | undefined
      for (const raw of page) {
        const tx = verifiedTransaction(raw)
        found.set(raw.transaction_id.hash, tx)
        oldest = tx
      }
      const done = sorted.every((w) => found.has(w.hash))
      if (done) return found
      if (oldest === undefined || page.length < TRANSACTIONS_PAGE || oldest.lt <= lowest.lt) {
        const missing = sorted.find((w) => !found.has(w.hash)) as { lt: bigint }
        throw new RetryableSourceError({
          code: 'SOURCE_INCOMPLETE',
          message: `getTransactions of ${account} lacks its transaction at lt ${missing.lt}`,
        })
      }
      from = {
        lt: oldest.prevTransactionLt,
        hash: Buffer.from(
          oldest.prevTransactionHash.toString(16).padStart(64, '0'),
          'hex',
        ).toString('base64'),
      }
    }
  }

  return {
    description: `${client.origin} (accounts)`,
    stats: client.stats,
    async head() {
      head = await readHead()
      return head
    },
    async blocks(after, until) {
      if (!started) {
        if (after > 0) {
          const from = Math.max(1, after - lookback)
          const header = await blockHeader(client, {
            workchain: -1,
            shard: MASTERCHAIN_SHARD,
            seqno: from,
          })
          since = header.gen_utime
        }
        started = true
      }
      head ??= await readHead()
      const reached = await discover(until, head.seqno === until ? head.now : (since ?? 0))
      await readTraces()
      let last = Math.min(reached, after + MAX_BLOCKS)
      if (last <= after) return []

      // Whole traces whose every transaction is final by `last`; older ones were delivered.
      const complete: { trace: KnownTrace; end: number }[] = []
      for (const [id, trace] of waiting) {
        if (trace === undefined || !trace.complete) continue
        const end = Math.max(...trace.transactions.map((t) => t.seqno))
        if (end <= after) {
          waiting.delete(id)
          continue
        }
        if (end <= last) complete.push({ trace, end })
      }
      // A bounded batch: the traces ending first, up to about MAX_TRANSACTIONS transactions
      // (whole blocks: every trace ending in the last block delivered is in).
      complete.sort((a, b) => a.end - b.end)
      let count = 0
      for (const { trace, end } of complete) {
        count += trace.transactions.length
        if (count > MAX_TRANSACTIONS && end > after + 1) {
          last = Math.min(last, end - 1)
          break
        }
      }
      const ready = complete.filter((c) => c.end <= last).map((c) => c.trace)
      const byAccount = new Map<string, { lt: bigint; hash: string }[]>()
      for (const trace of ready) {
        for (const tx of trace.transactions) {
          const list = byAccount.get(tx.account) ?? []
          list.push(tx)
          byAccount.set(tx.account, list)
        }
      }
      const read = await mapBounded([...byAccount], READ_AHEAD, ([account, wanted]) =>
        exact(account, wanted),
      )
      const exactByHash = new Map<string, Transaction>()
      for (const map of read) for (const [hash, tx] of map) exactByHash.set(hash, tx)

      const perBlock = new Map<number, Transaction[]>()
      for (const trace of ready) {
        for (const t of trace.transactions) {
          const seqno = Math.max(t.seqno, after + 1)
          const list = perBlock.get(seqno) ?? []
          list.push(exactByHash.get(t.hash) as Transaction)
          perBlock.set(seqno, list)
        }
      }
      const byLt = (a: Transaction, b: Transaction) => (a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : 0)
      for (const list of perBlock.values()) list.sort(byLt)

      for (const trace of ready) {
        waiting.delete(trace.id)
        deliveredTraces.add(trace.id)
      }
      while (deliveredTraces.size > DELIVERED_MEMORY) {
        deliveredTraces.delete(deliveredTraces.values().next().value as string)
      }

      // Block times: of the blocks with transactions and of the last one (for the lag).
      const timed = [...new Set([...perBlock.keys(), last])]
      const times = new Map<number, number>()
      await mapBounded(timed, READ_AHEAD, async (seqno) => {
        const header = await blockHeader(client, {
          workchain: -1,
          shard: MASTERCHAIN_SHARD,
          seqno,
        })
        times.set(seqno, header.gen_utime)
      })
      const blocks: SourceBlock[] = []
      let now = times.get(Math.min(...timed)) ?? 0
      for (let seqno = after + 1; seqno <= last; seqno++) {
        now = times.get(seqno) ?? now
        blocks.push({ seqno, now, transactions: perBlock.get(seqno) ?? [] })
      }
      return blocks
    },
    waitForBlock(_seqno, timeoutMs) {
      const ms = Math.min(timeoutMs, options.pollMs ?? 1000)
      return new Promise((resolve) => setTimeout(resolve, ms))
    },
  }
}
