import type { IndexCursor } from '../../store/indexCursor.js'
import type { StoreWriter } from '../../store/Store.js'
import { FatalSourceError, isRetryable } from '../../upstream/errors.js'
import {
  type BlockTransaction,
  type IndexSession,
  type IndexSessionOptions,
  openIndexSession,
} from '../ingest/createIndexer.js'
import type { ChainSource, SourceBlock, SourceHead } from '../source/ChainSource.js'

/** Options of {@link createFollower}. */
export type FollowerOptions = {
  readonly store: StoreWriter
  readonly source: ChainSource
  /** Router token wallet → asset (jetton master; the native address for proxy-TON). */
  readonly assetOf?: ((routerWallet: string) => string | undefined) | undefined
  /** The routers that count as the exchange (default: every router that deploys a pool). */
  readonly routers?: ReadonlySet<string> | undefined
  /** The farm v3 minters followed with their positions (see `IndexSessionOptions.farmMinters`). */
  readonly farmMinters?: ReadonlySet<string> | undefined
  /** The STON staking minters followed with their positions. */
  readonly stakingMinters?: ReadonlySet<string> | undefined
  /** The referral venues' escrow minters followed (see `IndexSessionOptions.escrowMinters`). */
  readonly escrowMinters?: IndexSessionOptions['escrowMinters']
  /** The fee-vault minters of venues A and B followed the same way. */
  readonly feeVaultMinters?: IndexSessionOptions['feeVaultMinters']
  /**
   * Reads the state of accounts first met when they existed already (see
   * `IndexSessionOptions.priorState`), e.g. `tonApiPriorState(client)`.
   */
  readonly priorState?: IndexSessionOptions['priorState']
  /**
   * Reads the pools met first when they existed already (see `IndexSessionOptions.priorPool`),
   * e.g. `tonApiPriorPool(client)`.
   */
  readonly priorPool?: IndexSessionOptions['priorPool']
  /**
   * Holds back the operations of traces that began before the index (see
   * `IndexSessionOptions.holdCutTraces`). Default: when `fromSeqno` is after the chain's first
   * block (a trace can then be cut by where the index starts).
   */
  readonly holdCutTraces?: boolean | undefined
  /** The cursor the follower keeps in the store (default `'indexer'`). */
  readonly cursorName?: string | undefined
  /**
   * Where to start on an empty index: the first block to index (default 1, the chain's first
   * block after genesis). Ignored once a cursor is stored.
   */
  readonly fromSeqno?: number | undefined
  /**
   * Blocks re-read before the stored cursor when the follower starts (default 0): a trace that
   * crossed the cursor is picked up whole, and what was stored is skipped (at-least-once).
   */
  readonly overlapBlocks?: number | undefined
  /** At most this many blocks per batch (default 500). */
  readonly maxBatchBlocks?: number | undefined
  /** How long to wait for a new block before asking the head again (default 1000 ms). */
  readonly pollMs?: number | undefined
  /** First and largest backoff after a retryable failure (default 250 ms and 30 s). */
  readonly backoff?: { readonly firstMs: number; readonly maxMs: number } | undefined
  /** Runs after each committed batch, with the blocks it held (e.g. a read-model hook). */
  readonly afterBatch?: ((blocks: readonly SourceBlock[]) => Promise<void> | void) | undefined
  /** Told of every retryable failure before the backoff. */
  readonly onRetry?: ((error: unknown, delayMs: number) => void) | undefined
  /** Told once when the follower stops on a fatal failure. */
  readonly onFatal?: ((error: unknown) => void) | undefined
}

/**
 * Where a follower stands, for `/local/status`.
 *
 * @example
 * ```ts
 * const status: FollowerStatus = { state: 'following', index: { seqno: 1531 },
 *   head: { seqno: 1533, now: 1_764_064_811 }, lagSeconds: 2, batches: 40, retries: 1,
 *   error: undefined }
 * ```
 */
