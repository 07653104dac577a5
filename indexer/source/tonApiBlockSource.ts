import { Cell, loadTransaction, type Transaction } from '@ton/core'
import type { ChainSource, SourceBlock, SourceHead } from './ChainSource.js'
import { FatalIndexError } from './errors.js'
import type { TonApiClient } from './tonApiClient.js'
import { createTransactionLinks } from './transactionLinks.js'

/** The masterchain's shard in toncenter's wire (the signed 64-bit `0x8000000000000000`). */
const MASTERCHAIN_SHARD = '-9223372036854775808'
/** Transactions per `getBlockTransactionsExt` page. */
const PAGE = 256

/** A block id as toncenter v2 renders it (`ton.blockIdExt`). */
type BlockId = { workchain: number; shard: string; seqno: number }
type BlockHeader = { gen_utime: number; prev_blocks: readonly BlockId[] }
type RawTransaction = { data: string; transaction_id: { lt: string; hash: string } }
type TransactionsExt = { incomplete: boolean; transactions: readonly RawTransaction[] }

/** Options of {@link tonApiBlockSource}. */
export type TonApiBlockSourceOptions = {
  readonly client: TonApiClient
  /** The workchain whose shard blocks are read (default 0, where the exchange lives). */
  readonly workchain?: number | undefined
  /** How often the head is asked again while the index is level with it (default 1000 ms). */
  readonly pollMs?: number | undefined
}

/**
 * A remote TON HTTP API (toncenter v2: an own node's, a paid plan's, another ton-dex-lab) as a
 * {@link ChainSource} that walks every block (`blocks` mode): for masterchain block `n` it reads
 * the shard tips (`shards`), walks each tip back through `getBlockHeader`'s `prev_blocks` to the
 * tips of block `n − 1` (so shard blocks made in between, splits and merges included, are all
 * read), and reads each new shard block's transactions with `getBlockTransactionsExt`, paged
 * by `after_lt` / `after_hash` while `incomplete` (`TonClient.getShardTransactions` throws on an
 * incomplete block instead). Every transaction's BoC is checked against its id's hash, and its
 * link to its account's previous transaction against the last one read (a page that dropped a
 * transaction is read again: {@link createTransactionLinks}). The
 * head is the masterchain's last block (`getMasterchainInfo`), final when answered, and never
 * moves backwards: a lagging upstream answers "not there yet" and is asked again. The block's
 * time is the masterchain block's `gen_utime`.
 *
 * @example
 * ```ts
 * const source = tonApiBlockSource({ client: createTonApiClient({ url: 'http://127.0.0.1:8080', rps: Infinity }) })
 * const head = await source.head() // { seqno: 3021, now: 1_764_064_811 }
 * const [first] = await source.blocks(0, head.seqno) // block 1 with its transactions
 * ```
 */
