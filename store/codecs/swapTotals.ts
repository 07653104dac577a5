import type { PoolSwapTotals } from '../rows/statsRows.js'
import { readBigint, readInteger, readText } from './columns.js'
import type { WindowParts } from './timeWindow.js'

/** The amount columns of the swap rollups and running totals, in table order. */
export const SWAP_SUMS = [
  'amount0_in0',
  'amount1_in0',
  'lp_fee_in0',
  'amount0_in1',
  'amount1_in1',
  'lp_fee_in1',
] as const

/** The running sums of one pool and asset pair; amounts in {@link SWAP_SUMS} order. */
type SwapSums = {
  pool: string
  asset0: string
  asset1: string
  swaps: [number, number]
  amounts: bigint[]
}

/**
 * Sums swap aggregate rows (a pool, its two assets, `swaps_in0`/`swaps_in1` and the
 * {@link SWAP_SUMS} columns) per pool and pair, adding (`1n`) or taking away (`-1n`) each row:
 * running totals before the window's end minus those before its start, plus the ragged edges
 * from the operations. The same on both drivers; exact `bigint` sums.
 *
 * @example
 * ```ts
 * const sums = swapTotalsFold()
 * sums.fold(runningTotalsBefore('2026-11-30T23'), 1n)
 * sums.fold(runningTotalsBefore('2026-11-01T00'), -1n)
 * sums.totals()[0]?.offer0.swaps // 1204
 * ```
 */
export function swapTotalsFold(): {
  fold(records: readonly Record<string, unknown>[], sign: 1n | -1n): void
  totals(): PoolSwapTotals[]
} {
  const sums = new Map<string, SwapSums>()
  return {
    fold(records, sign) {
      for (const r of records) {
        const pool = readText(r.pool_address, 'swap totals pool_address')
        const asset0 = readText(r.asset0_address, 'swap totals asset0_address')
        const asset1 = readText(r.asset1_address, 'swap totals asset1_address')
        const key = `${pool} ${asset0} ${asset1}`
        let sum = sums.get(key)
        if (sum === undefined) {
          sum = { pool, asset0, asset1, swaps: [0, 0], amounts: [0n, 0n, 0n, 0n, 0n, 0n] }
          sums.set(key, sum)
        }
        const n = Number(sign)
        sum.swaps[0] += n * readInteger(r.swaps_in0, 'swap totals swaps_in0')
        sum.swaps[1] += n * readInteger(r.swaps_in1, 'swap totals swaps_in1')
        for (let i = 0; i < SWAP_SUMS.length; i++) {
          const column = SWAP_SUMS[i] as (typeof SWAP_SUMS)[number]
          sum.amounts[i] =
            (sum.amounts[i] ?? 0n) + sign * readBigint(r[column], `swap totals ${column}`)
        }
      }
    },
    // Pools without a swap in the window are absent, as with a GROUP BY over its swaps.
    totals() {
      return [...sums.values()]
        .filter((s) => s.swaps[0] + s.swaps[1] > 0)
        .sort(
          (a, b) =>
            compare(a.pool, b.pool) || compare(a.asset0, b.asset0) || compare(a.asset1, b.asset1),
        )
        .map(toSwapTotals)
    },
  }
}

/**
 * The whole hours and days of a window as one range of hours `[h0, h1)` (a day label meaning
 * its first hour), or `undefined` when the window has none — the running totals before `h1`
 * minus those before `h0` cover it.
 *
 * @example
 * ```ts
 * wholeHours(splitWindow('2026-11-01T00:00:00', '2026-11-02T23:59:59', hours)) // { h0: '2026-11-01T00', h1: '2026-11-03T00' }
 * ```
 */
export function wholeHours(parts: WindowParts): { h0: string; h1: string } | undefined {
  const whole = [...parts.days, ...parts.hours].map((r) => ({
    from: hourLabel(r.from),
    before: hourLabel(r.before),
  }))
  const [first] = whole
  if (first === undefined) return undefined
  return {
    h0: whole.reduce((a, r) => (r.from < a ? r.from : a), first.from),
    h1: whole.reduce((a, r) => (r.before > a ? r.before : a), first.before),
  }
}

/** SQLite's BINARY collation (and PostgreSQL's "C") on these ASCII keys: code-unit order. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** An hour label (`YYYY-MM-DDTHH`) of a bucket label, a day label meaning its first hour. */
function hourLabel(bucket: string): string {
  return bucket.length === 10 ? `${bucket}T00` : bucket
}

function toSwapTotals(s: SwapSums): PoolSwapTotals {
  const [amount0In0, amount1In0, lpFeeIn0, amount0In1, amount1In1, lpFeeIn1] = s.amounts as [
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
  ]
  return {
    poolAddress: s.pool,
    asset0Address: s.asset0,
    asset1Address: s.asset1,
    offer0: { swaps: s.swaps[0], amount0: amount0In0, amount1: amount1In0, lpFee: lpFeeIn0 },
    offer1: { swaps: s.swaps[1], amount0: amount0In1, amount1: amount1In1, lpFee: lpFeeIn1 },
  }
}
