import type { Address } from '@ton/core'

/** What a DEX v2 pool's on-chain `getter_pool_data` reply carries (`docs/contracts.md` §2.13). */
export type V2PoolDataReply = {
  readonly isLocked: boolean
  readonly reserve0: bigint
  readonly reserve1: bigint
  readonly token0: Address | null
  readonly token1: Address | null
  readonly lpFee: bigint
  readonly protocolFee: bigint
  readonly router: Address | null
  readonly protocolFeeAddress: Address | null
  readonly totalSupply: bigint
  readonly collectedProtocolFee0: bigint
  readonly collectedProtocolFee1: bigint
}

/**
 * The kind parameters a DEX v2 `set_params` (admin → router) or `internal_set_params` (router →
 * pool) carries, in the layout of the router's pool type (`docs/contracts.md` §2.13); the layouts
 * differ in length, so the body itself says which kind it is for. `weight` is the weight of the
 * `side` wallet (18 decimals); weighted stableswap's `rate` 0 and `weight` 0 leave the stored
 * values.
 *
 * @example
 * ```ts
 * const params: V2KindParams = { kind: 'stableswap', amp: 200n }
 * ```
 */
export type V2KindParams =
  | { readonly kind: 'stableswap'; readonly amp: bigint }
  | {
      readonly kind: 'weighted_const_product'
      readonly weight: bigint
      readonly side: Address | null
    }
  | {
      readonly kind: 'weighted_stableswap'
      readonly amp: bigint
      readonly rate: bigint
      readonly weight: bigint
      readonly side: Address | null
      readonly rateSetter: Address | null
    }

/** What a DEX v2 LP account's on-chain `getter_lp_account_data` reply carries. */
export type V2LpAccountDataReply = {
  readonly user: Address | null
  readonly pool: Address | null
  readonly amount0: bigint
  readonly amount1: bigint
}

/**
 * Administrative, getter and wallet-discovery messages of the exchange (`docs/contracts.md` §1.6,
 * §1.7, §2.12, §2.13, TEP-89): they move no tokens, and only the fee and kind-parameter
 * changes (`internal_set_fees`, `internal_set_params`, `set_rate`) alter a pool's tracked
 * state. Where one op names two layouts, the optional fields tell them apart: the admin →
 * router `set_fees` / `reset_pool_gas` carry the pool's wallets, the router → pool forms do not (`wallet0`/`wallet1` are `null`); a getter request has no reply (`reply: null`)
 * and its reply no request fields.
 *
 * @example
 * ```ts
 * const body = decodeBody(message.body)
 * if (body?.type === 'v2.internal_set_fees') console.log(body.lpFee, body.protocolFee) // 25n 5n
 * ```
 */
export type AdminBody =
  | {
      readonly type: 'v1.set_fees'
      readonly queryId: bigint
      readonly lpFee: bigint
      readonly protocolFee: bigint
      readonly refFee: bigint
      readonly protocolFeeAddress: Address | null
      /** The pool's router wallets (admin → router form); `null` in the router → pool form. */
      readonly wallet0: Address | null
      readonly wallet1: Address | null
    }
  | {
      readonly type: 'v2.set_fees'
      readonly queryId: bigint
      readonly lpFee: bigint
      readonly protocolFee: bigint
      readonly protocolFeeAddress: Address | null
      readonly wallet0: Address | null
      readonly wallet1: Address | null
      readonly excesses: Address | null
    }
  | {
      readonly type: 'v2.internal_set_fees'
      readonly queryId: bigint
      readonly lpFee: bigint
      readonly protocolFee: bigint
      readonly protocolFeeAddress: Address | null
      readonly excesses: Address | null
    }
  | {
      readonly type: 'v2.set_params'
      readonly queryId: bigint
      readonly params: V2KindParams
      readonly wallet0: Address | null
      readonly wallet1: Address | null
      readonly excesses: Address | null
    }
  | {
      readonly type: 'v2.internal_set_params'
      readonly queryId: bigint
      readonly params: V2KindParams
      readonly excesses: Address | null
    }
  | {
      /** Weighted stableswap: the rate setter's new rate (token0 per token1, 18 decimals). */
      readonly type: 'v2.set_rate'
      readonly queryId: bigint
      readonly rate: bigint
    }
  | {
      readonly type: 'v2.update_pool_status' | 'v2.reset_pool_gas'
      readonly queryId: bigint
      /** The pool's router wallets (admin → router form); `null` in the router → pool form. */
      readonly wallet0: Address | null
      readonly wallet1: Address | null
      readonly excesses: Address | null
    }
  | {
      readonly type: 'v2.internal_update_status'
      readonly queryId: bigint
      readonly excesses: Address | null
    }
  | {
      readonly type: 'v1.lock' | 'v1.unlock' | 'v2.update_status'
      readonly queryId: bigint
    }
  | {
      readonly type: 'v2.getter_pool_address'
      readonly queryId: bigint
      /** The request's two router wallets (`null` in the reply). */
      readonly token0: Address | null
      readonly token1: Address | null
      /** The reply's pool address (`null` in the request). */
      readonly pool: Address | null
    }
  | {
      readonly type: 'v2.getter_pool_data'
      readonly queryId: bigint
      readonly reply: V2PoolDataReply | null
    }
  | {
      readonly type: 'v2.getter_lp_account_address'
      readonly queryId: bigint
      /** The owner asked about (request) or its LP account (reply): one layout for both. */
      readonly address: Address | null
    }
  | {
      readonly type: 'v2.getter_lp_account_data'
      readonly queryId: bigint
      readonly reply: V2LpAccountDataReply | null
    }
  | {
      readonly type: 'jetton.provide_wallet_address'
      readonly queryId: bigint
      readonly owner: Address | null
      readonly includeAddress: boolean
    }
  | {
      readonly type: 'jetton.take_wallet_address'
      readonly queryId: bigint
      readonly wallet: Address | null
      /** The owner, when the request asked for it to be included. */
      readonly owner: Address | null
    }
