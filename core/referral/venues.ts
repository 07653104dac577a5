import { InvalidInputError } from '../errors/InvalidInputError.js'

/**
 * A place a route can trade on, as the referral-fee model tells them apart
 * (`docs/referral.md`, "Referral fee model"): the exchange's two generations, two external
 * venues that share the fee-vault-minter mechanism, and the escrow venue.
 */
export type Venue = 'dex_v1' | 'dex_v2' | 'external_a' | 'external_b' | 'escrow'

/**
 * Every venue, in the order of the spec's table.
 *
 * @example
 * ```ts
 * import { VENUES } from 'ton-dex-lab/core'
 * VENUES // ['dex_v1', 'dex_v2', 'external_a', 'external_b', 'escrow']
 * ```
 */
export const VENUES: readonly Venue[] = ['dex_v1', 'dex_v2', 'external_a', 'external_b', 'escrow']

/**
 * How a venue's referral fee reaches the referrer:
 * - `paid_in_swap`: transferred to the referrer in the same swap (DEX v1);
 * - `dex_v2_vault`: deposited in the vault of referrer × ask token, deployed or reused by the
 *   router during the swap, withdrawn by the referrer with an on-chain transaction;
 * - `fee_vault_minter`: the native coin is credited to the referrer instantly during the swap,
 *   jettons accrue in the referrer's per-jetton vault of the venue's fee-vault minter
 *   (withdrawn with `collectFees`);
 * - `escrow_vault`: accrues in a token-aware vault of the escrow minter, withdrawn with
 *   `sendVaultWithdrawTokens`.
 */
export type ReferralSettlement =
  | 'paid_in_swap'
  | 'dex_v2_vault'
  | 'fee_vault_minter'
  | 'escrow_vault'

/** One row of the referral-fee model. */
export type VenueReferralModel = {
  readonly venue: Venue
  /** Smallest referral fee the venue charges, in bps. */
  readonly minBps: bigint
  /** Largest referral fee the venue charges, in bps. */
  readonly maxBps: bigint
  /**
   * `true` when the pool, not the swap, sets the fee (DEX v1: the pool's stored `ref_fee`,
   * 10 bps). The swap only chooses whether to name a referrer.
   */
  readonly fixedByPool: boolean
  readonly settlement: ReferralSettlement
  /**
   * Which `swap` pipeline models the venue's pool math: DEX v1's (`hasReferral`, fixed fee) or
   * DEX v2's (`referralBps` per swap). The spec gives no math for the external and escrow
   * venues; we model them with the DEX v2 pipeline of the pool's kind and the pool's own fees.
   */
  readonly dex: 'v1' | 'v2'
}

/** DEX v1's referral fee: 10 bps (0.1 %), enforced by the pool contract (`docs/contracts.md` §1.1). */
export const DEX_V1_REFERRAL_BPS = 10n

/** The largest referral fee of every venue that lets the swap choose it: 100 bps (1 %). */
export const MAX_REFERRER_FEE_BPS = 100n

/**
 * The referral-fee model of every venue (`docs/referral.md`, "Referral fee model" and "Limits").
 *
 * @example
 * ```ts
 * import { REFERRAL_VENUES } from 'ton-dex-lab/core'
 * REFERRAL_VENUES.dex_v1 // { minBps: 10n, maxBps: 10n, fixedByPool: true, settlement: 'paid_in_swap', ... }
 * REFERRAL_VENUES.dex_v2.maxBps // 100n
 * ```
 */
export const REFERRAL_VENUES: Readonly<Record<Venue, VenueReferralModel>> = {
  dex_v1: {
    venue: 'dex_v1',
    minBps: DEX_V1_REFERRAL_BPS,
    maxBps: DEX_V1_REFERRAL_BPS,
    fixedByPool: true,
    settlement: 'paid_in_swap',
    dex: 'v1',
  },
  dex_v2: {
    venue: 'dex_v2',
    minBps: 1n,
    maxBps: MAX_REFERRER_FEE_BPS,
    fixedByPool: false,
    settlement: 'dex_v2_vault',
    dex: 'v2',
  },
  external_a: {
    venue: 'external_a',
    minBps: 1n,
    maxBps: MAX_REFERRER_FEE_BPS,
    fixedByPool: false,
    settlement: 'fee_vault_minter',
    dex: 'v2',
  },
  external_b: {
    venue: 'external_b',
    minBps: 1n,
    maxBps: MAX_REFERRER_FEE_BPS,
    fixedByPool: false,
    settlement: 'fee_vault_minter',
    dex: 'v2',
  },
  escrow: {
    venue: 'escrow',
    minBps: 1n,
    maxBps: MAX_REFERRER_FEE_BPS,
    fixedByPool: false,
    settlement: 'escrow_vault',
    dex: 'v2',
  },
}

/**
 * The referral-fee model of `venue`.
 *
 * @example
 * ```ts
 * venueReferralModel('escrow').settlement // 'escrow_vault'
 * venueReferralModel('dex_v3') // throws InvalidInputError { field: 'venue' }
 * ```
 * @throws {InvalidInputError} for an unknown venue.
 */
export function venueReferralModel(venue: Venue): VenueReferralModel {
  if (!VENUES.includes(venue)) {
    throw new InvalidInputError({
      field: 'venue',
      reason: `must be one of ${VENUES.join(', ')}`,
      value: venue,
    })
  }
  return REFERRAL_VENUES[venue]
}
