import type { Transaction } from '@ton/core'
import type { UpstreamHead } from '../../upstream/tonApiWire.js'

/**
 * One block as a chain source delivers it: its number (the masterchain seqno that made it
 * final), its time, and its transactions that matter to the exchange in ascending logical time
 * (a source may leave out what cannot concern the index, never a part of what can).
 *
 * @example
 * ```ts
 * const block: SourceBlock = { seqno: 1531, now: 1_764_064_807, transactions: [walletTx, routerTx] }
 * ```
 */
export type SourceBlock = {
  readonly seqno: number
  /** Block time, unix seconds. */
  readonly now: number
  readonly transactions: readonly Transaction[]
}

/**
 * The newest block a source can deliver whole (final), with its time.
 *
 * @example
 * ```ts
 * const head: SourceHead = { seqno: 1540, now: 1_764_064_811 }
 * ```
 */
export type SourceHead = UpstreamHead

/**
 * Where transactions come from: the local live chain, or a remote TON API (toncenter v2/v3,
 * another ton-dex-lab). The follower asks for the head, then for the blocks after its cursor,
 * in order; a source answers a contiguous run of blocks starting right after `after` (fewer
 * than asked when it pages), or throws a {@link RetryableSourceError} (ask again later) or a
 * `FatalSourceError` (it delivered wrong data). It never skips a block.
 *
 * @example
 * ```ts
 * const head = await source.head() // { seqno: 1540, now: 1_764_064_811 }
 * const blocks = await source.blocks(1531, head.seqno) // blocks 1532, 1533, … (a prefix of 1532…1540)
 * ```
 */
export interface ChainSource {
  /** What the source reads, for status and logs (e.g. `'local chain'`, an upstream URL). */
  readonly description: string
  /** The newest final block. Never lower than an answer it gave before. */
  head(): Promise<SourceHead>
  /** Blocks `after + 1 … until` or a prefix of them, in order. */
  blocks(after: number, until: number): Promise<readonly SourceBlock[]>
  /**
   * Resolves when a block after `seqno` may exist, or after `timeoutMs` (a push source wakes
   * at once; a polling one waits its poll interval).
   */
  waitForBlock(seqno: number, timeoutMs: number): Promise<void>
  /** Requests made and retried so far (remote sources; 0 for a local one). */
  readonly stats?: { readonly requests: number; readonly retries: number } | undefined
  /** Releases the source (stops waits, timers and connections). */
  close?(): Promise<void> | void
}