export type FollowerStatus = {
  /** `catching-up` until the index first reaches the head, then `following`; `failed` on a fatal error; `stopped` after close. */
  readonly state: 'starting' | 'catching-up' | 'following' | 'failed' | 'stopped'
  /** The newest block whose transactions are all stored. */
  readonly index: { readonly seqno: number }
  /** The source's newest final block as last asked. */
  readonly head: SourceHead | undefined
  /** Head time minus the indexed block's time (0 when level). */
  readonly lagSeconds: number
  readonly batches: number
  /** Retryable failures so far (each followed by a backoff). */
  readonly retries: number
  /** The fatal failure's message, once `failed`. */
  readonly error: string | undefined
}

/** A running follower; see {@link createFollower}. */
export type Follower = {
  readonly status: FollowerStatus
  /** Resolves once block `seqno` is indexed; rejects if the follower fails first. */
  indexed(seqno: number): Promise<void>
  /** Resolves when the follower stopped: after `close()`, or rejects with its fatal error. */
  readonly done: Promise<void>
  /** Stops after the batch in progress (nothing half-written) and releases the source. */
  close(): Promise<void>
}

/**
 * Starts a long-lived follower: it indexes the source's blocks after the stored cursor into
 * `store` and keeps following the head. One index session lives as long as the follower (pools,
 * wallet ledger and links stay in memory; a batch costs what it holds), each batch of whole
 * blocks is one store transaction with its cursor, and the source is asked block after block,
 * never skipping one:
 * - a retryable failure (network, 5xx, 429, timeout, a block not final yet) backs off
 *   exponentially with jitter (the source's `Retry-After` when it gave one) and asks again for
 *   the same range;
 * - a fatal one (a `FatalSourceError`, a `FatalIndexError`, a store failure, a bug) stops the follower loudly:
 *   `done` rejects, `status.state` is `failed` with the message, and nothing of the failed batch
 *   is stored, so a restart resumes from the last committed block.
 *
 * @example
 * ```ts
 * const follower = createFollower({ store, source: tonApiSource({ url }), fromSeqno: 1 })
 * await follower.indexed(1540) // blocks 1…1540 are in the store
 * follower.status.lagSeconds // 0
 * await follower.close()
 * ```
 */
