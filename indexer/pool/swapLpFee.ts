import type { Side } from '../../core/curves/Curve.js'
import { curveOf } from '../../core/curves/curveOf.js'
import { FEE_DIVIDER, type PoolState } from '../../core/pool/PoolState.js'

/**
 * The LP fee of a swap in the ASK token: the gross output the same input would get from the
 * same reserves with no LP fee, minus the gross output it got (`grossOut`, before the protocol
 * and referral fees come off). The contracts withhold the LP fee from the input (it stays in
 * the pool); this values it by the output it cost the trader, which is the unit the live API
 * reports it in (`fee_asset_address`, `docs/wire.md` C26) and the unit of the swap
 * simulation's `fee_units`.
 *
 * Rounding: both outputs are the curve's own integer outputs as the pool computes them (core's
 * `grossOut`, rounded down like the contract), so the fee is the exact difference of two
 * contract outputs, with no further division. Where the fee-free curve cannot price the input
 * (only at a curve's numeric limits) the withheld input `floor(amountIn · lpFee / 10000)` is
 * converted at the executed rate instead, `floor(fee · grossOut / (amountIn − fee))`.
 *
 * @example
 * ```ts
 * // v2 constant product 10^12 / 2·10^12, lp 20 bps, sell 10^9 of token 0:
 * swapLpFeeInAsk(pool, 0, 1_000_000_000n, 1_994_009_978n) // 3992020n (1998001998 − 1994009978)
 * ```
 */
export function swapLpFeeInAsk(
  before: PoolState,
  side: Side,
  amountIn: bigint,
  grossOut: bigint,
): bigint {
  if (before.lpFee === 0n) return 0n
  try {
    const feeless = curveOf(before).grossOut({ ...before, lpFee: 0n }, side, amountIn)
    return feeless > grossOut ? feeless - grossOut : 0n
  } catch {
    // Floor at both divisions: operands are non-negative, so truncation is the floor.
    const withheld = (amountIn * before.lpFee) / FEE_DIVIDER
    return amountIn > withheld ? (withheld * grossOut) / (amountIn - withheld) : 0n
  }
}
