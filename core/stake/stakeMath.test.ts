import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz, reachedCases } from '../../test/_support/fuzz.js'
import { InvalidInputError } from '../errors/InvalidInputError.js'
import {
  assertStakeDuration,
  gemstonMinted,
  pow2Fixed,
  STAKE_MAX_DURATION,
  STAKE_MIN_DURATION,
  stakeVotePower,
} from './stakeMath.js'

// Mainnet snapshots of ston-fi/sdk `packages/stake-sdk/src/StakeNftItem.test.ts` and
// `StakeNftMinter.test.ts`: an item of 10^8 STON locked 1693838034 → 1701727434 (3 months),
// 12 500 000 GEMSTON minted, vote power 141 422 792; minter origin_time 1693837802.
describe('stake math: mainnet vectors', () => {
  test('GEMSTON of a 3-month lock is exactly X·t/T', () => {
    expect(1_701_727_434n - 1_693_838_034n).toBe(STAKE_MIN_DURATION)
    expect(gemstonMinted(100_000_000n, STAKE_MIN_DURATION)).toBe(12_500_000n)
  })

  test('our vote power is within 4·10^-8 of the observed one', () => {
    const ours = stakeVotePower(100_000_000n, 1_701_727_434n, 1_693_837_802n)
    expect(ours).toBe(141_422_797n)
    expect((ours - 141_422_792n) * 10n ** 8n).toBeLessThan(4n * 141_422_792n)
  })

  test('durations: 3 to 24 months of 2 629 800 s', () => {
    expect(STAKE_MAX_DURATION).toBe(63_115_200n)
    expect(() => assertStakeDuration(STAKE_MIN_DURATION - 1n)).toThrowError(InvalidInputError)
    expect(() => assertStakeDuration(STAKE_MAX_DURATION + 1n)).toThrowError(/duration/)
    assertStakeDuration(STAKE_MIN_DURATION)
    assertStakeDuration(STAKE_MAX_DURATION)
  })
})

describe('stake math: properties', () => {
  test('pow2Fixed is within 10^-12 of 2^x, and doubles per unit of exponent', () => {
    const parameters = fuzz({ numRuns: 300 })
    const cases = reachedCases(parameters, 0.6)
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        (num, den) => {
          if (num / den > 40n) return
          const p = pow2Fixed(num, den)
          const exact = 2 ** (Number(num) / Number(den)) * 1e18
          cases.reached()
          expect(Math.abs(Number(p) - exact) / exact).toBeLessThan(1e-12)
          expect(pow2Fixed(num + den, den)).toBe(p * 2n)
        },
      ),
      parameters,
    )
    cases.check()
  })

  test('GEMSTON grows with the lock, never exceeds the stake', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 24n }),
        fc.bigInt({ min: STAKE_MIN_DURATION, max: STAKE_MAX_DURATION }),
        fc.bigInt({ min: 0n, max: 10n ** 7n }),
        (staked, t, more) => {
          const g = gemstonMinted(staked, t)
          expect(g).toBeLessThanOrEqual(staked)
          expect(gemstonMinted(staked, t + more)).toBeGreaterThanOrEqual(g)
        },
      ),
      fuzz({ numRuns: 300 }),
    )
  })
})