export function createFollower(options: FollowerOptions): Follower {
  const { store, source } = options
  const maxBlocks = Math.max(1, options.maxBatchBlocks ?? 500)
  const pollMs = options.pollMs ?? 1000
  const firstBackoff = options.backoff?.firstMs ?? 250
  const maxBackoff = options.backoff?.maxMs ?? 30_000
  const waiters: { seqno: number; resolve: () => void; reject: (e: unknown) => void }[] = []
  const status: {
    -readonly [K in keyof FollowerStatus]: FollowerStatus[K]
  } = {
    state: 'starting',
    index: { seqno: 0 },
    head: undefined,
    lagSeconds: 0,
    batches: 0,
    retries: 0,
    error: undefined,
  }
  let indexedNow: number | undefined
  let closed = false
  let wake: (() => void) | undefined

  const settle = (error?: unknown) => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      const waiter = waiters[i] as (typeof waiters)[number]
      if (error !== undefined) waiter.reject(error)
      else if (waiter.seqno <= status.index.seqno) waiter.resolve()
      else continue
      waiters.splice(i, 1)
    }
  }
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        wake = undefined
        resolve()
      }
      wake = done
    })
  const lag = () => {
    const head = status.head
    if (head === undefined || indexedNow === undefined) return 0
    return Math.max(0, head.now - indexedNow)
  }

  const loop = async () => {
    let session: IndexSession | undefined
    let backoff = firstBackoff
    const open = async (): Promise<IndexSession> => {
      const opened = await openIndexSession({
        store,
        assetOf: options.assetOf,
        cursorName: options.cursorName,
        routers: options.routers,
        farmMinters: options.farmMinters,
        stakingMinters: options.stakingMinters,
        priorState: options.priorState,
        priorPool: options.priorPool,
        escrowMinters: options.escrowMinters,
        feeVaultMinters: options.feeVaultMinters,
        holdCutTraces: options.holdCutTraces ?? (options.fromSeqno ?? 1) > 1,
      })
      status.index = { seqno: startAfter(opened.cursor) }
      return opened
    }
    const startAfter = (cursor: IndexCursor | undefined): number => {
      if (cursor === undefined) return Math.max(0, (options.fromSeqno ?? 1) - 1)
      const at = cursor.seqno ?? 0
      return Math.max(0, at - (options.overlapBlocks ?? 0))
    }
    while (!closed) {
      try {
        session ??= await open()
        const head = await source.head()
        status.head = head
        const after = status.index.seqno
        if (head.seqno <= after) {
          if (status.state !== 'following') status.state = 'following'
          status.lagSeconds = lag()
          await Promise.race([source.waitForBlock(after, pollMs), sleep(pollMs)])
          wake?.()
          continue
        }
        if (status.state === 'starting') status.state = 'catching-up'
        const until = Math.min(head.seqno, after + maxBlocks)
        const blocks = await source.blocks(after, until)
        if (blocks.length === 0) {
          await sleep(pollMs)
          continue
        }
        checkContiguous(after, blocks, source.description)
        // A failure from here on is the index's own (fatal): the session is not used again.
        const ingesting = session
        session = undefined
        const last = blocks.at(-1) as SourceBlock
        await ingesting.ingest(transactionsOf(blocks), { seqno: last.seqno, now: last.now })
        session = ingesting
        status.index = { seqno: last.seqno }
        indexedNow = last.now
        status.lagSeconds = lag()
        status.batches += 1
        if (last.seqno >= head.seqno) status.state = 'following'
        backoff = firstBackoff
        await options.afterBatch?.(blocks)
        settle()
      } catch (error) {
        if (closed) break
        if (!isRetryable(error)) {
          status.state = 'failed'
          status.error = error instanceof Error ? error.message : String(error)
          options.onFatal?.(error)
          settle(error)
          throw error
        }
        // Only the source failed: the session holds exactly what the store holds.
        status.retries += 1
        const hinted = error.retryAfterMs
        const delay =
          hinted !== undefined ? Math.min(maxBackoff, hinted) : backoff * (0.5 + Math.random())
        backoff = Math.min(maxBackoff, backoff * 2)
        options.onRetry?.(error, delay)
        await sleep(delay)
      }
    }
    status.state = 'stopped'
  }
  const done = loop()
  // `done` is observed by whoever awaits it; an unobserved failure must not crash the process
  // before `onFatal` reported it.
  done.catch(() => {})

  return {
    get status() {
      return { ...status }
    },
    indexed(seqno) {
      if (status.state === 'failed') return Promise.reject(new Error(status.error))
      if (seqno <= status.index.seqno) return Promise.resolve()
      return new Promise((resolve, reject) => waiters.push({ seqno, resolve, reject }))
    },
    done,
    async close() {
      closed = true
      wake?.()
      await done.catch(() => {})
      await source.close?.()
    },
  }
}

/** The blocks' transactions in order, each with its block. */
function* transactionsOf(blocks: readonly SourceBlock[]): Iterable<BlockTransaction> {
  for (const block of blocks) {
    const at = { seqno: block.seqno, now: block.now }
    for (const transaction of block.transactions) yield { transaction, block: at }
  }
}

/** A source must answer blocks `after + 1, after + 2, …` with none left out. */
function checkContiguous(after: number, blocks: readonly SourceBlock[], source: string): void {
  let expected = after + 1
  for (const block of blocks) {
    if (block.seqno !== expected) {
      throw new FatalSourceError({
        code: 'SOURCE_INVALID_DATA',
        message: `${source} answered block ${block.seqno} where block ${expected} was due.`,
      })
    }
    expected += 1
  }
}
