import { Address, beginCell, Cell } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { thrown } from '../../test/_support/thrown.js'
import { ESCROW_MINTER, REFERRER } from './_support/market.js'
import { NotVaultOwnerError } from './errors/NotVaultOwnerError.js'
import { WithdrawalExceedsBalanceError } from './errors/WithdrawalExceedsBalanceError.js'
import {
  ESCROW_WITHDRAW_VALUE,
  escrowVaultAddressCall,
  escrowVaultDataCall,
  escrowWithdrawMessage,
} from './escrowVaultMessages.js'
import type { EscrowVaultData } from './vaultResults.js'

const owner = Address.parse(REFERRER)
const stranger = new Address(0, Buffer.alloc(32, 0x99))
const minterWallet = `0:${'71'.repeat(32)}`
const vault = `0:${'91'.repeat(32)}`
const vaultData: EscrowVaultData = {
  minter: Address.parse(ESCROW_MINTER),
  jettonWallet: Address.parse(minterWallet),
  balance: 1_000_000n,
  owner,
}
// The spec gives no op code: tests use an arbitrary one, as a caller would pass the real one.
const opCode = 0x1234abcd
const withdraw = {
  vault,
  vaultData,
  sender: owner,
  opCode,
  queryId: 7n,
  amount: 250_000n,
  excesses: owner,
  withdrawForwardParams: null,
}

describe('escrow vault messages', () => {
  test('getVaultAddress(minter jetton wallet, owner), in that order', () => {
    const call = escrowVaultAddressCall({
      minter: ESCROW_MINTER,
      minterJettonWallet: minterWallet,
      owner,
    })
    expect(call.method).toBe('getVaultAddress')
    expect(call.address.toRawString()).toBe(ESCROW_MINTER)
    expect(
      call.args.map((a) => Cell.fromBase64(a.boc).beginParse().loadAddress().toRawString()),
    ).toEqual([minterWallet, owner.toRawString()])
  })

  test('getVaultData has no inputs', () => {
    expect(escrowVaultDataCall({ vault })).toMatchObject({ method: 'getVaultData', args: [] })
  })

  test('sendVaultWithdrawTokens: about 0.2 native coin, the fields in the spec order', () => {
    const message = escrowWithdrawMessage(withdraw)
    expect(ESCROW_WITHDRAW_VALUE).toBe(200_000_000n)
    expect(message).toMatchObject({ value: 200_000_000n, bounce: true })
    expect(message.to.toRawString()).toBe(vault)
    const s = message.body.beginParse()
    expect(s.loadUint(32)).toBe(opCode)
    expect(s.loadUintBig(64)).toBe(7n)
    expect(s.loadCoins()).toBe(250_000n)
    expect(s.loadAddress().equals(owner)).toBe(true)
    expect(s.loadMaybeRef()).toBe(null)
    expect(s.remainingBits).toBe(0)
  })

  test('behavior: forward params ride as a ref; the whole balance may be withdrawn', () => {
    const params = beginCell().storeUint(42, 16).endCell()
    const body = escrowWithdrawMessage({
      ...withdraw,
      amount: 1_000_000n,
      withdrawForwardParams: params,
      value: 250_000_000n,
    })
    const s = body.body.beginParse()
    s.skip(32 + 64)
    expect(s.loadCoins()).toBe(1_000_000n)
    s.loadAddress()
    expect(s.loadMaybeRef()?.equals(params)).toBe(true)
    expect(body.value).toBe(250_000_000n)
  })

  test('behavior: only the owner may withdraw', () => {
    const error = thrown(() => escrowWithdrawMessage({ ...withdraw, sender: stranger }))
    expect(error).toBeInstanceOf(NotVaultOwnerError)
    expect(error).toMatchObject({ code: 'NOT_VAULT_OWNER' })
  })

  test('behavior: the amount must not exceed the balance', () => {
    const error = thrown(() => escrowWithdrawMessage({ ...withdraw, amount: 1_000_001n }))
    expect(error).toBeInstanceOf(WithdrawalExceedsBalanceError)
    expect(error).toMatchObject({
      code: 'WITHDRAWAL_EXCEEDS_BALANCE',
      amount: 1_000_001n,
      balance: 1_000_000n,
    })
  })

  test('behavior: malformed inputs name the field', () => {
    const cases: [Partial<typeof withdraw> & Record<string, unknown>, RegExp][] = [
      [{ amount: 0n }, /amount/],
      [{ queryId: 1n << 64n }, /queryId/],
      [{ queryId: -1n }, /queryId/],
      [{ opCode: 2 ** 32 }, /opCode/],
      [{ opCode: 1.5 }, /opCode/],
      [{ withdrawForwardParams: 'x' as unknown as null }, /withdrawForwardParams/],
      [{ vault: `0:${'0'.repeat(64)}` }, /zero address/],
      [{ value: -1n } as Record<string, unknown>, /value/],
    ]
    for (const [patch, message] of cases) {
      expect(() => escrowWithdrawMessage({ ...withdraw, ...patch } as typeof withdraw)).toThrow(
        message,
      )
    }
  })
})
