/**
 * Exit codes the exchange's contracts raise or carry in refunds, by name
 * (`docs/contracts.md` §1.6, §1.9, §2.12, §2.16). Codes below 2^16 are thrown by the TVM or the
 * contract; the 32-bit values are carried in `pay_to` refunds and router bounces.
 *
 * @example
 * ```ts
 * import { EXIT_CODES } from 'ton-dex-lab/core'
 * EXIT_CODES.max_in_ratio // 97
 * EXIT_CODES.swap_refund_slippage // 0x39603190
 * ```
 */
export const EXIT_CODES = {
  /** TVM integer overflow: a value left the signed 257-bit range. */
  integer_overflow: 4,
  /**
   * TVM range check: a value does not fit where it is stored, e.g. a negative `Coins` field
   * (a DEX v1 burn of more than the LP supply).
   */
  integer_out_of_range: 5,
  no_liquidity: 80,
  zero_output: 81,
  invalid_caller: 82,
  insufficient_gas: 83,
  wrong_address: 86,
  low_liquidity: 88,
  math_error: 90,
  invalid_amount: 92,
  invalid_call: 93,
  fee_out_range: 94,
  max_in_ratio: 97,
  not_converged: 5103,
  zero_derivative: 5104,
  x_out_of_bounds: 50001,
  y_out_of_bounds: 50002,
  product_out_of_bounds: 50003,
  invalid_exponent: 50004,
  ln_out_of_bounds: 50005,
  zero_base: 50006,
  negative_power: 50007,
  zero_division: 50008,
  invalid_input: 50009,
  complement_out_of_range: 51002,
  swap_refund_no_liq: 0x5ffe1295,
  swap_refund_tx_expired: 0x1ec28412,
  swap_refund_reserve_err: 0x38976e9b,
  swap_refund_0_out: 0x5f954434,
  swap_refund_slippage: 0x39603190,
  swap_pool_locked: 0x365c484d,
  swap_fee_out_of_bounds: 0xa768c0d1,
  swap_ok: 0xc64370e5,
  swap_ok_ref: 0x45078540,
  burn_ok: 0xdda48b6a,
  refund_ok: 0xde7dbbc2,
  transfer_bounce_locked: 0x0a0dbdcb,
  transfer_bounce_invalid_pool: 0x09a8afbf,
  transfer_bounce_wrong_wc: 0x720f5b17,
  transfer_bounce_low_gas: 0x8368a711,
  transfer_bounce_invalid_request: 0x19727ea8,
  transfer_bounce_tx_expired: 0x0f5681d3,
  provide_refund_wrong_workchain: 0x4e7405a8,
  provide_refund_tx_expired: 0xd6a53fd8,
} as const

/** Name of a contract exit code, e.g. `'max_in_ratio'`. */
export type ExitCodeName = keyof typeof EXIT_CODES

const NAME_BY_CODE: ReadonlyMap<number, ExitCodeName> = new Map(
  (Object.entries(EXIT_CODES) as [ExitCodeName, number][]).map(([name, code]) => [code, name]),
)

/**
 * The name of a contract exit code, or `undefined` for a code the table does not know.
 *
 * @example
 * ```ts
 * exitCodeName(97) // 'max_in_ratio'
 * exitCodeName(0x5ffe1295) // 'swap_refund_no_liq'
 * ```
 */
export function exitCodeName(exitCode: number): ExitCodeName | undefined {
  return NAME_BY_CODE.get(exitCode)
}
