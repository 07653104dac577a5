import type { Address, Message, Transaction } from '@ton/core'
import { opOf } from '../protocol/decode/decodeBody.js'

/**
 * A transaction's account as an address-comparable key (`0:hex`).
 *
 * @example
 * ```ts
 * accountKey(tx) // '0:5e25c9021358bbe042ff971c8634cc84d5a05208537aaf18f65c6b0b680df26e'
 * ```
 */
export function accountKey(tx: Transaction): string {
  return `0:${tx.address.toString(16).padStart(64, '0')}`
}

/**
 * `0:hex` key of an address, comparable with {@link accountKey}.
 *
 * @example
 * ```ts
 * addressKey(pool.address) === accountKey(tx) // the transaction ran on the pool
 * ```
 */
export function addressKey(address: Address): string {
  return address.toRawString()
}

/**
 * The outgoing internal messages of a transaction, in order.
 *
 * @example
 * ```ts
 * outMessages(tx).length // 1 for a pool's swap: its pay_to
 * ```
 */
export function outMessages(tx: Transaction): Message[] {
  return [...tx.outMessages.values()]
}

/**
 * A transaction whose compute or action phase failed, with the exit code.
 *
 * @example
 * ```ts
 * // { account: '0:…', exitCode: 86, op: 0x297437cf, bounced: false }
 * ```
 */
export type FailedTransaction = {
  /** `0:hex` of the account. */
  readonly account: string
  readonly exitCode: number
  /** Op of the incoming message, if any. */
  readonly op: number | undefined
  readonly bounced: boolean
}

/**
 * The transactions of a batch that failed (compute exit code not 0/1, or a failed action phase).
 *
 * @example
 * ```ts
 * failedTransactions(receipt.transactions) // [] for a successful swap
 * ```
 */
export function failedTransactions(txs: readonly Transaction[]): FailedTransaction[] {
  const failed: FailedTransaction[] = []
  for (const tx of txs) {
    if (tx.description.type !== 'generic') continue
    const compute = tx.description.computePhase
    const action = tx.description.actionPhase
    const inBody = tx.inMessage?.body
    const bounced = tx.inMessage?.info.type === 'internal' && tx.inMessage.info.bounced
    let exitCode: number | undefined
    if (compute.type === 'vm' && compute.exitCode !== 0 && compute.exitCode !== 1) {
      exitCode = compute.exitCode
    } else if (action !== undefined && action !== null && !action.success) {
      exitCode = action.resultCode
    }
    if (exitCode !== undefined) {
      failed.push({
        account: accountKey(tx),
        exitCode,
        op: inBody === undefined ? undefined : opOf(inBody),
        bounced,
      })
    }
  }
  return failed
}

/**
 * Every outgoing message of `txs` sent by `from`, with the sending transaction.
 *
 * @example
 * ```ts
 * messagesFrom(txs, pool.address).length // 1: the pool's pay_to
 * ```
 */
export function messagesFrom(
  txs: readonly Transaction[],
  from: Address,
): { tx: Transaction; message: Message }[] {
  const key = addressKey(from)
  const found: { tx: Transaction; message: Message }[] = []
  for (const tx of txs) {
    if (accountKey(tx) !== key) continue
    for (const message of outMessages(tx)) found.push({ tx, message })
  }
  return found
}

/**
 * The transactions of `txs` on account `address`.
 *
 * @example
 * ```ts
 * transactionsOn(txs, router.address).length // 2 for a v2 swap: notification and pay_to
 * ```
 */
export function transactionsOn(txs: readonly Transaction[], address: Address): Transaction[] {
  const key = addressKey(address)
  return txs.filter((tx) => accountKey(tx) === key)
}
