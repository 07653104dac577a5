import { Address, beginCell } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { jettonTransferBody } from '../jetton/messages.js'
import { OP_CODES } from '../opCodes.js'
import { decodeBodyAs } from './decodeBody.js'
import { preloadInlineUint32 } from './slices.js'

const router = new Address(0, Buffer.alloc(32, 1))
const user = new Address(0, Buffer.alloc(32, 2))

/** A router's refund: `transfer` with the exit code as an inline forward payload. */
function refund(payloadBits: (b: ReturnType<typeof beginCell>) => void) {
  const b = beginCell()
    .storeUint(OP_CODES.jettonTransfer, 32)
    .storeUint(7n, 64)
    .storeCoins(1_000_000n)
    .storeAddress(user)
    .storeAddress(user)
    .storeMaybeRef(null)
    .storeCoins(0n)
  payloadBits(b)
  return b.endCell()
}

describe('jetton.transfer: the inline exit code STON.fi routers send back', () => {
  test('an inline 32-bit code is read, and the payload is still the inline cell', () => {
    const body = decodeBodyAs(
      refund((b) => b.storeBit(0).storeUint(0x0f5681d3, 32)),
      'jetton.transfer',
    )
    expect(body?.inlineExitCode).toBe(0x0f5681d3) // transfer_bounce_tx_expired
    expect(body?.amount).toBe(1_000_000n)
    expect(body?.forwardPayload?.bits.length).toBe(32)
    // The largest code: all 32 bits set stays an exact number.
    const max = decodeBodyAs(
      refund((b) => b.storeBit(0).storeUint(0xffffffff, 32)),
      'jetton.transfer',
    )
    expect(max?.inlineExitCode).toBe(0xffffffff)
  })

  test('no code for a referenced payload, an empty one or fewer than 32 inline bits', () => {
    const withRef = jettonTransferBody({
      amount: 5n,
      destination: router,
      response: user,
      forwardTonAmount: 1n,
      forwardPayload: beginCell().storeUint(0x0f5681d3, 32).endCell(),
    })
    expect(decodeBodyAs(withRef, 'jetton.transfer')?.inlineExitCode).toBeUndefined()
    const empty = jettonTransferBody({
      amount: 5n,
      destination: router,
      response: user,
      forwardTonAmount: 1n,
    })
    expect(decodeBodyAs(empty, 'jetton.transfer')?.inlineExitCode).toBeUndefined()
    const short = refund((b) => b.storeBit(0).storeUint(5, 31))
    expect(decodeBodyAs(short, 'jetton.transfer')?.inlineExitCode).toBeUndefined()
  })

  test('preloadInlineUint32 consumes nothing', () => {
    const slice = beginCell().storeBit(0).storeUint(0x45078540, 32).endCell().beginParse()
    expect(preloadInlineUint32(slice)).toBe(0x45078540)
    expect(slice.remainingBits).toBe(33)
  })
})