export function tonApiBlockSource(options: TonApiBlockSourceOptions): ChainSource {
  const { client } = options
  const workchain = options.workchain ?? 0
  let head: SourceHead | undefined
  /** The shard tips of the last masterchain block read: where the next walk stops. */
  let tips: { mcSeqno: number; ids: readonly BlockId[] } | undefined
  /** Each account's last transaction: a page that left one out is asked again. */
  const links = createTransactionLinks()

  const header = (id: BlockId) =>
    client.call<BlockHeader>('getBlockHeader', {
      workchain: id.workchain,
      shard: id.shard,
      seqno: id.seqno,
    })
  const shardTips = async (mcSeqno: number): Promise<readonly BlockId[]> => {
    const answer = await client.call<{ shards: readonly BlockId[] }>('shards', { seqno: mcSeqno })
    return answer.shards.filter((s) => s.workchain === workchain)
  }

  /** The shard blocks made between the previous tips and `current` (oldest first per shard). */
  const newShardBlocks = async (
    previous: readonly BlockId[],
    current: readonly BlockId[],
  ): Promise<BlockId[]> => {
    const seen = new Set(previous.map(key))
    const floor = new Map<string, number>()
    for (const p of previous) floor.set(p.shard, p.seqno)
    const found = new Map<string, BlockId>()
    const stack = current.filter((id) => !seen.has(key(id)))
    while (stack.length > 0) {
      const id = stack.pop() as BlockId
      if (seen.has(key(id)) || found.has(key(id))) continue
      found.set(key(id), id)
      const { prev_blocks } = await header(id)
      for (const prev of prev_blocks) {
        if (seen.has(key(prev)) || found.has(key(prev))) continue
        // Below a previous tip of its own shard: read before (a walk must end there).
        const below = floor.get(prev.shard)
        if (below !== undefined && prev.seqno <= below) continue
        if (previous.length === 0) continue
        stack.push(prev)
      }
    }
    return [...found.values()].sort((a, b) => a.seqno - b.seqno)
  }

  const transactionsOf = async (id: BlockId): Promise<Transaction[]> => {
    const txs: Transaction[] = []
    let after: { lt: string; hash: string } | undefined
    for (;;) {
      const page = await client.call<TransactionsExt>('getBlockTransactionsExt', {
        workchain: id.workchain,
        shard: id.shard,
        seqno: id.seqno,
        count: PAGE,
        ...(after === undefined ? {} : { after_lt: after.lt, after_hash: after.hash }),
      })
      for (const raw of page.transactions) txs.push(verified(raw))
      const last = page.transactions.at(-1)
      if (!page.incomplete || last === undefined) return txs
      after = { lt: last.transaction_id.lt, hash: last.transaction_id.hash }
    }
  }

  const block = async (mcSeqno: number): Promise<SourceBlock> => {
    const { gen_utime } = await header({
      workchain: -1,
      shard: MASTERCHAIN_SHARD,
      seqno: mcSeqno,
    })
    const previous =
      tips !== undefined && tips.mcSeqno === mcSeqno - 1
        ? tips.ids
        : mcSeqno > 1
          ? await shardTips(mcSeqno - 1)
          : []
    const current = await shardTips(mcSeqno)
    const fresh = await newShardBlocks(previous, current)
    const transactions: Transaction[] = []
    for (const id of fresh) transactions.push(...(await transactionsOf(id)))
    transactions.sort((a, b) => (a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : 0))
    links.check(transactions)
    tips = { mcSeqno, ids: current }
    return { seqno: mcSeqno, now: gen_utime, transactions }
  }

  return {
    description: client.origin,
    stats: client.stats,
    async head() {
      const info = await client.call<{ last: BlockId }>('getMasterchainInfo', {})
      const seqno = info.last.seqno
      // Kept monotone: a replica behind the one asked before is not a step back.
      if (head !== undefined && seqno <= head.seqno) return head
      const { gen_utime } = await header(info.last)
      head = { seqno, now: gen_utime }
      return head
    },
    async blocks(after, until) {
      const blocks: SourceBlock[] = []
      // A few blocks per call, and the ones read before a failure are delivered: a retry
      // repeats one block at most.
      const last = Math.min(until, after + 16)
      for (let seqno = after + 1; seqno <= last; seqno++) {
        try {
          blocks.push(await block(seqno))
        } catch (error) {
          if (blocks.length === 0) throw error
          break
        }
      }
      return blocks
    },
    waitForBlock(_seqno, timeoutMs) {
      const ms = Math.min(timeoutMs, options.pollMs ?? 1000)
      return new Promise((resolve) => setTimeout(resolve, ms))
    },
  }
}

function key(id: BlockId): string {
  return `${id.workchain}:${id.shard}:${id.seqno}`
}

/** The transaction of a `raw.transaction`, after checking its BoC against its id's hash. */
function verified(raw: RawTransaction): Transaction {
  let cell: Cell
  try {
    cell = Cell.fromBoc(Buffer.from(raw.data, 'base64'))[0] as Cell
  } catch (cause) {
    throw new FatalIndexError({
      code: 'SOURCE_INVALID_DATA',
      message: `The upstream's transaction ${raw.transaction_id.hash} is not a bag of cells`,
      cause,
    })
  }
  const hash = cell.hash()
  if (!hash.equals(Buffer.from(raw.transaction_id.hash, 'base64'))) {
    throw new FatalIndexError({
      code: 'SOURCE_INVALID_DATA',
      message: `The upstream's transaction BoC hashes to ${hash.toString('base64')}, not to its id ${raw.transaction_id.hash}`,
      txHash: hash.toString('hex'),
    })
  }
  return loadTransaction(cell.beginParse())
}
