import { candidateRoutes } from './candidateRoutes.js'
import { NoRouteError } from './errors/NoRouteError.js'
import { type ExcludedRoute, evaluateRoute, type QuotedRoute } from './evaluateRoute.js'
import { type Market, normalizeMarket } from './Market.js'
import { parseQuoteRequest, type QuoteRequest, type ValidQuoteRequest } from './QuoteRequest.js'

/** The answer to a quote request. */
export type Quote = {
  /** The request as validated, defaults applied. */
  readonly request: ValidQuoteRequest
  /** The best route: the largest output to the user under the referral rules. */
  readonly route: QuotedRoute
  /** Every other route that can fill the request, best first. */
  readonly alternatives: readonly QuotedRoute[]
  /** Every candidate the rules or the pool math excluded, and why, in candidate order. */
  readonly excluded: readonly ExcludedRoute[]
}

/**
 * Quotes a swap with referral parameters over a market: considers every direct pool and every
 * two-hop path through a shared asset (on DEX v2 a two-hop route on one router is a
 * cross-swap), applies the referral routing rules per hop (`referralRule`), computes each hop
 * with the pool's own math (`swap`), and picks the route that gives the user the most. Ties go
 * to fewer hops, then to the smaller pool ids (string order), so the answer is deterministic.
 *
 * @example
 * ```ts
 * // market: docs/referral.md, TON/USDT on DEX v1 and DEX v2 with the same reserves
 * const q = quote(market, {
 *   offerAsset: 'native', askAsset: usdt, amountIn: 10_000_000_000_000n,
 *   referrerAddress: { blockchain: 607, address: referrer }, referrerFeeBps: 25,
 *   settlementParams: { flexibleReferrerFee: true },
 * })
 * q.route.poolIds // ['v1-ton-usdt']: DEX v1 wins at its fixed 10 bps
 * q.route.hops[0].referralBps // 10n  (lowered from 25n, spec rule 2)
 * q.route.amountOut // 29584863065n (DEX v2 at 25 bps: 29540396838n)
 * ```
 * @throws {NoRouteError} when no candidate can fill the request (`excluded` says why).
 * @throws the validation errors of {@link parseQuoteRequest} and {@link normalizeMarket}.
 */
export function quote(market: Market, request: QuoteRequest): Quote {
  const valid = parseQuoteRequest(request)
  const pools = normalizeMarket(market)
  const routes: QuotedRoute[] = []
  const excluded: ExcludedRoute[] = []
  for (const candidate of candidateRoutes(pools, valid.offerAsset, valid.askAsset)) {
    const outcome = evaluateRoute(candidate, valid)
    if (outcome.ok) routes.push(outcome.route)
    else excluded.push(outcome.excluded)
  }
  routes.sort(compareRoutes)
  const [route, ...alternatives] = routes
  if (route === undefined) {
    throw new NoRouteError({ offerAsset: valid.offerAsset, askAsset: valid.askAsset, excluded })
  }
  return { request: valid, route, alternatives, excluded }
}

/** Best first: larger output, then fewer hops, then smaller pool ids. */
function compareRoutes(a: QuotedRoute, b: QuotedRoute): number {
  if (a.amountOut !== b.amountOut) return a.amountOut > b.amountOut ? -1 : 1
  if (a.hops.length !== b.hops.length) return a.hops.length - b.hops.length
  const ka = a.poolIds.join('\u0000')
  const kb = b.poolIds.join('\u0000')
  return ka < kb ? -1 : ka > kb ? 1 : 0
}
