import type { LiveChain } from '../../chain/LiveChain.js'

/**
 * `--block-time <s>`: makes a block without transactions whenever the chain made none for
 * `seconds`, so followers that read below the newest block (TonWeb's `BlockSubscription`) see
 * the chain move while nobody sends anything. Returns the function that stops it.
 *
 * @example
 * ```ts
 * const stop = mineWhenIdle(chain, 5) // a block at least every 5 s
 * stop()
 * ```
 */
export function mineWhenIdle(chain: LiveChain, seconds: number): () => void {
  let last = performance.now()
  const stopListening = chain.onBlock(() => {
    last = performance.now()
  })
  const timer = setInterval(
    () => {
      if (performance.now() - last < seconds * 1000) return
      last = performance.now()
      // A closed chain refuses: the exchange is stopping and clears this timer.
      chain.mine(1).catch(() => undefined)
    },
    Math.max(10, (seconds * 1000) / 4),
  )
  timer.unref()
  return () => {
    clearInterval(timer)
    stopListening()
  }
}
