import { InvalidInputError } from '../errors/InvalidInputError.js'

/**
 * Exact integer square root: the largest `r` with `r·r <= n`. DEX v2 constant-product pools use
 * it as the LP invariant; their on-chain routine was verified equal to the exact floor square
 * root (`docs/contracts.md` §2.2).
 *
 * @example
 * ```ts
 * isqrt(4_000_000_000_000_000_000n) // 2000000000n
 * isqrt(99n) // 9n
 * ```
 * @throws {InvalidInputError} when `n` is negative.
 */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new InvalidInputError({ field: 'n', reason: 'must not be negative', value: n })
  if (n < 2n) return n
  if (n <= 9_007_199_254_740_991n) {
    // The double's square root is within one of the answer for n < 2^53; correct it exactly.
    let r = BigInt(Math.floor(Math.sqrt(Number(n))))
    while (r * r > n) r -= 1n
    while ((r + 1n) * (r + 1n) <= n) r += 1n
    return r
  }
  // Newton's iteration from above: start at a power of two not below sqrt(n); it decreases
  // strictly until it reaches floor(sqrt(n)).
  const bits = n.toString(16).length * 4
  let x = 1n << BigInt((bits + 1) >> 1)
  for (;;) {
    const y = (x + n / x) >> 1n // floor: both operands are positive
    if (y >= x) return x
    x = y
  }
}
