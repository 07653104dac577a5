/**
 * 2^44: a series term below it is an exact number, and so is the next one (terms only shrink),
 * so the kernel finishes a series with {@link certifiedQuotient} once a term drops below it.
 */
export const NUMBER_LIMIT = 1n << 44n

/** Relative half-width of {@link certifiedQuotient}'s interval: 1e-15, over 4.5 roundings. */
const MARGIN = 1e-15

/**
 * floor(a·B / D), or the ceiling when `ceil`, computed with numbers, or −1 when numbers cannot
 * decide it. Requires: `a` an integer below 2^44 (exact), `b` the number nearest to the integer
 * B ≥ 0, `d` the number nearest to the integer D > 0 (1e36, or 1e20·k, which is exact), and
 * a·B / D < 2^44.
 *
 * Why it is exact: q = a·b / d carries four roundings of at most 2^-53 each (b, d, the product,
 * the quotient), so |q − a·B/D| ≤ 4.5e-16·q. `low` = q − q·1e-15 and `high` = q + q·1e-15, each
 * rounded once more (an error below 1.2e-16·q), still satisfy low < a·B/D < high. When
 * floor(low) = floor(high) the exact quotient, lying between them, has that floor (the same for
 * ceilings). Otherwise the exact quotient is within 2e-15 relative of an integer (in particular
 * when it is one) and the caller continues with bigints. Internal to the kernel.
 *
 * @example
 * ```ts
 * certifiedQuotient(3, 1e20, 1e20, false) // -1 (an exact integer: let bigints decide)
 * certifiedQuotient(7, 5e19, 1e20, false) // 3 (floor of 3.5)
 * ```
 */
export function certifiedQuotient(a: number, b: number, d: number, ceil: boolean): number {
  const q = (a * b) / d
  const low = q - q * MARGIN
  const high = q + q * MARGIN
  if (ceil) {
    const result = Math.ceil(low)
    return result === Math.ceil(high) ? result : -1
  }
  const result = Math.floor(low)
  return result === Math.floor(high) ? result : -1
}
