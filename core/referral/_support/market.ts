import { createPoolState, type PoolState } from '../../pool/PoolState.js'
import type { DexV1MarketPool, DexV2MarketPool, MarketPool } from '../Market.js'
import type { QuoteRequest } from '../QuoteRequest.js'

/** The USDT jetton master (mainnet), friendly and raw. */
export const USDT = 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs'
export const USDT_RAW = '0:b113a994b5024a16719f69139328eb759596c38a25f59028b146fecdc3621dfe'
/** A second jetton (placeholder address). */
export const NOT = `0:${'a2'.repeat(32)}`
export const REFERRER = 'EQCXSs2xZ2dhk9TAxzGzXra2EbG_S2SqyN8Tfi6fJ82EYiVj'
export const ROUTER = `0:${'31'.repeat(32)}`
export const OTHER_ROUTER = `0:${'32'.repeat(32)}`
/** Placeholder for the routers' pTON master. */
export const PTON = `0:${'22'.repeat(32)}`
export const FEE_VAULT_MINTER = `0:${'41'.repeat(32)}`
export const ESCROW_MINTER = `0:${'51'.repeat(32)}`

/** A constant-product pool: 1 000 000 TON against 3 000 000 USDT, LP 20 bps, protocol 10 bps. */
export function cp(dex: 'v1' | 'v2', fields: Partial<PoolState> = {}): PoolState {
  return createPoolState({
    dex,
    kind: 'constant_product',
    reserve0: 10n ** 15n,
    reserve1: 3n * 10n ** 12n,
    totalSupply: 10n ** 13n,
    ...fields,
  })
}

export const v1TonUsdt: DexV1MarketPool = {
  id: 'v1-ton-usdt',
  venue: 'dex_v1',
  asset0: 'native',
  asset1: USDT,
  state: cp('v1'),
}

export const v2TonUsdt: DexV2MarketPool = {
  id: 'v2-ton-usdt',
  venue: 'dex_v2',
  asset0: 'native',
  asset1: USDT,
  state: cp('v2'),
  router: { address: ROUTER, nativeWrapperMaster: PTON },
}

/** Four times deeper than {@link v2TonUsdt}. */
export const v2TonUsdtDeep: DexV2MarketPool = {
  ...v2TonUsdt,
  id: 'v2-ton-usdt-deep',
  state: cp('v2', { reserve0: 4n * 10n ** 15n, reserve1: 12n * 10n ** 12n }),
}

/** 10 000 TON for USDT with a 25 bps referral fee. */
export function tonToUsdt(fields: Partial<QuoteRequest> = {}, flexible?: boolean): QuoteRequest {
  return {
    offerAsset: 'native',
    askAsset: USDT,
    amountIn: 10_000n * 10n ** 9n,
    referrerAddress: { blockchain: 607, address: REFERRER },
    referrerFeeBps: 25,
    ...(flexible === undefined ? {} : { settlementParams: { flexibleReferrerFee: flexible } }),
    ...fields,
  }
}

/** A pool of `venue` on the TON/USDT reference reserves. */
export function poolOn(venue: MarketPool['venue'], id: string = venue): MarketPool {
  switch (venue) {
    case 'dex_v1':
      return { ...v1TonUsdt, id }
    case 'dex_v2':
      return { ...v2TonUsdt, id }
    case 'escrow':
      return {
        id,
        venue,
        asset0: 'native',
        asset1: USDT,
        state: cp('v2'),
        escrowMinter: ESCROW_MINTER,
      }
    default:
      return {
        id,
        venue,
        asset0: 'native',
        asset1: USDT,
        state: cp('v2'),
        feeVaultMinter: FEE_VAULT_MINTER,
      }
  }
}
