import type { Address, Transaction } from '@ton/core'
import { messagesFrom } from '../../../emulator/transactions.js'
import { decodeBodyAs, opOf } from '../../../protocol/decode/decodeBody.js'

/** The TON amount a router's pTON wallet paid to `to` (ton_transfer for v2, notification for v1). */
export function tonPaid(
  txs: readonly Transaction[],
  ptonWallet: Address,
  to: Address,
  op: number,
): bigint {
  for (const { message } of messagesFrom(txs, ptonWallet)) {
    if (message.info.type !== 'internal' || !message.info.dest.equals(to)) continue
    if (opOf(message.body) !== op) continue
    const paid = decodeBodyAs(message.body, 'pton_v2.ton_transfer', 'jetton.transfer_notification')
    if (paid === undefined) continue
    return paid.type === 'pton_v2.ton_transfer' ? paid.tonAmount : paid.amount
  }
  return -1n
}
