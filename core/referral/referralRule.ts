import type { PoolState } from '../pool/PoolState.js'
import type { ValidQuoteRequest } from './QuoteRequest.js'
import { DEX_V1_REFERRAL_BPS, type Venue, venueReferralModel } from './venues.js'

/**
 * Why a routing rule keeps a pool out of a quote:
 * - `DEX_V1_FEE_ABOVE_FIXED`: the requested fee is above DEX v1's fixed 10 bps and the request
 *   is not flexible (spec rule 1);
 * - `DEX_V1_FEE_BELOW_FIXED`: the requested fee is 1..9 bps, so naming the referrer on DEX v1
 *   would raise it to 10 bps, and the fee is never increased (spec rule 2). The spec does not
 *   say what to do here; excluding the pool is our choice;
 * - `DEX_V1_NONSTANDARD_FEE`: the pool's stored `ref_fee` is not the 10 bps the rules are written
 *   for (an admin can set it, `docs/contracts.md` §1.1), so a referral there could not carry the
 *   fee the rules promise. Excluding the pool is our choice; without a referral it still routes.
 */
export type ReferralRuleExclusion = {
  readonly code: 'DEX_V1_FEE_ABOVE_FIXED' | 'DEX_V1_FEE_BELOW_FIXED' | 'DEX_V1_NONSTANDARD_FEE'
  /** The request's fee, bps. */
  readonly requestedBps: bigint
  /** DEX v1's fixed fee, bps: 10. */
  readonly fixedBps: bigint
  /** What the pool would charge: its stored `ref_fee`, bps. */
  readonly poolRefFeeBps: bigint
  /** A sentence for people. */
  readonly message: string
}

/**
 * The referral fee a hop charges under the routing rules, or why the pool is excluded:
 * - `none`: no referral (no referrer, or 0 bps requested); the swap names no referrer;
 * - `applied`: the requested fee in full (spec rule 3; on DEX v1 when it is exactly 10 bps);
 * - `lowered`: a flexible request on DEX v1 pays the fixed 10 bps instead (spec rule 2);
 * - `excluded`: see {@link ReferralRuleExclusion}.
 */
export type ReferralDecision =
  | { readonly kind: 'none'; readonly bps: 0n }
  | { readonly kind: 'applied'; readonly bps: bigint }
  | { readonly kind: 'lowered'; readonly bps: bigint; readonly requestedBps: bigint }
  | { readonly kind: 'excluded'; readonly reason: ReferralRuleExclusion }

/**
 * Applies the referral routing rules of `docs/referral.md` ("Rules" 1–3) to one pool:
 * 1. not flexible and the fee above DEX v1's fixed 10 bps: DEX v1 pools are excluded;
 * 2. flexible and the route on DEX v1: the fee is lowered to 10 bps for that hop; the fee is
 *    never increased, so 1..9 bps excludes DEX v1 (see {@link ReferralRuleExclusion});
 * 3. any other venue: the requested fee applies in full.
 * A DEX v1 pool whose stored `ref_fee` is not 10 bps is excluded from referral quotes.
 *
 * @example
 * ```ts
 * const request = { referrer, referrerFeeBps: 25n, flexibleReferrerFee: true }
 * referralRule({ venue: 'dex_v1', state: v1Pool }, request) // { kind: 'lowered', bps: 10n, requestedBps: 25n }
 * referralRule({ venue: 'dex_v2', state: v2Pool }, request) // { kind: 'applied', bps: 25n }
 * referralRule({ venue: 'dex_v1', state: v1Pool }, { ...request, flexibleReferrerFee: false })
 * // { kind: 'excluded', reason: { code: 'DEX_V1_FEE_ABOVE_FIXED', requestedBps: 25n, fixedBps: 10n, ... } }
 * ```
 */
export function referralRule(
  pool: { readonly venue: Venue; readonly state: PoolState },
  request: Pick<ValidQuoteRequest, 'referrer' | 'referrerFeeBps' | 'flexibleReferrerFee'>,
): ReferralDecision {
  const requestedBps = request.referrerFeeBps
  if (request.referrer === undefined || requestedBps === 0n) return { kind: 'none', bps: 0n }
  if (!venueReferralModel(pool.venue).fixedByPool) return { kind: 'applied', bps: requestedBps }

  const fixedBps = DEX_V1_REFERRAL_BPS
  const poolRefFeeBps = pool.state.refFee
  const exclude = (code: ReferralRuleExclusion['code'], message: string): ReferralDecision => ({
    kind: 'excluded',
    reason: { code, requestedBps, fixedBps, poolRefFeeBps, message },
  })
  if (poolRefFeeBps !== fixedBps) {
    return exclude(
      'DEX_V1_NONSTANDARD_FEE',
      `the DEX v1 pool charges ${poolRefFeeBps} bps, not the fixed ${fixedBps} bps the rules assume`,
    )
  }
  if (requestedBps === fixedBps) return { kind: 'applied', bps: requestedBps }
  if (requestedBps > fixedBps) {
    if (request.flexibleReferrerFee) return { kind: 'lowered', bps: fixedBps, requestedBps }
    return exclude(
      'DEX_V1_FEE_ABOVE_FIXED',
      `the requested ${requestedBps} bps is above the DEX v1 fixed ${fixedBps} bps and the fee is not flexible`,
    )
  }
  return exclude(
    'DEX_V1_FEE_BELOW_FIXED',
    `the DEX v1 fixed ${fixedBps} bps would raise the requested ${requestedBps} bps`,
  )
}
