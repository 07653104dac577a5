import { beginCell, type Message, storeMessage } from '@ton/core'

/**
 * The identity of a message, which links an outbound message of one transaction to the inbound
 * message of the next. An internal message is identified by its sender and its `created_lt`
 * (logical time is unique per account, so no two messages of one sender share it) — read
 * straight off the message, with no serialization or hashing. Any other message (an external
 * one) falls back to the hash of its cell.
 *
 * @example
 * ```ts
 * messageKey(tx.inMessage) // '0:3f…a1:1000005' (sender, created_lt)
 * ```
 */
export function messageKey(message: Message): string {
  const { info } = message
  if (info.type === 'internal') return `${info.src.toRawString()}:${info.createdLt}`
  return beginCell().store(storeMessage(message)).endCell().hash().toString('hex')
}
