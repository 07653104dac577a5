/**
 * One line of progress on a text stream: on a terminal it is redrawn in place (at most four
 * times a second); otherwise (a pipe, a log file, a container's console) a line is printed at
 * most every `everyMs` (default 5 s), so a log shows progress without flooding.
 *
 * @example
 * ```ts
 * const line = progressLine(process.stderr)
 * line.show('follow: block 2 900 of 3 021 (96 %), 45 tx/s, about 3 s left')
 * line.done('follow: caught up with block 3 021 in 41 s')
 * ```
 */
export function progressLine(
  stream: { write(text: string): unknown; isTTY?: boolean | undefined },
  options: { readonly everyMs?: number; readonly now?: () => number } = {},
): { show(text: string): void; done(text: string): void } {
  const tty = stream.isTTY === true
  const now = options.now ?? Date.now
  const every = tty ? 250 : (options.everyMs ?? 5_000)
  let last = Number.NEGATIVE_INFINITY
  let drawn = false
  return {
    show(text) {
      const t = now()
      if (t - last < every) return
      last = t
      if (tty) {
        stream.write(`\r${text}\u001b[K`)
        drawn = true
      } else stream.write(`${text}\n`)
    },
    done(text) {
      stream.write(tty && drawn ? `\r${text}\u001b[K\n` : `${text}\n`)
      drawn = false
    },
  }
}

/** What {@link catchUpProgress} reads each second. */
export type CatchUpSample = {
  /** The follower's state (`catching-up` while it reports). */
  readonly state: string
  readonly index: number
  readonly head?: number | undefined
  /** Transactions indexed so far (a running total). */
  readonly transactions: number
}

/**
 * The text of a follower's catch-up: blocks done of the head, transactions a second, and the
 * time left at the rate so far (blocks a second since the catch-up began).
 *
 * @example
 * ```ts
 * catchUpText({ startIndex: 0, startTransactions: 0, seconds: 20 }, { state: 'catching-up', index: 1000, head: 3000, transactions: 9000 })
 * // 'follow: block 1000 of 3000 (33 %), 450 tx/s, 50 blocks/s, about 40 s left'
 * ```
 */
export function catchUpText(
  from: {
    readonly startIndex: number
    readonly startTransactions: number
    readonly seconds: number
  },
  now: CatchUpSample,
): string {
  const head = now.head ?? now.index
  const span = Math.max(1, head - from.startIndex)
  const done = Math.max(0, now.index - from.startIndex)
  // Nothing to measure a rate from yet: where it stands.
  if (done === 0 || from.seconds < 1) return `follow: catching up, block ${now.index} of ${head}`
  const percent = Math.min(100, Math.floor((done * 100) / span))
  const seconds = Math.max(0.001, from.seconds)
  const txRate = (now.transactions - from.startTransactions) / seconds
  const blockRate = done / seconds
  const left = blockRate > 0 ? (head - now.index) / blockRate : undefined
  return `follow: block ${now.index} of ${head} (${percent} %), ${rate(txRate)} tx/s, ${rate(blockRate)} blocks/s, ${left === undefined ? 'time left unknown' : `about ${duration(left)} left`}`
}

/**
 * Reports a follower's catch-up on `stream` once a second (see {@link progressLine}) until it
 * is following (one closing line then) or `stop()` is called; silent when it starts caught up.
 *
 * @example
 * ```ts
 * const stop = catchUpProgress(process.stderr, () => ({ ...follower.status, index: follower.status.index.seqno,
 *   head: follower.status.head?.seqno, transactions: indexedTransactions }))
 * ```
 */
export function catchUpProgress(
  stream: { write(text: string): unknown; isTTY?: boolean | undefined },
  sample: () => CatchUpSample,
  options: {
    readonly everyMs?: number
    readonly tickMs?: number
    /** The clock (default `Date.now`). */
    readonly now?: () => number
  } = {},
): () => void {
  const line = progressLine(stream, options)
  const clock = options.now ?? Date.now
  let start: { startIndex: number; startTransactions: number; at: number } | undefined
  let reported = false
  const tick = () => {
    const s = sample()
    if (s.state === 'catching-up') {
      start ??= { startIndex: s.index, startTransactions: s.transactions, at: clock() }
      const seconds = (clock() - start.at) / 1000
      line.show(catchUpText({ ...start, seconds }, s))
      reported = true
    } else if (s.state === 'following' && start !== undefined) {
      if (reported) {
        const seconds = (clock() - start.at) / 1000
        line.done(
          `follow: caught up with block ${s.index} in ${duration(seconds)} (${s.transactions - start.startTransactions} transactions)`,
        )
      }
      start = undefined
      reported = false
    }
  }
  const timer = setInterval(tick, options.tickMs ?? 1_000)
  timer.unref()
  return () => clearInterval(timer)
}

/**
 * Reports a fork's first start on `stream` while `loading()` says what it loads: the requests
 * made, their rate, the accounts loaded and the time so far; `stop(summary)` ends the line.
 *
 * @example
 * ```ts
 * const report = forkStartProgress(process.stderr, () => ({ step: 'the market at block 53012345', requests: client.stats.requests, accounts: storage.stats.loaded }))
 * report.stop() // 'fork: the market at block 53012345 read: 56 requests, 44 accounts in 6.1 s'
 * ```
 */
export function forkStartProgress(
  stream: { write(text: string): unknown; isTTY?: boolean | undefined },
  loading: () => { readonly step: string; readonly requests: number; readonly accounts: number },
  options: { readonly everyMs?: number; readonly tickMs?: number } = {},
): { stop(): void } {
  const line = progressLine(stream, options)
  const started = Date.now()
  const first = loading().requests
  let shown = false
  const text = () => {
    const now = loading()
    const seconds = (Date.now() - started) / 1000
    const requests = now.requests - first
    return {
      now,
      seconds,
      requests,
      line: `fork: loading ${now.step}: ${requests} requests (${rate(requests / Math.max(0.001, seconds))}/s), ${now.accounts} accounts, ${duration(seconds)}`,
    }
  }
  const timer = setInterval(() => {
    line.show(text().line)
    shown = true
  }, options.tickMs ?? 1_000)
  timer.unref()
  return {
    stop() {
      clearInterval(timer)
      const t = text()
      // A start that asked the upstream nothing (a restart) says nothing.
      if (shown || t.requests > 0) {
        line.done(
          `fork: ${t.now.step} read: ${t.requests} requests, ${t.now.accounts} accounts in ${duration(t.seconds)}`,
        )
      }
    },
  }
}

/** A rate with a sensible precision. */
function rate(value: number): string {
  return value >= 10 ? String(Math.round(value)) : value.toFixed(1)
}

/** Seconds as `41 s`, `3 min 20 s`, `2 h 5 min`. */
function duration(seconds: number): string {
  const s = Math.round(seconds)
  if (s < 60) return seconds < 10 ? `${seconds.toFixed(1)} s` : `${s} s`
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`
}
