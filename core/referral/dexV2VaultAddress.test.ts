import { Address, beginCell, type Cell } from '@ton/core'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fuzz } from '../../test/_support/fuzz.js'
import { REFERRER, ROUTER } from './_support/market.js'
import { dexV2VaultAddress, dexV2VaultData } from './dexV2VaultAddress.js'
import { InvalidAddressError } from './errors/InvalidAddressError.js'

// A stand-in for the router's vault code (the real one comes from get_router_data()).
const vaultCode = beginCell()
  .storeUint(0x5641554c, 32)
  .storeRef(beginCell().storeUint(7, 8))
  .endCell()
const wallet = `0:${'61'.repeat(32)}`

/** StateInit written bit by bit from its TL-B, independently of @ton/core's helpers:
 *  split_depth:(Maybe) = 0, special:(Maybe) = 0, code:(Maybe ^Cell) = 1 + ref,
 *  data:(Maybe ^Cell) = 1 + ref, library:(HashmapE) = 0. */
function stateInitHash(code: Cell, data: Cell): Buffer {
  return beginCell()
    .storeBit(0)
    .storeBit(0)
    .storeBit(1)
    .storeRef(code)
    .storeBit(1)
    .storeRef(data)
    .storeBit(0)
    .endCell()
    .hash()
}

describe('dexV2VaultAddress', () => {
  test('the vault data layout: owner, router token wallet, router, deposited 0', () => {
    const data = dexV2VaultData({ owner: REFERRER, tokenWallet: wallet, router: ROUTER })
    const s = data.beginParse()
    expect(s.loadAddress().equals(Address.parse(REFERRER))).toBe(true)
    expect(s.loadAddress().toRawString()).toBe(wallet)
    expect(s.loadAddress().toRawString()).toBe(ROUTER)
    expect(s.loadCoins()).toBe(0n)
    expect(s.remainingBits).toBe(0)
    expect(s.remainingRefs).toBe(0)
    expect(data.bits.length).toBe(3 * 267 + 4)
  })

  test('the address is the hash of StateInit(vault code, vault data) in workchain 0', () => {
    const address = dexV2VaultAddress({
      vaultCode,
      owner: REFERRER,
      tokenWallet: wallet,
      router: ROUTER,
    })
    const data = dexV2VaultData({ owner: REFERRER, tokenWallet: wallet, router: ROUTER })
    expect(address.workChain).toBe(0)
    expect(address.hash.equals(stateInitHash(vaultCode, data))).toBe(true)
    // Pinned, so that any change of layout or hashing shows up.
    expect(address.toRawString()).toMatchInlineSnapshot(
      `"0:cda36a71cf873615d6f76b7af67b1aefad59a3cda4e14952450dacb9fa3d77a9"`,
    )
    expect(
      dexV2VaultAddress({
        vaultCode,
        owner: REFERRER,
        tokenWallet: wallet,
        router: ROUTER,
        workchain: -1,
      }).workChain,
    ).toBe(-1)
  })

  test('property: deterministic, and one vault per owner × token wallet × router', () => {
    const address = fc
      .uint8Array({ minLength: 32, maxLength: 32 })
      .map((b) => new Address(0, Buffer.from(b)))
    fc.assert(
      fc.property(address, address, address, address, (owner, other, tokenWallet, router) => {
        const key = { vaultCode, owner, tokenWallet, router }
        const a = dexV2VaultAddress(key)
        expect(dexV2VaultAddress({ ...key, owner: owner.toString() }).equals(a)).toBe(true)
        expect(a.hash.equals(stateInitHash(vaultCode, dexV2VaultData(key)))).toBe(true)
        if (!other.equals(owner)) {
          expect(dexV2VaultAddress({ ...key, owner: other }).equals(a)).toBe(false)
          expect(dexV2VaultAddress({ ...key, tokenWallet: other }).equals(a)).toBe(
            other.equals(tokenWallet),
          )
          expect(dexV2VaultAddress({ ...key, router: other }).equals(a)).toBe(other.equals(router))
        }
      }),
      fuzz({ numRuns: 200 }),
    )
  })

  test('behavior: bad inputs are typed errors', () => {
    expect(() =>
      dexV2VaultAddress({ vaultCode, owner: 'x', tokenWallet: wallet, router: ROUTER }),
    ).toThrow(InvalidAddressError)
    expect(() =>
      dexV2VaultAddress({
        vaultCode: 'te6cc' as unknown as Cell,
        owner: REFERRER,
        tokenWallet: wallet,
        router: ROUTER,
      }),
    ).toThrow(/vaultCode/)
    expect(() =>
      dexV2VaultAddress({
        vaultCode,
        owner: REFERRER,
        tokenWallet: wallet,
        router: ROUTER,
        workchain: 5,
      }),
    ).toThrow(/workchain/)
  })
})
