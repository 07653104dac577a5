import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz } from '../../test/_support/fuzz.js'
import { createPoolState } from '../pool/PoolState.js'
import { tonToUsdt, USDT_RAW, v1TonUsdt, v2TonUsdt } from '../referral/_support/market.js'
import { quote } from '../referral/quote.js'
import {
  expectationFromHop,
  expectedReferralFee,
  type ReferralFeeRecord,
} from './ReferralFeeRecord.js'
import { replaySwapSequence } from './replaySwapSequence.js'
import { swapSequenceArbitrary } from './swapSequenceArbitrary.js'
import { verifyReferralFee } from './verifyReferralFee.js'

// The v1 reference vector with a referral: B = 1994009978, P = 10, R = 10 (docs/contracts.md §6).
const v1Pool = createPoolState({
  dex: 'v1',
  kind: 'constant_product',
  reserve0: 10n ** 12n,
  reserve1: 2n * 10n ** 12n,
  totalSupply: 10n ** 9n,
})
const expected = expectedReferralFee(v1Pool, { side: 0, amountIn: 10n ** 9n, hasReferral: true })

function explain(observed: ReferralFeeRecord, against: ReferralFeeRecord = expected): string {
  return verifyReferralFee(observed, against).explanation
}

describe('expectedReferralFee', () => {
  test('pinned: the DEX v1 reference vector', () => {
    expect(expected).toEqual({
      referralFeeOut: 1_994_010n,
      referralBps: 10n,
      grossOut: 1_994_009_978n,
      amountOut: 1_990_021_958n,
      protocolFeeOut: 1_994_010n,
      venue: 'dex_v1',
    })
    const v2 = expectedReferralFee(
      { ...v1Pool, dex: 'v2', refFee: 0n },
      { side: 1, amountIn: 10n ** 9n, referralBps: 10n },
    )
    expect([v2.amountOut, v2.protocolFeeOut, v2.referralFeeOut, v2.venue]).toEqual([
      497_753_619n,
      498_752n,
      498_752n,
      'dex_v2',
    ])
  })

  test('expectationFromHop carries the hop amounts, asset and recipient', () => {
    const hop = quote({ pools: [v1TonUsdt, v2TonUsdt] }, tonToUsdt({}, true)).route.hops[0]
    if (hop === undefined) throw new Error('no hop')
    const record = expectationFromHop(hop)
    expect(record).toMatchObject({
      referralFeeOut: 29_644_152n,
      referralBps: 10n,
      grossOut: 29_644_151_369n,
      asset: USDT_RAW,
      recipientKind: 'referrer',
      venue: 'dex_v1',
    })
    expect(verifyReferralFee(record, record).ok).toBe(true)
  })
})

