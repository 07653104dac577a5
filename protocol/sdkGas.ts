import { POOL_KINDS, type PoolKind } from '../core/pool/PoolState.js'
import { POOL_KIND_FACTS } from './dex/poolKinds.js'

/** nanoTON per milliTON: the SDK's figures are whole milliTON. */
const MILLI = 1_000_000n

/**
 * The TON the official SDK attaches to one router operation, in nanoTON: for a jetton offer the
 * value sent to the user's jetton wallet (`gas`) and the TON it forwards to the router
 * (`forward`); for a TON offer the TON forwarded with the pTON notification (`tonForward`).
 *
 * @example
 * ```ts
 * const row: SdkGas = SDK_SWAP_GAS.v2.constant_product
 * row.jetton.gas // 300_000_000n (0.3 TON)
 * ```
 */
export type SdkGas = {
  readonly jetton: { readonly gas: bigint; readonly forward: bigint }
  readonly tonForward: bigint
}

function row(gas: bigint, forward: bigint, tonForward: bigint): SdkGas {
  return { jetton: { gas: gas * MILLI, forward: forward * MILLI }, tonForward: tonForward * MILLI }
}

/**
 * `@ston-fi/sdk` 2.7.0's swap gas (`docs/contracts.md` §4): DEX v1 by what the swap pays out
 * (a jetton or TON), DEX v2 by the router's pool kind (from `POOL_KIND_FACTS`). The emulator's
 * flows attach it and the REST API's `gas_params` report it.
 *
 * @example
 * ```ts
 * SDK_SWAP_GAS.v1.toJetton.tonForward // 185_000_000n
 * SDK_SWAP_GAS.v2.weighted_stableswap.jetton // { gas: 479_000_000n, forward: 419_000_000n }
 * ```
 */
export const SDK_SWAP_GAS: {
  readonly v1: { readonly toJetton: SdkGas; readonly toNative: SdkGas }
  readonly v2: Readonly<Record<PoolKind, SdkGas>>
} = {
  v1: { toJetton: row(220n, 175n, 185n), toNative: row(170n, 125n, 185n) },
  v2: Object.fromEntries(
    POOL_KINDS.map((kind) => {
      const { gas, forward, tonForward } = POOL_KIND_FACTS[kind].sdkSwapGas
      return [kind, { jetton: { gas, forward }, tonForward }]
    }),
  ) as Record<PoolKind, SdkGas>,
}

/**
 * `@ston-fi/sdk` 2.7.0's provision gas (`docs/contracts.md` §4): DEX v1, DEX v2 (every pool kind
 * alike) and the DEX v2 single-sided provision.
 *
 * @example
 * ```ts
 * SDK_PROVIDE_GAS.v2.jetton.forward // 235_000_000n
 * ```
 */
export const SDK_PROVIDE_GAS: {
  readonly v1: SdkGas
  readonly v2: SdkGas
  readonly v2SingleSided: SdkGas
} = {
  v1: row(300n, 240n, 260n),
  v2: row(300n, 235n, 300n),
  v2SingleSided: row(1000n, 800n, 800n),
}
