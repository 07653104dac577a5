import { FEE_DIVIDER } from '../pool/PoolState.js'

/** How a gross swap output is shared out. */
export type OutputSplit = {
  /** What the receiver gets: gross − protocol fee − referral fee. */
  readonly amountOut: bigint
  /** Protocol fee, in the ask token: ceil(gross·P / D), 0 when P = 0. */
  readonly protocolFeeOut: bigint
  /** Referral fee, in the ask token: ceil(gross·R / D), 0 when R = 0. */
  readonly referralFeeOut: bigint
}

/**
 * Takes the protocol and referral fees off a gross output, both rounded UP and both computed
 * from the same gross amount, not one after the other (V1 `contracts/pool/amm.func`
 * `get_amount_out`; V2 `contracts/pool/msgs/router.fc`; `docs/contracts.md` §1.1 and §2.1 step 3).
 *
 * @example
 * ```ts
 * splitOutput(1_994_009_978n, 10n, 0n)
 * // { amountOut: 1992015968n, protocolFeeOut: 1994010n, referralFeeOut: 0n }
 * ```
 */
export function splitOutput(
  grossOut: bigint,
  protocolBps: bigint,
  referralBps: bigint,
): OutputSplit {
  const protocolFeeOut = outputFee(grossOut, protocolBps)
  const referralFeeOut = outputFee(grossOut, referralBps)
  return { amountOut: grossOut - protocolFeeOut - referralFeeOut, protocolFeeOut, referralFeeOut }
}

/**
 * One output-side fee: ceil(gross·bps / D), and 0 when bps = 0 (the contracts skip the term).
 *
 * @example
 * ```ts
 * outputFee(1_994_009_978n, 10n) // 1994010n
 * ```
 */
export function outputFee(grossOut: bigint, bps: bigint): bigint {
  // ceil: gross and bps are non-negative, so (x + D − 1) / D with truncation is the ceiling.
  return bps > 0n ? (grossOut * bps + FEE_ROUND_UP) / FEE_DIVIDER : 0n
}

/** D − 1, added before a truncating division by D to round up. */
const FEE_ROUND_UP = FEE_DIVIDER - 1n
