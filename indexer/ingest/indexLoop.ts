import type { Transaction } from '@ton/core'
import type { DecodedBody } from '../../protocol/decode/DecodedBody.js'
import { decodeBody } from '../../protocol/decode/decodeBody.js'
import type { ResultCode } from '../../protocol/resultCodes.js'
import { isoSeconds } from '../../protocol/timeText.js'
import type { TransactionKind } from '../../protocol/transactionKinds.js'
import { formatCursor, type IndexCursor, parseCursor } from '../../store/indexCursor.js'
import type { BlockRef } from '../../store/rows/historyRows.js'
import type { IndexedTransactionRow, MessageLinkRow } from '../../store/rows/indexerRows.js'
import type { StoreWriter } from '../../store/Store.js'
import { address } from '../pool/poolOperation.js'
import { accountOf } from './accountOf.js'
import { actionPayload } from './actionPayload.js'
import { externalMessageHashes } from './externalMessageHashes.js'
import type {
  BatchChanges,
  HandledTransaction,
  HandlerOutcome,
  IndexHandler,
  TraceOrigin,
} from './IndexHandler.js'
import type {
  IndexSession,
  IngestStats,
  SourceTransaction,
  TransactionBlock,
  TransactionSource,
} from './indexerTypes.js'
import { messageKey } from './messageKey.js'

/** A message sent but not yet received; `stored` once a batch has written it to the store. */
type PendingLink = { readonly parentHash: string; readonly origin: TraceOrigin; stored?: boolean }

/**
 * What the loop needs besides its handlers: the store, the cursor's name, the batch size, the
 * trace rule, the batch callback, and the tracked pool at an account (the stored action names
 * a swap's ask wallet by it).
 *
 * @example
 * ```ts
 * const loop: IndexLoopOptions = { store, cursorName: 'indexer', batchSize: 2000,
 *   holdCutTraces: false, onBatch: undefined, poolAt: () => undefined }
 * ```
 */
export type IndexLoopOptions = {
  readonly store: StoreWriter
  readonly cursorName: string
  readonly batchSize: number
  readonly holdCutTraces: boolean
  readonly onBatch: ((stats: IngestStats, cursor: IndexCursor) => void) | undefined
  readonly poolAt: (
    account: string,
  ) => { readonly wallet0: string; readonly wallet1: string } | undefined
}

/**
 * The indexer's loop over per-family handlers: batching (a block is never split), the cursor
 * (what it passed is skipped), message links and trace origins, and the atomic batch write of
 * the transactions with every handler's rows. Each transaction is decoded once and handed to
 * the handlers in order ({@link IndexHandler}).
 *
 * @example
 * ```ts
 * const session = await openIndexLoop(loopOptions, [wallets, farms, venues, pools, vaults])
 * await session.ingest(transactions) // { transactions: 41, operations: 3, other: 0, withdrawals: 0 }
 * ```
 */
