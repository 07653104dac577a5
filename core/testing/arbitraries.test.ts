import { Address } from '@ton/core'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz } from '../../test/_support/fuzz.js'
import { kindImplemented } from '../../test/_support/pools.js'
import { PoolMathError } from '../errors/PoolMathError.js'
import { UnsupportedPoolKindError } from '../errors/UnsupportedPoolKindError.js'
import { assertPoolState, FIXED_ONE, POOL_KINDS } from '../pool/PoolState.js'
import { normalizeMarket } from '../referral/Market.js'
import { parseQuoteRequest } from '../referral/QuoteRequest.js'
import { referralAmount } from '../referral/referralAmount.js'
import * as kit from './index.js'

describe('the kit', () => {
  test('the public surface of ton-dex-lab/testing', () => {
    expect(Object.keys(kit).sort()).toEqual([
      'KIT_ADDRESSES',
      'KIT_ASSETS',
      'assetPairArbitrary',
      'expectationFromHop',
      'expectedReferralFee',
      'marketArbitrary',
      'poolStateArbitrary',
      'quoteRequestArbitrary',
      'quoteScenarioArbitrary',
      'referralRecordOfSwap',
      'replaySwapSequence',
      'swapSequenceArbitrary',
      'verifyReferralFee',
    ])
    for (const address of [...kit.KIT_ASSETS.slice(1), kit.KIT_ADDRESSES.referrer]) {
      expect(Address.parse(address).workChain).toBe(0)
    }
  })

  test('poolStateArbitrary: valid pools of every kind, parameters in contract ranges', () => {
    const seen = new Set<string>()
    fc.assert(
      fc.property(kit.poolStateArbitrary(), (pool) => {
        assertPoolState(pool)
        seen.add(`${pool.dex}:${pool.kind}`)
        expect(pool.totalSupply).toBeGreaterThan(0n)
        if (pool.dex === 'v1') expect([pool.kind, pool.refFee]).toEqual(['constant_product', 10n])
        if (pool.kind === 'stableswap') {
          expect(pool.amp).toBeGreaterThanOrEqual(1n)
          expect(pool.amp).toBeLessThanOrEqual(2000n)
        }
        if (pool.kind === 'weighted_const_product' || pool.kind === 'weighted_stableswap') {
          expect(pool.w0).toBeGreaterThan(0n)
          expect(pool.w0).toBeLessThan(FIXED_ONE)
        }
        if (pool.kind === 'weighted_stableswap') {
          expect(pool.rate).toBe((pool.reserve0 * FIXED_ONE) / pool.reserve1) // floor
          expect(pool.amp % FIXED_ONE).toBe(0n)
        }
      }),
      fuzz({ numRuns: 300 }),
    )
    if (seen.size > 0) expect(seen.size).toBeGreaterThan(1)
    expect(() => kit.poolStateArbitrary({ dex: 'v2', kinds: [] })).toThrow(RangeError)
  })

  test('marketArbitrary and quoteRequestArbitrary produce valid markets and requests', () => {
    fc.assert(
      fc.property(
        kit.quoteScenarioArbitrary({ market: { kinds: POOL_KINDS } }),
        ({ market, request }) => {
          const pools = normalizeMarket(market)
          expect(new Set(pools.map((p) => p.id)).size).toBe(pools.length)
          parseQuoteRequest(request)
        },
      ),
      fuzz({ numRuns: 200 }),
    )
  })

  test('swap sequences: each step conserves the gross output and charges ceil(B·R/10000)', () => {
    fc.assert(
      fc.property(kit.swapSequenceArbitrary(), (sequence) => {
        for (const replayed of kit.replaySwapSequence(sequence)) {
          if (!replayed.ok) {
            // Refunds are real outcomes; a missing kind is tolerated only while it is missing.
            if (replayed.error instanceof UnsupportedPoolKindError) {
              expect(kindImplemented(sequence.pool.kind)).toBe(false)
            } else {
              expect(replayed.error).toBeInstanceOf(PoolMathError)
            }
            continue
          }
          const e = replayed.expected
          const gross = e.grossOut as bigint
          expect((e.amountOut as bigint) + (e.protocolFeeOut as bigint) + e.referralFeeOut).toBe(
            gross,
          )
          expect(e.referralFeeOut).toBe(referralAmount(gross, e.referralBps as bigint))
          const bps =
            sequence.pool.dex === 'v1'
              ? replayed.step.hasReferral
                ? 10n
                : 0n
              : replayed.step.referralBps
          expect(e.referralBps).toBe(bps)
        }
      }),
      fuzz({ numRuns: 200 }),
    )
  })
})
