import { Address, beginCell } from '@ton/core'
import { describe, expect, it } from 'vitest'
import { escrowWithdrawMessage } from '../../core/referral/escrowVaultMessages.js'
import {
  COLLECT_FEES_VALUE,
  feeVaultCollectFeesMessage,
} from '../../core/referral/feeVaultMinterMessages.js'
import {
  ESCROW_OP,
  escrowDepositPayload,
  FEE_VAULT_OP,
  feeVaultDepositPayload,
} from '../venue/messages.js'
import { readEscrowVaultStorage, readFeeVaultStorage } from '../venue/storage.js'
import {
  decodeEscrowFactoryBody,
  decodeEscrowPayload,
  decodeEscrowVaultBody,
  decodeFeeVaultBody,
  decodeFeeVaultMinterBody,
  decodeFeeVaultPayload,
} from './venueDecoders.js'

/** Addresses as text (an Address's cached fields differ by how it was made). */
function plain(value: unknown): unknown {
  if (value instanceof Address) return value.toString()
  if (typeof value === 'object' && value !== null && !('bits' in value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]))
  }
  return value
}

const referrer = Address.parse('EQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG')
const minter = new Address(0, Buffer.alloc(32, 7))
const wallet = new Address(0, Buffer.alloc(32, 9))
const vault = new Address(0, Buffer.alloc(32, 5))

describe('venue decoders', () => {
  it("decode core/referral's escrow withdrawal as the vault reads it", () => {
    const forward = beginCell().storeCoins(1n).storeBit(false).storeBit(false).endCell()
    const message = escrowWithdrawMessage({
      vault,
      vaultData: { minter, jettonWallet: wallet, balance: 1_000n, owner: referrer },
      sender: referrer,
      opCode: ESCROW_OP.vaultWithdrawTokens,
      queryId: 7n,
      amount: 250n,
      excesses: referrer,
      withdrawForwardParams: forward,
    })
    const body = decodeEscrowVaultBody(message.body)
    expect(plain(body)).toEqual(
      plain({
        type: 'escrow.vault_withdraw_tokens',
        queryId: 7n,
        amount: 250n,
        excesses: referrer,
        withdrawForwardParams: forward,
      }),
    )
    expect(
      body?.type === 'escrow.vault_withdraw_tokens' && body.withdrawForwardParams?.equals(forward),
    ).toBe(true)
    // Another role's op is not a vault body.
    expect(decodeEscrowFactoryBody(message.body)).toBeUndefined()
    expect(decodeFeeVaultBody(message.body)).toBeUndefined()
  })

  it("decode core/referral's empty-body collectFees with its value, and nothing else as a collect", () => {
    const message = feeVaultCollectFeesMessage({ vault })
    expect(decodeFeeVaultBody(message.body, message.value)).toEqual({
      type: 'fee_vault.collect_fees',
      value: COLLECT_FEES_VALUE,
    })
    expect(
      decodeFeeVaultBody(beginCell().storeRef(beginCell().endCell()).endCell()),
    ).toBeUndefined()
    expect(decodeFeeVaultBody(beginCell().storeUint(0, 32).endCell())).toBeUndefined()
    expect(decodeFeeVaultBody(null)).toBeUndefined()
  })

  it('decode the internal ops in the fixtures’ layouts', () => {
    const deposit = beginCell()
      .storeUint(ESCROW_OP.vaultDepositTokens, 32)
      .storeUint(3n, 64)
      .storeCoins(1_995n)
      .storeAddress(referrer)
      .storeCoins(0n)
      .storeMaybeRef(null)
      .endCell()
    expect(plain(decodeEscrowVaultBody(deposit))).toEqual(
      plain({
        type: 'escrow.vault_deposit_tokens',
        queryId: 3n,
        amount: 1_995n,
        excesses: referrer,
        forwardTonAmount: 0n,
        forwardPayload: null,
      }),
    )
    const internalWithdraw = beginCell()
      .storeUint(ESCROW_OP.minterInternalWithdrawTokens, 32)
      .storeUint(7n, 64)
      .storeAddress(wallet)
      .storeCoins(250n)
      .storeAddress(referrer)
      .storeAddress(null)
      .storeMaybeRef(null)
      .endCell()
    expect(plain(decodeEscrowFactoryBody(internalWithdraw))).toEqual(
      plain({
        type: 'escrow.minter_internal_withdraw_tokens',
        queryId: 7n,
        jettonWallet: wallet,
        collectedFees: 250n,
        owner: referrer,
        excesses: null,
        forwardParams: null,
      }),
    )
    const credit = beginCell()
      .storeUint(FEE_VAULT_OP.credit, 32)
      .storeUint(4n, 64)
      .storeCoins(10n ** 30n)
      .endCell()
    expect(decodeFeeVaultBody(credit)).toEqual({
      type: 'fee_vault.credit',
      queryId: 4n,
      amount: 10n ** 30n,
    })
    const payout = beginCell()
      .storeUint(FEE_VAULT_OP.payout, 32)
      .storeUint(0n, 64)
      .storeCoins(1_995n)
      .storeAddress(referrer)
      .storeAddress(wallet)
      .endCell()
    expect(plain(decodeFeeVaultMinterBody(payout))).toEqual(
      plain({
        type: 'fee_vault.payout',
        queryId: 0n,
        amount: 1_995n,
        owner: referrer,
        jettonWallet: wallet,
      }),
    )
    // A truncated body is not a body of that op.
    const cut = beginCell().storeUint(FEE_VAULT_OP.payout, 32).storeUint(0n, 64).endCell()
    expect(decodeFeeVaultMinterBody(cut)).toBeUndefined()
  })

  it('decode the deposit payloads the emulator builds', () => {
    expect(plain(decodeEscrowPayload(escrowDepositPayload({ owner: referrer })))).toEqual(
      plain({ type: 'escrow.referral_deposit', owner: referrer, excesses: null }),
    )
    expect(plain(decodeEscrowPayload(escrowDepositPayload({ excesses: referrer })))).toEqual(
      plain({ type: 'escrow.minter_deposit_vault', excesses: referrer, forwardParams: null }),
    )
    expect(plain(decodeFeeVaultPayload(feeVaultDepositPayload(referrer)))).toEqual(
      plain({ type: 'fee_vault.deposit', owner: referrer }),
    )
    expect(decodeEscrowPayload(feeVaultDepositPayload(referrer))).toBeUndefined()
    expect(decodeFeeVaultPayload(escrowDepositPayload({ owner: referrer }))).toBeUndefined()
    expect(
      decodeFeeVaultPayload(
        beginCell().storeUint(FEE_VAULT_OP.deposit, 32).storeUint(0b100, 3).endCell(),
      ),
    ).toBe(undefined)
  })

  it('read the vaults’ storage in their getters’ order', () => {
    const escrow = beginCell()
      .storeAddress(minter)
      .storeAddress(wallet)
      .storeCoins(12n)
      .storeAddress(referrer)
      .endCell()
    expect(plain(readEscrowVaultStorage(escrow))).toEqual(
      plain({ minter, jettonWallet: wallet, balance: 12n, owner: referrer }),
    )
    const fee = beginCell()
      .storeAddress(referrer)
      .storeAddress(wallet)
      .storeCoins(0n)
      .storeAddress(minter)
      .storeUint(1_764_000_000n, 64)
      .endCell()
    expect(plain(readFeeVaultStorage(fee))).toEqual(
      plain({
        owner: referrer,
        jettonWallet: wallet,
        balance: 0n,
        minter,
        lastCollectTime: 1_764_000_000n,
      }),
    )
  })
})