describe('verifyReferralFee', () => {
  test('default: a match says so', () => {
    const v = verifyReferralFee({ ...expected }, expected)
    expect(v).toEqual({
      ok: true,
      mismatches: [],
      explanation: 'referral fee verified: 1994010 at 10 bps',
    })
  })

  test('rounded down instead of up', () => {
    expect(explain({ referralFeeOut: 1_994_009n })).toMatchInlineSnapshot(
      `"referralFeeOut: 1994009 instead of 1994010: rounded down; the contracts round the referral fee up, ceil(B·R/10000) = ceil(1994009978·10/10000) = 1994010"`,
    )
  })

  test('computed from the net output, or after the protocol fee', () => {
    // On a larger swap the shortcuts give different numbers: B = 29644151369 (TON → USDT).
    const hop = quote({ pools: [v2TonUsdt] }, tonToUsdt()).route.hops[0]
    if (hop === undefined) throw new Error('no hop')
    const e = expectationFromHop(hop) // 25 bps: 74110379
    const net = (hop.amountOut * 25n + 9_999n) / 10_000n // ceil
    const afterProtocol = ((hop.grossOut - hop.protocolFeeOut) * 25n + 9_999n) / 10_000n // ceil
    expect(explain({ referralFeeOut: net }, e)).toMatch(
      /computed from the net output 29540396838; the contracts use the gross output B/,
    )
    expect(explain({ referralFeeOut: afterProtocol }, e)).toMatch(
      /computed after the protocol fee was taken/,
    )
  })

  test('another rate: named, flagged when higher, DEX v1 fixed fee noted', () => {
    const b = expected.grossOut as bigint
    const at = (bps: bigint) => (b * bps + 9_999n) / 10_000n // ceil
    const v2Expected = {
      ...expected,
      referralFeeOut: at(25n),
      referralBps: 25n,
      venue: 'dex_v2' as const,
    }
    expect(explain({ referralFeeOut: at(10n) }, v2Expected)).toBe(
      "referralFeeOut: 1994010 instead of 4985025: matches a rate of 10 bps instead of 25 bps (DEX v1's fixed fee); expected ceil(B·R/10000) = ceil(1994009978·25/10000) = 4985025",
    )
    expect(explain({ referralFeeOut: at(30n) }, v2Expected)).toMatch(
      /matches a rate of 30 bps instead of 25 bps; that is above the expected rate, and a referral fee is never increased/,
    )
    expect(explain({ referralFeeOut: 12_345n }, v2Expected)).toMatch(
      /^referralFeeOut: 12345 instead of 4985025 \(-4972680\); expected ceil/,
    )
    // Without gross or rate there is only the difference.
    expect(explain({ referralFeeOut: 5n }, { referralFeeOut: 7n })).toBe(
      'referralFeeOut: 5 instead of 7 (-2)',
    )
  })

  test('the rate itself: raised, or lowered to DEX v1 fixed fee', () => {
    expect(
      explain({ referralFeeOut: 1_994_010n, referralBps: 30n }, { ...expected, venue: undefined }),
    ).toBe(
      'referralBps: 30 bps instead of 10 bps: above the expected rate; a referral fee is never increased',
    )
    const wanted = { referralFeeOut: 4_985_025n, referralBps: 25n }
    expect(explain({ referralFeeOut: 4_985_025n, referralBps: 10n, venue: 'dex_v1' }, wanted)).toBe(
      "referralBps: 10 bps instead of 25 bps: DEX v1's fixed fee; lowering to it needs flexibleReferrerFee = true",
    )
    expect(explain({ referralFeeOut: 4_985_025n, referralBps: 20n }, wanted)).toBe(
      'referralBps: 20 bps instead of 25 bps: the rate was lowered',
    )
  })

  test('amounts that do not add up, other amounts, asset, venue, recipient', () => {
    const v = verifyReferralFee(
      {
        ...expected,
        amountOut: (expected.amountOut as bigint) + 1n,
        asset: 'native',
        venue: 'dex_v2',
        recipientKind: 'referrer',
        recipientAddress: `0:${'11'.repeat(32)}`,
      },
      {
        ...expected,
        asset: USDT_RAW,
        recipientKind: 'dex_v2_vault',
        recipientAddress: `0:${'12'.repeat(32)}`,
      },
    )
    expect(v.ok).toBe(false)
    expect(v.mismatches.map((m) => m.field)).toEqual([
      'venue',
      'amountOut',
      'conservation',
      'asset',
      'recipientKind',
      'recipientAddress',
    ])
    expect(v.explanation).toMatchInlineSnapshot(`
      "venue: the swap ran on another venue than expected
      amountOut: 1990021959 instead of 1990021958 (+1): the receiver got a different amount
      conservation: out 1990021959 + protocol fee 1994010 + referral fee 1994010 = 1994009979, not the gross output 1994009978: every unit of the gross output goes to exactly one of the three
      asset: the referral fee is paid in the ASK asset of the swap (on DEX v2 a native-coin fee is kept under the native-coin wrapper master)
      recipientKind: DEX v2 never pays the referrer directly: the fee is deposited in the vault of referrer × ask token, which the referrer withdraws later
      recipientAddress: the fee went to another address than the expected recipient"
    `)
  })

  test('addresses compare by value, whatever their spelling', () => {
    const raw = '0:974acdb167676193d4c0c731b35eb6b611b1bf4b64aac8df137e2e9f27cd8462'
    const friendly = 'EQCXSs2xZ2dhk9TAxzGzXra2EbG_S2SqyN8Tfi6fJ82EYiVj'
    expect(
      verifyReferralFee(
        { ...expected, recipientAddress: raw },
        { ...expected, recipientAddress: friendly },
      ).ok,
    ).toBe(true)
  })

  test('property: every replayed swap verifies against itself, and any change is caught', () => {
    fc.assert(
      fc.property(
        swapSequenceArbitrary({ maxLength: 4 }),
        fc.bigInt({ min: 1n, max: 3n }),
        (sequence, delta) => {
          for (const step of replaySwapSequence(sequence)) {
            if (!step.ok) continue
            expect(verifyReferralFee(step.expected, step.expected).ok).toBe(true)
            const off = { ...step.expected, referralFeeOut: step.expected.referralFeeOut + delta }
            const v = verifyReferralFee(off, step.expected)
            expect(v.ok).toBe(false)
            expect(v.mismatches.map((m) => m.field)).toEqual(['referralFeeOut', 'conservation'])
          }
        },
      ),
      fuzz({ numRuns: 100 }),
    )
  })
})
