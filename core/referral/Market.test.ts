import { Address } from '@ton/core'
import { describe, expect, test } from 'vitest'
import { thrown } from '../../test/_support/thrown.js'
import { UnsupportedPoolKindError } from '../errors/UnsupportedPoolKindError.js'
import {
  cp,
  NOT,
  PTON,
  poolOn,
  ROUTER,
  USDT,
  USDT_RAW,
  v1TonUsdt,
  v2TonUsdt,
} from './_support/market.js'
import { InvalidAddressError } from './errors/InvalidAddressError.js'
import { type Market, type MarketPool, normalizeMarket } from './Market.js'

describe('normalizeMarket', () => {
  test('default: canonical assets and parsed addresses, venue fields kept', () => {
    const [v1, v2, a, escrow] = normalizeMarket({
      pools: [v1TonUsdt, v2TonUsdt, poolOn('external_a', 'a'), poolOn('escrow', 'e')],
    })
    expect(v1).toMatchObject({
      id: 'v1-ton-usdt',
      venue: 'dex_v1',
      asset0: 'native',
      asset1: USDT_RAW,
      router: undefined,
    })
    expect(v2?.router?.toRawString()).toBe(ROUTER)
    expect(v2?.nativeWrapperMaster?.toRawString()).toBe(PTON)
    expect(a?.vaultMinter).toBeInstanceOf(Address)
    expect(escrow?.vaultMinter).toBeInstanceOf(Address)
  })

  test('behavior: each malformed market names the field at fault', () => {
    const bad: [Market, string][] = [
      [{ pools: [v1TonUsdt, v1TonUsdt] }, 'market.pools[1].id'],
      [{ pools: [{ ...v1TonUsdt, id: '' }] }, 'market.pools[0].id'],
      [{ pools: [{ ...v1TonUsdt, asset1: 'native' }] }, 'market.pools[0].asset1'],
      [{ pools: [{ ...v1TonUsdt, state: cp('v2') }] }, 'market.pools[0].state.dex'],
      [{ pools: [{ ...v2TonUsdt, state: cp('v1') }] }, 'market.pools[0].state.dex'],
      [
        { pools: [{ ...v1TonUsdt, state: { ...cp('v1'), reserve0: -1n } }] },
        'market.pools[0].state.reserve0',
      ],
      [
        { pools: [{ ...v1TonUsdt, state: null as unknown as MarketPool['state'] }] },
        'market.pools[0].state',
      ],
      [{ pools: [{ ...v1TonUsdt, venue: 'dex_v3' as 'dex_v1' }] }, 'market.pools[0].venue'],
      [
        { pools: [{ ...v2TonUsdt, router: { address: ROUTER } }] },
        'market.pools[0].router.nativeWrapperMaster',
      ],
      [
        { pools: [{ ...v2TonUsdt, router: undefined as unknown as { address: string } }] },
        'market.pools[0].router',
      ],
      [
        { pools: [{ ...v2TonUsdt, routerWallets: [ROUTER] as unknown as [string, string] }] },
        'market.pools[0].routerWallets',
      ],
      [{ pools: [null as unknown as MarketPool] }, 'market.pools[0]'],
      [{} as Market, 'market.pools'],
    ]
    for (const [market, field] of bad) {
      expect(thrown(() => normalizeMarket(market))).toMatchObject({ field })
    }
    const addresses: [Market, string][] = [
      [{ pools: [{ ...v1TonUsdt, asset0: 'TON' }] }, 'market.pools[0].asset0'],
      [{ pools: [{ ...v2TonUsdt, router: { address: 'r' } }] }, 'market.pools[0].router.address'],
      [
        { pools: [{ ...v2TonUsdt, routerWallets: ['x', ROUTER] }] },
        'market.pools[0].routerWallets[0]',
      ],
      [
        { pools: [{ ...poolOn('escrow'), escrowMinter: 'm' } as MarketPool] },
        'market.pools[0].escrowMinter',
      ],
      [
        { pools: [{ ...poolOn('external_b'), feeVaultMinter: 'm' } as MarketPool] },
        'market.pools[0].feeVaultMinter',
      ],
    ]
    for (const [market, field] of addresses) {
      const error = thrown(() => normalizeMarket(market))
      expect(error).toBeInstanceOf(InvalidAddressError)
      expect(error).toMatchObject({ field })
    }
  })

  test('behavior: a DEX v2 pool without the native coin needs no wrapper master', () => {
    const jettons = { ...v2TonUsdt, asset0: NOT, asset1: USDT, router: { address: ROUTER } }
    expect(normalizeMarket({ pools: [jettons] })[0]?.nativeWrapperMaster).toBe(undefined)
  })

  test('behavior: a DEX v1 pool of a v2-only kind is unsupported', () => {
    const state = { ...cp('v1'), kind: 'stableswap' as const }
    expect(thrown(() => normalizeMarket({ pools: [{ ...v1TonUsdt, state }] }))).toBeInstanceOf(
      UnsupportedPoolKindError,
    )
  })
})
