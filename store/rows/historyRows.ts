/**
 * Exchange history, written by the indexer and read by the history endpoints (operations,
 * statistics, exports). The shape is the wire's `OperationStat` (`docs/wire.md` §4.6) with
 * amounts as `bigint`; signed deltas are negative when the pool paid out.
 * @module
 */

/** Operation type as the wire names it (`docs/wire.md` §2.8). */
export type OperationType =
  | 'Swap'
  | 'SendLiquidity'
  | 'RefundLiquidity'
  | 'AddLiquidity'
  | 'WithdrawLiquidity'
  | 'SetFees'
  | 'CollectFees'
  | 'ResetGas'

/**
 * The chain block holding a transaction: its number and time. A live chain's block is one
 * executed message chain; history indexed without blocks (an imported snapshot) has none.
 *
 * @example
 * ```ts
 * const block: BlockRef = { seqno: 1531, timestamp: '2026-11-25T10:00:07' }
 * ```
 */
export interface BlockRef {
  /** Block number (1 for a live chain's first block). */
  readonly seqno: number
  /** Block time, `YYYY-MM-DDTHH:MM:SS` UTC. */
  readonly timestamp: string
}

/**
 * One operation of a pool, as seen by its pool transaction.
 *
 * @example
 * ```ts
 * const op: OperationRow = { poolTxHash: 'ab12…', poolTxLt: 4711n, operationType: 'Swap',
 *   asset0Delta: 1_000_000_000n, asset1Delta: -1_992_015_968n, … }
 * ```
 */
export interface OperationRow {
  readonly poolTxHash: string
  readonly poolAddress: string
  readonly routerAddress: string
  /** Logical time of the pool transaction. */
  readonly poolTxLt: bigint
  /** `YYYY-MM-DDTHH:MM:SS`, UTC. */
  readonly poolTxTimestamp: string
  readonly destinationWalletAddress: string
  readonly operationType: OperationType
  readonly success: boolean
  readonly exitCode: string
  readonly asset0Address: string
  readonly asset0Amount: bigint
  readonly asset0Delta: bigint
  readonly asset0Reserve: bigint
  readonly asset1Address: string
  readonly asset1Amount: bigint
  readonly asset1Delta: bigint
  readonly asset1Reserve: bigint
  readonly lpTokenDelta: bigint
  readonly lpTokenSupply: bigint
  readonly feeAssetAddress: string | null
  readonly lpFeeAmount: bigint
  readonly protocolFeeAmount: bigint
  readonly referralFeeAmount: bigint
  readonly referralAddress: string | null
  readonly walletAddress: string
  readonly walletTxHash: string
  readonly walletTxLt: bigint
  readonly walletTxTimestamp: string
  /** The block holding the pool transaction, when the indexer's source named it. */
  readonly block?: BlockRef | undefined
}

/**
 * Which operations to read. Every field narrows the result; times are inclusive
 * `YYYY-MM-DDTHH:MM:SS` bounds on `poolTxTimestamp`.
 *
 * @example
 * ```ts
 * store.listOperations({ walletAddress: alice, since: '2026-11-01T00:00:00',
 *   until: '2026-11-02T00:00:00', operationTypes: ['Swap'] })
 * ```
 */
export interface OperationFilter {
  readonly walletAddress?: string | undefined
  readonly poolAddresses?: readonly string[] | undefined
  readonly referralAddress?: string | undefined
  readonly operationTypes?: readonly OperationType[] | undefined
  readonly since?: string | undefined
  readonly until?: string | undefined
  /**
   * Inclusive bounds on the block number: only operations stored with a block (`block`) whose
   * number lies in them.
   */
  readonly fromBlock?: number | undefined
  readonly toBlock?: number | undefined
  /** Only successful (`true`) or failed (`false`) operations. */
  readonly success?: boolean | undefined
  /** Only operations that accrued a referral fee (successful, with a positive fee). */
  readonly accrualsOnly?: boolean | undefined
  /** At most this many rows, oldest first (default 1000). */
  readonly limit?: number | undefined
}