export async function openIndexLoop(
  options: IndexLoopOptions,
  handlers: readonly IndexHandler[],
): Promise<IndexSession> {
  const { store, cursorName, batchSize, holdCutTraces } = options
  const preparing = handlers.filter((h) => h.prepare !== undefined)
  // The last committed position: what it passed is skipped (a source may deliver again).
  let committed = parseCursor(await store.getCursor(cursorName))
  const links = new Map<string, PendingLink>()
  let stats: IngestStats = { transactions: 0, operations: 0, other: 0, withdrawals: 0 }
  let txs: IndexedTransactionRow[] = []
  let externals: { hash: string; txHash: string }[] = []
  let last: IndexCursor | undefined = committed

  const flush = async () => {
    // Nothing stored and the cursor where it was (blocks without transactions move it).
    if (txs.length === 0 && last === committed) return
    for (const h of handlers) await h.beforeWrite?.()
    // Links still pending cross into later batches (or a restart): each is written once.
    const pending: MessageLinkRow[] = []
    for (const [messageHash, l] of links) {
      if (l.stored) continue
      l.stored = true
      pending.push({ messageHash, parentHash: l.parentHash, originHash: l.origin.hash })
    }
    let changes: BatchChanges = {}
    for (const h of handlers) changes = { ...changes, ...h.takeChanges() }
    const { operations = [], pools = [], feeWithdrawals = [], ...rest } = changes
    await store.applyIndexBatch({
      transactions: txs,
      operations,
      feeWithdrawals,
      links: pending,
      externalMessages: externals,
      pools,
      ...rest,
      cursor: { name: cursorName, value: formatCursor(last as IndexCursor) },
    })
    committed = last
    stats.transactions += txs.length
    stats.operations += operations.length
    stats.withdrawals += feeWithdrawals.length
    txs = []
    externals = []
    options.onBatch?.({ ...stats }, last as IndexCursor)
  }

  // Links written by an earlier run can only exist when this cursor has advanced before;
  // a fresh run finds every parent in memory and never asks the store.
  const storeMayHoldLinks = committed !== undefined
  const storedLink = async (key: string): Promise<PendingLink | undefined> => {
    const stored = await store.getMessageLink(key)
    if (stored === undefined) return undefined
    const [origin] = await store.listIndexedTransactions({ hash: stored.originHash })
    // A cut trace's first transaction: an internal in-message (kind not `external`) with no
    // known sender.
    const cut = holdCutTraces && origin?.parentHash === null && origin.kind !== 'external'
    return {
      parentHash: stored.parentHash,
      origin: {
        hash: stored.originHash,
        lt: origin?.lt ?? 0n,
        timestamp: origin?.timestamp ?? '',
        ...(cut ? { cut: true as const } : {}),
      },
    }
  }
  let lastNow = -1
  let lastTimestamp = ''
  let lastBlock: TransactionBlock | undefined
  let lastBlockRef: BlockRef | undefined
  const blockRef = (block: TransactionBlock | undefined): BlockRef | undefined => {
    if (block === undefined) return undefined
    if (block !== lastBlock) {
      lastBlock = block
      lastBlockRef = { seqno: block.seqno, timestamp: isoSeconds(block.now) }
    }
    return lastBlockRef
  }

  /** Indexes one transaction whose parent link is resolved (synchronous: the hot path). */
  const record = (
    tx: Transaction,
    hash: string,
    link: PendingLink | undefined,
    block: BlockRef | undefined,
  ) => {
    if (tx.now !== lastNow) {
      lastNow = tx.now
      lastTimestamp = isoSeconds(tx.now)
    }
    const timestamp = lastTimestamp
    const inMessage = tx.inMessage
    const info = inMessage?.info
    const internal = info?.type === 'internal'
    const origin: TraceOrigin =
      link?.origin ??
      (internal && holdCutTraces
        ? { hash, lt: tx.lt, timestamp, cut: true }
        : { hash, lt: tx.lt, timestamp })
    const outMessages = tx.outMessages.values()
    for (const out of outMessages) {
      if (out.info.type !== 'internal') continue
      links.set(messageKey(out), { parentHash: hash, origin })
    }
    const body = internal ? decodeBody(inMessage?.body) : undefined
    // Outbound bodies matter only for pool and vault transactions: decode them on demand,
    // once (the operation and the stored action both read them).
    let decodedOuts: DecodedBody[] | undefined
    const decodeOuts = () => {
      if (decodedOuts !== undefined) return decodedOuts
      const decoded: DecodedBody[] = []
      for (const m of outMessages) {
        const d = decodeBody(m.body)
        if (d !== undefined) decoded.push(d)
      }
      decodedOuts = decoded
      return decoded
    }
    const description = tx.description
    const compute = description.type === 'generic' ? description.computePhase : undefined
    const aborted = description.type === 'generic' ? description.aborted : false
    const computeExitCode = compute?.type === 'vm' ? compute.exitCode : 0
    const account = accountOf(tx)
    const source = internal ? info.src : null
    const seen: HandledTransaction = {
      ...{ tx, hash, account, aborted, body, source, timestamp, origin, block },
      outs: decodeOuts,
    }
    // The first handler with an outcome owns the result; the ones after it do not see it.
    let outcome: HandlerOutcome | undefined
    for (const h of handlers) {
      if (h.takes(seen)) outcome = h.handle(seen)
      if (outcome !== undefined) break
    }
    const kind: TransactionKind = outcome?.kind ?? (internal ? (body?.type ?? 'other') : 'external')
    const resultCode: ResultCode | null = outcome?.resultCode ?? null
    if (kind === 'other') stats.other += 1
    txs.push({
      hash,
      lt: tx.lt,
      timestamp,
      account,
      originHash: origin.hash,
      parentHash: link?.parentHash ?? null,
      kind,
      queryId: body !== undefined ? body.queryId : null,
      sourceAddress: source === null ? null : address(source),
      aborted,
      computeExitCode,
      resultCode,
      action: actionPayload({
        kind,
        body,
        outs: decodeOuts,
        resultCode,
        pool: options.poolAt(account),
      }),
      ...(block === undefined ? {} : { block }),
    })
    if (!internal)
      for (const h of externalMessageHashes(tx)) externals.push({ hash: h, txHash: hash })
    // `lastBlock` is the block `block` was made of (see blockRef).
    const now = block === undefined ? last?.now : lastBlock?.now
    last = { lt: tx.lt, hash, seqno: block?.seqno ?? last?.seqno, now }
  }

  /**
   * Takes one transaction: skips it when the cursor has passed it, resolves its parent link
   * (in memory, else — only after a restart — in the store) and records it. Returns a
   * promise only when the store had to be asked, so a replayed array is indexed without a
   * single await per transaction.
   */
  const take = (tx: Transaction, block: BlockRef | undefined): Promise<void> | undefined => {
    const hash = tx.hash().toString('hex')
    const cursor = committed
    if (cursor !== undefined) {
      // At the cursor's own block or time, the store says whether it was stored.
      const position = relativeTo(cursor, tx.lt, hash, block)
      if (position < 0) return undefined
      if (position === 0) {
        return store.listIndexedTransactions({ hash, limit: 1 }).then(async (known) => {
          if (known.length === 0) await prepareThenRecord(tx, hash, block)
        })
      }
    }
    return prepareThenRecord(tx, hash, block)
  }
  /** Lets the handlers read what they need first (an account's state before the index). */
  const prepareThenRecord = (
    tx: Transaction,
    hash: string,
    block: BlockRef | undefined,
  ): Promise<void> | undefined => {
    let waiting: Promise<void> | undefined
    for (const h of preparing) {
      const prepared =
        waiting === undefined ? h.prepare?.(tx, block) : waiting.then(() => h.prepare?.(tx, block))
      if (prepared !== undefined) waiting = prepared
    }
    if (waiting === undefined) return resolveThenRecord(tx, hash, block)
    return waiting.then(() => resolveThenRecord(tx, hash, block))
  }
  const resolveThenRecord = (
    tx: Transaction,
    hash: string,
    block: BlockRef | undefined,
  ): Promise<void> | undefined => {
    const inMessage = tx.inMessage
    if (inMessage?.info.type !== 'internal') {
      record(tx, hash, undefined, block)
      return undefined
    }
    const key = messageKey(inMessage)
    const known = links.get(key)
    if (known !== undefined) {
      links.delete(key)
      record(tx, hash, known, block)
      return undefined
    }
    if (!storeMayHoldLinks) {
      record(tx, hash, undefined, block)
      return undefined
    }
    return storedLink(key).then((link) => record(tx, hash, link, block))
  }
  // A full batch is written before the next element unless that element continues the
  // block of the previous one.
  let previous: BlockRef | undefined
  const step = (item: SourceTransaction): Promise<void> | undefined => {
    const bare = !('transaction' in item)
    const block = bare ? undefined : blockRef(item.block)
    const tx = bare ? item : item.transaction
    if (txs.length >= batchSize && (block === undefined || block !== previous)) {
      previous = block
      return flush().then(() => take(tx, block))
    }
    previous = block
    return take(tx, block)
  }

  let broken = false
  const ingest = async (
    source: TransactionSource,
    through?: { readonly seqno: number; readonly now: number },
  ): Promise<IngestStats> => {
    if (broken) throw new Error('This index session failed before; open a new one.')
    stats = { transactions: 0, operations: 0, other: 0, withdrawals: 0 }
    previous = undefined
    try {
      if (Symbol.iterator in source) {
        for (const item of source) {
          const pending = step(item)
          if (pending !== undefined) await pending
        }
      } else {
        for await (const item of source) {
          const pending = step(item)
          if (pending !== undefined) await pending
        }
      }
      if (through !== undefined && through.seqno > (last?.seqno ?? 0)) {
        last = {
          lt: last?.lt ?? 0n,
          hash: last?.hash ?? '',
          seqno: through.seqno,
          now: through.now,
        }
      }
      await flush()
    } catch (error) {
      broken = true
      throw error
    }
    return stats
  }
  return {
    ingest,
    get cursor() {
      return committed
    },
  }
}
/**
 * Where a transaction stands against the committed cursor: -1 passed (skip it), 0 at the
 * cursor's own block or logical time (the store decides), 1 after it. By block where both name
 * one (logical times are not ordered across shards), else by logical time.
 */
function relativeTo(
  cursor: IndexCursor,
  lt: bigint,
  hash: string,
  block: BlockRef | undefined,
): -1 | 0 | 1 {
  if (block !== undefined && cursor.seqno !== undefined) {
    return block.seqno < cursor.seqno ? -1 : block.seqno === cursor.seqno ? 0 : 1
  }
  if (lt < cursor.lt || (lt === cursor.lt && hash === cursor.hash)) return -1
  return lt === cursor.lt ? 0 : 1
}
