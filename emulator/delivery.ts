import type { Address, Transaction } from '@ton/core'
import { decodeBodyAs } from '../protocol/decode/decodeBody.js'
import type { DexWorld } from './DexWorld.js'
import type { LocalAsset } from './model.js'
import { addressKey, failedTransactions, messagesFrom, transactionsOn } from './transactions.js'

/**
 * What reached `receiver` in the batch: jettons credited to its wallet, or the TON amount of the
 * router's pTON wallet payout (`ton_transfer` for pTON v2, `transfer_notification` for v1).
 *
 * @example
 * ```ts
 * await deliveredTo(world, txs, usdt, alice.address, routerUsdtWallet) // 298_802_394n
 * ```
 */
export async function deliveredTo(
  world: DexWorld,
  txs: readonly Transaction[],
  asset: LocalAsset,
  receiver: Address,
  routerAssetWallet: Address,
): Promise<bigint> {
  if (asset.kind === 'jetton') {
    const wallet = await world.walletAddress(asset.minter, receiver)
    const failed = new Set(failedTransactions(txs).map((f) => f.account))
    if (failed.has(addressKey(wallet))) return 0n
    return transactionsOn(txs, wallet).reduce((sum, tx) => {
      return sum + (decodeBodyAs(tx.inMessage?.body, 'jetton.internal_transfer')?.amount ?? 0n)
    }, 0n)
  }
  let total = 0n
  for (const { message } of messagesFrom(txs, routerAssetWallet)) {
    if (message.info.type !== 'internal' || !message.info.dest.equals(receiver)) continue
    if (asset.version === 'v2') {
      total += decodeBodyAs(message.body, 'pton_v2.ton_transfer')?.tonAmount ?? 0n
    } else {
      total += decodeBodyAs(message.body, 'jetton.transfer_notification')?.amount ?? 0n
    }
  }
  return total
}

/**
 * A router's refusal: the jettons it sent back with an inline 32-bit code (0 when none).
 *
 * @example
 * ```ts
 * routerRefusal(txs, router.address) // { exitCode: 0x0f5681d3, amount: 1000000n } (tx expired)
 * ```
 */
export function routerRefusal(
  txs: readonly Transaction[],
  router: Address,
): { exitCode: number; amount: bigint } {
  for (const { message } of messagesFrom(txs, router)) {
    const transfer = decodeBodyAs(message.body, 'jetton.transfer')
    if (transfer?.inlineExitCode !== undefined) {
      return { exitCode: transfer.inlineExitCode, amount: transfer.amount }
    }
  }
  return { exitCode: 0, amount: 0n }
}
