import { type Static, Type } from '@sinclair/typebox'
import type { OperationRow, OperationType } from '../../store/rows/historyRows.js'
import type { StoreReader } from '../../store/Store.js'
import { AssetSchema, toWireAsset } from './asset.js'
import { AddressString, AmountString, Nullable } from './common.js'

/**
 * Operation types as the live wire sends them in `operation_type`: lower-case snake_case
 * (`docs/wire.md` §2.8, C18 — production market-data adapters compare with `"swap"`).
 */
export const WIRE_OPERATION_TYPES = {
  Swap: 'swap',
  SendLiquidity: 'send_liquidity',
  RefundLiquidity: 'refund_liquidity',
  AddLiquidity: 'add_liquidity',
  WithdrawLiquidity: 'withdraw_liquidity',
  SetFees: 'set_fees',
  CollectFees: 'collect_fees',
  ResetGas: 'reset_gas',
} as const satisfies Record<OperationType, string>

/** An `operation_type` on the wire. */
export type WireOperationType = (typeof WIRE_OPERATION_TYPES)[OperationType]

/** `OperationStat` (`docs/wire.md` §4.6). */
export const OperationStatSchema = Type.Object({
  pool_tx_hash: Type.String(),
  pool_address: AddressString,
  router_address: AddressString,
  pool_tx_lt: Type.Integer(),
  pool_tx_timestamp: Type.String({ examples: ['2023-11-14T10:00:00'] }),
  destination_wallet_address: Type.String(),
  operation_type: Type.String({
    enum: Object.values(WIRE_OPERATION_TYPES),
    description: 'Lower-case snake_case, as the live API sends it',
    examples: ['swap'],
  }),
  success: Type.Boolean(),
  exit_code: Type.String({ examples: ['swap_ok'] }),
  asset0_address: AddressString,
  asset0_amount: Type.String({
    ...AmountString,
    description: 'Signed: > 0 flowed into the pool (a swap input), < 0 out of it (its output)',
  }),
  asset0_delta: Type.String({ ...AmountString, description: "The pool's reserve change" }),
  asset0_reserve: AmountString,
  asset1_address: AddressString,
  asset1_amount: Type.String({ ...AmountString, description: 'Signed, as asset0_amount' }),
  asset1_delta: Type.String({ ...AmountString, description: "The pool's reserve change" }),
  asset1_reserve: AmountString,
  lp_token_delta: AmountString,
  lp_token_supply: AmountString,
  fee_asset_address: Nullable(
    Type.String({ description: 'Asset of the three fee amounts: a swap’s ask asset' }),
  ),
  lp_fee_amount: Type.String({
    ...AmountString,
    description: 'Ask-asset units the LP fee withheld from the output',
  }),
  protocol_fee_amount: AmountString,
  referral_fee_amount: AmountString,
  referral_address: Nullable(Type.String()),
  wallet_address: Type.String(),
  wallet_tx_hash: Type.String(),
  wallet_tx_lt: Type.String({ description: 'A string on the wire (unlike pool_tx_lt)' }),
  wallet_tx_timestamp: Type.String(),
})

/** `OperationsInfo`: an operation with both its assets (`null` when unknown). */
export const OperationsInfoSchema = Type.Object({
  operation: OperationStatSchema,
  asset0_info: Nullable(AssetSchema),
  asset1_info: Nullable(AssetSchema),
})

/** An operation on the wire. */
export type WireOperation = Static<typeof OperationStatSchema>

/**
 * The signed amounts of an operation (`docs/wire.md` §4.6): what flowed into the pool is
 * positive, what left it negative. Stored rows keep magnitudes; the direction follows from the
 * kind: a swap's input (the side whose reserve grew, or the only amount of a refunded swap)
 * is positive and its output negative; liquidity sent or added is positive; liquidity
 * withdrawn or refunded and protocol fees collected are negative.
 *
 * @example
 * ```ts
 * // 1 TON (token0) sold for 1.992015968 USDT: reserve0 grew, reserve1 shrank
 * signedAmounts(swapRow) // { asset0: 1000000000n, asset1: -1992015968n }
 * ```
 */
