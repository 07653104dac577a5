import { Address } from '@ton/core'
import { ceilDiv, floorDiv } from '../math/mulDiv.js'
import { FEE_DIVIDER } from '../pool/PoolState.js'
import { DEX_V1_REFERRAL_BPS, MAX_REFERRER_FEE_BPS } from '../referral/venues.js'
import type { ReferralFeeRecord } from './ReferralFeeRecord.js'

/** One difference between an observed and an expected referral record, explained. */
export type ReferralFeeMismatch = {
  readonly field: keyof ReferralFeeRecord | 'conservation'
  readonly observed: unknown
  readonly expected: unknown
  /** What the difference most likely means, in the contracts' terms. */
  readonly explanation: string
}

/** The outcome of {@link verifyReferralFee}. */
export type ReferralFeeVerification = {
  readonly ok: boolean
  readonly mismatches: readonly ReferralFeeMismatch[]
  /** One line when it matches; one line per mismatch otherwise. */
  readonly explanation: string
}

/**
 * Compares the referral fee your integration observed with the expected one and explains every
 * difference: a rounding direction (the contracts round the referral fee UP, from the GROSS
 * output), a fee computed from the net output or after the protocol fee, a different rate
 * (naming the rate the amount matches, e.g. DEX v1's fixed 10 bps), a fee raised above the
 * expected rate, amounts that do not add up (out + protocol + referral = gross), the wrong
 * asset, or the wrong recipient (e.g. a DEX v2 fee paid directly instead of into the vault).
 * Fields missing on either side are not compared.
 *
 * @example
 * ```ts
 * import { verifyReferralFee } from 'ton-dex-lab/testing'
 * const v = verifyReferralFee(
 *   { referralFeeOut: 1994009n },
 *   { referralFeeOut: 1994010n, referralBps: 10n, grossOut: 1994009978n },
 * )
 * v.ok // false
 * v.explanation
 * // 'referralFeeOut: 1994009 instead of 1994010: rounded down; the contracts round the referral
 * //  fee up, ceil(B·R/10000) = ceil(1994009978·10/10000) = 1994010'
 * ```
 */
export function verifyReferralFee(
  observed: ReferralFeeRecord,
  expected: ReferralFeeRecord,
): ReferralFeeVerification {
  const mismatches: ReferralFeeMismatch[] = []
  const add = (field: ReferralFeeMismatch['field'], o: unknown, e: unknown, why: string) =>
    mismatches.push({ field, observed: o, expected: e, explanation: why })

  if (both(observed.venue, expected.venue) && observed.venue !== expected.venue) {
    add('venue', observed.venue, expected.venue, 'the swap ran on another venue than expected')
  }
  if (
    both(observed.referralBps, expected.referralBps) &&
    observed.referralBps !== expected.referralBps
  ) {
    add(
      'referralBps',
      observed.referralBps,
      expected.referralBps,
      rateExplanation(observed, expected),
    )
  }
  for (const field of ['grossOut', 'amountOut', 'protocolFeeOut'] as const) {
    const o = observed[field]
    const e = expected[field]
    if (o !== undefined && e !== undefined && o !== e) {
      add(field, o, e, `${o} instead of ${e} (${signed(o - e)}): ${AMOUNT_NOTES[field]}`)
    }
  }
  if (observed.referralFeeOut !== expected.referralFeeOut) {
    add(
      'referralFeeOut',
      observed.referralFeeOut,
      expected.referralFeeOut,
      amountExplanation(observed, expected),
    )
  }
  const { grossOut, amountOut, protocolFeeOut, referralFeeOut } = observed
  if (grossOut !== undefined && amountOut !== undefined && protocolFeeOut !== undefined) {
    const sum = amountOut + protocolFeeOut + referralFeeOut
    if (sum !== grossOut) {
      add(
        'conservation',
        sum,
        grossOut,
        `out ${amountOut} + protocol fee ${protocolFeeOut} + referral fee ${referralFeeOut} = ${sum}, not the gross output ${grossOut}: every unit of the gross output goes to exactly one of the three`,
      )
    }
  }
  if (both(observed.asset, expected.asset) && observed.asset !== expected.asset) {
    add(
      'asset',
      observed.asset,
      expected.asset,
      'the referral fee is paid in the ASK asset of the swap (on DEX v2 a native-coin fee is kept under the native-coin wrapper master)',
    )
  }
  if (
    both(observed.recipientKind, expected.recipientKind) &&
    observed.recipientKind !== expected.recipientKind
  ) {
    add(
      'recipientKind',
      observed.recipientKind,
      expected.recipientKind,
      RECIPIENT_NOTES[expected.recipientKind ?? 'referrer'],
    )
  }
  if (
    both(observed.recipientAddress, expected.recipientAddress) &&
    canonical(observed.recipientAddress) !== canonical(expected.recipientAddress)
  ) {
    add(
      'recipientAddress',
      canonical(observed.recipientAddress),
      canonical(expected.recipientAddress),
      'the fee went to another address than the expected recipient',
    )
  }
  const explanation =
    mismatches.length === 0
      ? `referral fee verified: ${expected.referralFeeOut}${expected.referralBps === undefined ? '' : ` at ${expected.referralBps} bps`}`
      : mismatches.map((m) => `${m.field}: ${m.explanation}`).join('\n')
  return { ok: mismatches.length === 0, mismatches, explanation }
}

