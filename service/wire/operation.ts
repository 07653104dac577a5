import type { OperationRow } from '../../store/rows/historyRows.js'
import type { Store } from '../../store/Store.js'
import { toWireAsset } from './asset.js'

/**
 * An operation on the wire (`OperationStat`, `wire-contract.md` §4.6): amounts as decimal
 * strings, `pool_tx_lt` an integer, `wallet_tx_lt` a string.
 *
 * @example
 * ```ts
 * toWireOperation(op).asset1_delta // '-1992015968'
 * ```
 */
export function toWireOperation(op: OperationRow) {
  return {
    pool_tx_hash: op.poolTxHash,
    pool_address: op.poolAddress,
    router_address: op.routerAddress,
    pool_tx_lt: Number(op.poolTxLt),
    pool_tx_timestamp: op.poolTxTimestamp,
    destination_wallet_address: op.destinationWalletAddress,
    operation_type: op.operationType,
    success: op.success,
    exit_code: op.exitCode,
    asset0_address: op.asset0Address,
    asset0_amount: op.asset0Amount.toString(),
    asset0_delta: op.asset0Delta.toString(),
    asset0_reserve: op.asset0Reserve.toString(),
    asset1_address: op.asset1Address,
    asset1_amount: op.asset1Amount.toString(),
    asset1_delta: op.asset1Delta.toString(),
    asset1_reserve: op.asset1Reserve.toString(),
    lp_token_delta: op.lpTokenDelta.toString(),
    lp_token_supply: op.lpTokenSupply.toString(),
    fee_asset_address: op.feeAssetAddress,
    lp_fee_amount: op.lpFeeAmount.toString(),
    protocol_fee_amount: op.protocolFeeAmount.toString(),
    referral_fee_amount: op.referralFeeAmount.toString(),
    referral_address: op.referralAddress,
    wallet_address: op.walletAddress,
    wallet_tx_hash: op.walletTxHash,
    wallet_tx_lt: op.walletTxLt.toString(),
    wallet_tx_timestamp: op.walletTxTimestamp,
  }
}

/**
 * Operations as the operation lists send them: each with the wire form of both its assets
 * (`null` for an asset the store does not know), in the given order.
 *
 * @example
 * ```ts
 * const [first] = await toWireOperationsWithAssets(store, [op])
 * first.asset0_info?.symbol // 'TON'
 * ```
 */
export async function toWireOperationsWithAssets(
  store: Pick<Store, 'getAsset'>,
  ops: readonly OperationRow[],
) {
  // Each asset is built once per call: a page of operations names few distinct assets.
  const built = new Map<string, ReturnType<typeof toWireAsset> | null>()
  const info = async (address: string) => {
    const known = built.get(address)
    if (known !== undefined) return known
    const row = await store.getAsset(address)
    const wire = row === undefined ? null : toWireAsset(row)
    built.set(address, wire)
    return wire
  }
  const out = []
  for (const op of ops) {
    out.push({
      operation: toWireOperation(op),
      asset0_info: await info(op.asset0Address),
      asset1_info: await info(op.asset1Address),
    })
  }
  return out
}
