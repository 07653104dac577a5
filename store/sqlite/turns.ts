/** What {@link createTurns} returns. */
export type Turns = {
  /**
   * Runs `work` when its turn comes: one piece of work at a time, each started from its own
   * event-loop turn, going round the lanes that have work waiting (in arrival order within a
   * lane). Resolves with what `work` returned; a throw rejects this call only.
   */
  take<T>(lane: string, work: () => T): Promise<T>
  /** Pieces of work waiting for their turn now (the running one excluded). */
  waiting(): number
}

/**
 * Turns for the SQLite store's long reads (the statistics' aggregates). better-sqlite3's
 * queries are synchronous: fifty 30-day aggregates started together would hold the event loop
 * for all of their queries before any other request is read. So each aggregate call waits for
 * its turn: one at a time, each from its own event-loop turn (requests that arrived meanwhile
 * are read in between), round the lanes — one per aggregate method — so a call of another
 * method waits for at most one call of each busy method, however many of them are queued,
 * and no lane waits forever. Other reads (one page of a list, a wallet's rows) take no turn:
 * they cost one page at most.
 *
 * @example
 * ```ts
 * const turns = createTurns()
 * const totals = await turns.take('poolSwapTotals', () => aggregates.poolSwapTotals(window))
 * ```
 */
export function createTurns(): Turns {
  const lanes = new Map<string, (() => void)[]>()
  const rotation: string[] = []
  let busy = false
  let queued = 0
  const next = () => {
    const lane = rotation.shift()
    const queue = lane === undefined ? undefined : lanes.get(lane)
    const start = queue?.shift()
    if (lane === undefined || queue === undefined || start === undefined) {
      busy = false
      return
    }
    if (queue.length > 0) rotation.push(lane)
    else lanes.delete(lane)
    queued--
    start()
  }
  return {
    take<T>(lane: string, work: () => T): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          try {
            resolve(work())
          } catch (error) {
            reject(error)
          } finally {
            setImmediate(next)
          }
        }
        const queue = lanes.get(lane)
        if (queue === undefined) {
          lanes.set(lane, [start])
          rotation.push(lane)
        } else {
          queue.push(start)
        }
        queued++
        if (!busy) {
          busy = true
          setImmediate(next)
        }
      })
    },
    waiting: () => queued,
  }
}
