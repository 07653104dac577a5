import { normalizedExternalHash } from '../../../protocol/externalMessageHash.js'
import type { ChainView } from '../../ChainView.js'
import type { LoggedTransaction } from '../../TransactionLog.js'
import { ByteLru } from '../ByteLru.js'
import type { LeanTransaction } from '../leanTransaction.js'
import { parseTransaction } from '../parsedTransactions.js'
import { messageHashes, renderV3Transaction, type TransactionPlace, type V3Json } from './wire.js'

/** Longest stretch of indexing between two turns of the event loop, ms. */
const SLICE_MS = 25

/**
 * Rendered transactions kept for repeated queries (a follower's overlap, `accounts` mode's
 * pages, a trace after its transactions), by the size estimated for each: its base64 fields'
 * characters plus 1.5 KiB per message and 2 KiB for the rest (the fixed fields, the phases),
 * close to the heap an answer takes (about 6 KB a transaction of the demo history, measured):
 * 64 MiB holds about the last 11 000. A follower in `accounts` mode reads each batch's router
 * transactions again on several discovery pages, several thousand transactions a batch: with
 * 32 MiB the LRU order dropped each before it was asked again, and U's CPU while R followed a
 * 3 000-swap history was 53 s instead of 28 s.
 */
export const RENDERED_V3_BYTES = 64 * 1024 * 1024

/**
 * A transaction that received (`in`) or sent (`out`) a message.
 *
 * @example
 * ```ts
 * const hit: MessageHit = { entry, direction: 'in' }
 * ```
 */
export type MessageHit = {
  readonly entry: LoggedTransaction
  readonly direction: 'in' | 'out'
}

/**
 * What toncenter v3 looks transactions up by and the chain's own history does not index: a
 * transaction by its hash, transactions by the hash of a message they received or sent (and an
 * external-in message also by its TEP-467 normalized hash), and each block's trace id. Kept in
 * memory beside the chain's history and brought up to the chain's head before every query that
 * looks something up by hash (each block's transactions are parsed once), so it costs nothing
 * until such a query arrives and then only the blocks since the last one. Listing an account's
 * transactions needs none of it: {@link MessageIndex.place} reads a block's trace id from its
 * first transaction.
 *
 * @example
 * ```ts
 * const index = MessageIndex.of(chain)
 * await index.sync()
 * index.transaction(hash)?.seqno // 12
 * index.byMessage(normalizedHash, 'in') // [{ entry: walletTx, direction: 'in' }]
 * ```
 */
export class MessageIndex {
  private static readonly indexes = new WeakMap<ChainView, MessageIndex>()
  private indexed = 0
  private readonly byHash = new Map<string, LoggedTransaction>()
  private readonly byMessageHash = new Map<string, MessageHit[]>()
  private readonly places = new Map<number, TransactionPlace>()
  private readonly seen = new Set<string>()
  private readonly rendered = new ByteLru<V3Json>(RENDERED_V3_BYTES)
  private running: Promise<void> | undefined

  /** The chain's revision this index was built for (`LiveChain.revision`). */
  private readonly revision: number

  private constructor(private readonly chain: ChainView) {
    this.revision = chain.revision
  }

  /** The index of a chain (one per chain object, built again after the chain reverted). */
  static of(chain: ChainView): MessageIndex {
    let index = MessageIndex.indexes.get(chain)
    if (!index || index.revision !== chain.revision) {
      index = new MessageIndex(chain)
      MessageIndex.indexes.set(chain, index)
    }
    return index
  }

  /**
   * Indexes the blocks committed since the last call, up to the head as it is when called.
   * A long history is indexed in slices of about {@link SLICE_MS} ms, yielding to the event
   * loop between them, so the server keeps answering meanwhile; concurrent calls share the
   * work. Each block is indexed whole (its transactions are read synchronously).
   */
  async sync(): Promise<void> {
    const target = this.chain.head.seqno
    while (this.indexed < target) {
      this.running ??= this.catchUp().finally(() => {
        this.running = undefined
      })
      await this.running
    }
  }

