import { InvalidInputError } from '../errors/InvalidInputError.js'

/**
 * One staking month in seconds, the contract's value (ston-fi/sdk `packages/stake-sdk/src/constants.ts`
 * `MONTH_IN_SECONDS`, corrected in stake-sdk 1.3.1 "to match the contract value").
 *
 * @example
 * ```ts
 * 3n * STAKE_MONTH_SECONDS // 7889400n: the shortest lock
 * ```
 */
export const STAKE_MONTH_SECONDS = 2_629_800n

/**
 * The shortest STON lock: 3 months, in seconds.
 *
 * @example
 * ```ts
 * STAKE_MIN_DURATION // 7889400n
 * ```
 */
export const STAKE_MIN_DURATION = 3n * STAKE_MONTH_SECONDS

/**
 * The longest STON lock, and the lock that mints one GEMSTON per STON: 24 months, in seconds.
 *
 * @example
 * ```ts
 * STAKE_MAX_DURATION // 63115200n
 * ```
 */
export const STAKE_MAX_DURATION = 24n * STAKE_MONTH_SECONDS

/** 1.0 in the 18-decimal fixed point of {@link stakeVotePower}. */
const ONE = 10n ** 18n
/** ln 2 in 18-decimal fixed point, rounded down. */
const LN2 = 693_147_180_559_945_309n
/** The vote-power doubling period: 6 months. */
const DOUBLING = 6n * STAKE_MONTH_SECONDS

/**
 * Checks a lock duration: whole seconds from 3 to 24 months (`STAKE_MIN_DURATION` ..
 * `STAKE_MAX_DURATION`), as the staking minter accepts them.
 *
 * @example
 * ```ts
 * assertStakeDuration(7_889_400n) // ok: 3 months
 * assertStakeDuration(86_400n) // throws InvalidInputError { field: 'duration' }
 * ```
 * @throws {InvalidInputError} outside the range.
 */
export function assertStakeDuration(duration: bigint): void {
  if (
    typeof duration !== 'bigint' ||
    duration < STAKE_MIN_DURATION ||
    duration > STAKE_MAX_DURATION
  ) {
    throw new InvalidInputError({
      field: 'duration',
      reason: 'must be from 7889400 (3 months) to 63115200 (24 months) seconds',
      value: duration,
    })
  }
}

/**
 * GEMSTON minted for a stake: `floor(X · min(t, T) / T)` with X the staked STON base units, t
 * the lock in seconds and T = 24 months (the whitepaper's formula, verified on mainnet:
 * 10^8 locked 3 months minted 12 500 000). The floor is ours (the data point is exact).
 *
 * @example
 * ```ts
 * gemstonMinted(100_000_000n, 7_889_400n) // 12500000n
 * gemstonMinted(100_000_000n, 63_115_200n) // 100000000n
 * ```
 * @throws {InvalidInputError} for a negative amount or duration.
 */
export function gemstonMinted(staked: bigint, duration: bigint): bigint {
  assertNonNegative(staked, 'staked')
  assertNonNegative(duration, 'duration')
  const t = duration < STAKE_MAX_DURATION ? duration : STAKE_MAX_DURATION
  return (staked * t) / STAKE_MAX_DURATION // floor: operands ≥ 0
}

/**
 * 2^(num/den) in 18-decimal fixed point, rounded down at every step: the integer part is a
 * shift, the fraction is e^(f·ln 2) by its Taylor series (`term = floor(term·y / (i·10^18))`
 * until a term is 0). The staking contract computes the same integers.
 *
 * @example
 * ```ts
 * pow2Fixed(1n, 2n) // 1414213562373095042n (√2 = 1.414213562373095048…)
 * pow2Fixed(3n, 1n) // 8000000000000000000n
 * ```
 * @throws {InvalidInputError} for a negative numerator or a denominator below 1.
 */
export function pow2Fixed(num: bigint, den: bigint): bigint {
  assertNonNegative(num, 'num')
  if (typeof den !== 'bigint' || den < 1n) {
    throw new InvalidInputError({ field: 'den', reason: 'must be at least 1', value: den })
  }
  const whole = num / den
  const y = ((num - whole * den) * LN2) / den // the fraction times ln 2, floor
  let sum = ONE
  let term = ONE
  for (let i = 1n; term > 0n; i++) {
    term = (term * y) / (i * ONE)
    sum += term
  }
  return sum << whole
}

/**
 * Voting power of a stake — **our** formula, the spec's hypothesis fitted to the one public
 * data point (not published): `floor(X · 2^((min_unstake_date − origin_time) / 6 months))`
 * with {@link pow2Fixed}; later unlock dates weigh more, and so do stakes made later (voting
 * power of older stakes decays relative to new ones). 0 exponent below `origin_time`.
 *
 * @example
 * ```ts
 * // mainnet item: 10^8 STON until 1701727434, minter origin 1693837802 (observed 141422792)
 * stakeVotePower(100_000_000n, 1_701_727_434n, 1_693_837_802n) // 141422797n
 * ```
 * @throws {InvalidInputError} for a negative amount or time.
 */
export function stakeVotePower(staked: bigint, minUnstakeDate: bigint, originTime: bigint): bigint {
  assertNonNegative(staked, 'staked')
  assertNonNegative(minUnstakeDate, 'minUnstakeDate')
  assertNonNegative(originTime, 'originTime')
  const elapsed = minUnstakeDate > originTime ? minUnstakeDate - originTime : 0n
  return (staked * pow2Fixed(elapsed, DOUBLING)) / ONE
}

function assertNonNegative(value: unknown, field: string): asserts value is bigint {
  if (typeof value !== 'bigint' || value < 0n) {
    throw new InvalidInputError({ field, reason: 'must be a non-negative bigint', value })
  }
}
