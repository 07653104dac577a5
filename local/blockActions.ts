import { Address } from '@ton/core'
import type { ChainBlock } from '../chain/LiveChain.js'
import type { BlockActions } from '../chain/tonHttpApi/streaming.js'
import type { V3Json } from '../chain/tonHttpApi/v3/wire.js'
import type { OperationRow } from '../store/rows/historyRows.js'
import type { Store } from '../store/Store.js'

/** toncenter v3's action type of each DEX operation the indexer records (others have none). */
const ACTION_TYPES: Partial<Record<OperationRow['operationType'], string>> = {
  Swap: 'jetton_swap',
  AddLiquidity: 'dex_deposit_liquidity',
  WithdrawLiquidity: 'dex_withdraw_liquidity',
}

/**
 * The Streaming API's actions of a block, from the indexer's operations once the block is
 * indexed: a swap is toncenter v3's `jetton_swap` (the pool's incoming and outgoing transfer,
 * the sender), a provision `dex_deposit_liquidity`, a burn `dex_withdraw_liquidity`; each with
 * the v3 action envelope (`trace_id`, `action_id`, lts, times, `transactions`, `success`,
 * `accounts` raw upper-case).
 *
 * @example
 * ```ts
 * const actions = blockActions({ store, indexed: (seqno) => indexer.indexed(seqno) })
 * await actions(block) // [{ type: 'jetton_swap', details: { dex: 'stonfi_v2', … }, … }]
 * ```
 */
export function blockActions(context: {
  readonly store: Store
  indexed(seqno: number): Promise<void>
}): BlockActions {
  return async (block: ChainBlock) => {
    if (block.transactions.length === 0) return []
    await context.indexed(block.seqno)
    const hashes = block.transactions.map((tx) => tx.hash().toString('hex'))
    const operations = await context.store.listOperationsByPoolTx(hashes)
    const traceId = block.transactions[0]!.hash().toString('base64')
    const last = block.transactions.at(-1)!
    const actions: V3Json[] = []
    for (const op of operations) {
      const type = ACTION_TYPES[op.operationType]
      if (type === undefined) continue
      const wallet = raw(op.walletAddress)
      const pool = raw(op.poolAddress)
      const router = raw(op.routerAddress)
      const into0 = op.asset0Delta > 0n
      const [assetIn, amountIn, assetOut, amountOut] = into0
        ? [op.asset0Address, op.asset0Amount, op.asset1Address, op.asset1Amount]
        : [op.asset1Address, op.asset1Amount, op.asset0Address, op.asset0Amount]
      const details: V3Json =
        type === 'jetton_swap'
          ? {
              dex: 'stonfi',
              sender: wallet,
              asset_in: raw(assetIn),
              asset_out: raw(assetOut),
              dex_incoming_transfer: {
                amount: amountIn.toString(),
                asset: raw(assetIn),
                source: wallet,
                destination: router,
              },
              dex_outgoing_transfer: {
                amount: amountOut.toString(),
                asset: raw(assetOut),
                source: router,
                destination: wallet,
              },
              peer_swaps: [],
            }
          : {
              dex: 'stonfi',
              pool,
              sender: wallet,
              asset_1: raw(op.asset0Address),
              amount_1: op.asset0Amount.toString(),
              asset_2: raw(op.asset1Address),
              amount_2: op.asset1Amount.toString(),
              lp_tokens_minted: op.lpTokenDelta > 0n ? op.lpTokenDelta.toString() : null,
              lp_tokens_burnt: op.lpTokenDelta < 0n ? (-op.lpTokenDelta).toString() : null,
            }
      actions.push({
        trace_id: traceId,
        action_id: Buffer.from(op.poolTxHash, 'hex').toString('base64'),
        start_lt: op.walletTxLt.toString(),
        end_lt: op.poolTxLt.toString(),
        start_utime: block.now,
        end_utime: block.now,
        trace_end_lt: last.lt.toString(),
        trace_end_utime: block.now,
        trace_mc_seqno_end: block.seqno,
        transactions: [op.walletTxHash, op.poolTxHash]
          .filter((hash) => hash !== '')
          .map((hash) => Buffer.from(hash, 'hex').toString('base64')),
        success: op.success,
        type,
        details,
        accounts: [...new Set([wallet, pool, router])],
      })
    }
    return actions
  }
}

function raw(address: string): string {
  try {
    return Address.parse(address).toRawString().toUpperCase()
  } catch {
    return address
  }
}
