import type { Ratio } from '../curves/Curve.js'
import { InvalidInputError } from '../errors/InvalidInputError.js'

const DECIMAL = /^(\d+)(?:\.(\d+))?$/

/**
 * Parses a non-negative decimal string exactly into a ratio of integers, with no floating
 * point on the way. The edge of the API: `"0.001"` becomes 1/1000.
 *
 * @example
 * ```ts
 * parseDecimal('0.005', 'slippage') // { numerator: 5n, denominator: 1000n }
 * parseDecimal('1e-3', 'slippage') // throws InvalidInputError { field: 'slippage' }
 * ```
 * @throws {InvalidInputError} naming `field` for anything but digits with an optional point.
 */
export function parseDecimal(value: string, field: string): Ratio {
  const match = typeof value === 'string' && value.length <= 100 ? DECIMAL.exec(value) : null
  if (match === null) {
    throw new InvalidInputError({
      field,
      reason: 'must be a non-negative decimal number like "0.001"',
      value,
    })
  }
  const whole = match[1] ?? '0'
  const fraction = match[2] ?? ''
  return { numerator: BigInt(whole + fraction), denominator: 10n ** BigInt(fraction.length) }
}

/**
 * Formats a non-negative ratio as a decimal string with at most `decimals` fraction digits,
 * rounded DOWN (floor), trailing zeros removed.
 *
 * @example
 * ```ts
 * formatRatio({ numerator: 19_948_369_245n, denominator: 5_000_000_000n }, 9) // '3.989673849'
 * formatRatio({ numerator: 1n, denominator: 2n }, 9) // '0.5'
 * ```
 */
export function formatRatio({ numerator, denominator }: Ratio, decimals = 9): string {
  if (denominator <= 0n || numerator < 0n) {
    throw new InvalidInputError({
      field: 'ratio',
      reason: 'must be non-negative with a positive denominator',
    })
  }
  const scale = 10n ** BigInt(decimals)
  // floor: non-negative operands, both here and in the split into whole and fraction.
  const scaled = (numerator * scale) / denominator
  const whole = scaled / scale
  const fraction = (scaled % scale).toString().padStart(decimals, '0').replace(/0+$/, '')
  return fraction.length > 0 ? `${whole}.${fraction}` : whole.toString()
}
