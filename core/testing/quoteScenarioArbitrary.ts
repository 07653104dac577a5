import fc from 'fast-check'
import type { Market } from '../referral/Market.js'
import type { QuoteRequest } from '../referral/QuoteRequest.js'
import { KIT_ASSETS } from './kitAddresses.js'
import { type MarketArbitraryOptions, marketArbitrary } from './marketArbitrary.js'
import {
  type QuoteRequestArbitraryOptions,
  quoteRequestArbitrary,
} from './quoteRequestArbitrary.js'

/** A market and a request over its assets: the input of one `quote`. */
export type QuoteScenario = { readonly market: Market; readonly request: QuoteRequest }

/**
 * A market and a quote request over the same assets. Some scenarios have no route (the two
 * assets are not linked, or every candidate is excluded): `quote` throws `NoRouteError` there.
 *
 * @example
 * ```ts
 * import fc from 'fast-check'
 * import { NoRouteError, quote } from 'ton-dex-lab/core'
 * import { quoteScenarioArbitrary } from 'ton-dex-lab/testing'
 * fc.assert(fc.property(quoteScenarioArbitrary(), ({ market, request }) => {
 *   try { return quote(market, request).route.amountOut > 0n }
 *   catch (e) { return e instanceof NoRouteError }
 * }))
 * ```
 */
export function quoteScenarioArbitrary(
  options: {
    readonly market?: MarketArbitraryOptions
    readonly request?: QuoteRequestArbitraryOptions
  } = {},
): fc.Arbitrary<QuoteScenario> {
  const assets = options.market?.assets ?? options.request?.assets ?? KIT_ASSETS
  return fc.record({
    market: marketArbitrary({ ...options.market, assets }),
    request: quoteRequestArbitrary({ ...options.request, assets }),
  })
}
