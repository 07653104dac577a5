import { describe, expect, test } from 'vitest'
import {
  DEX_V1_REFERRAL_BPS,
  MAX_REFERRER_FEE_BPS,
  REFERRAL_VENUES,
  VENUES,
  venueReferralModel,
} from './venues.js'

describe('venues', () => {
  test('the referral fee model of docs/referral.md, row by row', () => {
    const rows = VENUES.map((v) => {
      const m = REFERRAL_VENUES[v]
      return [v, m.minBps, m.maxBps, m.fixedByPool, m.settlement, m.dex]
    })
    expect(rows).toEqual([
      ['dex_v1', 10n, 10n, true, 'paid_in_swap', 'v1'],
      ['dex_v2', 1n, 100n, false, 'dex_v2_vault', 'v2'],
      ['external_a', 1n, 100n, false, 'fee_vault_minter', 'v2'],
      ['external_b', 1n, 100n, false, 'fee_vault_minter', 'v2'],
      ['escrow', 1n, 100n, false, 'escrow_vault', 'v2'],
    ])
    expect(DEX_V1_REFERRAL_BPS).toBe(10n)
    expect(MAX_REFERRER_FEE_BPS).toBe(100n)
  })

  test('behavior: an unknown venue is rejected', () => {
    expect(venueReferralModel('escrow').venue).toBe('escrow')
    expect(() => venueReferralModel('dex_v3' as 'dex_v1')).toThrow(/venue/)
  })
})
