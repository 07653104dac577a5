/**
 * Constants of the fixed-point library the weighted pools use (FB `contracts/math/math.fc`,
 * `docs/contracts.md` §2.7): Balancer's LogExpMath table, with the same values and scales.
 * Defined once at module load so no hot path re-creates a bigint.
 *
 * @example
 * ```ts
 * FIXED_POINT.ONE_18 // 1000000000000000000n
 * FIXED_POINT.MAX_NATURAL_EXPONENT // 130000000000000000000n
 * ```
 */
export const FIXED_POINT = {
  /** 1 with 18 decimals (`__math::ONE_18`, `math::ONE_DEC`). */
  ONE_18: 10n ** 18n,
  /** 1 with 20 decimals, the working scale of `ln`/`exp`. */
  ONE_20: 10n ** 20n,
  /** 1 with 36 decimals, the working scale of `ln36`. */
  ONE_36: 10n ** 36n,
  /** Largest argument of `exp`: 130 (18 decimals). */
  MAX_NATURAL_EXPONENT: 130n * 10n ** 18n,
  /** Smallest argument of `exp`: −41 (18 decimals). */
  MIN_NATURAL_EXPONENT: -41n * 10n ** 18n,
  /** `pow` takes the 36-decimal logarithm strictly above 0.9 ... */
  LN_36_LOWER_BOUND: 10n ** 18n - 10n ** 17n,
  /** ... and strictly below 1.1 (18 decimals). */
  LN_36_UPPER_BOUND: 10n ** 18n + 10n ** 17n,
  /** `pow` exponents must stay below floor(2^254 / 1e20) (error 50002). */
  MILD_EXPONENT_BOUND: (1n << 254n) / 10n ** 20n,
  /** e with 18 decimals, returned exactly by `exp(1e18)`. */
  E_18: 2_718_281_828_459_045_235n,
  /** Relative error bound `pow_up`/`pow_down` add or remove: fmul(raw, 10000) + 1 (1e-14). */
  MAX_POW_RELATIVE_ERROR: 10_000n,
} as const

/**
 * The LogExpMath table (FB `contracts/math/math.fc`): x0 = 2^7 and x1 = 2^6 with 18 decimals and
 * a0 = e^x0, a1 = e^x1 with no decimals; then x_n = 2^(7−n) and a_n = e^x_n, both with 20
 * decimals, for n = 2..11 (`exp` uses n = 2..9, `ln` all ten). Derived values are computed once
 * here so no hot path re-creates a bigint.
 *
 * @example
 * ```ts
 * LOG_EXP_TABLE.xN[5] // 100000000000000000000n (x7 = 1, 20 decimals)
 * LOG_EXP_TABLE.aN[5] // 271828182845904523536n (a7 = e, 20 decimals)
 * ```
 */
export const LOG_EXP_TABLE = {
  x0: 128n * 10n ** 18n,
  a0: 38_877_084_059_945_950_922_200_000_000_000_000_000_000_000_000_000_000_000n,
  x1: 64n * 10n ** 18n,
  a1: 6_235_149_080_811_616_882_910_000_000n,
  /** a0·1e18: `ln` divides by a0 at or above it. */
  a0Scaled:
    38_877_084_059_945_950_922_200_000_000_000_000_000_000_000_000_000_000_000n * 10n ** 18n,
  /** a1·1e18: `ln` divides by a1 at or above it. */
  a1Scaled: 6_235_149_080_811_616_882_910_000_000n * 10n ** 18n,
  /** x2..x11 (20 decimals). */
  xN: [
    3_200n * 10n ** 18n,
    1_600n * 10n ** 18n,
    800n * 10n ** 18n,
    400n * 10n ** 18n,
    200n * 10n ** 18n,
    100n * 10n ** 18n,
    50n * 10n ** 18n,
    25n * 10n ** 18n,
    125n * 10n ** 17n,
    625n * 10n ** 16n,
  ] as readonly bigint[],
  /** a2..a11 (20 decimals). */
  aN: [
    7_896_296_018_268_069_516_100_000_000_000_000n,
    888_611_052_050_787_263_676_000_000n,
    298_095_798_704_172_827_474_000n,
    5_459_815_003_314_423_907_810n,
    738_905_609_893_065_022_723n,
    271_828_182_845_904_523_536n,
    164_872_127_070_012_814_685n,
    128_402_541_668_774_148_407n,
    113_314_845_306_682_631_683n,
    106_449_445_891_785_942_956n,
  ] as readonly bigint[],
  /** Divisors 1e20·k of the exp Taylor series terms, k = 2..12. */
  expSeriesDivisors: Array.from(
    { length: 11 },
    (_, i) => 10n ** 20n * BigInt(i + 2),
  ) as readonly bigint[],
} as const
