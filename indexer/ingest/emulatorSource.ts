import type { Transaction } from '@ton/core'

/** Something that streams transactions, like `LocalDex.onTransactions`. */
export type TransactionStream = {
  onTransactions(listener: (transactions: readonly Transaction[]) => void): () => void
}

/**
 * An async-iterable source over a live transaction stream (the emulator's `onTransactions`):
 * it buffers what the stream delivers and ends once {@link EmulatorSource.close} was called and
 * the buffer is drained.
 *
 * @example
 * ```ts
 * const source = emulatorSource(dex)
 * const run = createIndexer({ store, source }).run()
 * await dex.swap(router, { from: alice, offer: usdt, ask: ton, amount: 1_000_000n })
 * source.close()
 * await run // { transactions: 12, operations: 1, … }
 * ```
 */
export type EmulatorSource = AsyncIterable<Transaction> & { close(): void }

/**
 * Subscribes to a transaction stream; see {@link EmulatorSource}.
 *
 * @example
 * ```ts
 * const source = emulatorSource(await createLocalDex())
 * ```
 */
export function emulatorSource(stream: TransactionStream): EmulatorSource {
  const buffer: Transaction[] = []
  let closed = false
  let wake: (() => void) | undefined
  const stop = stream.onTransactions((txs) => {
    buffer.push(...txs)
    wake?.()
  })
  return {
    close() {
      closed = true
      stop()
      wake?.()
    },
    async *[Symbol.asyncIterator]() {
      for (;;) {
        if (buffer.length > 0) {
          yield* buffer.splice(0, buffer.length)
          continue
        }
        if (closed) return
        await new Promise<void>((resolve) => {
          wake = resolve
        })
        wake = undefined
      }
    },
  }
}
