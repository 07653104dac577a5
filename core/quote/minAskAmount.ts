import { InvalidInputError } from '../errors/InvalidInputError.js'
import { assertCoins } from '../pool/PoolState.js'
import { parseDecimal } from './decimal.js'

/**
 * The least output a swap should accept for a slippage tolerance given as a decimal fraction
 * string (`"0.001"` = 0.1 %): floor(amountOut · (1 − slippage)), rounded DOWN so the limit
 * never exceeds the tolerance. Parsed exactly, never through a float.
 *
 * @example
 * ```ts
 * minAskAmount(19_948_369_245n, '0.005') // 19848627398n
 * minAskAmount(1000n, '1') // 0n
 * ```
 * @throws {InvalidInputError} naming `amountOut` or `slippage` (must be 0 ≤ s ≤ 1).
 */
export function minAskAmount(amountOut: bigint, slippage: string): bigint {
  assertCoins(amountOut, 'amountOut')
  const { numerator, denominator } = parseDecimal(slippage, 'slippage')
  if (numerator > denominator) {
    throw new InvalidInputError({
      field: 'slippage',
      reason: 'must be between 0 and 1',
      value: slippage,
    })
  }
  // floor: non-negative operands.
  return (amountOut * (denominator - numerator)) / denominator
}