const AMOUNT_NOTES = {
  grossOut:
    'the gross output differs, so the pool state, the input or the curve differs from the expected swap',
  amountOut: 'the receiver got a different amount',
  protocolFeeOut:
    'the protocol fee is ceil(B·P/10000) of the gross output B, in the ask token, computed from the same B as the referral fee',
} as const

const RECIPIENT_NOTES = {
  referrer:
    'the fee should reach the referrer directly: DEX v1 pays it in the same swap, venues A and B credit the native coin instantly',
  dex_v2_vault:
    'DEX v2 never pays the referrer directly: the fee is deposited in the vault of referrer × ask token, which the referrer withdraws later',
  fee_vault:
    'on venues A and B a jetton fee accrues in the referrer’s vault at the fee-vault minter; only the native coin is credited instantly',
  escrow_vault:
    'on the escrow venue the fee accrues in the escrow vault and is withdrawn by an on-chain call',
} as const

function rateExplanation(observed: ReferralFeeRecord, expected: ReferralFeeRecord): string {
  const o = observed.referralBps as bigint
  const e = expected.referralBps as bigint
  const base = `${o} bps instead of ${e} bps`
  if (o > e) return `${base}: above the expected rate; a referral fee is never increased`
  if (o === DEX_V1_REFERRAL_BPS && observed.venue === 'dex_v1') {
    return `${base}: DEX v1's fixed fee; lowering to it needs flexibleReferrerFee = true`
  }
  return `${base}: the rate was lowered`
}

function amountExplanation(observed: ReferralFeeRecord, expected: ReferralFeeRecord): string {
  const o = observed.referralFeeOut
  const e = expected.referralFeeOut
  const head = `${o} instead of ${e}`
  const gross = expected.grossOut ?? observed.grossOut
  const bps = expected.referralBps
  if (gross === undefined || bps === undefined || bps === 0n) return `${head} (${signed(o - e)})`
  const exact = ceilDiv(gross * bps, FEE_DIVIDER)
  const formula = `ceil(B·R/10000) = ceil(${gross}·${bps}/10000) = ${exact}`
  if (o === floorDiv(gross * bps, FEE_DIVIDER) && o !== exact) {
    return `${head}: rounded down; the contracts round the referral fee up, ${formula}`
  }
  const net = expected.amountOut
  if (net !== undefined && o === ceilDiv(net * bps, FEE_DIVIDER)) {
    return `${head}: computed from the net output ${net}; the contracts use the gross output B, ${formula}`
  }
  const protocol = expected.protocolFeeOut
  if (
    protocol !== undefined &&
    protocol > 0n &&
    o === ceilDiv((gross - protocol) * bps, FEE_DIVIDER)
  ) {
    return `${head}: computed after the protocol fee was taken; the contracts take both fees from the same gross output B, ${formula}`
  }
  const rate = nearestMatchingRate(o, gross, bps)
  if (rate !== undefined) {
    const note =
      rate > bps
        ? '; that is above the expected rate, and a referral fee is never increased'
        : rate === DEX_V1_REFERRAL_BPS
          ? " (DEX v1's fixed fee)"
          : ''
    return `${head}: matches a rate of ${rate} bps instead of ${bps} bps${note}; expected ${formula}`
  }
  return `${head} (${signed(o - e)}); expected ${formula}`
}

/** The rate 0..100 bps whose fee on `gross` is `amount`, nearest to `bps`; none if no rate fits. */
function nearestMatchingRate(amount: bigint, gross: bigint, bps: bigint): bigint | undefined {
  let best: bigint | undefined
  for (let rate = 0n; rate <= MAX_REFERRER_FEE_BPS; rate++) {
    if (rate === bps || ceilDiv(gross * rate, FEE_DIVIDER) !== amount) continue
    const distance = rate > bps ? rate - bps : bps - rate
    const bestDistance = best === undefined ? undefined : best > bps ? best - bps : bps - best
    if (bestDistance === undefined || distance < bestDistance) best = rate
  }
  return best
}

function both<T>(a: T | undefined, b: T | undefined): boolean {
  return a !== undefined && b !== undefined
}

function signed(delta: bigint): string {
  return delta > 0n ? `+${delta}` : `${delta}`
}

function canonical(address: Address | string | undefined): string | undefined {
  if (address === undefined) return undefined
  if (Address.isAddress(address)) return address.toRawString()
  try {
    return Address.parse(address).toRawString()
  } catch {
    return address
  }
}
