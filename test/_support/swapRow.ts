import type { BlockRef, OperationRow } from '../../store/rows/historyRows.js'

/**
 * A stored TON → USDT swap of 1 TON on a constant-product pool (`EQpool`), for store tests: the
 * pool transaction `hash` at `lt` and `timestamp`, alice's wallet transaction one lt before,
 * with `block` when given.
 */
export function swapRow(
  hash: string,
  lt: bigint,
  timestamp = '2026-11-01T10:00:00',
  block?: BlockRef,
): OperationRow {
  return {
    poolTxHash: hash,
    poolAddress: 'EQpool',
    routerAddress: 'EQrouter',
    poolTxLt: lt,
    poolTxTimestamp: timestamp,
    destinationWalletAddress: 'EQalice',
    operationType: 'Swap',
    success: true,
    exitCode: 'swap_ok',
    asset0Address: 'EQton',
    asset0Amount: 1_000_000_000n,
    asset0Delta: 1_000_000_000n,
    asset0Reserve: 1_001_000_000_000n,
    asset1Address: 'EQusdt',
    asset1Amount: 1_992_015_968n,
    asset1Delta: -1_994_009_978n,
    asset1Reserve: 1_998_005_990_022n,
    lpTokenDelta: 0n,
    lpTokenSupply: 1_414_213_562_373n,
    feeAssetAddress: 'EQusdt',
    lpFeeAmount: 2_000_000n,
    protocolFeeAmount: 1_994_010n,
    referralFeeAmount: 0n,
    referralAddress: null,
    walletAddress: 'EQalice',
    walletTxHash: `w${hash}`,
    walletTxLt: lt - 1n,
    walletTxTimestamp: timestamp,
    ...(block === undefined ? {} : { block }),
  }
}
