import type { Address, Cell } from '@ton/core'
import type { Treasury } from './DexWorld.js'
import type { LocalAsset } from './model.js'

/**
 * A swap, as a wallet would send it.
 *
 * @example
 * ```ts
 * const request: SwapRequest = { from: alice, offer: ton, ask: usdt, amount: toNano('100'),
 *   minOut: 298_000_000n, referral: bob.address, referralBps: 10n }
 * ```
 */
export type SwapRequest = {
  /** The sending wallet (a named treasury). */
  readonly from: Treasury
  readonly offer: LocalAsset
  readonly ask: LocalAsset
  /** Offered amount, raw units (nanoTON for TON). */
  readonly amount: bigint
  /** Slippage limit. DEX v1 needs out > minOut, DEX v2 out ≥ minOut. Default 0. */
  readonly minOut?: bigint | undefined
  /** Who gets the output. Default `from`. */
  readonly receiver?: Address | undefined
  /** Referrer: DEX v1 pays it the pool's ref fee; DEX v2 credits its vault. */
  readonly referral?: Address | undefined
  /** DEX v2 referral fee in bps (the pool refunds above 100). Default 10, as the SDK. */
  readonly referralBps?: bigint | undefined
  /** DEX v2 deadline (unix time). Default now + 900 s. */
  readonly deadline?: number | undefined
  /** DEX v2 forward payload of the output, e.g. a `cross_swap` payload. */
  readonly customPayload?: Cell | undefined
  /** DEX v2 TON forwarded with the output's transfer notification. Default 0. */
  readonly forwardGas?: bigint | undefined
  /** DEX v2 refund address (and excesses address). Default `from`. */
  readonly refundAddress?: Address | undefined
  /** DEX v2 forward payload of a refund. */
  readonly refundPayload?: Cell | undefined
  /** DEX v2 TON forwarded with a refund's notification. Default 0. */
  readonly refundForwardGas?: bigint | undefined
  /**
   * DEX v2 TON the offer's transfer forwards to the router (the SDK's `forwardGasAmount`; for
   * TON offers, what pTON forwards). Default the SDK's for the router's kind (0.24 TON for
   * constant product). Lower it to test a dApp's behaviour near the gas floor.
   */
  readonly routerTon?: bigint | undefined
}

/**
 * A provision: both sides, or (DEX v2) one side with the other amount 0.
 *
 * @example
 * ```ts
 * const request: ProvideRequest = { from: alice, assetA: usdt, amountA: 300_000n * 10n ** 6n,
 *   assetB: ton, amountB: toNano('100000') }
 * ```
 */
export type ProvideRequest = {
  readonly from: Treasury
  readonly assetA: LocalAsset
  readonly amountA: bigint
  readonly assetB: LocalAsset
  readonly amountB: bigint
  /** Minimum LP to mint; at least 1. Default 1. */
  readonly minLpOut?: bigint | undefined
  /** DEX v2 LP receiver. Default `from`. */
  readonly receiver?: Address | undefined
  /** DEX v2 deadline. Default now + 900 s. */
  readonly deadline?: number | undefined
  /**
   * DEX v2 TON each side's transfer forwards to the router (the SDK's `forwardGasAmount`).
   * Default the SDK's (0.235 TON; 0.8 for a single side).
   */
  readonly routerTon?: bigint | undefined
}
