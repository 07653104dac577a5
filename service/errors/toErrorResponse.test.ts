import { describe, expect, test } from 'vitest'
import { InvalidInputError } from '../../core/errors/InvalidInputError.js'
import { PoolMathError } from '../../core/errors/PoolMathError.js'
import { UnreachableOutputError } from '../../core/errors/UnreachableOutputError.js'
import { UnsupportedPoolKindError } from '../../core/errors/UnsupportedPoolKindError.js'
import { StoreError } from '../../store/StoreError.js'
import { InvalidParameterError } from './InvalidParameterError.js'
import { NotFoundError } from './NotFoundError.js'
import { toErrorResponse } from './toErrorResponse.js'
import { UnprocessableError } from './UnprocessableError.js'

describe('toErrorResponse', () => {
  test.each([
    [
      new InvalidParameterError({
        code: 'INVALID_AMOUNT',
        field: 'units',
        reason: 'must be positive',
      }),
      400,
      { code: 'INVALID_AMOUNT', message: 'Invalid units: must be positive.', field: 'units' },
    ],
    [
      new InvalidInputError({ field: 'amount0', reason: 'must not be negative' }),
      400,
      {
        code: 'INVALID_INPUT',
        message: 'Invalid amount0: must not be negative.',
        field: 'amount0',
      },
    ],
    [
      new NotFoundError({ code: 'POOL_NOT_FOUND', field: 'address', address: 'EQx' }),
      404,
      { code: 'POOL_NOT_FOUND', message: 'Unknown pool EQx.', field: 'address' },
    ],
    [
      new UnprocessableError({ code: 'NO_POOL_FOR_PAIR', message: 'No pool.' }),
      422,
      { code: 'NO_POOL_FOR_PAIR', message: 'No pool.' },
    ],
    [
      new PoolMathError({ reason: 'swap_refund_0_out', operation: 'swap' }),
      422,
      { code: 'SWAP_REFUND_0_OUT', message: 'The pool rejects this swap: swap_refund_0_out.' },
    ],
    [
      new UnreachableOutputError({ amountOut: 5n, reason: 'too much' }),
      422,
      { code: 'UNREACHABLE_OUTPUT', message: 'Output 5 cannot be reached: too much.' },
    ],
    [
      new UnsupportedPoolKindError({ dex: 'v2', kind: 'ConstantSum' }),
      422,
      {
        code: 'UNSUPPORTED_POOL_KIND',
        message: 'Pool kind "ConstantSum" is not supported on DEX v2.',
      },
    ],
    [
      new StoreError({ code: 'STORE_CORRUPT', message: 'Column x holds an unreadable value.' }),
      500,
      { code: 'STORE_CORRUPT', message: 'Column x holds an unreadable value.' },
    ],
    [
      new TypeError('x is undefined'),
      500,
      { code: 'INTERNAL_ERROR', message: 'The service failed unexpectedly.' },
    ],
    [
      'a thrown string',
      500,
      { code: 'INTERNAL_ERROR', message: 'The service failed unexpectedly.' },
    ],
  ])('%s → %i', (error, status, body) => {
    expect(toErrorResponse(error)).toEqual({ status, body: { error: body } })
  })

  test('behavior: Fastify schema validation and client errors', () => {
    const missing = Object.assign(new Error('x'), {
      validation: [
        {
          instancePath: '',
          params: { missingProperty: 'units' },
          message: "must have required property 'units'",
        },
      ],
    })
    expect(toErrorResponse(missing).body.error).toMatchObject({
      code: 'MISSING_PARAMETER',
      field: 'units',
    })
    const wrongType = Object.assign(new Error('x'), {
      validation: [
        {
          instancePath: '/dex_version/0',
          params: {},
          message: 'must be equal to one of the allowed values',
        },
      ],
    })
    expect(toErrorResponse(wrongType)).toMatchObject({
      status: 400,
      body: { error: { code: 'INVALID_PARAMETER', field: 'dex_version' } },
    })
    const tooLarge = Object.assign(new Error('Request body is too large'), {
      statusCode: 413,
      code: 'FST_ERR_CTP_BODY_TOO_LARGE',
    })
    expect(toErrorResponse(tooLarge)).toEqual({
      status: 413,
      body: { error: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' } },
    })
  })
})
