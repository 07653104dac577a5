import { type Address, beginCell, type Cell } from '@ton/core'
import { JETTON_OP } from '../opCodes.js'

/**
 * The admin's `mint`: `mint#642b7d07 query_id to ton_amount ^internal_transfer`, where the
 * internal transfer credits `amount` and returns the excess to `response`. `op` names another
 * minter's op for the same layout: the reference minter of ton-blockchain/token-contract
 * (`jetton-minter.fc`) reads `mint#15` (21) so.
 *
 * @example
 * ```ts
 * jettonMintBody({ to: alice, amount: 10n ** 12n, tonAmount: toNano('0.05'), response: admin })
 * jettonMintBody({ to: alice, amount: 10n ** 12n, tonAmount: toNano('0.05'), response: null, op: 0x15 })
 * ```
 */
export function jettonMintBody(params: {
  to: Address
  amount: bigint
  tonAmount: bigint
  response: Address | null
  queryId?: bigint
  op?: number
}): Cell {
  const queryId = params.queryId ?? 0n
  const step = beginCell()
    .storeUint(JETTON_OP.internalTransfer, 32)
    .storeUint(queryId, 64)
    .storeCoins(params.amount)
    .storeAddress(null)
    .storeAddress(params.response)
    .storeCoins(0n)
    .storeBit(false)
    .endCell()
  return beginCell()
    .storeUint(params.op ?? JETTON_OP.mint, 32)
    .storeUint(queryId, 64)
    .storeAddress(params.to)
    .storeCoins(params.tonAmount)
    .storeRef(step)
    .endCell()
}

/**
 * A TEP-74 `transfer` body with the forward payload as a reference, as `@ston-fi/sdk` builds it.
 *
 * @example
 * ```ts
 * jettonTransferBody({ amount: 1_000_000_000n, destination: router, response: alice,
 *   forwardTonAmount: toNano('0.24'), forwardPayload: swapPayload })
 * ```
 */
export function jettonTransferBody(params: {
  amount: bigint
  destination: Address
  response: Address | null
  forwardTonAmount: bigint
  forwardPayload?: Cell | undefined
  customPayload?: Cell | undefined
  queryId?: bigint
}): Cell {
  const b = beginCell()
    .storeUint(JETTON_OP.transfer, 32)
    .storeUint(params.queryId ?? 0n, 64)
    .storeCoins(params.amount)
    .storeAddress(params.destination)
    .storeAddress(params.response)
    .storeMaybeRef(params.customPayload ?? null)
    .storeCoins(params.forwardTonAmount)
  return (
    params.forwardPayload === undefined
      ? b.storeBit(false)
      : b.storeBit(true).storeRef(params.forwardPayload)
  ).endCell()
}

/**
 * A TEP-74 `burn` body: `burn query_id amount response custom_payload:(Maybe ^Cell)`. DEX v2
 * pools require `response = null` (addr_none).
 *
 * @example
 * ```ts
 * jettonBurnBody({ amount: 1_000_000_000n, response: null })
 * ```
 */
export function jettonBurnBody(params: {
  amount: bigint
  response: Address | null
  customPayload?: Cell | undefined
  queryId?: bigint
}): Cell {
  return beginCell()
    .storeUint(JETTON_OP.burn, 32)
    .storeUint(params.queryId ?? 0n, 64)
    .storeCoins(params.amount)
    .storeAddress(params.response)
    .storeMaybeRef(params.customPayload ?? null)
    .endCell()
}
