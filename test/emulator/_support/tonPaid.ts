import type { Address, Cell, Transaction } from '@ton/core'
import { messagesFrom, opOf } from '../../../emulator/transactions.js'

/** The TON amount a router's pTON wallet paid to `to` (ton_transfer for v2, notification for v1). */
export function tonPaid(
  txs: readonly Transaction[],
  ptonWallet: Address,
  to: Address,
  op: number,
): bigint {
  for (const { message } of messagesFrom(txs, ptonWallet)) {
    if (message.info.type !== 'internal' || !message.info.dest.equals(to)) continue
    if (opOf(message.body as Cell) !== op) continue
    const s = message.body.beginParse()
    s.skip(32 + 64)
    return s.loadCoins()
  }
  return -1n
}
