import type { Address, Cell, Slice } from '@ton/core'
import { Address as AddressClass } from '@ton/core'

/**
 * Reads a `MsgAddress`: an internal address, or `null` for addr_none. External addresses do not
 * occur in the exchange's messages and are rejected as malformed.
 *
 * @example
 * ```ts
 * loadAddress(beginCell().storeAddress(null).endCell().beginParse()) // null
 * ```
 */
export function loadAddress(slice: Slice): Address | null {
  const address = slice.loadAddressAny()
  if (address === null || address instanceof AddressClass) return address
  throw new Error('external address where an internal one was expected')
}

/**
 * Reads an `Either Cell ^Cell` forward payload (TEP-74): bit 0 means the rest of this slice is
 * the payload, bit 1 a reference to it. Returns the payload as a cell, or `null` when empty.
 *
 * @example
 * ```ts
 * loadEitherPayload(beginCell().storeBit(1).storeRef(payload).endCell().beginParse()) // payload
 * ```
 */
export function loadEitherPayload(slice: Slice): Cell | null {
  if (slice.remainingBits === 0) return null
  if (slice.loadBit()) return slice.loadRef()
  if (slice.remainingBits === 0 && slice.remainingRefs === 0) return null
  return slice.asCell()
}
