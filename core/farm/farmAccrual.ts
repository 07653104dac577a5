import { InvalidInputError } from '../errors/InvalidInputError.js'

/**
 * Nanorewards per reward-jetton base unit: farm v3 counts every reward amount (deposits,
 * accruals, claims, rates) in base units × 10^9 (`docs/farms.md`, "Units").
 *
 * @example
 * ```ts
 * 30_000n * 10n ** 9n * NANOREWARDS_PER_UNIT // 30 000 tokens of 9 decimals, in nanorewards
 * ```
 */
export const NANOREWARDS_PER_UNIT = 1_000_000_000n

/**
 * Seconds in the day of a reward rate (`nanorewards_per_24h`).
 *
 * @example
 * ```ts
 * FARM_DAY_SECONDS // 86400n
 * ```
 */
export const FARM_DAY_SECONDS = 86_400n

/**
 * Denominator of a reward pool's `admin_fee` (basis points of 10 000).
 *
 * @example
 * ```ts
 * FARM_ADMIN_FEE_DIVIDER // 10000n
 * ```
 */
export const FARM_ADMIN_FEE_DIVIDER = 10_000n

/**
 * Largest value of the farm's 150-bit reward fields (`uint150`).
 *
 * @example
 * ```ts
 * MAX_FARM_REWARD === 2n ** 150n - 1n // true
 * ```
 */
export const MAX_FARM_REWARD = (1n << 150n) - 1n

/**
 * The accrual state of one farm v3 reward pool, every amount in nanorewards, in the order of
 * the minter's accrued cell (`get_farming_minter_data`, positions 1–7). Position 3 is the total
 * handed to stakers and position 6 the admin-fee accrual: the SDK labels them the other way
 * round; the mainnet numbers and this library follow the positions (`docs/farms.md`).
 *
 * @example
 * ```ts
 * const pool: FarmPoolAccrual = { deposited: 50_000n * 10n ** 18n, accruedPerUnit: 0n,
 *   accrued: 0n, claimed: 0n, claimedFee: 0n, accruedFee: 0n, lastUpdateTime: 1_700_000_000n }
 * ```
 */
export type FarmPoolAccrual = {
  /** Position 1: everything ever deposited (less what the admin withdrew). */
  readonly deposited: bigint
  /** Position 2: nanorewards accrued per staked LP base unit since the pool began. */
  readonly accruedPerUnit: bigint
  /** Position 3 (SDK `accruedFeeNanorewards`): total accrued to stakers, Σ increment·staked. */
  readonly accrued: bigint
  /** Position 4: paid out to stakers (always whole base units × 10^9). */
  readonly claimed: bigint
  /** Position 5: admin fee paid out. */
  readonly claimedFee: bigint
  /** Position 6 (SDK `accruedNanorewards`): admin fee accrued. */
  readonly accruedFee: bigint
  /** Position 7: unix time of the last accrual. */
  readonly lastUpdateTime: bigint
}

/**
 * What an accrual step needs besides the pool's own state.
 *
 * @example
 * ```ts
 * const step: FarmAccrualStep = { now: 1_700_086_400n, staked: 10n ** 9n,
 *   nanorewardsPer24h: 1_000n * 10n ** 18n, adminFee: 0n, active: true }
 * ```
 */
export type FarmAccrualStep = {
  /** The block time of the state change, unix seconds. */
  readonly now: bigint
  /** LP base units staked in the farm during the elapsed time (the minter's current stake). */
  readonly staked: bigint
  /** The pool's reward rate, nanorewards per 86 400 s. */
  readonly nanorewardsPer24h: bigint
  /** The pool's admin fee, basis points of 10 000. */
  readonly adminFee: bigint
  /** Whether the farm is operational and the pool active over the elapsed time. */
  readonly active: boolean
}

