import { describe, expect, test } from 'vitest'
import type { OperationRow, OperationType } from '../../store/rows/historyRows.js'
import { signedAmounts, toWireOperation } from './operation.js'

const row = (
  operationType: OperationType,
  amounts: [bigint, bigint],
  deltas: [bigint, bigint] = [0n, 0n],
): OperationRow => ({
  ...{ poolTxHash: 'aa'.repeat(32), poolAddress: 'EQpool', routerAddress: 'EQrouter' },
  ...{ poolTxLt: 20n, poolTxTimestamp: '2023-11-14T22:13:20', destinationWalletAddress: 'EQu' },
  ...{ operationType, success: true, exitCode: 'ok', asset0Address: 'EQa', asset1Address: 'EQb' },
  ...{ asset0Amount: amounts[0], asset1Amount: amounts[1] },
  ...{ asset0Delta: deltas[0], asset1Delta: deltas[1], asset0Reserve: 1n, asset1Reserve: 1n },
  ...{ lpTokenDelta: 0n, lpTokenSupply: 1n, feeAssetAddress: null, lpFeeAmount: 0n },
  ...{ protocolFeeAmount: 0n, referralFeeAmount: 0n, referralAddress: null },
  ...{ walletAddress: 'EQu', walletTxHash: 'bb'.repeat(32), walletTxLt: 10n },
  walletTxTimestamp: '2023-11-14T22:13:20',
})

describe('signedAmounts: > 0 into the pool, < 0 out of it', () => {
  test('a swap: the input positive, the output negative, on either side', () => {
    // The reference swap: 1e9 token0 in, 1992015968 token1 out (reserve1 −(out + protocol fee)).
    const forward = row('Swap', [1_000_000_000n, 1_992_015_968n], [1_000_000_000n, -1_994_009_978n])
    expect(signedAmounts(forward)).toEqual({ asset0: 1_000_000_000n, asset1: -1_992_015_968n })
    const backward = row('Swap', [5n, 9n], [-6n, 9n])
    expect(signedAmounts(backward)).toEqual({ asset0: -5n, asset1: 9n })
  })

  test('a refunded swap carries its offered amount, positive', () => {
    expect(signedAmounts(row('Swap', [7n, 0n]))).toEqual({ asset0: 7n, asset1: 0n })
    expect(signedAmounts(row('Swap', [0n, 7n]))).toEqual({ asset0: 0n, asset1: 7n })
  })

  test('liquidity in is positive, liquidity and fees out negative, gas resets zero', () => {
    expect(signedAmounts(row('SendLiquidity', [3n, 4n]))).toEqual({ asset0: 3n, asset1: 4n })
    expect(signedAmounts(row('AddLiquidity', [3n, 4n]))).toEqual({ asset0: 3n, asset1: 4n })
    expect(signedAmounts(row('WithdrawLiquidity', [3n, 4n]))).toEqual({ asset0: -3n, asset1: -4n })
    expect(signedAmounts(row('RefundLiquidity', [3n, 0n]))).toEqual({ asset0: -3n, asset1: 0n })
    expect(signedAmounts(row('CollectFees', [3n, 4n]))).toEqual({ asset0: -3n, asset1: -4n })
    expect(signedAmounts(row('ResetGas', [0n, 0n]))).toEqual({ asset0: 0n, asset1: 0n })
  })

  test('the wire: lower-case operation types, signed strings, no "-0"', () => {
    const wire = toWireOperation(row('WithdrawLiquidity', [3n, 0n]))
    expect([wire.operation_type, wire.asset0_amount, wire.asset1_amount]).toEqual([
      'withdraw_liquidity',
      '-3',
      '0',
    ])
    expect(toWireOperation(row('SendLiquidity', [1n, 1n])).operation_type).toBe('send_liquidity')
  })
})
