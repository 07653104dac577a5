import type { Address, Cell } from '@ton/core'
import { InvalidInputError } from '../errors/InvalidInputError.js'
import { assertPoolState, type PoolState } from '../pool/PoolState.js'
import { type AssetId, assetId, NATIVE_ASSET } from './assetId.js'
import { parseAddress } from './parseAddress.js'
import { VENUES, type Venue, venueReferralModel } from './venues.js'

/** Fields every pool of a market has. */
type MarketPoolBase = {
  /** The caller's identifier of the pool, e.g. its address; unique within the market. */
  readonly id: string
  /** Asset of the pool's token0 (`'native'` or a jetton master address). */
  readonly asset0: string
  /** Asset of the pool's token1. */
  readonly asset1: string
  /** The pool's state (`get_pool_data`); its `dex` must match the venue's pipeline. */
  readonly state: PoolState
}

/** A DEX v1 pool: the referral fee is the pool's fixed `refFee`, paid in the swap. */
export type DexV1MarketPool = MarketPoolBase & { readonly venue: 'dex_v1' }

/** A DEX v2 router, as far as referral fees need it. */
export type DexV2Router = {
  /** The router's address. Two hops on the same router form a cross-swap. */
  readonly address: string
  /**
   * Master address of the native-coin wrapper (pTON) the router trades the native coin
   * through. Required when a pool of the router holds `'native'`: the vault of native-coin
   * referral fees is keyed by this master (`docs/referral.md`, "Rules" 5).
   */
  readonly nativeWrapperMaster?: string | undefined
  /** The router's `vault_code` (`get_router_data`), to derive vault addresses offline. */
  readonly vaultCode?: Cell | undefined
}

/** A DEX v2 pool: the swap chooses the referral fee; it accrues in a vault. */
export type DexV2MarketPool = MarketPoolBase & {
  readonly venue: 'dex_v2'
  readonly router: DexV2Router
  /**
   * The router's jetton wallets of token0 and token1 (the pool's `token0`/`token1`). With
   * `router.vaultCode` they give the referrer's vault address.
   */
  readonly routerWallets?: readonly [string, string] | undefined
}

/** A pool of external venue A or B (fee-vault-minter mechanism). */
export type FeeVaultMarketPool = MarketPoolBase & {
  readonly venue: 'external_a' | 'external_b'
  /** The venue's fee-vault minter, which keeps one vault per referrer × jetton. */
  readonly feeVaultMinter?: string | undefined
}

/** A pool of the escrow venue. */
export type EscrowMarketPool = MarketPoolBase & {
  readonly venue: 'escrow'
  /** The dedicated escrow minter, which keeps one vault per referrer × token. */
  readonly escrowMinter?: string | undefined
}

/** One pool a quote may route through, tagged with its venue. */
export type MarketPool = DexV1MarketPool | DexV2MarketPool | FeeVaultMarketPool | EscrowMarketPool

/** The pools a quote chooses from. External venues are pools supplied by the caller. */
export type Market = { readonly pools: readonly MarketPool[] }

/** A market pool after {@link normalizeMarket}: canonical assets, parsed addresses. */
export type NormalizedPool = {
  readonly id: string
  readonly venue: Venue
  readonly asset0: AssetId
  readonly asset1: AssetId
  readonly state: PoolState
  /** DEX v2: the router. */
  readonly router: Address | undefined
  /** DEX v2: the native-coin wrapper's master, when the pool holds the native coin. */
  readonly nativeWrapperMaster: Address | undefined
  /** DEX v2: the router's vault code. */
  readonly vaultCode: Cell | undefined
  /** DEX v2: the router's jetton wallets of token0 and token1. */
  readonly routerWallets: readonly [Address, Address] | undefined
  /** External venue A/B: fee-vault minter; escrow: escrow minter. */
  readonly vaultMinter: Address | undefined
}

/**
 * Validates a market and puts it in canonical form: ids unique, assets parsed and distinct,
 * every pool state valid and on the pipeline of its venue (DEX v1 pools `dex: 'v1'`, every
 * other venue `dex: 'v2'`), DEX v2 pools that hold the native coin name the wrapper's master.
 *
 * @example
 * ```ts
 * normalizeMarket({ pools: [{ id: 'p', venue: 'dex_v1', asset0: 'native',
 *   asset1: 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs', state: v1Pool }] })
 * // [{ id: 'p', venue: 'dex_v1', asset0: 'native', asset1: '0:b113a994…', ... }]
 * ```
 * @throws {InvalidInputError} naming the field at fault, e.g. `market.pools[1].id`.
 * @throws {InvalidAddressError} for an address that does not parse.
 * @throws {UnsupportedPoolKindError} for a pool kind its DEX does not have.
 */
