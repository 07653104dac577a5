import type { Cell } from '@ton/core'
import type { IExecutor } from '@ton/sandbox'

/**
 * What the executor receives for one transaction, as a tap sees it: the account's state before
 * the transaction (the sandbox's own base64 `ShardAccount`, not a copy) and the in-message.
 *
 * @example
 * ```ts
 * const run: TransactionInput = { shardAccount: 'te6cckEBAQEA…', message: inMessageCell }
 * ```
 */
export type TransactionInput = {
  readonly shardAccount: string
  readonly message: Cell
}

/**
 * Called before each transaction the executor runs (a dry run's too: the tap's owner tells
 * those apart itself).
 *
 * @example
 * ```ts
 * const tap: TransactionTap = ({ message }) => console.log(message.hash().toString('hex'))
 * ```
 */
export type TransactionTap = (input: TransactionInput) => void

/** The `@ton/sandbox` executor's `runTransaction`. */
type RunTransaction = IExecutor['runTransaction']

/** Per executor, the tap of the newest owner (a chain reopened on the same sandbox replaces it). */
const taps = new WeakMap<object, TransactionTap>()

/** Executors already wrapped: each is wrapped once, however many times it is tapped. */
const wrapped = new WeakSet<object>()

/**
 * Taps a sandbox executor's `runTransaction`: before each transaction it runs, `tap` sees the
 * account state and the message it was given, and the event loop gets a turn.
 *
 * Why a patch: `@ton/sandbox` hands the executor each account's state as its own serialized
 * `ShardAccount` and offers no hook before a transaction, and the live chain needs both the state
 * an account had before its first transaction of a block (reads at older blocks) and a turn of
 * the event loop between the transactions of a message chain. The executor is synchronous
 * WebAssembly behind promises, so a message chain (a swap is 8–12 transactions) would otherwise
 * hold the process for its whole length and every HTTP request would wait for it; with a turn
 * between transactions a request waits at most for one transaction.
 *
 * The executor is wrapped once (a WeakSet remembers it) and keeps yielding for its life; the tap
 * is kept per executor in a WeakMap, the newest replacing an older one. The returned function
 * removes `tap` if it is still the executor's (a newer one stays).
 *
 * @example
 * ```ts
 * const untap = tapExecutor(blockchain.executor, ({ shardAccount }) => seen.push(shardAccount))
 * await treasury.send({ to: bob, value: toNano('1') }) // seen.length === 2: treasury and bob
 * untap()
 * ```
 */
export function tapExecutor(executor: IExecutor, tap: TransactionTap): () => void {
  if (!wrapped.has(executor)) {
    wrapped.add(executor)
    const run: RunTransaction = executor.runTransaction.bind(executor)
    executor.runTransaction = async (args) => {
      taps.get(executor)?.(args)
      await new Promise((resolve) => setImmediate(resolve))
      return run(args)
    }
  }
  taps.set(executor, tap)
  return () => {
    if (taps.get(executor) === tap) taps.delete(executor)
  }
}
