import { Address } from '@ton/core'
import { BaseError } from '../../errors/BaseError.js'
import { swap } from '../../ops/swap.js'
import type { Market } from '../Market.js'
import type { QuoteRequest } from '../QuoteRequest.js'

/** One route as the oracle sees it. */
export type OracleRoute = {
  readonly poolIds: readonly string[]
  readonly amountOut: bigint | undefined
}

/**
 * A brute-force restatement of the quote, written straight from the spec's rules and kept
 * deliberately naive: every pool path of one or two hops, the rules per hop, the pool math per
 * hop. `amountOut` is `undefined` for a route the rules or the math exclude.
 */
export function oracleRoutes(market: Market, request: QuoteRequest): readonly OracleRoute[] {
  const key = (asset: string) => (asset === 'native' ? asset : Address.parse(asset).toRawString())
  const offer = key(request.offerAsset)
  const ask = key(request.askAsset)
  const fee = BigInt(request.referrerFeeBps ?? 0)
  const referred = request.referrerAddress !== undefined && fee > 0n
  const flexible = request.settlementParams?.flexibleReferrerFee === true
  const pools = market.pools.map((p) => ({ ...p, a0: key(p.asset0), a1: key(p.asset1) }))
  type P = (typeof pools)[number]
  const other = (p: P, asset: string) => (p.a0 === asset ? p.a1 : p.a1 === asset ? p.a0 : undefined)
  const paths: P[][] = []
  for (const p of pools) if (other(p, offer) === ask) paths.push([p])
  for (const p of pools) {
    const mid = other(p, offer)
    if (mid === undefined || mid === ask) continue
    for (const q of pools) if (q !== p && other(q, mid) === ask) paths.push([p, q])
  }
  return paths.map((path) => {
    let amount = request.amountIn
    let asset = offer
    for (const p of path) {
      const side = p.a0 === asset ? 0 : 1
      let bps = referred ? fee : 0n
      if (p.venue === 'dex_v1' && referred) {
        // Rule 1: above 10 bps and not flexible → excluded. Rule 2: flexible → 10 bps. Never
        // increased: below 10 bps → excluded. A pool not charging 10 bps → excluded.
        if (p.state.refFee !== 10n || fee < 10n || (fee > 10n && !flexible)) {
          return { poolIds: path.map((x) => x.id), amountOut: undefined }
        }
        bps = 10n
      }
      try {
        amount =
          p.venue === 'dex_v1'
            ? swap(p.state, { side, amountIn: amount, hasReferral: referred }).amountOut
            : swap(p.state, { side, amountIn: amount, referralBps: bps }).amountOut
      } catch (error) {
        if (!(error instanceof BaseError)) throw error
        return { poolIds: path.map((x) => x.id), amountOut: undefined }
      }
      asset = other(p, asset) as string
    }
    return { poolIds: path.map((x) => x.id), amountOut: amount }
  })
}
