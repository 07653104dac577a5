/**
 * The live chain's clock: a source of unix seconds (the wall clock, or the demo history's
 * clock) plus the time-travel offset that `POST /local/time` sets. The one place the chain's
 * time travel lives: the chain stamps each block `max(last block, now())`, so moving the offset
 * never makes a block earlier than the one before it. Not persisted: a restarted chain starts
 * from its last block's time and the source's.
 *
 * @example
 * ```ts
 * const clock = new ChainClock(() => 1_764_000_000)
 * clock.aim(1_764_086_400) // a day later
 * clock.now() // 1_764_086_400
 * clock.offset // 86_400
 * ```
 */
export class ChainClock {
  private readonly source: () => number
  private shift = 0

  constructor(source: () => number) {
    this.source = source
  }

  /** Unix seconds now: the source's whole seconds plus the offset. */
  now(): number {
    return Math.floor(this.source()) + this.shift
  }

  /** Seconds added to the source by time travel (0 when none). */
  get offset(): number {
    return this.shift
  }

  /**
   * Sets the offset so that {@link ChainClock.now} reads `time` now (and runs on from there).
   * The caller checks it is not before the chain's last block.
   */
  aim(time: number): void {
    this.shift = time - Math.floor(this.source())
  }

  /** Restores an offset read earlier (a reverted snapshot's). */
  restore(offset: number): void {
    this.shift = offset
  }
}
