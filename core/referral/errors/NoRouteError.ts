import { BaseError } from '../../errors/BaseError.js'
import type { ExcludedRoute } from '../evaluateRoute.js'

/**
 * No candidate route of the market can fill a quote request: no pool path links the two
 * assets (directly or through one shared asset), or every candidate was excluded.
 * `excluded` says why each candidate was dropped.
 *
 * @example
 * ```ts
 * quote({ pools: [v1Pool] }, { offerAsset: 'native', askAsset: usdt, amountIn: 10n ** 9n,
 *   referrerAddress: { blockchain: 607, address: referrer }, referrerFeeBps: 25 })
 * // throws NoRouteError { code: 'NO_ROUTE',
 * //   excluded: [{ poolIds: ['v1'], reason: { code: 'DEX_V1_FEE_ABOVE_FIXED', ... } }] }
 * ```
 */
export class NoRouteError extends BaseError {
  override readonly name = 'NoRouteError'
  readonly code = 'NO_ROUTE'
  /** Offered asset (canonical id). */
  readonly offerAsset: string
  /** Asked asset (canonical id). */
  readonly askAsset: string
  /** Every candidate and why it was excluded; empty when no path exists at all. */
  readonly excluded: readonly ExcludedRoute[]

  constructor({
    offerAsset,
    askAsset,
    excluded,
  }: {
    offerAsset: string
    askAsset: string
    excluded: readonly ExcludedRoute[]
  }) {
    super(`No route from ${offerAsset} to ${askAsset}.`, {
      meta: [
        `candidates excluded: ${excluded.length}`,
        ...excluded.map((e) => `${e.poolIds.join(' > ')}: ${e.reason.code}`),
      ],
    })
    this.offerAsset = offerAsset
    this.askAsset = askAsset
    this.excluded = excluded
  }
}
