import type { Side } from '../curves/Curve.js'
import { BaseError } from '../errors/BaseError.js'
import { swap } from '../ops/swap.js'
import type { PoolState } from '../pool/PoolState.js'
import type { AssetId } from './assetId.js'
import type { CandidateHop, RouteCandidate, RouteMechanism } from './candidateRoutes.js'
import type { ValidQuoteRequest } from './QuoteRequest.js'
import { type ReferralRecipient, referralRecipient } from './referralRecipient.js'
import { type ReferralDecision, type ReferralRuleExclusion, referralRule } from './referralRule.js'
import { type Venue, venueReferralModel } from './venues.js'

/** One executed hop of a quoted route. Amounts are raw units of the hop's assets. */
export type QuotedHop = {
  readonly poolId: string
  readonly venue: Venue
  readonly offerAsset: AssetId
  readonly askAsset: AssetId
  /** Index of the offered token in the pool. */
  readonly side: Side
  readonly amountIn: bigint
  /** Output before the protocol and referral fees: amountOut + protocolFeeOut + referralFeeOut. */
  readonly grossOut: bigint
  /** What the hop delivers (to the next hop, or to the user on the last hop). */
  readonly amountOut: bigint
  readonly protocolFeeOut: bigint
  /** The referral fee, in the ask asset: ceil(grossOut · referralBps / 10000). */
  readonly referralFeeOut: bigint
  /** The fee the request asked for, bps. */
  readonly requestedReferralBps: bigint
  /** The fee this hop charges after the routing rules, bps; never above the requested fee. */
  readonly referralBps: bigint
  /** Which rule set the fee: no referral, the requested fee in full, or lowered (DEX v1). */
  readonly referralRule: 'none' | 'applied' | 'lowered'
  /** Where the referral fee goes; `undefined` when the swap names no referrer. */
  readonly recipient: ReferralRecipient | undefined
  /** The pool after the hop. */
  readonly poolAfter: PoolState
}

/** A route a quote can fill, with every hop computed. */
export type QuotedRoute = {
  readonly poolIds: readonly string[]
  readonly mechanism: RouteMechanism
  readonly amountIn: bigint
  /** What the user receives: the last hop's output. */
  readonly amountOut: bigint
  readonly hops: readonly QuotedHop[]
}

/**
 * Why a candidate route was excluded: a routing rule (see {@link ReferralRuleExclusion}), or a
 * hop's pool math rejecting the swap (`SWAP_FAILED`, carrying the thrown error, e.g. a
 * `PoolMathError` refund or an `UnsupportedPoolKindError`).
 */
export type RouteExclusionReason =
  | (ReferralRuleExclusion & { readonly poolId: string })
  | {
      readonly code: 'SWAP_FAILED'
      readonly poolId: string
      /** The error the pool math threw; its `code` says which refund or failure. */
      readonly error: BaseError
      readonly message: string
    }

/** A candidate route that cannot fill the request, and why. */
export type ExcludedRoute = {
  readonly poolIds: readonly string[]
  readonly mechanism: RouteMechanism
  readonly reason: RouteExclusionReason
}

/**
 * Applies the referral routing rules to every hop of a candidate, then runs each hop's pool
 * math (`swap`, the same code as every other quote) on the previous hop's output. A hop whose
 * math throws a {@link BaseError} excludes the route with that error as the reason.
 *
 * @example
 * ```ts
 * // docs/referral.md market: 10 000 TON → USDT at 25 bps, not flexible
 * const [v1, v2] = candidateRoutes(normalizeMarket(market), 'native', usdtRaw)
 * evaluateRoute(v2, parseQuoteRequest(request))
 * // { ok: true, route: { poolIds: ['v2-ton-usdt'], mechanism: 'direct', amountOut: 29540396838n,
 * //   hops: [{ grossOut: 29644151369n, referralFeeOut: 74110379n, referralBps: 25n, ... }] } }
 * evaluateRoute(v1, parseQuoteRequest(request))
 * // { ok: false, excluded: { poolIds: ['v1-ton-usdt'], reason: { code: 'DEX_V1_FEE_ABOVE_FIXED', ... } } }
 * ```
 * @throws whatever non-library error a pool computation throws (a bug, never a refund).
 */
export function evaluateRoute(
  candidate: RouteCandidate,
  request: ValidQuoteRequest,
):
  | { readonly ok: true; readonly route: QuotedRoute }
  | { readonly ok: false; readonly excluded: ExcludedRoute } {
  const poolIds = candidate.hops.map((hop) => hop.pool.id)
  const exclude = (reason: RouteExclusionReason) =>
    ({ ok: false, excluded: { poolIds, mechanism: candidate.mechanism, reason } }) as const

  const decided: { hop: CandidateHop; decision: AppliedDecision }[] = []
  for (const hop of candidate.hops) {
    const decision = referralRule(hop.pool, request)
    if (decision.kind === 'excluded') return exclude({ ...decision.reason, poolId: hop.pool.id })
    decided.push({ hop, decision })
  }

  const hops: QuotedHop[] = []
  let amountIn = request.amountIn
  for (const { hop, decision } of decided) {
    let quoted: QuotedHop
    try {
      quoted = runHop(hop, amountIn, decision, request)
    } catch (error) {
      if (!(error instanceof BaseError)) throw error
      return exclude({
        code: 'SWAP_FAILED',
        poolId: hop.pool.id,
        error,
        message: `pool ${hop.pool.id} rejects the swap: ${error.code}`,
      })
    }
    hops.push(quoted)
    amountIn = quoted.amountOut
  }
  return {
    ok: true,
    route: {
      poolIds,
      mechanism: candidate.mechanism,
      amountIn: request.amountIn,
      amountOut: amountIn,
      hops,
    },
  }
}

/** A rule decision that keeps the pool. */
type AppliedDecision = Exclude<ReferralDecision, { kind: 'excluded' }>

function runHop(
  hop: CandidateHop,
  amountIn: bigint,
  decision: AppliedDecision,
  request: ValidQuoteRequest,
): QuotedHop {
  const { pool, side } = hop
  const referred = decision.kind !== 'none'
  const result =
    venueReferralModel(pool.venue).dex === 'v1'
      ? swap(pool.state, { side, amountIn, hasReferral: referred })
      : swap(pool.state, { side, amountIn, referralBps: decision.bps })
  return {
    poolId: pool.id,
    venue: pool.venue,
    offerAsset: hop.offerAsset,
    askAsset: hop.askAsset,
    side,
    amountIn,
    grossOut: result.amountOut + result.protocolFeeOut + result.referralFeeOut,
    amountOut: result.amountOut,
    protocolFeeOut: result.protocolFeeOut,
    referralFeeOut: result.referralFeeOut,
    requestedReferralBps: request.referrerFeeBps,
    referralBps: decision.bps,
    referralRule: decision.kind,
    recipient:
      referred && request.referrer !== undefined
        ? referralRecipient(pool, hop.askAsset, request.referrer)
        : undefined,
    poolAfter: result.pool,
  }
}
