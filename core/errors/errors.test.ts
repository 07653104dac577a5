import { describe, expect, test } from 'vitest'
import { BaseError } from './BaseError.js'
import { EXIT_CODES, exitCodeName } from './exitCodes.js'
import { InvalidInputError } from './InvalidInputError.js'
import { PoolMathError } from './PoolMathError.js'
import { UnreachableOutputError } from './UnreachableOutputError.js'
import { UnsupportedPoolKindError } from './UnsupportedPoolKindError.js'

describe('errors', () => {
  test('every error is a BaseError with a stable code and a composed message', () => {
    const errors = [
      new InvalidInputError({ field: 'amountIn', reason: 'must be positive', value: 0n }),
      new PoolMathError({ reason: 'max_in_ratio', operation: 'swap' }),
      new PoolMathError({ reason: 'zero_liquidity', operation: 'provision', details: 'why' }),
      new UnsupportedPoolKindError({ dex: 'v1', kind: 'stableswap' }),
      new UnreachableOutputError({ amountOut: 5n, reason: 'too much' }),
    ]
    expect(errors.map((e) => [e instanceof BaseError, e.name, e.code])).toEqual([
      [true, 'InvalidInputError', 'INVALID_INPUT'],
      [true, 'PoolMathError', 'MAX_IN_RATIO'],
      [true, 'PoolMathError', 'ZERO_LIQUIDITY'],
      [true, 'UnsupportedPoolKindError', 'UNSUPPORTED_POOL_KIND'],
      [true, 'UnreachableOutputError', 'UNREACHABLE_OUTPUT'],
    ])
    expect(errors[1]?.message).toMatchInlineSnapshot(`
      "The pool rejects this swap: max_in_ratio.

      exit code: 97"
    `)
    expect(errors[2]?.message).toMatchInlineSnapshot(`
      "The pool rejects this provision: zero_liquidity.

      Details: why"
    `)
  })

  test('exit codes map both ways and carry the contract numbers', () => {
    expect(new PoolMathError({ reason: 'swap_refund_slippage', operation: 'swap' }).exitCode).toBe(
      0x39603190,
    )
    expect(
      new PoolMathError({ reason: 'zero_liquidity', operation: 'provision' }).exitCode,
    ).toBeUndefined()
    for (const [name, code] of Object.entries(EXIT_CODES)) expect(exitCodeName(code)).toBe(name)
    expect(exitCodeName(123_456)).toBeUndefined()
    expect(new Set(Object.values(EXIT_CODES)).size).toBe(Object.keys(EXIT_CODES).length)
  })

  test('cause is kept', () => {
    const cause = new PoolMathError({ reason: 'not_converged', operation: 'swap' })
    const e = new PoolMathError({ reason: 'zero_liquidity', operation: 'provision', cause })
    expect(e.cause).toBe(cause)
  })
})
