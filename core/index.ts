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
export {
  constantProductCurve,
  constantProductGrossOut,
  constantProductSpotPrice,
} from './curves/constantProduct.js'
export { curveOf } from './curves/curveOf.js'
export {
  stableswapCurve,
  stableswapGrossOut,
  stableswapInvariant,
  stableswapOutBalance,
  stableswapSpotPrice,
} from './curves/stableswap.js'
export {
  weightedConstProductCurve,
  weightedConstProductGrossOut,
  weightedConstProductInvariant,
  weightedConstProductSpotPrice,
} from './curves/weightedConstProduct.js'
export {
  type WeightedStableswapParameters,
  weightedStableswapCurve,
  weightedStableswapDerivativeX,
  weightedStableswapDerivativeY,
  weightedStableswapGrossOut,
  weightedStableswapInitialRate,
  weightedStableswapInvariant,
  weightedStableswapSpotPrice,
} from './curves/weightedStableswap.js'
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
export {
  accrueFarmPool,
  claimFarmPool,
  FARM_ADMIN_FEE_DIVIDER,
  FARM_DAY_SECONDS,
  type FarmAccrualStep,
  type FarmPoolAccrual,
  farmClaimPayout,
  farmPendingNanorewards,
  farmPoolRemaining,
  MAX_FARM_REWARD,
  NANOREWARDS_PER_UNIT,
} from './farm/farmAccrual.js'
export {
  FARM_ITEM_STATUS,
  FARM_MINTER_STATUS,
  FARM_POOL_STATUS,
  farmStatusName,
} from './farm/farmStatus.js'
export {
  complement,
  fdiv,
  fdivUp,
  fixedFrom,
  fixedTo,
  fmul,
} from './math/fixed/arithmetic.js'
export { FIXED_POINT, LOG_EXP_TABLE } from './math/fixed/constants.js'
export { exp } from './math/fixed/exp.js'
export { ln, ln36 } from './math/fixed/ln.js'
export { pow, powDown, powUp } from './math/fixed/pow.js'
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
  MAX_POOL_FEE,
  POOL_KINDS,
  type PoolKind,
  type PoolState,
  V2_LOCKED_LIQUIDITY,
} from './pool/PoolState.js'
export { addressSliceHash, isToken0 } from './pool/tokenOrder.js'
export { formatRatio, parseDecimal } from './quote/decimal.js'
export { minAskAmount } from './quote/minAskAmount.js'
export { type PriceImpactParameters, priceImpact } from './quote/priceImpact.js'
export { spotPrice } from './quote/spotPrice.js'
export { type SwapRateParameters, swapRate } from './quote/swapRate.js'
export { type AssetId, assetId, NATIVE_ASSET } from './referral/assetId.js'
export {
  type CandidateHop,
  candidateRoutes,
  type RouteCandidate,
  type RouteMechanism,
} from './referral/candidateRoutes.js'
export {
  type DexV2VaultKey,
  dexV2VaultAddress,
  dexV2VaultData,
} from './referral/dexV2VaultAddress.js'
export { InvalidAddressError } from './referral/errors/InvalidAddressError.js'
export { NoRouteError } from './referral/errors/NoRouteError.js'
export { NotVaultOwnerError } from './referral/errors/NotVaultOwnerError.js'
export { ReferrerFeeOutOfRangeError } from './referral/errors/ReferrerFeeOutOfRangeError.js'
export { UnsupportedBlockchainError } from './referral/errors/UnsupportedBlockchainError.js'
export { WithdrawalExceedsBalanceError } from './referral/errors/WithdrawalExceedsBalanceError.js'
export {
  ESCROW_WITHDRAW_LAYOUT,
  ESCROW_WITHDRAW_VALUE,
  type EscrowWithdrawParameters,
  escrowVaultAddressCall,
  escrowVaultDataCall,
  escrowWithdrawMessage,
} from './referral/escrowVaultMessages.js'
export {
  type ExcludedRoute,
  evaluateRoute,
  type QuotedHop,
  type QuotedRoute,
  type RouteExclusionReason,
} from './referral/evaluateRoute.js'
export { type ExternalPoolParameters, externalPoolState } from './referral/externalPoolState.js'
export {
  COLLECT_FEES_VALUE,
  feeVaultAddressCall,
  feeVaultCollectFeesMessage,
  feeVaultDataCall,
  jettonWalletAddressCall,
} from './referral/feeVaultMinterMessages.js'
export {
  addressSliceArgument,
  type GetMethodCall,
  type GetMethodSliceArgument,
  type InternalMessage,
} from './referral/getMethodCall.js'
export {
  type DexV1MarketPool,
  type DexV2MarketPool,
  type DexV2Router,
  type EscrowMarketPool,
  type FeeVaultMarketPool,
  type Market,
  type MarketPool,
  type NormalizedPool,
  normalizeMarket,
} from './referral/Market.js'
export { parseAddress } from './referral/parseAddress.js'
export {
  parseQuoteRequest,
  type QuoteRequest,
  type ReferrerAddress,
  TON_BLOCKCHAIN,
  type ValidQuoteRequest,
} from './referral/QuoteRequest.js'
export { type Quote, quote } from './referral/quote.js'
export { referralAmount } from './referral/referralAmount.js'
export { type ReferralRecipient, referralRecipient } from './referral/referralRecipient.js'
export {
  type ReferralDecision,
  type ReferralRuleExclusion,
  referralRule,
} from './referral/referralRule.js'
export {
  type EscrowVaultData,
  type FeeVaultData,
  isZeroAddress,
  parseEscrowVaultData,
  parseFeeVaultData,
  type VaultAddressResult,
  vaultAddressResult,
} from './referral/vaultResults.js'
export {
  DEX_V1_REFERRAL_BPS,
  MAX_REFERRER_FEE_BPS,
  REFERRAL_VENUES,
  type ReferralSettlement,
  VENUES,
  type Venue,
  type VenueReferralModel,
  venueReferralModel,
} from './referral/venues.js'
export {
  assertStakeDuration,
  gemstonMinted,
  pow2Fixed,
  STAKE_MAX_DURATION,
  STAKE_MIN_DURATION,
  STAKE_MONTH_SECONDS,
  stakeVotePower,
} from './stake/stakeMath.js'
