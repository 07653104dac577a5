/**
 * Differential test of the DEX v2 stableswap fixture against `ton-dex-lab/core`: random pools
 * (random parameters set before the first provision), swaps with and without referral (every
 * slippage edge, over-large and raw tiny inputs, so the kind's math errors refund), balanced,
 * imbalanced and single-sided provisions (and too greedy ones), burns and parameter changes.
 * Amounts paid, refund codes, reserves / supply / protocol fees and parameters from
 * `get_pool_data`, referral vault balances and the trader's balances must agree on every case.
 * `FUZZ_RUNS` scales it; failing scenarios are kept below as regressions.
 */
import { kindDifferentialSuite } from './_support/kindDifferential.js'

/** Kept: the reference pool of docs/contracts.md §6 (A = 100, then 200), a single-sided provision,
 * a swap of twice the reserve and a 1-unit swap (zero output). */
kindDifferentialSuite('stableswap', [
  {
    amount0: 1_000_000_000_000n,
    amount1: 1_000_000_000_000n,
    lpFee: 20n,
    protocolFee: 10n,
    refFee: 0n,
    params: { amp: 100n },
    ops: [
      { kind: 'swap', side: 0, size: 1_000n, raw: false, referral: undefined, minOut: 'exact' },
      { kind: 'provide', size0: 1_000n, size1: 0n, greedy: false },
      { kind: 'params', amp: 200n, w0: 0n, rateScale: 1_000_000n },
      { kind: 'swap', side: 1, size: 500_000n, raw: false, referral: 10n, minOut: 'above' },
      { kind: 'swap', side: 1, size: 2_000_000n, raw: false, referral: 100n, minOut: 'none' },
      { kind: 'swap', side: 0, size: 1n, raw: true, referral: undefined, minOut: 'none' },
      { kind: 'burn', share: 999_999n },
    ],
  },
])
