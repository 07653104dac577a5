import { Cell, loadTransaction, type Transaction } from '@ton/core'
import { normalizedExternalHash } from '../../../protocol/externalMessageHash.js'
import type { LiveChain } from '../../chain/LiveChain.js'
import type { LoggedTransaction } from '../../chain/TransactionLog.js'
import { messageHashes, renderV3Transaction, type TransactionPlace, type V3Json } from './wire.js'

/** Rendered transactions kept for repeated queries (a follower's overlap, a trace after its transactions). */
const RENDERED_CACHE = 20_000

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
 * memory beside the chain's history and brought up to the chain's head before every query (each
 * block's transactions are parsed once), so it costs nothing until a v3 query arrives and then
 * only the blocks since the last one.
 *
 * @example
 * ```ts
 * const index = MessageIndex.of(chain)
 * index.sync()
 * index.transaction(hash)?.seqno // 12
 * index.byMessage(normalizedHash, 'in') // [{ entry: walletTx, direction: 'in' }]
 * ```
 */
export class MessageIndex {
  private static readonly indexes = new WeakMap<LiveChain, MessageIndex>()
  private indexed = 0
  private readonly byHash = new Map<string, LoggedTransaction>()
  private readonly byMessageHash = new Map<string, MessageHit[]>()
  private readonly places = new Map<number, TransactionPlace>()
  private readonly seen = new Set<string>()
  private readonly rendered = new Map<string, V3Json>()

  private constructor(private readonly chain: LiveChain) {}

  /** The index of a chain (one per chain object). */
  static of(chain: LiveChain): MessageIndex {
    let index = MessageIndex.indexes.get(chain)
    if (!index) {
      index = new MessageIndex(chain)
      MessageIndex.indexes.set(chain, index)
    }
    return index
  }

  /** Indexes the blocks committed since the last call; synchronous, so it sees whole blocks. */
  sync(): void {
    const head = this.chain.head.seqno
    for (let seqno = this.indexed + 1; seqno <= head; seqno++) this.indexBlock(seqno)
    this.indexed = Math.max(this.indexed, head)
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

  /** The trace id (and root external hash) of block `seqno`'s transactions. */
  place(seqno: number): TransactionPlace {
    const place = this.places.get(seqno)
    if (!place) throw new Error(`block ${seqno} is not indexed`)
    return place
  }

  /**
   * A transaction in toncenter v3's shape. A committed transaction never changes, so the answer
   * is kept (the last {@link RENDERED_CACHE} asked) and shared: never mutate it.
   */
  render(entry: LoggedTransaction): V3Json {
    const k = key(entry.hash)
    const cached = this.rendered.get(k)
    if (cached) return cached
    const json = renderV3Transaction(entry, parseTransaction(entry), this.place(entry.seqno))
    if (this.rendered.size >= RENDERED_CACHE) {
      const oldest = this.rendered.keys().next().value
      if (oldest !== undefined) this.rendered.delete(oldest)
    }
    this.rendered.set(k, json)
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

/**
 * Parses a logged transaction's BoC.
 *
 * @example
 * ```ts
 * parseTransaction(entry).lt === entry.lt // true
 * ```
 */
export function parseTransaction(entry: LoggedTransaction): Transaction {
  return loadTransaction(Cell.fromBoc(Buffer.from(entry.boc))[0]!.beginParse())
}

function key(hash: Uint8Array): string {
  return Buffer.from(hash).toString('base64')
}
