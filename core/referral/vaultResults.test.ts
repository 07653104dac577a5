import { Address, beginCell, TupleBuilder } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { REFERRER } from './_support/market.js'
import { plain } from './_support/plain.js'
import {
  isZeroAddress,
  parseEscrowVaultData,
  parseFeeVaultData,
  vaultAddressResult,
} from './vaultResults.js'

const zero = new Address(0, Buffer.alloc(32))
const a = (byte: number) => new Address(0, Buffer.alloc(32, byte))

describe('vaultAddressResult', () => {
  test('0:0, addr_none and null all mean no fees accrued', () => {
    const none = { kind: 'no_fees_accrued' }
    expect(vaultAddressResult('0:0')).toEqual(none)
    expect(vaultAddressResult(`0:${'0'.repeat(64)}`)).toEqual(none)
    expect(vaultAddressResult(zero)).toEqual(none)
    expect(vaultAddressResult(null)).toEqual(none)
    expect(vaultAddressResult({ type: 'null' })).toEqual(none)
    expect(
      vaultAddressResult({ type: 'slice', cell: beginCell().storeAddress(null).endCell() }),
    ).toEqual(none)
    expect(
      vaultAddressResult({ type: 'slice', cell: beginCell().storeAddress(zero).endCell() }),
    ).toEqual(none)
  })

  test('any other address is the vault', () => {
    const vault = { kind: 'vault', address: Address.parse(REFERRER).toRawString() }
    expect(plain(vaultAddressResult(REFERRER))).toEqual(vault)
    expect(
      plain(
        vaultAddressResult({
          type: 'cell',
          cell: beginCell().storeAddress(Address.parse(REFERRER)).endCell(),
        }),
      ),
    ).toEqual(vault)
    // The zero hash on the masterchain is an address, not "0:0".
    expect(vaultAddressResult(new Address(-1, Buffer.alloc(32)))).toMatchObject({ kind: 'vault' })
    expect(isZeroAddress(new Address(-1, Buffer.alloc(32)))).toBe(false)
  })

  test('behavior: other stack items and non-addresses are typed errors', () => {
    expect(() => vaultAddressResult({ type: 'int', value: 0n })).toThrow(/vaultAddress/)
    expect(() => vaultAddressResult('0:1')).toThrow(/vaultAddress/)
    expect(() =>
      vaultAddressResult({ type: 'slice', cell: beginCell().storeUint(7, 3).endCell() }),
    ).toThrow(/vaultAddress/)
  })
})

describe('vault data', () => {
  test('get_vault_data: owner, jetton wallet, balance, minter, optional lastCollectTime', () => {
    const stack = new TupleBuilder()
    stack.writeAddress(a(1))
    stack.writeAddress(a(2))
    stack.writeNumber(1_994_010n)
    stack.writeAddress(a(3))
    const items = stack.build()
    expect(plain(parseFeeVaultData(items))).toEqual({
      owner: a(1).toRawString(),
      jettonWallet: a(2).toRawString(),
      balance: 1_994_010n,
      minter: a(3).toRawString(),
      lastCollectTime: undefined,
    })
    expect(
      parseFeeVaultData([...items, { type: 'int', value: 1_700_000_000n }]).lastCollectTime,
    ).toBe(1_700_000_000n)
  })

  test('getVaultData: minter, jetton wallet, balance, owner', () => {
    const stack = new TupleBuilder()
    stack.writeAddress(a(3))
    stack.writeAddress(a(2))
    stack.writeNumber(250n)
    stack.writeAddress(a(1))
    expect(plain(parseEscrowVaultData(stack.build()))).toEqual({
      minter: a(3).toRawString(),
      jettonWallet: a(2).toRawString(),
      balance: 250n,
      owner: a(1).toRawString(),
    })
  })

  test('behavior: a short or mistyped stack names the entry', () => {
    const stack = new TupleBuilder()
    stack.writeAddress(a(3))
    stack.writeNumber(5n)
    expect(() => parseEscrowVaultData(stack.build())).toThrowErrorMatchingInlineSnapshot(
      `[InvalidInputError: Invalid stack[1] (jettonWallet): must be a slice holding an address.]`,
    )
    expect(() => parseFeeVaultData([])).toThrow(/stack\[0\] \(owner\)/)
    const addrNone = { type: 'slice', cell: beginCell().storeAddress(null).endCell() } as const
    expect(() => parseFeeVaultData([addrNone])).toThrow(/addr_none/)
    expect(() => parseFeeVaultData([{ type: 'null' }])).toThrow(
      /stack\[0\] \(owner\): must be a slice/,
    )
  })
})
