import type { Ratio } from '../core/curves/Curve.js'

/** Seconds in a day. */
export const DAY_SECONDS = 86_400

/** Days of history the demo market emulates before its first start. */
export const DEMO_HISTORY_DAYS = 30

/** Scale of {@link ReferencePath.usd}: nano-USD per whole token. */
export const NANO_USD = 1_000_000_000n

/**
 * The USD reference path the demo's arbitrage traders hold the pools to: per asset (by symbol),
 * nano-USD per whole token at a unix time. Stablecoins stay at 1 USD; TON (and XTON, its
 * liquid-staking twin) and STON move gently — two slow waves, at most ±6 %, with phases from the
 * seed — and end exactly at their reference price at `to` (the first start). Deterministic.
 *
 * @example
 * ```ts
 * const path = referencePath({ to: 1_764_000_000, seed: 1, endUsd: { TON: 3_200_000_000n } })
 * path.usd('TON', 1_764_000_000) // 3_200_000_000n: 3.2 USD at the first start
 * path.usd('TON', 1_763_000_000) // 3_258_350_083n, 11.6 days before
 * path.usd('DOGE', 1_764_000_000) // undefined: no reference
 * ```
 */
export type ReferencePath = {
  /** Nano-USD per whole token of `symbol` at `now`, or `undefined` for an asset without one. */
  usd(symbol: string, now: number): bigint | undefined
}

/** Options of {@link referencePath}. */
export type ReferencePathOptions = {
  /** Where every path ends at its reference price (the first start), unix seconds. */
  readonly to: number
  /** Seed of the waves' phases. */
  readonly seed: number
  /** Reference price at `to` per symbol, nano-USD per whole token. */
  readonly endUsd: Readonly<Record<string, bigint>>
}

/** Symbols pegged to 1 USD: no wave. */
const STABLE = new Set(['USDT', 'USDC'])
/** Symbols that follow another's wave (a liquid-staking twin trades at par). */
const TWIN: Readonly<Record<string, string>> = { XTON: 'TON' }

/**
 * The demo's reference path (see {@link ReferencePath}): `p(t) = end × (1 + w(t) − w(to))`,
 * `w(t) = 0.02·sin(2πt / 7 d + φ₁) + 0.01·sin(2πt / 2.3 d + φ₂)`, so `|p/end − 1| ≤ 6 %` and
 * `p(to) = end`. The wave is a float factor rounded to parts per billion; the price is
 * `end × ppb / 10⁹`, floored (positive operands).
 *
 * @example
 * ```ts
 * referencePath({ to, seed: 1, endUsd: { TON: 3_200_000_000n, USDT: 1_000_000_000n } })
 *   .usd('USDT', to - 86_400) // 1_000_000_000n
 * ```
 */
export function referencePath(options: ReferencePathOptions): ReferencePath {
  const { to, endUsd } = options
  const phases = new Map<string, readonly [number, number]>()
  let state = options.seed >>> 0 || 1
  const next = () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 2 ** 32
  }
  for (const symbol of Object.keys(endUsd).sort()) {
    phases.set(symbol, [next() * 2 * Math.PI, next() * 2 * Math.PI])
  }
  const wave = (symbol: string, t: number) => {
    const [a, b] = phases.get(symbol) ?? [0, 0]
    return (
      0.02 * Math.sin((2 * Math.PI * t) / (7 * DAY_SECONDS) + a) +
      0.01 * Math.sin((2 * Math.PI * t) / (2.3 * DAY_SECONDS) + b)
    )
  }
  return {
    usd(symbol, now) {
      const end = endUsd[symbol]
      if (end === undefined) return undefined
      if (STABLE.has(symbol)) return end
      const driver = TWIN[symbol] ?? symbol
      const ppb = BigInt(Math.round((1 + wave(driver, now) - wave(driver, to)) * 1e9))
      return (end * ppb) / NANO_USD
    },
  }
}

/**
 * The target marginal price of a pool on the reference path: raw units of token1 per raw unit
 * of token0, `usd0 · 10^dec1 / (usd1 · 10^dec0)` as an exact ratio. `undefined` when either
 * asset has no reference.
 *
 * @example
 * ```ts
 * // token0 TON (9 decimals) at 3.2 USD, token1 USDT (6 decimals) at 1 USD
 * referenceRatio(path, now, { symbol: 'TON', decimals: 9 }, { symbol: 'USDT', decimals: 6 })
 * // { numerator: 3_200_000_000_000_000n, denominator: 1_000_000_000_000_000_000n }
 * ```
 */
export function referenceRatio(
  path: ReferencePath,
  now: number,
  token0: { readonly symbol: string; readonly decimals: number },
  token1: { readonly symbol: string; readonly decimals: number },
): Ratio | undefined {
  const usd0 = path.usd(token0.symbol, now)
  const usd1 = path.usd(token1.symbol, now)
  if (usd0 === undefined || usd1 === undefined || usd0 <= 0n || usd1 <= 0n) return undefined
  return {
    numerator: usd0 * 10n ** BigInt(token1.decimals),
    denominator: usd1 * 10n ** BigInt(token0.decimals),
  }
}

