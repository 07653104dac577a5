import { crc32 } from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { ESCROW_OP, FEE_VAULT_OP } from './messages.js'

describe('referral venue op codes', () => {
  test("ours are the CRC-32 of their snake_case names; the escrow's published ones are not", () => {
    for (const [name, op] of Object.entries(FEE_VAULT_OP)) {
      const snake = `fee_vault_${name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`
      expect(crc32(snake), snake).toBe(op)
    }
    expect(crc32('escrow_referral_deposit')).toBe(ESCROW_OP.referralDeposit)
    // The Omniston escrow's ABI numbers its ops otherwise (docs/referral-venues.md).
    expect(crc32('vault_withdraw_tokens')).not.toBe(ESCROW_OP.vaultWithdrawTokens)
  })
})