export function signedAmounts(op: OperationRow): { asset0: bigint; asset1: bigint } {
  const a0 = op.asset0Amount < 0n ? -op.asset0Amount : op.asset0Amount
  const a1 = op.asset1Amount < 0n ? -op.asset1Amount : op.asset1Amount
  switch (op.operationType) {
    case 'Swap': {
      // A successful swap: the input side's reserve grows, the output side's shrinks. A
      // refunded swap moved nothing and carries only the offered amount.
      const input0 = op.asset0Delta > 0n || (op.asset1Delta <= 0n && a1 === 0n)
      return input0 ? { asset0: a0, asset1: -a1 } : { asset0: -a0, asset1: a1 }
    }
    case 'SendLiquidity':
    case 'AddLiquidity':
      return { asset0: a0, asset1: a1 }
    case 'WithdrawLiquidity':
    case 'RefundLiquidity':
    case 'CollectFees':
      return { asset0: -a0, asset1: -a1 }
    default:
      return { asset0: a0, asset1: a1 }
  }
}

/**
 * An operation on the wire (`OperationStat`, `docs/wire.md` §4.6): `operation_type` in
 * lower-case snake_case, amounts as signed decimal strings (> 0 into the pool), deltas the
 * reserve changes, `pool_tx_lt` an integer, `wallet_tx_lt` a string.
 *
 * @example
 * ```ts
 * toWireOperation(op).operation_type // 'swap'
 * toWireOperation(op).asset1_amount // '-1992015968'
 * ```
 */
export function toWireOperation(op: OperationRow): WireOperation {
  const amounts = signedAmounts(op)
  return {
    pool_tx_hash: op.poolTxHash,
    pool_address: op.poolAddress,
    router_address: op.routerAddress,
    pool_tx_lt: Number(op.poolTxLt),
    pool_tx_timestamp: op.poolTxTimestamp,
    destination_wallet_address: op.destinationWalletAddress,
    operation_type: WIRE_OPERATION_TYPES[op.operationType],
    success: op.success,
    exit_code: op.exitCode,
    asset0_address: op.asset0Address,
    asset0_amount: amounts.asset0.toString(),
    asset0_delta: op.asset0Delta.toString(),
    asset0_reserve: op.asset0Reserve.toString(),
    asset1_address: op.asset1Address,
    asset1_amount: amounts.asset1.toString(),
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
  store: Pick<StoreReader, 'getAsset'>,
  ops: readonly OperationRow[],
) {
  const cache = new Map<string, ReturnType<typeof toWireAsset> | null>()
  const info = async (address: string) => {
    const known = cache.get(address)
    if (known !== undefined) return known
    const row = await store.getAsset(address)
    const wire = row === undefined ? null : toWireAsset(row)
    cache.set(address, wire)
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

/** The JSON of each asset's wire object, serialised once per object. */
const assetJson = new WeakMap<object, string>()

/**
 * `JSON.stringify(item)` for an item of {@link toWireOperationsWithAssets}, byte for byte, with
 * each asset's JSON serialised once and reused: the two assets are about half of an
 * operation's 2.3 kB, and the same few assets recur on every row of a list.
 *
 * @example
 * ```ts
 * const [first] = await toWireOperationsWithAssets(store, [op])
 * stringifyOperationWithAssets(first) === JSON.stringify(first) // true
 * ```
 */
export function stringifyOperationWithAssets(item: {
  readonly operation: unknown
  readonly asset0_info: object | null
  readonly asset1_info: object | null
}): string {
  const asset = (info: object | null) => {
    if (info === null) return 'null'
    let json = assetJson.get(info)
    if (json === undefined) {
      json = JSON.stringify(info)
      assetJson.set(info, json)
    }
    return json
  }
  return `{"operation":${JSON.stringify(item.operation)},"asset0_info":${asset(item.asset0_info)},"asset1_info":${asset(item.asset1_info)}}`
}
