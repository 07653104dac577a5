import { Address, Cell, parseTuple, serializeTuple } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { FEE_VAULT_MINTER, REFERRER, USDT } from './_support/market.js'
import { InvalidAddressError } from './errors/InvalidAddressError.js'
import {
  COLLECT_FEES_VALUE,
  feeVaultAddressCall,
  feeVaultCollectFeesMessage,
  feeVaultDataCall,
  jettonWalletAddressCall,
} from './feeVaultMinterMessages.js'
import { addressSliceArgument } from './getMethodCall.js'

const minterWallet = `0:${'71'.repeat(32)}`
const vault = `0:${'81'.repeat(32)}`

/** The address a base64 BoC argument holds. */
function bocAddress(boc: string): string {
  return Cell.fromBase64(boc).beginParse().loadAddress().toRawString()
}

describe('addressSliceArgument', () => {
  test('a one-cell bag holding just the 267-bit address, base64', () => {
    const arg = addressSliceArgument(REFERRER, 'owner')
    expect(arg.boc).toBe('te6cckEBAQEAJAAAQ4AS6Vm2LOzsMnqYGOY2a9bWwjY36WyVWRvib8XT5PmwjFD4Iuh1')
    expect(arg.cell.bits.length).toBe(267)
    expect(Cell.fromBase64(arg.boc).equals(arg.cell)).toBe(true)
    expect(bocAddress(arg.boc)).toBe(Address.parse(REFERRER).toRawString())
    // `{ type, cell }` is a TupleItem: it survives the TVM stack codec.
    const [item] = parseTuple(serializeTuple([{ type: arg.type, cell: arg.cell }]))
    expect(item).toMatchObject({ type: 'slice' })
  })

  test('behavior: an address that does not parse names the field', () => {
    expect(() => addressSliceArgument('0:xyz', 'owner')).toThrow(InvalidAddressError)
  })
})

describe('fee-vault minter messages', () => {
  test('get_wallet_address on the jetton master, with the minter as the owner slice', () => {
    const call = jettonWalletAddressCall({ jettonMaster: USDT, owner: FEE_VAULT_MINTER })
    expect(call.method).toBe('get_wallet_address')
    expect(call.address.equals(Address.parse(USDT))).toBe(true)
    expect(call.args.map((a) => bocAddress(a.boc))).toEqual([FEE_VAULT_MINTER])
  })

  test('get_vault_address(owner, minter jetton wallet), in that order', () => {
    const call = feeVaultAddressCall({
      minter: FEE_VAULT_MINTER,
      owner: REFERRER,
      minterJettonWallet: minterWallet,
    })
    expect(call.method).toBe('get_vault_address')
    expect(call.address.toRawString()).toBe(FEE_VAULT_MINTER)
    expect(call.args.map((a) => bocAddress(a.boc))).toEqual([
      Address.parse(REFERRER).toRawString(),
      minterWallet,
    ])
  })

  test('get_vault_data has no inputs', () => {
    expect(feeVaultDataCall({ vault })).toMatchObject({ method: 'get_vault_data', args: [] })
  })

  test('collectFees: no payload, about 0.3 native coin, bounceable', () => {
    const message = feeVaultCollectFeesMessage({ vault })
    expect(COLLECT_FEES_VALUE).toBe(300_000_000n)
    expect(message.value).toBe(300_000_000n)
    expect(message.bounce).toBe(true)
    expect(message.to.toRawString()).toBe(vault)
    expect(message.body.bits.length).toBe(0)
    expect(message.body.refs.length).toBe(0)
    expect(feeVaultCollectFeesMessage({ vault, value: 350_000_000n }).value).toBe(350_000_000n)
  })

  test('behavior: collectFees refuses the 0:0 "no fees accrued" answer and bad values', () => {
    expect(() =>
      feeVaultCollectFeesMessage({ vault: `0:${'0'.repeat(64)}` }),
    ).toThrowErrorMatchingInlineSnapshot(`
      [InvalidInputError: Invalid vault: is the zero address 0:0, which means no fees accrued (no vault).

      value: "0:0000000000000000000000000000000000000000000000000000000000000000"]
    `)
    expect(() => feeVaultCollectFeesMessage({ vault, value: 0n })).toThrow(/value/)
    expect(() => feeVaultCollectFeesMessage({ vault: 'nope' })).toThrow(InvalidAddressError)
  })
})
