import type { Transaction } from '@ton/core'
import { FatalSourceError } from '../../upstream/errors.js'
import type { TonApiClient } from '../../upstream/tonApiClient.js'
import {
  type BlockId,
  blockHeader,
  headReader,
  MASTERCHAIN_SHARD,
  type RawTransaction,
  verifiedTransaction,
} from '../../upstream/tonApiWire.js'
import type { ChainSource, SourceBlock } from './ChainSource.js'
import { createTransactionLinks } from './transactionLinks.js'

/** Transactions per `getBlockTransactionsExt` page (a liteserver answers 256 at most). */
const PAGE = 256

type TransactionsExt = { incomplete: boolean; transactions: readonly RawTransaction[] }

/** Options of {@link tonApiBlockSource}. */
export type TonApiBlockSourceOptions = {
  readonly client: TonApiClient
  /** The workchain whose shard blocks are read (default 0, where the exchange lives). */
  readonly workchain?: number | undefined
  /** How often the head is asked again while the index is level with it (default 1000 ms). */
  readonly pollMs?: number | undefined
  /**
   * Masterchain blocks read ahead of the one asked for, while the follower indexes (default 8;
   * 1 reads one block at a time). The requests still keep to the client's rate.
   */
  readonly readAhead?: number | undefined
  /** Transactions asked per `getBlockTransactionsExt` page (default 256, a liteserver's most). */
  readonly pageSize?: number | undefined
}

/** Blocks delivered per `blocks` call at most. */
const BATCH = 16

