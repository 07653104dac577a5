/** The USD stablecoins of the emulated market, which keep 6 decimals as the real USD₮ and USDC. */
const SIX_DECIMALS: ReadonlySet<string> = new Set(['USDT', 'USDC'])

/**
 * Decimals of an emulated jetton by its symbol: 6 for the USD stablecoins (USDT, USDC), the
 * TEP-64 default 9 for every other. The one place the demo market decides it: the scenario's
 * funding, the wallets' faucet amounts, the reference data and the USD prices all read it here.
 *
 * @example
 * ```ts
 * jettonDecimals('USDT') // 6
 * jettonDecimals('STON') // 9
 * ```
 */
export function jettonDecimals(symbol: string): number {
  return SIX_DECIMALS.has(symbol) ? 6 : 9
}
