import type { Cell } from '@ton/core'
import { OP_CODES } from '../opCodes.js'

const BOUNCE_PREFIX = 0xffffffff
const RESTORED_OPS: ReadonlySet<number> = new Set([
  OP_CODES.jettonInternalTransfer,
  OP_CODES.v1BurnNotification, // TEP-74 burn_notification, also DEX v1 LP wallets'
  OP_CODES.v2BurnNotificationExt,
])

/**
 * The jettons a bounced message gives back to the wallet that sent it: a bounced body is
 * `0xffffffff` followed by the start of the original body, and a TEP-74 wallet restores the
 * amount of a bounced `internal_transfer` or burn notification (`burn_notification`, DEX v2
 * `burn_notification_ext`) — `op query_id:uint64 amount:Coins`, all within the 256 bits kept.
 * Returns `undefined` for any other bounced body.
 *
 * @example
 * ```ts
 * readBouncedJettons(tx.inMessage.body) // 1_000_000n for a bounced internal_transfer of 1 USDT
 * ```
 */
export function readBouncedJettons(body: Cell): bigint | undefined {
  try {
    const s = body.beginParse()
    if (s.remainingBits < 32 + 32 + 64 + 4 || s.loadUint(32) !== BOUNCE_PREFIX) return undefined
    if (!RESTORED_OPS.has(s.loadUint(32))) return undefined
    s.skip(64)
    return s.loadCoins()
  } catch {
    return undefined
  }
}