/**
 * A remote TON HTTP API (toncenter v2: an own node's, a paid plan's, another ton-dex-lab) as a
 * {@link ChainSource} that walks every block (`blocks` mode): for masterchain block `n` it reads
 * the shard tips (`shards`), walks each new tip back through `getBlockHeader`'s `prev_blocks` to
 * the tips of block `n − 1` (so shard blocks made in between, splits and merges included, are all
 * read; a tip one block past the previous tip of the same shard is its only child and needs no
 * walk), and reads each new shard block's transactions with `getBlockTransactionsExt`, paged as
 * toncenter pages them (tonlib's `blocks.accountTransactionId`): `after_lt` / `after_hash` are
 * the lt and the ACCOUNT id of the last transaction returned, asked while `incomplete`; a flavour
 * that answers the whole block at once (`incomplete: false`) is read in one page, and a page that
 * repeats a transaction is a fatal `SOURCE_INVALID_DATA` (`TonClient.getShardTransactions`
 * throws on an incomplete block instead). Up to `readAhead` masterchain blocks are read
 * concurrently while the follower indexes the ones before; they are delivered in order. Every transaction's BoC is
 * checked against its id's hash, and its link to its account's previous transaction against the
 * last one delivered ({@link createTransactionLinks}): a block whose transactions do not link
 * up is read again, and one that still does not is a fatal `SOURCE_GAP` (the missing
 * transaction lies in a block delivered before; nothing is skipped silently). The head is the masterchain's last block
 * (`getMasterchainInfo`), final when answered, and never moves backwards: a lagging upstream
 * answers "not there yet" and is asked again. The block's time is the masterchain block's
 * `gen_utime`.
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
  const readAhead = Math.max(1, options.readAhead ?? 8)
  const pageSize = Math.max(1, options.pageSize ?? PAGE)
  const head = headReader(client)
  /** Each account's last transaction: a page that left one out is asked again. */
  const links = createTransactionLinks()
  /** Blocks being read or read and not delivered yet, by masterchain seqno. */
  const reading = new Map<number, Promise<SourceBlock>>()
  /** The shard tips of masterchain blocks (each is the previous tips of the next block). */
  const tipsRead = new Map<number, Promise<readonly BlockId[]>>()

  const header = (id: BlockId) => blockHeader(client, id)
  const shardTips = (mcSeqno: number): Promise<readonly BlockId[]> => {
    if (mcSeqno < 1) return Promise.resolve([])
    let tips = tipsRead.get(mcSeqno)
    if (tips === undefined) {
      tips = client
        .call<{ shards: readonly BlockId[] }>('shards', { seqno: mcSeqno })
        .then((answer) => answer.shards.filter((s) => s.workchain === workchain))
      tipsRead.set(mcSeqno, tips)
      tips.catch(() => tipsRead.delete(mcSeqno))
    }
    return tips
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
      // The next block of an unchanged shard follows its previous tip: nothing in between.
      if (floor.get(id.shard) === id.seqno - 1) continue
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
    /** Each transaction read, by account id and lt: an upstream repeating one is caught. */
    const read = new Set<string>()
    let after: { lt: string; account: string } | undefined
    for (;;) {
      const page = await client.call<TransactionsExt>('getBlockTransactionsExt', {
        workchain: id.workchain,
        shard: id.shard,
        seqno: id.seqno,
        count: pageSize,
        ...(after === undefined ? {} : { after_lt: after.lt, after_hash: after.account }),
      })
      let last: Transaction | undefined
      for (const raw of page.transactions) {
        const tx = verifiedTransaction(raw)
        const account = accountId(tx)
        const item = `${account}:${tx.lt}`
        if (read.has(item)) {
          // Paged past the cursor it was given, or not by it (a cursor read as something else).
          throw new FatalSourceError({
            code: 'SOURCE_INVALID_DATA',
            message: `getBlockTransactionsExt of block ${key(id)} answered transaction ${tx.lt} of account ${account} twice (after_lt ${after?.lt}, after_hash ${after?.account})`,
            txHash: tx.hash().toString('hex'),
          })
        }
        read.add(item)
        txs.push(tx)
        last = tx
      }
      // A flavour that loops itself (pytonlib) answers the whole block with `incomplete: false`.
      if (!page.incomplete || last === undefined) return txs
      // toncenter's cursor: the last item's lt and ACCOUNT id (tonlib's accountTransactionId).
      after = { lt: last.lt.toString(), account: accountId(last) }
    }
  }

  const readBlock = async (mcSeqno: number): Promise<SourceBlock> => {
    const [{ gen_utime }, previous, current] = await Promise.all([
      header({ workchain: -1, shard: MASTERCHAIN_SHARD, seqno: mcSeqno }),
      shardTips(mcSeqno - 1),
      shardTips(mcSeqno),
    ])
    const fresh = await newShardBlocks(previous, current)
    const read = await Promise.all(fresh.map(transactionsOf))
    const transactions = read.flat()
    transactions.sort((a, b) => (a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : 0))
    return { seqno: mcSeqno, now: gen_utime, transactions }
  }

  /** Block `seqno`, read once (a failed read is forgotten, so asking again reads again). */
  const block = (seqno: number): Promise<SourceBlock> => {
    let read = reading.get(seqno)
    if (read === undefined) {
      read = readBlock(seqno)
      reading.set(seqno, read)
      read.catch(() => reading.delete(seqno))
    }
    return read
  }

  /** Blocks whose transactions did not link up once: read again, a second failure is fatal. */
  const rereads = new Set<number>()
  /**
   * A page that dropped a transaction (a link that points past what was delivered): the block
   * is read again; when the same block still does not link up, the missing transaction is in a
   * block delivered before (its account's last one there) and cannot be told apart from a
   * source that lost it: the follower stops with the account and the logical time named.
   */
  const checkLinks = (seqno: number, transactions: readonly Transaction[]) => {
    try {
      links.check(transactions)
      rereads.delete(seqno)
    } catch (error) {
      if (!rereads.has(seqno)) {
        rereads.add(seqno)
        throw error
      }
      throw new FatalSourceError({
        code: 'SOURCE_GAP',
        message: `block ${seqno} read twice still misses a transaction: ${(error as Error).message}`,
        cause: error,
      })
    }
  }

  /** Forgets what lies at or below `seqno` (delivered) or above `until` (past the head asked). */
  const forget = (seqno: number) => {
    for (const n of reading.keys()) if (n <= seqno) reading.delete(n)
    for (const n of tipsRead.keys()) if (n < seqno) tipsRead.delete(n)
  }

  return {
    description: client.origin,
    stats: client.stats,
    head,
    async blocks(after, until) {
      forget(after)
      const last = Math.min(until, after + BATCH)
      // Read ahead: the blocks of this call and of the next ones, while this one is indexed.
      for (let n = after + 1; n <= Math.min(until, after + Math.max(readAhead, 1)); n++) block(n)
      const blocks: SourceBlock[] = []
      for (let seqno = after + 1; seqno <= last; seqno++) {
        let read: SourceBlock
        try {
          read = await block(seqno)
          checkLinks(seqno, read.transactions)
        } catch (error) {
          reading.delete(seqno)
          // The blocks read before a failure are delivered: a retry repeats one block at most.
          if (blocks.length === 0) throw error
          break
        }
        blocks.push(read)
        const ahead = seqno + readAhead
        if (ahead <= until) block(ahead)
      }
      return blocks
    },
    waitForBlock(_seqno, timeoutMs) {
      const ms = Math.min(timeoutMs, options.pollMs ?? 1000)
      return new Promise((resolve) => setTimeout(resolve, ms))
    },
  }
}

/** A transaction's account id: 64 hex digits (the `after_hash` of toncenter's block paging). */
function accountId(tx: Transaction): string {
  return tx.address.toString(16).padStart(64, '0')
}

function key(id: BlockId): string {
  return `${id.workchain}:${id.shard}:${id.seqno}`
}
