import { exitCodeName } from '../../core/errors/exitCodes.js'

/**
 * The exit-code name of `wire-contract.md` §2.10 for a 32-bit code a pool reported in `pay_to`,
 * falling back to the decimal code when it has no name (raw VM / math errors).
 *
 * @example
 * ```ts
 * resultName(0xc64370e5) // 'swap_ok'
 * resultName(97) // 'max_in_ratio'
 * resultName(12345) // '12345'
 * ```
 */
export function resultName(code: number): string {
  return exitCodeName(code) ?? String(code)
}
