import { InvalidInputError } from '../errors/InvalidInputError.js'

/**
 * The DEX v1 pool's square root, bit for bit (V1 `contracts/pool/utils.func` `sqrt`). It is an
 * estimate plus seven Newton steps whose start can be far too large, so for many inputs it ends
 * BELOW the true floor square root (never above). DEX v1 mints its first LP supply with it, so
 * reproducing it is the only way to match v1 pools. Exact for `x < 2^16`.
 *
 * Routine: r = 181; shift the input down by 128/64/32/16 bits while it is at least that large,
 * doubling r's exponent by half as many bits; r = floor(r·(xx + 65536) / 2^18); seven times
 * r = floor((r + floor(x / r)) / 2); result min(r, floor(x / r)).
 *
 * @example
 * ```ts
 * sqrtV1(4_000_000_000_000_000_000n) // 2000000000n (exact)
 * sqrtV1((1n << 128n) + 12345n) // 18318489842763292071n (true root 18446744073709551616n)
 * ```
 * @throws {InvalidInputError} when `x` is negative.
 */
export function sqrtV1(x: bigint): bigint {
  if (x < 0n) throw new InvalidInputError({ field: 'x', reason: 'must not be negative', value: x })
  if (x === 0n) return 0n
  let r = 181n
  let xx = x
  if (xx >= 1n << 128n) {
    xx >>= 128n
    r <<= 64n
  }
  if (xx >= 1n << 64n) {
    xx >>= 64n
    r <<= 32n
  }
  if (xx >= 1n << 32n) {
    xx >>= 32n
    r <<= 16n
  }
  if (xx >= 1n << 16n) {
    xx >>= 16n
    r <<= 8n
  }
  // All operands are positive here, so JavaScript's truncating `/` is the contract's floor.
  r = (r * (xx + 65536n)) >> 18n
  for (let i = 0; i < 7; i++) r = (r + x / r) >> 1n
  const other = x / r
  return r < other ? r : other
}
