import type { Transaction } from '@ton/core'
import { normalizedExternalHash } from '../../protocol/externalMessageHash.js'

/**
 * The hashes (hex) a transaction's external-in message is tracked by: the message cell as it
 * was sent, and its normalized hash (TEP-467: no source, zero import fee, no state init, the
 * body in a reference), which TON Connect users compute from the BoC they sent. Empty for a
 * transaction started by an internal message (or none).
 *
 * @example
 * ```ts
 * externalMessageHashes(walletTx) // ['5f0e…' (as sent), '4b1c…' (normalized)]
 * ```
 */
export function externalMessageHashes(tx: Transaction): string[] {
  const message = tx.inMessage
  if (message?.info.type !== 'external-in') return []
  const normalized = normalizedExternalHash(message.info.dest, message.body).toString('hex')
  // The cell as sent: the transaction's first reference holds `in_msg:(Maybe ^Message)`.
  const sent = tx.raw.refs[0]?.beginParse().loadMaybeRef()?.hash().toString('hex')
  return sent === undefined || sent === normalized ? [normalized] : [sent, normalized]
}
