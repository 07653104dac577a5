import { Address } from '@ton/core'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz } from '../../test/_support/fuzz.js'
import { cp, REFERRER } from './_support/market.js'
import { referralRule } from './referralRule.js'
import { VENUES } from './venues.js'

const referrer = Address.parse(REFERRER)
const v1 = { venue: 'dex_v1', state: cp('v1') } as const
const v2 = { venue: 'dex_v2', state: cp('v2') } as const
const request = (bps: bigint, flexible: boolean) => ({
  referrer,
  referrerFeeBps: bps,
  flexibleReferrerFee: flexible,
})

describe('referralRule', () => {
  test('rule 1: above 10 bps and not flexible excludes DEX v1', () => {
    expect(referralRule(v1, request(11n, false))).toEqual({
      kind: 'excluded',
      reason: {
        code: 'DEX_V1_FEE_ABOVE_FIXED',
        requestedBps: 11n,
        fixedBps: 10n,
        poolRefFeeBps: 10n,
        message:
          'the requested 11 bps is above the DEX v1 fixed 10 bps and the fee is not flexible',
      },
    })
    expect(referralRule(v2, request(11n, false))).toEqual({ kind: 'applied', bps: 11n })
  })

  test('rule 2: flexible on DEX v1 lowers the fee to 10 bps', () => {
    expect(referralRule(v1, request(25n, true))).toEqual({
      kind: 'lowered',
      bps: 10n,
      requestedBps: 25n,
    })
    expect(referralRule(v1, request(100n, true))).toMatchObject({ kind: 'lowered', bps: 10n })
  })

  test('rule 2: exactly 10 bps applies on DEX v1, flexible or not', () => {
    expect(referralRule(v1, request(10n, false))).toEqual({ kind: 'applied', bps: 10n })
    expect(referralRule(v1, request(10n, true))).toEqual({ kind: 'applied', bps: 10n })
  })

  test('rule 2 (never increased): 1..9 bps excludes DEX v1 (our choice)', () => {
    for (const flexible of [false, true]) {
      expect(referralRule(v1, request(9n, flexible))).toMatchObject({
        kind: 'excluded',
        reason: { code: 'DEX_V1_FEE_BELOW_FIXED', requestedBps: 9n, fixedBps: 10n },
      })
    }
  })

  test('rule 3: every other venue applies the requested fee in full', () => {
    for (const venue of VENUES.filter((v) => v !== 'dex_v1')) {
      for (const flexible of [false, true]) {
        expect(referralRule({ venue, state: cp('v2') }, request(73n, flexible))).toEqual({
          kind: 'applied',
          bps: 73n,
        })
      }
    }
  })

  test('behavior: no referrer, or 0 bps, is no referral on every venue (DEX v1 included)', () => {
    for (const venue of VENUES) {
      const state = cp(venue === 'dex_v1' ? 'v1' : 'v2')
      expect(referralRule({ venue, state }, request(0n, false))).toEqual({ kind: 'none', bps: 0n })
      expect(referralRule({ venue, state }, { ...request(0n, true), referrer: undefined })).toEqual(
        { kind: 'none', bps: 0n },
      )
    }
  })

  test('behavior: a DEX v1 pool whose ref_fee is not 10 bps is kept out of referral quotes', () => {
    for (const refFee of [0n, 5n, 20n]) {
      const odd = { venue: 'dex_v1', state: cp('v1', { refFee }) } as const
      for (const bps of [refFee === 0n ? 1n : refFee, 10n, 25n]) {
        expect(referralRule(odd, request(bps, true))).toMatchObject({
          kind: 'excluded',
          reason: { code: 'DEX_V1_NONSTANDARD_FEE', fixedBps: 10n, poolRefFeeBps: refFee },
        })
      }
      expect(referralRule(odd, request(0n, true))).toEqual({ kind: 'none', bps: 0n })
    }
  })

  test('property: the fee is never increased; DEX v1 carries exactly 10 bps or is excluded', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VENUES),
        fc.bigInt({ min: 0n, max: 100n }),
        fc.boolean(),
        (venue, bps, flexible) => {
          const state = cp(venue === 'dex_v1' ? 'v1' : 'v2')
          const decision = referralRule({ venue, state }, request(bps, flexible))
          if (decision.kind === 'excluded') {
            expect(venue).toBe('dex_v1')
            expect([0n, 10n]).not.toContain(bps)
            if (flexible) expect(bps).toBeLessThan(10n)
            return
          }
          expect(decision.bps).toBeLessThanOrEqual(bps)
          if (bps === 0n) expect(decision.kind).toBe('none')
          else if (venue === 'dex_v1') expect(decision.bps).toBe(10n)
          else expect(decision).toEqual({ kind: 'applied', bps })
        },
      ),
      fuzz({ numRuns: 500 }),
    )
  })
})
