import fc from 'fast-check'
import type { QuoteRequest } from '../referral/QuoteRequest.js'
import { assetPairArbitrary } from './assetPairArbitrary.js'
import { KIT_ADDRESSES, KIT_ASSETS } from './kitAddresses.js'

/** Options of {@link quoteRequestArbitrary}. */
export type QuoteRequestArbitraryOptions = {
  /** Assets to draw the offer and ask from (default {@link KIT_ASSETS}). */
  readonly assets?: readonly string[] | undefined
  /** The referrer (default a kit placeholder). */
  readonly referrer?: string | undefined
  readonly minAmountIn?: bigint | undefined
  readonly maxAmountIn?: bigint | undefined
  /** Smallest referral fee drawn, bps (default 0). */
  readonly minFeeBps?: number | undefined
  /** Largest referral fee drawn, bps (default 100). */
  readonly maxFeeBps?: number | undefined
  /** Fix `flexibleReferrerFee`; by default drawn (including left out, which means false). */
  readonly flexible?: boolean | undefined
  /** Also draw requests without any referral parameters (default true). */
  readonly withoutReferral?: boolean | undefined
}

/**
 * Valid quote requests: distinct offer and ask, an amount from `minAmountIn` (default 1000) to
 * `maxAmountIn` (default 10^12), the referrer on blockchain 607, a fee of 0..100 bps given as a
 * number or a bigint, and `flexibleReferrerFee` true, false or left out.
 *
 * @example
 * ```ts
 * import fc from 'fast-check'
 * import { parseQuoteRequest } from 'ton-dex-lab/core'
 * import { quoteRequestArbitrary } from 'ton-dex-lab/testing'
 * fc.assert(fc.property(quoteRequestArbitrary(), (r) => parseQuoteRequest(r).referrerFeeBps <= 100n))
 * ```
 */
export function quoteRequestArbitrary(
  options: QuoteRequestArbitraryOptions = {},
): fc.Arbitrary<QuoteRequest> {
  const assets = options.assets ?? KIT_ASSETS
  if (assets.length < 2) throw new RangeError('quoteRequestArbitrary: need at least two assets')
  const referrer = options.referrer ?? KIT_ADDRESSES.referrer
  const pair = assetPairArbitrary(assets)
  const fee = fc.integer({ min: options.minFeeBps ?? 0, max: options.maxFeeBps ?? 100 })
  const referral = fc.record({
    referrerAddress: fc.constant({ blockchain: 607, address: referrer }),
    referrerFeeBps: fc.oneof(fee, fee.map(BigInt)),
    settlementParams:
      options.flexible === undefined
        ? fc.constantFrom(
            undefined,
            {},
            { flexibleReferrerFee: true },
            { flexibleReferrerFee: false },
          )
        : fc.constant({ flexibleReferrerFee: options.flexible }),
  })
  return fc
    .record({
      pair,
      amountIn: fc.bigInt({
        min: options.minAmountIn ?? 1000n,
        max: options.maxAmountIn ?? 10n ** 12n,
      }),
      referral:
        options.withoutReferral === false
          ? referral
          : fc.option(referral, { nil: undefined, freq: 5 }),
    })
    .map(
      ({ pair: [offerAsset, askAsset], amountIn, referral }): QuoteRequest => ({
        offerAsset,
        askAsset,
        amountIn,
        ...(referral ?? {}),
      }),
    )
}
