import type { Address } from '@ton/core'
import { type SwapParameters, type SwapResult, swap } from '../ops/swap.js'
import type { PoolState } from '../pool/PoolState.js'
import type { QuotedHop } from '../referral/evaluateRoute.js'
import type { ReferralRecipient } from '../referral/referralRecipient.js'
import type { Venue } from '../referral/venues.js'

/**
 * What is known about the referral fee of one swap (or one hop of a route): what your
 * integration observed, or what the library expects. Only `referralFeeOut` is required; every
 * other field is compared when both sides give it.
 */
export type ReferralFeeRecord = {
  /** The referral fee, raw units of the ask asset. */
  readonly referralFeeOut: bigint
  /** The fee rate charged, bps. */
  readonly referralBps?: bigint | undefined
  /** Output before the protocol and referral fees. */
  readonly grossOut?: bigint | undefined
  /** What the receiver got. */
  readonly amountOut?: bigint | undefined
  readonly protocolFeeOut?: bigint | undefined
  /** Asset the fee was paid in (`'native'` or a master address). */
  readonly asset?: string | undefined
  /** How the fee reached the referrer. */
  readonly recipientKind?: ReferralRecipient['kind'] | undefined
  /** Where the fee went: the referrer, or the vault. */
  readonly recipientAddress?: Address | string | undefined
  readonly venue?: Venue | undefined
}

/**
 * The expected referral record of one swap through `pool`, from the library's own pool math:
 * gross output, fees and the rate applied (DEX v1: the pool's `refFee` with `hasReferral`;
 * DEX v2: `referralBps`).
 *
 * @example
 * ```ts
 * import { createPoolState } from 'ton-dex-lab/core'
 * import { expectedReferralFee } from 'ton-dex-lab/testing'
 * const pool = createPoolState({ dex: 'v1', kind: 'constant_product',
 *   reserve0: 10n ** 12n, reserve1: 2n * 10n ** 12n, totalSupply: 10n ** 9n })
 * expectedReferralFee(pool, { side: 0, amountIn: 10n ** 9n, hasReferral: true })
 * // { referralFeeOut: 1994010n, referralBps: 10n, grossOut: 1994009978n,
 * //   amountOut: 1990021958n, protocolFeeOut: 1994010n, venue: 'dex_v1' }
 * ```
 * @throws what `swap` throws (a refund is a `PoolMathError`).
 */
export function expectedReferralFee(
  pool: PoolState,
  parameters: SwapParameters,
): ReferralFeeRecord {
  return referralRecordOfSwap(pool, parameters, swap(pool, parameters))
}

/**
 * The referral record of a swap already computed as `swap(pool, parameters)`.
 *
 * @example
 * ```ts
 * import { swap } from 'ton-dex-lab/core'
 * import { referralRecordOfSwap } from 'ton-dex-lab/testing'
 * const parameters = { side: 0, amountIn: 10n ** 9n, referralBps: 10n } as const
 * referralRecordOfSwap(pool, parameters, swap(pool, parameters)).referralFeeOut // 1994010n
 * ```
 */
export function referralRecordOfSwap(
  pool: PoolState,
  parameters: SwapParameters,
  result: SwapResult,
): ReferralFeeRecord {
  const referralBps =
    pool.dex === 'v1'
      ? parameters.hasReferral === true
        ? pool.refFee
        : 0n
      : BigInt(parameters.referralBps ?? 0n)
  return {
    referralFeeOut: result.referralFeeOut,
    referralBps,
    grossOut: result.amountOut + result.protocolFeeOut + result.referralFeeOut,
    amountOut: result.amountOut,
    protocolFeeOut: result.protocolFeeOut,
    venue: pool.dex === 'v1' ? 'dex_v1' : 'dex_v2',
  }
}

/**
 * The expected referral record of one hop of a quoted route: amounts, rate, asset, recipient
 * kind and, when known, the recipient's address (the referrer, or the DEX v2 vault when the
 * market gave the router's vault code).
 *
 * @example
 * ```ts
 * import { quote } from 'ton-dex-lab/core'
 * import { expectationFromHop } from 'ton-dex-lab/testing'
 * // docs/referral.md market, 10 000 TON → USDT, 25 bps, flexible: DEX v1 at 10 bps
 * expectationFromHop(quote(market, request).route.hops[0])
 * // { referralFeeOut: 29644152n, referralBps: 10n, grossOut: 29644151369n, asset: '0:b113…',
 * //   recipientKind: 'referrer', recipientAddress: referrer, venue: 'dex_v1', ... }
 * ```
 */
export function expectationFromHop(hop: QuotedHop): ReferralFeeRecord {
  const recipient = hop.recipient
  const recipientAddress =
    recipient === undefined
      ? undefined
      : recipient.kind === 'referrer'
        ? recipient.address
        : recipient.kind === 'dex_v2_vault'
          ? recipient.vaultAddress
          : undefined
  return {
    referralFeeOut: hop.referralFeeOut,
    referralBps: hop.referralBps,
    grossOut: hop.grossOut,
    amountOut: hop.amountOut,
    protocolFeeOut: hop.protocolFeeOut,
    asset: hop.askAsset,
    recipientKind: recipient?.kind,
    recipientAddress,
    venue: hop.venue,
  }
}