/**
 * Brings one reward pool's accrual up to `now`, as the farm v3 minter does at every state
 * change before it applies it (stake, claim, unstake, deposit, rate or status change):
 *
 * ```
 * dt    = now − lastUpdateTime                       (0 when now ≤ lastUpdateTime)
 * gross = min(floor(rate·dt / 86400), deposited − accrued − accruedFee)
 * fee   = floor(gross·adminFee / 10000)
 * inc   = floor((gross − fee) / staked)               per staked LP base unit
 * accruedPerUnit += inc ; accrued += inc·staked ; accruedFee += fee
 * ```
 *
 * Nothing accrues while `staked` is 0 or the pool is inactive; that time is skipped, not
 * carried, and its rewards stay in the budget. Every division floors (all operands are
 * non-negative). `lastUpdateTime` becomes `max(lastUpdateTime, now)`. Reproduces mainnet:
 * `docs/farms.md` pins a 132-second step of a three-pool farm to the last nanoreward.
 *
 * @example
 * ```ts
 * const next = accrueFarmPool(
 *   { deposited: 64_781_000_010_000_000_000_000n, accruedPerUnit: 270_057_081_959n,
 *     accrued: 49_669_481_720_382_478_391_155n, claimed: 0n, claimedFee: 0n, accruedFee: 0n,
 *     lastUpdateTime: 1_713_977_034n },
 *   { now: 1_713_977_166n, staked: 248_366_349_277n,
 *     nanorewardsPer24h: 2_159_366_666_666_000_000_000n, adminFee: 0n, active: true })
 * next.accruedPerUnit // 270070364887n (mainnet, 132 s later)
 * ```
 * @throws {InvalidInputError} for a negative amount, a value past its field's width or an
 *   admin fee above 10 000.
 */
export function accrueFarmPool(pool: FarmPoolAccrual, step: FarmAccrualStep): FarmPoolAccrual {
  assertFarmPoolAccrual(pool, 'pool')
  assertUint(step.now, 'now', 64)
  assertUint(step.staked, 'staked', 120)
  assertUint(step.nanorewardsPer24h, 'nanorewardsPer24h', 150)
  assertUint(step.adminFee, 'adminFee', 16)
  if (step.adminFee > FARM_ADMIN_FEE_DIVIDER) {
    throw new InvalidInputError({
      field: 'adminFee',
      reason: 'must be at most 10000 (basis points)',
      value: step.adminFee,
    })
  }
  if (step.now <= pool.lastUpdateTime) return pool
  const dt = step.now - pool.lastUpdateTime
  if (!step.active || step.staked === 0n) return { ...pool, lastUpdateTime: step.now }
  const budget = farmPoolRemaining(pool)
  const byRate = (step.nanorewardsPer24h * dt) / FARM_DAY_SECONDS // floor: operands ≥ 0
  const gross = byRate < budget ? byRate : budget
  const fee = (gross * step.adminFee) / FARM_ADMIN_FEE_DIVIDER // floor
  const increment = (gross - fee) / step.staked // floor
  return {
    ...pool,
    accruedPerUnit: pool.accruedPerUnit + increment,
    accrued: pool.accrued + increment * step.staked,
    accruedFee: pool.accruedFee + fee,
    lastUpdateTime: step.now,
  }
}

/**
 * Nanorewards deposited but not yet accrued to stakers or to the admin fee:
 * `deposited − accrued − accruedFee`. What the admin may still withdraw (in whole base units)
 * and what the pool can still hand out.
 *
 * @example
 * ```ts
 * farmPoolRemaining({ deposited: 30_000n * 10n ** 18n, accrued: 29_999_999_999_958_353_284_279n,
 *   accruedFee: 0n, accruedPerUnit: 0n, claimed: 0n, claimedFee: 0n, lastUpdateTime: 0n })
 * // 41646715721n (the dust the finished mainnet v1 farm keeps)
 * ```
 */
export function farmPoolRemaining(pool: FarmPoolAccrual): bigint {
  return pool.deposited - pool.accrued - pool.accruedFee
}

