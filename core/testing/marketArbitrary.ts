import fc from 'fast-check'
import type { PoolKind } from '../pool/PoolState.js'
import type { Market, MarketPool } from '../referral/Market.js'
import { VENUES, type Venue } from '../referral/venues.js'
import { assetPairArbitrary } from './assetPairArbitrary.js'
import { KIT_ADDRESSES, KIT_ASSETS } from './kitAddresses.js'
import { poolStateArbitrary } from './poolStateArbitrary.js'

/** Options of {@link marketArbitrary}. */
export type MarketArbitraryOptions = {
  /** Assets the pools pair up (default {@link KIT_ASSETS}: the native coin and three jettons). */
  readonly assets?: readonly string[] | undefined
  /** Venues to draw pools from (default all five). */
  readonly venues?: readonly Venue[] | undefined
  /**
   * Kinds of the pools of DEX v2 and the external venues (default constant product only;
   * DEX v1 is always constant product).
   */
  readonly kinds?: readonly PoolKind[] | undefined
  readonly minPools?: number | undefined
  readonly maxPools?: number | undefined
  /** DEX v1 pools' stored referral fee (see `poolStateArbitrary`; default 10 bps). */
  readonly v1RefFee?: bigint | fc.Arbitrary<bigint> | undefined
  readonly minReserve?: bigint | undefined
  readonly maxReserve?: bigint | undefined
  /** DEX v2 routers to spread the pools over (default two, so cross-swaps and chains both occur). */
  readonly routers?: readonly string[] | undefined
  /** Master of the native-coin wrapper of every router (default a kit placeholder). */
  readonly nativeWrapperMaster?: string | undefined
  readonly feeVaultMinter?: string | undefined
  readonly escrowMinter?: string | undefined
}

/**
 * Markets of pools from every venue: each pool pairs two distinct assets, sits on one of the
 * routers (DEX v2), and has a state from {@link poolStateArbitrary}. Pool ids are
 * `<venue>-<index>`, unique.
 *
 * @example
 * ```ts
 * import fc from 'fast-check'
 * import { quote } from 'ton-dex-lab/core'
 * import { marketArbitrary } from 'ton-dex-lab/testing'
 * fc.sample(marketArbitrary({ maxPools: 3 }), 1)[0].pools.length // 1..3
 * ```
 */
export function marketArbitrary(options: MarketArbitraryOptions = {}): fc.Arbitrary<Market> {
  const assets = options.assets ?? KIT_ASSETS
  if (assets.length < 2) throw new RangeError('marketArbitrary: need at least two assets')
  const venues = options.venues ?? VENUES
  if (venues.length === 0) throw new RangeError('marketArbitrary: need at least one venue')
  const routers = options.routers ?? KIT_ADDRESSES.routers
  const kinds = options.kinds ?? ['constant_product']
  const pair = assetPairArbitrary(assets)
  const spec = fc.constantFrom(...venues).chain((venue) =>
    fc.record({
      venue: fc.constant(venue),
      pair,
      router: fc.constantFrom(...routers),
      state: poolStateArbitrary({
        dex: venue === 'dex_v1' ? 'v1' : 'v2',
        kinds,
        minReserve: options.minReserve,
        v1RefFee: options.v1RefFee,
        maxReserve: options.maxReserve,
      }),
    }),
  )
  return fc
    .array(spec, { minLength: options.minPools ?? 1, maxLength: options.maxPools ?? 6 })
    .map((specs) => ({
      pools: specs.map(({ venue, pair: [asset0, asset1], router, state }, index): MarketPool => {
        const id = `${venue}-${index}`
        switch (venue) {
          case 'dex_v1':
            return { id, venue, asset0, asset1, state }
          case 'dex_v2':
            return {
              id,
              venue,
              asset0,
              asset1,
              state,
              router: {
                address: router,
                nativeWrapperMaster:
                  options.nativeWrapperMaster ?? KIT_ADDRESSES.nativeWrapperMaster,
              },
            }
          case 'escrow':
            return {
              id,
              venue,
              asset0,
              asset1,
              state,
              escrowMinter: options.escrowMinter ?? KIT_ADDRESSES.escrowMinter,
            }
          default:
            return {
              id,
              venue,
              asset0,
              asset1,
              state,
              feeVaultMinter: options.feeVaultMinter ?? KIT_ADDRESSES.feeVaultMinter,
            }
        }
      }),
    }))
}
