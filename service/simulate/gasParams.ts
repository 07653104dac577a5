import type { Dex, PoolKind } from '../../core/pool/PoolState.js'
import { SDK_SWAP_GAS } from '../../protocol/sdkGas.js'

/** Gas figures of a swap simulation, nanoTON as decimal strings (`docs/wire.md` §4.7). */
export type GasParams = {
  /** TON attached to the user's jetton transfer; absent when the native coin is offered. */
  readonly gas_budget?: string
  /** `forward_ton_amount` of the transfer to the router. */
  readonly forward_gas: string
  /** What the exchange's messages are expected to burn: gas budget − forward amount. */
  readonly estimated_gas_consumption: string
}

/**
 * The `gas_params` of a swap through a pool, from the SDK's gas table (`docs/contracts.md` §4):
 * offering a jetton attaches `gas` with `forward` forwarded to the router; offering the native
 * coin forwards the table's TON forward amount and has no separate budget. The estimated
 * consumption is gas − forward of the jetton route (v1: 0.045 TON, matching the live API's
 * sample `forward_gas 185000000` / `estimated_gas_consumption 45000000` for TON → jetton).
 *
 * @example
 * ```ts
 * swapGasParams({ dex: 'v1', kind: 'constant_product', offerIsNative: true, askIsNative: false })
 * // { forward_gas: '185000000', estimated_gas_consumption: '45000000' }
 * swapGasParams({ dex: 'v2', kind: 'constant_product', offerIsNative: false, askIsNative: false })
 * // { gas_budget: '300000000', forward_gas: '240000000', estimated_gas_consumption: '60000000' }
 * ```
 */
export function swapGasParams({
  dex,
  kind,
  offerIsNative,
  askIsNative,
}: {
  dex: Dex
  kind: PoolKind
  offerIsNative: boolean
  askIsNative: boolean
}): GasParams {
  const row =
    dex === 'v1'
      ? askIsNative
        ? SDK_SWAP_GAS.v1.toNative
        : SDK_SWAP_GAS.v1.toJetton
      : SDK_SWAP_GAS.v2[kind]
  const estimated = (row.jetton.gas - row.jetton.forward).toString()
  if (offerIsNative) {
    return { forward_gas: row.tonForward.toString(), estimated_gas_consumption: estimated }
  }
  return {
    gas_budget: row.jetton.gas.toString(),
    forward_gas: row.jetton.forward.toString(),
    estimated_gas_consumption: estimated,
  }
}
