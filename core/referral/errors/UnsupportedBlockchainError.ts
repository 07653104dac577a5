import { BaseError } from '../../errors/BaseError.js'

/**
 * A quote request names a referrer on another blockchain. The aggregation protocol's
 * `referrerAddress.blockchain` must be 607, the code of TON (`docs/referral.md`,
 * "Quote request").
 *
 * @example
 * ```ts
 * parseQuoteRequest({ offerAsset: 'native', askAsset: usdt, amountIn: 10n ** 9n,
 *   referrerAddress: { blockchain: 1, address: referrer }, referrerFeeBps: 25 })
 * // throws UnsupportedBlockchainError { code: 'UNSUPPORTED_BLOCKCHAIN',
 * //   field: 'referrerAddress.blockchain', blockchain: 1 }
 * ```
 */
export class UnsupportedBlockchainError extends BaseError {
  override readonly name = 'UnsupportedBlockchainError'
  readonly code = 'UNSUPPORTED_BLOCKCHAIN'
  /** Always `'referrerAddress.blockchain'`. */
  readonly field = 'referrerAddress.blockchain'
  /** The blockchain code given. */
  readonly blockchain: unknown

  constructor({ blockchain }: { blockchain: unknown }) {
    super('Invalid referrerAddress.blockchain: only 607 (TON) is supported.', {
      meta: [`value: ${String(blockchain)}`],
    })
    this.blockchain = blockchain
  }
}
