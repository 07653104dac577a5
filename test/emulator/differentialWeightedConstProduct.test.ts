/**
 * Differential test of the DEX v2 weighted constant product fixture against `ton-dex-lab/core`: random pools
 * (random parameters set before the first provision), swaps with and without referral (every
 * slippage edge, over-large and raw tiny inputs, so the kind's math errors refund), balanced,
 * imbalanced and single-sided provisions (and too greedy ones), burns and parameter changes.
 * Amounts paid, refund codes, reserves / supply / protocol fees and parameters from
 * `get_pool_data`, referral vault balances and the trader's balances must agree on every case.
 * `FUZZ_RUNS` scales it; failing scenarios are kept below as regressions.
 */
import { kindDifferentialSuite } from './_support/kindDifferential.js'

const E18 = 10n ** 18n

/** Kept: the reference pool of docs/contracts.md §6 (w0 = 0.8), an input over 30 % of the reserve
 * (97), an ignored second weight, single-sided provisions. */
kindDifferentialSuite('weighted_const_product', [
  {
    amount0: 1_000_000_000_000n,
    amount1: 2_000_000_000_000n,
    lpFee: 20n,
    protocolFee: 10n,
    refFee: 0n,
    params: { w0: (8n * E18) / 10n },
    ops: [
      { kind: 'swap', side: 0, size: 1_000n, raw: false, referral: undefined, minOut: 'none' },
      { kind: 'swap', side: 1, size: 500n, raw: false, referral: 10n, minOut: 'exact' },
      { kind: 'swap', side: 0, size: 301_000n, raw: false, referral: undefined, minOut: 'none' },
      { kind: 'params', amp: 1n, w0: E18 / 2n, rateScale: 1_000_000n },
      { kind: 'provide', size0: 1_000n, size1: 0n, greedy: false },
      { kind: 'provide', size0: 0n, size1: 2_000_000n, greedy: false },
      { kind: 'burn', share: 500_000n },
    ],
  },
])
