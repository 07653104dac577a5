/**
 * `ton-dex-lab/core`: exact, pure AMM math of the STON.fi-compatible exchange (DEX v1 and
 * DEX v2), reproducing the contracts to the last unit. `bigint` only, no I/O.
 *
 * @example
 * ```ts
 * import { createPoolState, swap } from 'ton-dex-lab/core'
 * const pool = createPoolState({ dex: 'v2', kind: 'constant_product',
 *   reserve0: 10n ** 12n, reserve1: 2n * 10n ** 12n, totalSupply: 1_414_213_562_373n })
 * swap(pool, { side: 0, amountIn: 10n ** 9n }).amountOut // 1992015968n
 * ```
 * @module
 */

export type { Curve, Ratio, Side } from './curves/Curve.js'
export { constantProductCurve, constantProductGrossOut } from './curves/constantProduct.js'
export { curveOf } from './curves/curveOf.js'
export { BaseError, type BaseErrorParameters } from './errors/BaseError.js'
export { EXIT_CODES, type ExitCodeName, exitCodeName } from './errors/exitCodes.js'
export { InvalidInputError } from './errors/InvalidInputError.js'
export {
  type PoolFailureWithoutExitCode,
  PoolMathError,
  type PoolMathErrorReason,
} from './errors/PoolMathError.js'
export { UnreachableOutputError } from './errors/UnreachableOutputError.js'
export { UnsupportedPoolKindError } from './errors/UnsupportedPoolKindError.js'
export { isqrt } from './math/isqrt.js'
export {
  ceilDiv,
  floorDiv,
  INT257_MAX,
  INT257_MIN,
  int257,
  mulDivCeil,
  mulDivFloor,
} from './math/mulDiv.js'
export { sqrtV1 } from './math/sqrtV1.js'
export { type BurnParameters, type BurnResult, burn } from './ops/burn.js'
export { type ProvideParameters, type ProvideResult, provide } from './ops/provide.js'
export {
  type ReverseSwapParameters,
  type ReverseSwapResult,
  reverseSwap,
} from './ops/reverseSwap.js'
export { type OutputSplit, splitOutput } from './ops/splitOutput.js'
export {
  appliedReferralBps,
  MAX_REFERRAL_BPS,
  type SwapParameters,
  type SwapResult,
  swap,
} from './ops/swap.js'
export {
  assertCoins,
  assertPoolState,
  type CreatePoolStateParameters,
  createPoolState,
  type Dex,
  FEE_DIVIDER,
  FIXED_ONE,
  MAX_COINS,
  POOL_KINDS,
  type PoolKind,
  type PoolState,
  V2_LOCKED_LIQUIDITY,
} from './pool/PoolState.js'
export { formatRatio, parseDecimal } from './quote/decimal.js'
export { minAskAmount } from './quote/minAskAmount.js'
export { type PriceImpactParameters, priceImpact } from './quote/priceImpact.js'
export { type SwapRateParameters, swapRate } from './quote/swapRate.js'
