/**
 * `ton-dex-lab/testing`: the fee-verification kit. fast-check arbitraries for pools of every
 * kind, markets of every venue, quote requests and swap sequences, plus `verifyReferralFee`,
 * which compares the referral fee your integration observed with the expected one and explains
 * every difference. Needs the optional peer dependency `fast-check` (>= 4).
 *
 * @example
 * ```ts
 * import fc from 'fast-check'
 * import { quote, NoRouteError } from 'ton-dex-lab/core'
 * import { expectationFromHop, quoteScenarioArbitrary, verifyReferralFee } from 'ton-dex-lab/testing'
 * fc.assert(fc.property(quoteScenarioArbitrary(), ({ market, request }) => {
 *   let q
 *   try { q = quote(market, request) } catch (e) { if (e instanceof NoRouteError) return; throw e }
 *   for (const hop of q.route.hops) {
 *     const v = verifyReferralFee(myIntegration.observe(hop), expectationFromHop(hop))
 *     if (!v.ok) throw new Error(v.explanation)
 *   }
 * }))
 * ```
 * @module
 */

export { assetPairArbitrary } from './assetPairArbitrary.js'
export { KIT_ADDRESSES, KIT_ASSETS } from './kitAddresses.js'
export { type MarketArbitraryOptions, marketArbitrary } from './marketArbitrary.js'
export { type PoolStateArbitraryOptions, poolStateArbitrary } from './poolStateArbitrary.js'
export {
  type QuoteRequestArbitraryOptions,
  quoteRequestArbitrary,
} from './quoteRequestArbitrary.js'
export { type QuoteScenario, quoteScenarioArbitrary } from './quoteScenarioArbitrary.js'
export {
  expectationFromHop,
  expectedReferralFee,
  type ReferralFeeRecord,
  referralRecordOfSwap,
} from './ReferralFeeRecord.js'
export { type ReplayedStep, replaySwapSequence } from './replaySwapSequence.js'
export {
  type SwapSequence,
  type SwapSequenceArbitraryOptions,
  type SwapStep,
  swapSequenceArbitrary,
} from './swapSequenceArbitrary.js'
export {
  type ReferralFeeMismatch,
  type ReferralFeeVerification,
  verifyReferralFee,
} from './verifyReferralFee.js'
