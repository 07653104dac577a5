import { beginCell } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { EXIT_CODES } from '../core/errors/exitCodes.js'
import { decodeBody, decodeBodyAs } from './decode/decodeBody.js'
import { OP_CODES } from './opCodes.js'
import {
  isSuccessResult,
  OUTCOME_CODES,
  RESULT_CODES,
  resultName,
  SUCCESS_RESULT_CODES,
} from './resultCodes.js'
import {
  ACTION_KINDS,
  ACTION_TYPES,
  BODY_TYPES,
  isTransactionKind,
  kindVersion,
  TRANSACTION_KINDS,
} from './transactionKinds.js'

describe('result codes', () => {
  test('resultName names the contracts’ codes and falls back to the decimal code', () => {
    expect(resultName(0xc64370e5)).toBe('swap_ok')
    expect(resultName(0x45078540)).toBe('swap_ok_ref')
    expect(resultName(0xdda48b6a)).toBe('burn_ok')
    expect(resultName(0x39603190)).toBe('swap_refund_slippage')
    expect(resultName(97)).toBe('max_in_ratio')
    expect(resultName(12345)).toBe('12345')
    for (const [name, code] of Object.entries(EXIT_CODES)) expect(resultName(code)).toBe(name)
  })

  test('one list, no name twice; the success codes are listed result codes', () => {
    expect(new Set(RESULT_CODES).size).toBe(RESULT_CODES.length)
    expect(RESULT_CODES.length).toBe(Object.keys(EXIT_CODES).length + OUTCOME_CODES.length)
    for (const code of SUCCESS_RESULT_CODES) expect(RESULT_CODES).toContain(code)
  })

  test('success: the ok codes only, never a refund, a bounce or an unnamed code', () => {
    for (const code of ['swap_ok', 'swap_ok_ref', 'burn_ok', 'refund_ok', 'ok', 'mint_lp_ok']) {
      expect(isSuccessResult(code), code).toBe(true)
    }
    for (const code of ['bounce', 'swap_refund_slippage', 'swap_pool_locked', '12345', '']) {
      expect(isSuccessResult(code), code).toBe(false)
    }
  })
})

describe('transaction kinds', () => {
  test('every kind once: body types, then external and other', () => {
    expect(new Set(TRANSACTION_KINDS).size).toBe(TRANSACTION_KINDS.length)
    expect(TRANSACTION_KINDS.length).toBe(BODY_TYPES.length + 2)
    expect(TRANSACTION_KINDS.slice(-2)).toEqual(['external', 'other'])
    expect(isTransactionKind('v2.burn_notification_ext')).toBe(true)
    expect(isTransactionKind('v3.swap')).toBe(false)
  })

  test('a decoded body’s type is a kind', () => {
    const excesses = beginCell().storeUint(OP_CODES.jettonExcesses, 32).storeUint(7n, 64)
    const body = decodeBody(excesses.endCell())
    expect(body?.type).toBe('jetton.excesses')
    expect(isTransactionKind(body?.type ?? '')).toBe(true)
    expect(decodeBodyAs(excesses.endCell(), 'jetton.excesses')).toEqual(body)
    expect(decodeBodyAs(excesses.endCell(), 'v2.pay_to', 'v1.pay_to')).toBeUndefined()
  })

  test('action kinds: their op codes are the inbound messages’, their version the kind’s', () => {
    expect(ACTION_KINDS['v2.swap']).toEqual({ type: 'swap', op: 0x6664de2a })
    expect(ACTION_KINDS['v1.burn_notification']).toEqual({ type: 'jetton_burn', op: 0x7bdd97de })
    for (const [kind, { type, op }] of Object.entries(ACTION_KINDS)) {
      expect(BODY_TYPES, kind).toContain(kind)
      expect(ACTION_TYPES, kind).toContain(type)
      // 'v2.burn_notification_ext' → OP_CODES.v2BurnNotificationExt
      const name = kind.replace('.', '_').replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())
      expect(OP_CODES[name as keyof typeof OP_CODES], kind).toBe(op)
      expect(kindVersion(kind), kind).toBe(kind.slice(0, 2))
    }
    expect(new Set(Object.values(ACTION_KINDS).map((a) => a.type))).toEqual(new Set(ACTION_TYPES))
    expect(kindVersion('jetton.transfer')).toBeNull()
    expect(kindVersion('external')).toBeNull()
  })
})