/**
 * The times of a dated demo history: `count` operations spread over `(from, to − 60]`,
 * unix seconds, non-decreasing, following a daily activity pattern — busy in the UTC daytime
 * (peak at 14:00, a third of it at night) — with a seeded jitter. Operation `i` sits at the
 * `(i + ½ ± ⅖)/count` quantile of the activity, so every day has its share and the last day
 * is active. Deterministic.
 *
 * @example
 * ```ts
 * const times = activityTimes({ from: to - 30 * 86_400, to, count: 1500, seed: 1 })
 * times.length // 1500
 * [times[0], times.at(-1)] // [1_761_408_396, 1_763_999_101] for to = 1 764 000 000
 * ```
 */
export function activityTimes(options: {
  readonly from: number
  readonly to: number
  readonly count: number
  readonly seed: number
}): number[] {
  const { from, count } = options
  const to = options.to - 60
  if (count <= 0 || to <= from) return []
  const hour = 3600
  // Activity of each hour from `from`: 1/3 at night, rising to 1 at 14:00 UTC.
  const weights: number[] = []
  for (let start = from; start < to; start += hour) {
    const h = (((start % DAY_SECONDS) + DAY_SECONDS) % DAY_SECONDS) / hour
    const day = Math.max(0, Math.sin((Math.PI * (h - 6)) / 16))
    weights.push((1 / 3 + (2 / 3) * day) * (Math.min(start + hour, to) - start))
  }
  const total = weights.reduce((a, b) => a + b, 0)
  let state = (options.seed * 2_654_435_761) >>> 0 || 1
  const jitter = () => {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    return (state >>> 0) / 2 ** 32
  }
  const times: number[] = []
  let bucket = 0
  let below = 0 // activity before `bucket`
  let last = from + 1
  for (let i = 0; i < count; i += 1) {
    const q = ((i + 0.5 + (jitter() - 0.5) * 0.8) / count) * total
    while (bucket < weights.length - 1 && below + (weights[bucket] ?? 0) < q) {
      below += weights[bucket] ?? 0
      bucket += 1
    }
    const start = from + bucket * hour
    const span = Math.min(start + hour, to) - start
    const share = (weights[bucket] ?? 0) > 0 ? (q - below) / (weights[bucket] ?? 1) : 0
    const at = Math.floor(start + Math.min(1, Math.max(0, share)) * span)
    last = Math.min(to, Math.max(last, at))
    times.push(last)
  }
  return times
}

/**
 * The clock of a dated demo history on the live chain (`LiveChain.open({ clock })`): while the
 * history is written — before the local exchange listens, so nothing else runs on the chain —
 * it reads the history's own time, which only moves forward and never past the wall clock, and
 * the chain stamps every block of the history at that time; after {@link HistoryClock.handOver}
 * (the history is whole) it is the wall clock. Every block time stays monotonic: the history's
 * times increase, and the wall clock is later than all of them.
 *
 * @example
 * ```ts
 * const clock = new HistoryClock(1_761_408_000) // 30 days before 1 764 000 000
 * const chain = await LiveChain.open({ journal, clock: () => clock.now() })
 * clock.advance(1_761_500_000) // the history's next part
 * clock.handOver() // the history is written: the wall clock from now on
 * ```
 */
export class HistoryClock {
  private simulated: number | undefined
  private readonly wall: () => number

  /** Starts at `from` (unix seconds); `wall` defaults to `Date.now()` in whole seconds. */
  constructor(from: number, wall: () => number = () => Math.floor(Date.now() / 1000)) {
    this.wall = wall
    this.simulated = Math.min(from, wall())
  }

  /** Unix seconds: the history's time while it is written, then the wall clock. */
  now(): number {
    return this.simulated ?? this.wall()
  }

  /** Whether the history is still being written (the clock reads its time). */
  get backfilling(): boolean {
    return this.simulated !== undefined
  }

  /** Moves the history's time forward to `to` (never back, never past the wall clock). */
  advance(to: number): void {
    if (this.simulated === undefined) return
    this.simulated = Math.max(this.simulated, Math.min(Math.floor(to), this.wall()))
  }

  /** The history is written: the clock follows the wall clock from now on. */
  handOver(): void {
    this.simulated = undefined
  }
}

/**
 * The reference path of the demo scenario's assets, ending at the prices its pools are first
 * provided at: TON (and XTON) at `tonPoolUsdt` USDT per 100 000 TON, STON at 0.2 USD (5 000 000
 * STON against 1 000 000 USDT), USDT and USDC at 1 USD.
 *
 * @example
 * ```ts
 * const path = demoReferencePath({ to: 1_764_000_000, tonPoolUsdt: 320_000_000_000n })
 * path.usd('TON', 1_764_000_000) // 3_200_000_000n (3.2 USD)
 * path.usd('STON', 1_764_000_000) // 200_000_000n (0.2 USD)
 * path.usd('TON', 1_763_000_000) // 3_086_485_350n, 11.6 days before
 * ```
 */
export function demoReferencePath(options: {
  readonly to: number
  readonly tonPoolUsdt: bigint
  readonly seed?: number | undefined
}): ReferencePath {
  // USDT raw units (6 decimals) per 100 000 TON → nano-USD per TON: × 10³ / 10⁵ (exact for
  // whole hundredths of a USDT; floor otherwise, positive operands).
  const ton = options.tonPoolUsdt / 100n
  return referencePath({
    to: options.to,
    seed: options.seed ?? 1,
    endUsd: { TON: ton, XTON: ton, STON: NANO_USD / 5n, USDT: NANO_USD, USDC: NANO_USD },
  })
}