export function normalizeMarket(market: Market): readonly NormalizedPool[] {
  if (typeof market !== 'object' || market === null || !Array.isArray(market.pools)) {
    throw new InvalidInputError({
      field: 'market.pools',
      reason: 'must be an array',
      value: market,
    })
  }
  const ids = new Set<string>()
  return market.pools.map((pool, index) => {
    const at = `market.pools[${index}]`
    if (typeof pool !== 'object' || pool === null) {
      throw new InvalidInputError({ field: at, reason: 'must be an object', value: pool })
    }
    if (typeof pool.id !== 'string' || pool.id === '' || ids.has(pool.id)) {
      throw new InvalidInputError({
        field: `${at}.id`,
        reason: 'must be a non-empty string, unique in the market',
        value: pool.id,
      })
    }
    ids.add(pool.id)
    if (!VENUES.includes(pool.venue)) {
      throw new InvalidInputError({
        field: `${at}.venue`,
        reason: `must be one of ${VENUES.join(', ')}`,
        value: pool.venue,
      })
    }
    const model = venueReferralModel(pool.venue)
    const asset0 = assetId(pool.asset0, `${at}.asset0`)
    const asset1 = assetId(pool.asset1, `${at}.asset1`)
    if (asset0 === asset1) {
      throw new InvalidInputError({
        field: `${at}.asset1`,
        reason: 'must differ from asset0',
        value: pool.asset1,
      })
    }
    assertState(pool.state, `${at}.state`)
    if (pool.state.dex !== model.dex) {
      throw new InvalidInputError({
        field: `${at}.state.dex`,
        reason: `must be '${model.dex}' on venue ${pool.venue}`,
        value: pool.state.dex,
      })
    }
    return normalizeVenueFields(pool, at, asset0, asset1)
  })
}

function assertState(state: PoolState, field: string): void {
  if (typeof state !== 'object' || state === null) {
    throw new InvalidInputError({ field, reason: 'must be a pool state', value: state })
  }
  try {
    assertPoolState(state)
  } catch (error) {
    // Re-name the field so that it points into the market.
    if (error instanceof InvalidInputError) {
      throw new InvalidInputError({
        field: `${field}.${error.field.replace(/^pool\./, '')}`,
        reason: error.reason,
      })
    }
    throw error
  }
}

function normalizeVenueFields(
  pool: MarketPool,
  at: string,
  asset0: AssetId,
  asset1: AssetId,
): NormalizedPool {
  const base = { id: pool.id, venue: pool.venue, asset0, asset1, state: pool.state }
  switch (pool.venue) {
    case 'dex_v2': {
      if (typeof pool.router !== 'object' || pool.router === null) {
        throw new InvalidInputError({
          field: `${at}.router`,
          reason: 'must be an object { address, nativeWrapperMaster?, vaultCode? }',
          value: pool.router,
        })
      }
      const router = parseAddress(pool.router.address, `${at}.router.address`)
      const holdsNative = asset0 === NATIVE_ASSET || asset1 === NATIVE_ASSET
      if (holdsNative && pool.router.nativeWrapperMaster === undefined) {
        throw new InvalidInputError({
          field: `${at}.router.nativeWrapperMaster`,
          reason: 'is required for a DEX v2 pool that holds the native coin',
        })
      }
      const nativeWrapperMaster =
        pool.router.nativeWrapperMaster === undefined
          ? undefined
          : parseAddress(pool.router.nativeWrapperMaster, `${at}.router.nativeWrapperMaster`)
      const wallets = pool.routerWallets
      if (wallets !== undefined && (!Array.isArray(wallets) || wallets.length !== 2)) {
        throw new InvalidInputError({
          field: `${at}.routerWallets`,
          reason: 'must be a pair [wallet0, wallet1]',
          value: wallets,
        })
      }
      return {
        ...base,
        router,
        nativeWrapperMaster,
        vaultCode: pool.router.vaultCode,
        routerWallets:
          wallets === undefined
            ? undefined
            : [
                parseAddress(wallets[0], `${at}.routerWallets[0]`),
                parseAddress(wallets[1], `${at}.routerWallets[1]`),
              ],
        vaultMinter: undefined,
      }
    }
    case 'external_a':
    case 'external_b':
    case 'escrow': {
      const field = pool.venue === 'escrow' ? 'escrowMinter' : 'feeVaultMinter'
      const minter = pool.venue === 'escrow' ? pool.escrowMinter : pool.feeVaultMinter
      return {
        ...base,
        ...NO_DEX_V2_FIELDS,
        vaultMinter: minter === undefined ? undefined : parseAddress(minter, `${at}.${field}`),
      }
    }
    default:
      return { ...base, ...NO_DEX_V2_FIELDS, vaultMinter: undefined }
  }
}

const NO_DEX_V2_FIELDS = {
  router: undefined,
  nativeWrapperMaster: undefined,
  vaultCode: undefined,
  routerWallets: undefined,
} as const
