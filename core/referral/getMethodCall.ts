import { type Address, beginCell, type Cell } from '@ton/core'
import { parseAddress } from './parseAddress.js'

/**
 * A slice argument of a get-method: a cell holding one address. `boc` is the same cell as a
 * base64 bag of cells, the form HTTP get-method runners take (`docs/referral.md`, "On-chain
 * vault interface"); `{ type, cell }` is also a `@ton/core` `TupleItem`, for sandbox or
 * `TonClient` runners.
 */
export type GetMethodSliceArgument = {
  readonly type: 'slice'
  readonly cell: Cell
  readonly boc: string
}

/** A get-method call, ready for any runner: which contract, which method, which arguments. */
export type GetMethodCall = {
  readonly address: Address
  readonly method: string
  readonly args: readonly GetMethodSliceArgument[]
}

/** A message to send to a contract. */
export type InternalMessage = {
  readonly to: Address
  /** Native coin attached, in nano units (1 coin = 10^9). */
  readonly value: bigint
  readonly bounce: boolean
  readonly body: Cell
}

/**
 * The slice argument holding `address`: a cell with just the 267-bit `addr_std`, base64-encoded
 * as a bag of cells.
 *
 * @example
 * ```ts
 * addressSliceArgument('EQCXSs2xZ2dhk9TAxzGzXra2EbG_S2SqyN8Tfi6fJ82EYiVj', 'owner').boc
 * // 'te6cckEBAQEAJAAAQ4AS6Vm2LOzsMnqYGOY2a9bWwjY36WyVWRvib8XT5PmwjFD4Iuh1' (one cell)
 * ```
 * @throws {InvalidAddressError} naming `field`.
 */
export function addressSliceArgument(
  address: Address | string,
  field: string,
): GetMethodSliceArgument {
  const cell = beginCell().storeAddress(parseAddress(address, field)).endCell()
  return { type: 'slice', cell, boc: cell.toBoc().toString('base64') }
}