  private async catchUp(): Promise<void> {
    for (;;) {
      const head = this.chain.head.seqno
      if (this.indexed >= head) return
      const start = performance.now()
      while (this.indexed < head && performance.now() - start < SLICE_MS) {
        this.indexBlock(this.indexed + 1)
        this.indexed++
      }
      if (this.indexed < head) await new Promise((resolve) => setImmediate(resolve))
    }
  }

  /** The transaction with this hash, if the chain has it. */
  transaction(hash: Uint8Array): LoggedTransaction | undefined {
    return this.byHash.get(key(hash))
  }

  /** The transactions that received (`in`) and/or sent (`out`) a message with this hash. */
  byMessage(hash: Uint8Array, direction?: 'in' | 'out'): readonly MessageHit[] {
    const hits = this.byMessageHash.get(key(hash)) ?? []
    return direction === undefined ? hits : hits.filter((hit) => hit.direction === direction)
  }

  /**
   * The trace id (and root external hash) of block `seqno`'s transactions: read from the
   * block's first transaction (once per block), so listing transactions needs no index.
   */
  place(seqno: number): TransactionPlace {
    let place = this.places.get(seqno)
    if (!place) {
      const first = this.chain.blockTransactions(seqno)[0]
      if (!first) throw new Error(`block ${seqno} has no transactions`)
      place = placeOf(first, parseTransaction(first))
      this.places.set(seqno, place)
    }
    return place
  }

  /**
   * A transaction in toncenter v3's shape. A committed transaction never changes, so the answer
   * is kept (up to {@link RENDERED_V3_BYTES}) and shared: never mutate it. The parse is shared
   * with the v2 renderer ({@link parseTransaction}).
   */
  render(entry: LoggedTransaction): V3Json {
    const k = key(entry.hash)
    const cached = this.rendered.get(k)
    if (cached) return cached
    const json = renderV3Transaction(entry, parseTransaction(entry), this.place(entry.seqno))
    this.rendered.set(k, json, v3Bytes(json))
    return json
  }

  /** Every account that had a transaction, in order of first appearance (raw, lower-case hex). */
  accounts(): ReadonlySet<string> {
    return this.seen
  }

  private indexBlock(seqno: number): void {
    const txs = this.chain.blockTransactions(seqno)
    for (const [i, entry] of txs.entries()) {
      this.byHash.set(key(entry.hash), entry)
      this.seen.add(entry.account)
      const tx = parseTransaction(entry)
      const hashes = messageHashes(tx)
      const message = tx.inMessage
      if (hashes.inMessage) {
        this.add(hashes.inMessage, { entry, direction: 'in' })
        if (message?.info.type === 'external-in') {
          const normalized = normalizedExternalHash(message.info.dest, message.body)
          if (!normalized.equals(hashes.inMessage)) {
            this.add(normalized, { entry, direction: 'in' })
          }
        }
      }
      for (const hash of hashes.outMessages) this.add(hash, { entry, direction: 'out' })
      if (i === 0) {
        this.places.set(seqno, {
          traceId: entry.hash,
          traceExternalHash: message?.info.type === 'external-in' ? hashes.inMessage : undefined,
        })
      }
    }
  }

  private add(hash: Uint8Array, hit: MessageHit): void {
    const k = key(hash)
    const hits = this.byMessageHash.get(k)
    if (hits) hits.push(hit)
    else this.byMessageHash.set(k, [hit])
  }
}

/** The place of a block's transactions, from its first transaction. */
function placeOf(first: LoggedTransaction, tx: LeanTransaction): TransactionPlace {
  return {
    traceId: first.hash,
    traceExternalHash:
      tx.inMessage?.info.type === 'external-in' ? messageHashes(tx).inMessage : undefined,
  }
}

/** The size kept for a rendered v3 transaction (see {@link RENDERED_V3_BYTES}). */
function v3Bytes(json: V3Json): number {
  type Rendered = {
    message_content: { body: string }
    init_state: { body: string } | null
  } | null
  const messages = [json.in_msg, ...(json.out_msgs as unknown[])] as Rendered[]
  let bytes = 2048
  for (const message of messages) {
    if (message) {
      bytes += message.message_content.body.length + (message.init_state?.body.length ?? 0) + 1536
    }
  }
  return bytes
}

function key(hash: Uint8Array): string {
  return Buffer.from(hash).toString('base64')
}
