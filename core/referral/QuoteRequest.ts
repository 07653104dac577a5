import type { Address } from '@ton/core'
import { InvalidInputError } from '../errors/InvalidInputError.js'
import { assertCoins } from '../pool/PoolState.js'
import { type AssetId, assetId } from './assetId.js'
import { ReferrerFeeOutOfRangeError } from './errors/ReferrerFeeOutOfRangeError.js'
import { UnsupportedBlockchainError } from './errors/UnsupportedBlockchainError.js'
import { parseAddress } from './parseAddress.js'
import { MAX_REFERRER_FEE_BPS } from './venues.js'

/** The aggregation protocol's code of the TON blockchain (`docs/referral.md`, "Versioning" 5). */
export const TON_BLOCKCHAIN = 607

/** The referrer of a quote request: an address on a blockchain named by its protocol code. */
export type ReferrerAddress = {
  /** Must be 607 (TON). */
  readonly blockchain: number
  /** Raw (`0:…`) or user-friendly address. */
  readonly address: string
}

/**
 * A quote request of the aggregation protocol with its referral parameters
 * (`docs/referral.md`, "Quote request"). The spec shows only the
 * referral fields; `offerAsset`, `askAsset` and `amountIn` are our names for the trade itself.
 */
export type QuoteRequest = {
  /** Asset sold: `'native'` or a jetton master address. */
  readonly offerAsset: string
  /** Asset bought: `'native'` or a jetton master address. */
  readonly askAsset: string
  /** Amount sold, raw units (1 .. 2^120 − 1). */
  readonly amountIn: bigint
  /** Who receives the referral fee. Required when `referrerFeeBps` is above 0. */
  readonly referrerAddress?: ReferrerAddress | undefined
  /** Referral fee in bps, an integer 0..100 (default 0: no referral fee). */
  readonly referrerFeeBps?: number | bigint | undefined
  readonly settlementParams?:
    | {
        /**
         * Lets the resolver lower the effective referral fee when that gives a better rate
         * (default `false`).
         */
        readonly flexibleReferrerFee?: boolean | undefined
      }
    | undefined
}

/** A {@link QuoteRequest} after {@link parseQuoteRequest}: canonical, typed, defaults applied. */
export type ValidQuoteRequest = {
  readonly offerAsset: AssetId
  readonly askAsset: AssetId
  readonly amountIn: bigint
  /** The referrer, or `undefined` without one. */
  readonly referrer: Address | undefined
  /** Requested referral fee, 0..100 bps; 0 means no referral fee. */
  readonly referrerFeeBps: bigint
  readonly flexibleReferrerFee: boolean
}

/**
 * Validates a quote request and applies its defaults: `referrerFeeBps` 0 and
 * `settlementParams.flexibleReferrerFee` false. Every error names the field at fault.
 *
 * @example
 * ```ts
 * parseQuoteRequest({
 *   offerAsset: 'native', askAsset: 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs',
 *   amountIn: 1_000_000_000n,
 *   referrerAddress: { blockchain: 607, address: 'EQCXSs2xZ2dhk9TAxzGzXra2EbG_S2SqyN8Tfi6fJ82EYiVj' },
 *   referrerFeeBps: 25,
 * })
 * // { offerAsset: 'native', askAsset: '0:b113a994…', amountIn: 1000000000n,
 * //   referrer: Address(EQCXSs2x…), referrerFeeBps: 25n, flexibleReferrerFee: false }
 * ```
 * @throws {UnsupportedBlockchainError} when `referrerAddress.blockchain` is not 607.
 * @throws {InvalidAddressError} when an asset or the referrer address does not parse.
 * @throws {ReferrerFeeOutOfRangeError} when `referrerFeeBps` is an integer outside 0..100.
 * @throws {InvalidInputError} for any other malformed field (not an integer, not a boolean,
 *   a fee without a referrer, the same asset on both sides, a bad amount).
 */
export function parseQuoteRequest(request: QuoteRequest): ValidQuoteRequest {
  if (typeof request !== 'object' || request === null) {
    throw new InvalidInputError({ field: 'request', reason: 'must be an object', value: request })
  }
  const offerAsset = assetId(request.offerAsset, 'offerAsset')
  const askAsset = assetId(request.askAsset, 'askAsset')
  if (offerAsset === askAsset) {
    throw new InvalidInputError({
      field: 'askAsset',
      reason: 'must differ from offerAsset',
      value: request.askAsset,
    })
  }
  assertCoins(request.amountIn, 'amountIn', { allowZero: false })
  const referrer = parseReferrer(request.referrerAddress)
  const referrerFeeBps = parseFeeBps(request.referrerFeeBps)
  if (referrerFeeBps > 0n && referrer === undefined) {
    throw new InvalidInputError({
      field: 'referrerAddress',
      reason: 'is required when referrerFeeBps is above 0',
    })
  }
  return {
    offerAsset,
    askAsset,
    amountIn: request.amountIn,
    referrer,
    referrerFeeBps,
    flexibleReferrerFee: parseFlexible(request.settlementParams),
  }
}

function parseReferrer(value: ReferrerAddress | undefined): Address | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'object' || value === null) {
    throw new InvalidInputError({
      field: 'referrerAddress',
      reason: 'must be an object { blockchain, address }',
      value,
    })
  }
  if (value.blockchain !== TON_BLOCKCHAIN) {
    throw new UnsupportedBlockchainError({ blockchain: value.blockchain })
  }
  return parseAddress(value.address, 'referrerAddress.address')
}

function parseFeeBps(value: number | bigint | undefined): bigint {
  if (value === undefined) return 0n
  let bps: bigint
  if (typeof value === 'bigint') bps = value
  else if (typeof value === 'number' && Number.isSafeInteger(value)) bps = BigInt(value)
  else {
    throw new InvalidInputError({ field: 'referrerFeeBps', reason: 'must be an integer', value })
  }
  if (bps < 0n || bps > MAX_REFERRER_FEE_BPS) {
    throw new ReferrerFeeOutOfRangeError({ value: bps, min: 0n, max: MAX_REFERRER_FEE_BPS })
  }
  return bps
}

function parseFlexible(value: QuoteRequest['settlementParams']): boolean {
  if (value === undefined) return false
  if (typeof value !== 'object' || value === null) {
    throw new InvalidInputError({ field: 'settlementParams', reason: 'must be an object', value })
  }
  const flexible = value.flexibleReferrerFee
  if (flexible === undefined) return false
  if (typeof flexible !== 'boolean') {
    throw new InvalidInputError({
      field: 'settlementParams.flexibleReferrerFee',
      reason: 'must be a boolean',
      value: flexible,
    })
  }
  return flexible
}