/**
 * What a stake position has earned in one pool and not claimed yet, in nanorewards:
 * `staked · (accruedPerUnit − claimedPerUnit)` (exact, no rounding).
 *
 * @example
 * ```ts
 * // mainnet v3 item #284 against its minter's pool 0
 * farmPendingNanorewards(57_093n, 270_070_364_887n, 34_014_696_971n) // 13477126248328188n
 * ```
 * @throws {InvalidInputError} when `claimedPerUnit` exceeds `accruedPerUnit` or an input is negative.
 */
export function farmPendingNanorewards(
  staked: bigint,
  accruedPerUnit: bigint,
  claimedPerUnit: bigint,
): bigint {
  assertUint(staked, 'staked', 120)
  assertUint(accruedPerUnit, 'accruedPerUnit', 150)
  assertUint(claimedPerUnit, 'claimedPerUnit', 150)
  if (claimedPerUnit > accruedPerUnit) {
    throw new InvalidInputError({
      field: 'claimedPerUnit',
      reason: 'must not exceed accruedPerUnit',
      value: claimedPerUnit,
    })
  }
  return staked * (accruedPerUnit - claimedPerUnit)
}

/**
 * The reward-jetton amount a claim pays for a pending amount: `floor(pending / 10^9)` base
 * units; the sub-unit rest is forfeited (the position's claimed-per-unit moves to the pool's
 * accrued-per-unit), which is why every mainnet `claimed` total ends in nine zeros.
 *
 * @example
 * ```ts
 * farmClaimPayout(13_477_126_248_328_188n) // 13477126n base units
 * ```
 * @throws {InvalidInputError} for a negative pending amount.
 */
export function farmClaimPayout(pendingNanorewards: bigint): bigint {
  assertUint(pendingNanorewards, 'pendingNanorewards', 270)
  return pendingNanorewards / NANOREWARDS_PER_UNIT // floor
}

/**
 * Claims one pool for a position: the payout in base units, the pool with `claimed` raised
 * by `payout · 10^9`, and the position's new claimed-per-unit (the pool's accrued-per-unit).
 * The pool must already be accrued to the claim's time ({@link accrueFarmPool}).
 *
 * @example
 * ```ts
 * const { payout, claimedPerUnit } = claimFarmPool(pool, { staked: 57_093n, claimedPerUnit: 0n })
 * ```
 * @throws {InvalidInputError} as {@link farmPendingNanorewards}.
 */
export function claimFarmPool(
  pool: FarmPoolAccrual,
  position: { readonly staked: bigint; readonly claimedPerUnit: bigint },
): { payout: bigint; pool: FarmPoolAccrual; claimedPerUnit: bigint } {
  const pending = farmPendingNanorewards(
    position.staked,
    pool.accruedPerUnit,
    position.claimedPerUnit,
  )
  const payout = farmClaimPayout(pending)
  return {
    payout,
    pool: { ...pool, claimed: pool.claimed + payout * NANOREWARDS_PER_UNIT },
    claimedPerUnit: pool.accruedPerUnit,
  }
}

function assertFarmPoolAccrual(pool: FarmPoolAccrual, field: string): void {
  for (const key of [
    'deposited',
    'accruedPerUnit',
    'accrued',
    'claimed',
    'claimedFee',
    'accruedFee',
  ] as const) {
    assertUint(pool[key], `${field}.${key}`, 150)
  }
  assertUint(pool.lastUpdateTime, `${field}.lastUpdateTime`, 64)
  if (pool.accrued + pool.accruedFee > pool.deposited) {
    throw new InvalidInputError({
      field: `${field}.accrued`,
      reason: 'accrued plus accruedFee must not exceed deposited',
      value: pool.accrued,
    })
  }
}

function assertUint(value: unknown, field: string, bits: number): asserts value is bigint {
  if (typeof value !== 'bigint' || value < 0n || value >= 1n << BigInt(bits)) {
    throw new InvalidInputError({
      field,
      reason: `must be a bigint from 0 to 2^${bits} − 1`,
      value,
    })
  }
}
