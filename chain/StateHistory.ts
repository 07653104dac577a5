/**
 * The account states of recent blocks, so the chain can answer an account "at block `s`"
 * (toncenter's `seqno` parameter) after later blocks changed it. For every block that changed
 * accounts it keeps each such account's state just before the block (its `ShardAccount` as the
 * sandbox's base64 bag of cells, or `null` for an account that did not exist). The state of an
 * account at block `s` is then the state kept before the first later block that changed it, or
 * its state now when no later block did. Only the newest blocks are kept (at most `maxBlocks`
 * blocks that changed something and `maxBytes` of kept states); an older block is "pruned" and
 * {@link StateHistory.at} says so.
 *
 * @example
 * ```ts
 * const history = new StateHistory({ floor: 0 })
 * history.add(1, new Map([['0:AB…', null]]))   // block 1 created 0:AB…
 * history.at('0:AB…', 0) // { kind: 'kept', state: null }: it did not exist at block 0
 * history.at('0:AB…', 1) // { kind: 'current' }: unchanged since block 1
 * ```
 */
export class StateHistory {
  private readonly maxBlocks: number
  private readonly maxBytes: number
  /** Per account (raw form), the states before each block that changed it, oldest first. */
  private readonly byAccount = new Map<string, { seqno: number; before: string | null }[]>()
  /** The kept blocks, oldest first, with the accounts each changed and the bytes it keeps. */
  private readonly blocks: { seqno: number; accounts: string[]; bytes: number }[] = []
  private bytes = 0
  private oldest: number

  /**
   * @param floor The oldest block whose states can be answered (the chain's head when nothing is
   *   kept yet).
   */
  constructor({
    floor,
    maxBlocks = DEFAULT_STATE_HISTORY_BLOCKS,
    maxBytes = DEFAULT_STATE_HISTORY_BYTES,
  }: {
    floor: number
    maxBlocks?: number | undefined
    maxBytes?: number | undefined
  }) {
    this.oldest = floor
    this.maxBlocks = maxBlocks
    this.maxBytes = maxBytes
  }

  /** The oldest block whose account states can be answered. */
  get floor(): number {
    return this.oldest
  }

  /**
   * Records block `seqno`: the state of each account it changed just before it (`null`: the
   * account did not exist). Blocks come in seqno order.
   */
  add(seqno: number, before: ReadonlyMap<string, string | null>): void {
    if (before.size === 0) return
    let bytes = 0
    for (const [account, state] of before) {
      let list = this.byAccount.get(account)
      if (list === undefined) {
        list = []
        this.byAccount.set(account, list)
      }
      list.push({ seqno, before: state })
      bytes += state?.length ?? 0
    }
    this.blocks.push({ seqno, accounts: [...before.keys()], bytes })
    this.bytes += bytes
    while (
      this.blocks.length > 0 &&
      (this.blocks.length > this.maxBlocks || this.bytes > this.maxBytes)
    ) {
      this.pruneOldest()
    }
  }

  /**
   * Forgets everything: only states from block `floor` on can be answered (a revert, or an
   * account changed without a recorded prior state).
   */
  reset(floor: number): void {
    this.byAccount.clear()
    this.blocks.length = 0
    this.bytes = 0
    this.oldest = floor
  }

  /**
   * The state of `account` at block `seqno` (at or before the head): `kept` with the state (or
   * `null`: it did not exist), `current` when no later block changed it, `pruned` when blocks
   * after `seqno` are no longer kept.
   */
  at(
    account: string,
    seqno: number,
  ): { kind: 'kept'; state: string | null } | { kind: 'current' } | { kind: 'pruned' } {
    if (seqno < this.oldest) return { kind: 'pruned' }
    const list = this.byAccount.get(account)
    if (list === undefined) return { kind: 'current' }
    // the first change after `seqno` (binary search: seqnos grow)
    let lo = 0
    let hi = list.length
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (list[mid]!.seqno > seqno) hi = mid
      else lo = mid + 1
    }
    const change = list[lo]
    return change === undefined ? { kind: 'current' } : { kind: 'kept', state: change.before }
  }

  /** Number of kept blocks and bytes of kept states. */
  get size(): { blocks: number; bytes: number } {
    return { blocks: this.blocks.length, bytes: this.bytes }
  }

  private pruneOldest(): void {
    const block = this.blocks.shift()!
    for (const account of block.accounts) {
      const list = this.byAccount.get(account)
      if (list === undefined) continue
      // the oldest block is the first entry of each of its accounts
      if (list[0]?.seqno === block.seqno) list.shift()
      if (list.length === 0) this.byAccount.delete(account)
    }
    this.bytes -= block.bytes
    this.oldest = block.seqno
  }
}

/**
 * Blocks that changed accounts whose prior states a chain keeps by default.
 *
 * @example
 * ```ts
 * await LiveChain.open({ stateHistory: { maxBlocks: DEFAULT_STATE_HISTORY_BLOCKS } }) // 1 000
 * ```
 */
export const DEFAULT_STATE_HISTORY_BLOCKS = 1_000

/**
 * Bytes of prior account states (base64 text) a chain keeps by default: 64 MiB.
 *
 * @example
 * ```ts
 * DEFAULT_STATE_HISTORY_BYTES // 67_108_864
 * ```
 */
export const DEFAULT_STATE_HISTORY_BYTES = 64 * 1024 * 1024
