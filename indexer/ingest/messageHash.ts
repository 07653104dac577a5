import { beginCell, type Message, storeMessage } from '@ton/core'

/**
 * Hex hash of a message's cell (the standard TON message hash), which links an outbound
 * message of one transaction to the inbound message of the next.
 *
 * @example
 * ```ts
 * messageHash(tx.inMessage) // '9f3c…' (64 hex digits)
 * ```
 */
export function messageHash(message: Message): string {
  return beginCell().store(storeMessage(message)).endCell().hash().toString('hex')
}
